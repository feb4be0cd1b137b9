//! Work on many items over several threads, each result handed on in the items' order, with
//! a bounded number of results held at once. Both paths that work on many files use it: the
//! reports of `textscope FILE…` (decision 56) and the outcomes of `check` (decision 45).
//!
//! The worker that ends the item next in order takes it, and the items after it that ended
//! before (decision 71): no thread of its own waits for results, so as many threads run as
//! there are workers. With a third thread woken for every batch, two workers on two cores were
//! preempted some 1,300 times over 20,000 small files; `check`'s own executor, with a printing
//! thread fed through a channel, was the second copy of this logic and is gone (decision 94).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// How far the workers may run ahead of what was taken.
#[derive(Clone, Copy, Debug)]
pub struct Ahead {
    /// Items started beyond the first one not yet taken (at least 1).
    pub items: usize,
    /// The weight of the results held (ended, not yet taken) beyond which no item but the
    /// next to take is started.
    pub weight: usize,
}

impl Ahead {
    /// A bound on the count of items only.
    pub fn items(items: usize) -> Ahead {
        Ahead {
            items,
            weight: usize::MAX,
        }
    }
}

/// What the workers share: the results that ended before their turn and their weight, how
/// many were taken, whether to stop, and what takes them.
struct Gate<R, T> {
    ended: BTreeMap<usize, R>,
    held: usize,
    taken: usize,
    stop: bool,
    /// Workers waiting for room (the others need no wake-up call).
    waiting: usize,
    take: T,
}

impl<R, T> Gate<R, T> {
    /// Whether item `i` may start: the next to take always may, so the run always moves.
    fn room_for(&self, i: usize, ahead: Ahead) -> bool {
        i == self.taken || (i < self.taken + ahead.items && self.held < ahead.weight)
    }
}

