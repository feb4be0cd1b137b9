//! Many files at once: the reports of `textscope FILE…` worked out on several threads and
//! written in the order the files were named (decision 56). Over 20,000 small files one core
//! spent most of the run analysing while the other waited (issue 18).
//!
//! The worker that ends the item next in order takes it, and the items after it that ended
//! before (decision 71): no thread of its own waits for results, so as many threads run as
//! there are workers. With a third thread woken for every batch, two workers on two cores were
//! preempted some 1,300 times over 20,000 small files.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// What the workers share: the results that ended before their turn, how many were taken,
/// whether to stop, and what takes them.
struct Gate<R, T> {
    ended: BTreeMap<usize, R>,
    taken: usize,
    stop: bool,
    /// Workers waiting for `taken` to move (the others need no wake-up call).
    waiting: usize,
    take: T,
}

/// Runs `work` for each of `0..n` on `workers` threads and hands each result to `take` in
/// order, one at a time, on the worker that ends it or a later one. No worker starts item `i`
/// before the items up to `i - ahead` were taken, so at most `ahead` results wait at once
/// (memory stays bounded however many files are named). When `take` returns false, no new
/// item starts and the call returns once the items under way end.
pub fn in_order<R: Send, T: FnMut(usize, R) -> bool + Send>(
    n: usize,
    workers: usize,
    ahead: usize,
    work: impl Fn(usize) -> R + Sync,
    take: T,
) {
    let ahead = ahead.max(1);
    let next = AtomicUsize::new(0);
    let gate = (
        Mutex::new(Gate {
            ended: BTreeMap::new(),
            taken: 0,
            stop: false,
            waiting: 0,
            take,
        }),
        Condvar::new(),
    );
    // A poisoned lock means a worker panicked, and the scope passes that panic on: the gate's
    // counts are plain numbers, still right, so the lock is taken anyway.
    let lock = || {
        gate.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    fn wait<'a, G>(cv: &Condvar, g: MutexGuard<'a, G>) -> MutexGuard<'a, G> {
        cv.wait(g)
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            let (next, work, lock, cv) = (&next, &work, &lock, &gate.1);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let mut g = lock();
                while i >= g.taken + ahead && !g.stop {
                    g.waiting += 1;
                    g = wait(cv, g);
                    g.waiting -= 1;
                }
                if g.stop {
                    break;
                }
                drop(g);
                let r = work(i);
                let mut g = lock();
                if g.stop {
                    break;
                }
                g.ended.insert(i, r);
                let before = g.taken;
                loop {
                    let want = g.taken;
                    let Some(r) = g.ended.remove(&want) else {
                        break;
                    };
                    g.taken += 1;
                    if !(g.take)(want, r) {
                        g.stop = true;
                        g.ended.clear();
                        break;
                    }
                }
                let wake = g.waiting > 0 && (g.taken != before || g.stop);
                drop(g);
                if wake {
                    cv.notify_all();
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn results_come_in_order_whatever_order_they_end_in() {
        for workers in [1, 2, 3, 8] {
            let mut got = Vec::new();
            in_order(
                200,
                workers,
                5,
                |i| {
                    // Later items often end first.
                    if i % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    i * 10
                },
                |i, r| {
                    got.push((i, r));
                    true
                },
            );
            let want: Vec<(usize, usize)> = (0..200).map(|i| (i, i * 10)).collect();
            assert_eq!(got, want, "{workers} workers");
        }
    }

    #[test]
    fn no_item_starts_more_than_ahead_of_those_taken() {
        let started = AtomicUsize::new(0);
        let mut worst = 0;
        in_order(
            100,
            4,
            3,
            |i| {
                started.fetch_max(i, Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_micros(200));
                i
            },
            |i, _| {
                // Item i is taken; those taken before it are 0..i, so none started is i + 3
                // or beyond.
                worst = worst.max(started.load(Ordering::SeqCst).saturating_sub(i));
                true
            },
        );
        assert!(worst < 3, "an item started {worst} ahead of the one taken");
    }

    #[test]
    fn stopping_starts_nothing_more() {
        let ran = AtomicUsize::new(0);
        let mut taken = 0;
        in_order(
            1000,
            2,
            4,
            |i| {
                ran.fetch_add(1, Ordering::SeqCst);
                i
            },
            |i, _| {
                taken += 1;
                i < 10
            },
        );
        assert_eq!(taken, 11);
        assert!(ran.load(Ordering::SeqCst) <= 11 + 4 + 2, "{ran:?}");
    }

    #[test]
    fn the_workers_take_the_results_one_at_a_time() {
        let caller = std::thread::current().id();
        let inside = std::sync::atomic::AtomicBool::new(false);
        let mut takers = std::collections::HashSet::new();
        let mut got = Vec::new();
        in_order(
            300,
            3,
            4,
            |i| {
                if i % 5 == 0 {
                    std::thread::sleep(std::time::Duration::from_micros(300));
                }
                i
            },
            |i, r| {
                // No other take runs meanwhile, and none runs on the thread that called.
                assert!(!inside.swap(true, Ordering::SeqCst));
                takers.insert(std::thread::current().id());
                std::thread::sleep(std::time::Duration::from_micros(20));
                got.push((i, r));
                inside.store(false, Ordering::SeqCst);
                true
            },
        );
        assert_eq!(got, (0..300).map(|i| (i, i)).collect::<Vec<_>>());
        assert!(!takers.contains(&caller));
        assert!(!takers.is_empty() && takers.len() <= 3, "{takers:?}");
    }

    #[test]
    fn nothing_to_do_returns() {
        in_order(0, 4, 4, |i| i, |_, _| panic!("nothing was named"));
    }
}
