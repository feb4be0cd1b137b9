//! Many files at once: the reports of `textscope FILE…` worked out on several threads and
//! written in the order the files were named (decision 56). Over 20,000 small files one core
//! spent most of the run analysing while the other waited (issue 18).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

/// What the workers share: how many results were taken, and whether to stop.
struct Gate {
    taken: usize,
    stop: bool,
    /// Workers waiting for `taken` to move (the others need no wake-up call).
    waiting: usize,
}

/// Runs `work` for each of `0..n` on `workers` threads and hands each result to `take` in
/// order, from the thread that called. No worker starts item `i` before the items up to
/// `i - ahead` were taken, so at most `ahead` results wait at once (memory stays bounded
/// however many files are named). When `take` returns false, no new item starts and the
/// call returns once the items under way end.
pub fn in_order<R: Send>(
    n: usize,
    workers: usize,
    ahead: usize,
    work: impl Fn(usize) -> R + Sync,
    mut take: impl FnMut(usize, R) -> bool,
) {
    let ahead = ahead.max(1);
    let next = AtomicUsize::new(0);
    let gate = (
        Mutex::new(Gate {
            taken: 0,
            stop: false,
            waiting: 0,
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
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, R)>();
        for _ in 0..workers.max(1) {
            let tx = tx.clone();
            let (next, work, lock, cv) = (&next, &work, &lock, &gate.1);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let mut g = lock();
                while i >= g.taken + ahead && !g.stop {
                    g.waiting += 1;
                    g = cv
                        .wait(g)
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    g.waiting -= 1;
                }
                if g.stop {
                    break;
                }
                drop(g);
                if tx.send((i, work(i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut want = 0;
        'results: for (i, r) in rx.iter() {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&want) {
                let go_on = take(want, r);
                want += 1;
                let mut g = lock();
                g.taken = want;
                g.stop |= !go_on;
                let wake = g.waiting > 0;
                drop(g);
                if wake {
                    gate.1.notify_all();
                }
                if !go_on {
                    break 'results;
                }
            }
        }
        // Dropping `rx` here makes any send fail, so the workers still busy end.
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
    fn nothing_to_do_returns() {
        in_order(0, 4, 4, |i| i, |_, _| panic!("nothing was named"));
    }
}