/// Runs `work` for each of `0..n` on `workers` threads and hands each result to `take` in
/// order, one at a time, on the worker that ends it or a later one. No worker starts item `i`
/// unless it is the next to take, or it is within `ahead.items` of it while the results held
/// weigh less than `ahead.weight` (each weighs `weight(&r)`): memory stays bounded however
/// many items there are. When `take` returns false, no new item starts and the call returns
/// once the items under way end.
pub fn in_order<R: Send, T: FnMut(usize, R) -> bool + Send>(
    n: usize,
    workers: usize,
    ahead: Ahead,
    work: impl Fn(usize) -> R + Sync,
    weight: impl Fn(&R) -> usize + Sync,
    take: T,
) {
    let ahead = Ahead {
        items: ahead.items.max(1),
        ..ahead
    };
    let next = AtomicUsize::new(0);
    let gate = (
        Mutex::new(Gate {
            ended: BTreeMap::new(),
            held: 0,
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
        for _ in 0..workers.clamp(1, n.max(1)) {
            let (next, work, weight, lock, cv) = (&next, &work, &weight, &lock, &gate.1);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let mut g = lock();
                while !g.room_for(i, ahead) && !g.stop {
                    g.waiting += 1;
                    g = wait(cv, g);
                    g.waiting -= 1;
                }
                if g.stop {
                    break;
                }
                drop(g);
                let r = work(i);
                let w = weight(&r);
                let mut g = lock();
                if g.stop {
                    break;
                }
                g.ended.insert(i, r);
                g.held = g.held.saturating_add(w);
                let before = g.taken;
                loop {
                    let want = g.taken;
                    let Some(r) = g.ended.remove(&want) else {
                        break;
                    };
                    g.taken += 1;
                    g.held = g.held.saturating_sub(weight(&r));
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
    use std::time::Duration;

    /// Every result weighs one.
    fn one<R>(_: &R) -> usize {
        1
    }

    #[test]
    fn results_come_in_order_whatever_order_they_end_in() {
        for workers in [1, 2, 3, 8] {
            for items in [1, 2, 5, 7, 1000] {
                let mut got = Vec::new();
                in_order(
                    200,
                    workers,
                    Ahead::items(items),
                    |i| {
                        // Later items often end first.
                        if i % 7 == 0 {
                            std::thread::sleep(Duration::from_millis(2));
                        }
                        i * 10
                    },
                    one,
                    |i, r| {
                        got.push((i, r));
                        true
                    },
                );
                let want: Vec<(usize, usize)> = (0..200).map(|i| (i, i * 10)).collect();
                assert_eq!(got, want, "{workers} workers, {items} ahead");
            }
        }
    }

    #[test]
    fn no_item_starts_more_than_ahead_of_those_taken() {
        let started = AtomicUsize::new(0);
        let mut worst = 0;
        in_order(
            100,
            4,
            Ahead::items(3),
            |i| {
                started.fetch_max(i, Ordering::SeqCst);
                std::thread::sleep(Duration::from_micros(200));
                i
            },
            one,
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
    fn no_more_than_the_window_is_started_ahead_of_what_was_taken() {
        let started = AtomicUsize::new(0);
        let mut taken = 0;
        let mut worst = 0;
        in_order(
            300,
            4,
            Ahead::items(10),
            |i| {
                started.fetch_add(1, Ordering::SeqCst);
                if i % 50 == 0 {
                    std::thread::sleep(Duration::from_millis(3));
                }
                i
            },
            one,
            |_, _| {
                taken += 1;
                worst = worst.max(started.load(Ordering::SeqCst) - taken);
                true
            },
        );
        assert_eq!(taken, 300);
        assert!(worst <= 10, "{worst} started ahead of the window");
    }

    /// Runs `n` items, 2 workers, `ahead` items ahead, until the take of item `last` says
    /// stop: what was taken, and how many items ran.
    fn stop_after(n: usize, ahead: usize, last: usize) -> (Vec<usize>, usize) {
        let ran = AtomicUsize::new(0);
        let mut got = Vec::new();
        in_order(
            n,
            2,
            Ahead::items(ahead),
            |i| {
                ran.fetch_add(1, Ordering::SeqCst);
                i
            },
            one,
            |i, r| {
                got.push(r);
                i < last
            },
        );
        (got, ran.load(Ordering::SeqCst))
    }

    #[test]
    fn stopping_starts_nothing_more() {
        let (got, ran) = stop_after(1000, 4, 10);
        assert_eq!(got.len(), 11);
        assert!(ran <= 11 + 4 + 2, "{ran}");
    }

    #[test]
    fn a_reader_that_goes_away_stops_the_run() {
        let (got, ran) = stop_after(10_000, 16, 4);
        assert_eq!(got, vec![0, 1, 2, 3, 4]);
        assert!(ran < 100, "{ran}");
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
            Ahead::items(4),
            |i| {
                if i % 5 == 0 {
                    std::thread::sleep(Duration::from_micros(300));
                }
                i
            },
            one,
            |i, r| {
                // No other take runs meanwhile, and none runs on the thread that called.
                assert!(!inside.swap(true, Ordering::SeqCst));
                takers.insert(std::thread::current().id());
                std::thread::sleep(Duration::from_micros(20));
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
    fn nothing_to_do_returns_and_more_workers_than_items_is_fine() {
        in_order(
            0,
            4,
            Ahead::items(4),
            |i| i,
            one,
            |_, _| panic!("nothing was named"),
        );
        let mut got = Vec::new();
        let ahead = Ahead {
            items: 8,
            weight: 8,
        };
        in_order(
            1,
            4,
            ahead,
            |i| i + 3,
            one,
            |_, r| {
                got.push(r);
                true
            },
        );
        assert_eq!(got, vec![3]);
    }

    #[test]
    fn heavy_results_hold_the_workers_back() {
        // Each result weighs its value; past a weight of 50 held, only the next item starts.
        let items: Vec<usize> = (0..400).map(|i| if i % 3 == 0 { 40 } else { 1 }).collect();
        let held = AtomicUsize::new(0);
        let mut got = Vec::new();
        let mut worst = 0;
        let ahead = Ahead {
            items: 1000,
            weight: 50,
        };
        in_order(
            items.len(),
            3,
            ahead,
            |i| {
                held.fetch_add(items[i], Ordering::SeqCst);
                items[i]
            },
            |&r| r,
            |_, r| {
                worst = worst.max(held.load(Ordering::SeqCst));
                held.fetch_sub(r, Ordering::SeqCst);
                got.push(r);
                true
            },
        );
        assert_eq!(got, items);
        // Below the bound, plus what the three workers may have in work when it is reached.
        assert!(worst < 50 + 3 * 40, "{worst}");
    }
}
