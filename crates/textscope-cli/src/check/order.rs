//! Work on many items over several threads, results handed on in the items' order, with at
//! most a window of them held at once (decision 45: `check` prints in path order without
//! keeping every file's findings until the end).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::time::Duration;

/// What the caller does with each result, in order.
pub(super) trait Emit<R> {
    /// The next result; false stops the run (the reader went away): no further item is
    /// started.
    fn emit(&mut self, result: R) -> bool;
    /// Called about every `tick` while nothing arrives (a progress line).
    fn idle(&mut self, emitted: usize);
}

/// Results a worker hands on at once.
const BATCH: usize = 16;

/// How far the workers may run ahead of what was emitted.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    /// Items started beyond the first one not yet emitted.
    pub items: usize,
    /// The weight of the results held (done, not yet emitted) beyond which no item but the
    /// next to emit is started.
    pub weight: usize,
}

/// What the workers and the printing thread share.
struct State {
    emitted: usize,
    /// The weight of the results done and not yet emitted.
    held: usize,
    /// Workers waiting for room (woken only when some are).
    waiting: usize,
}

impl State {
    /// Whether item `i` may start: the next to emit always may, so the run always moves.
    fn room_for(&self, i: usize, w: Window) -> bool {
        i == self.emitted || (i < self.emitted + w.items && self.held < w.weight)
    }
}

/// Runs `work` on every item on `threads` threads; `out` gets the results in the items'
/// order. Workers run ahead of the printing thread only within `window`: at most
/// `window.items` items, and results of `weight` at most `window.weight` (plus the items in
/// work), are held at any time.
pub(super) fn run_ordered<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    window: Window,
    tick: Duration,
    work: impl Fn(&T) -> R + Sync,
    weight: impl Fn(&R) -> usize + Sync,
    out: &mut impl Emit<R>,
) {
    let window = Window {
        items: window.items.max(1),
        ..window
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let state = Mutex::new(State {
        emitted: 0,
        held: 0,
        waiting: 0,
    });
    let lock = || state.lock().unwrap_or_else(|p| p.into_inner());
    let room = Condvar::new();
    // Results go to the printing thread in batches: one wake-up per result cost a tenth of
    // the system time of `check` over many small files.
    let (tx, rx) = mpsc::channel::<Vec<(usize, R)>>();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            let tx = tx.clone();
            let (next, stop, room, work, weight, lock) =
                (&next, &stop, &room, &work, &weight, &lock);
            s.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let mut st = lock();
                    if !st.room_for(i, window) && !batch.is_empty() {
                        // The printer may be waiting for one of these: they go before waiting.
                        drop(st);
                        if tx.send(std::mem::take(&mut batch)).is_err() {
                            return;
                        }
                        st = lock();
                    }
                    while !st.room_for(i, window) && !stop.load(Ordering::Relaxed) {
                        st.waiting += 1;
                        st = room.wait(st).unwrap_or_else(|p| p.into_inner());
                        st.waiting -= 1;
                    }
                    drop(st);
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let r = work(item);
                    lock().held += weight(&r);
                    batch.push((i, r));
                    if batch.len() >= BATCH && tx.send(std::mem::take(&mut batch)).is_err() {
                        return;
                    }
                }
                if !batch.is_empty() {
                    let _ = tx.send(batch);
                }
            });
        }
        drop(tx);
        let mut held = BTreeMap::new();
        let mut done = 0usize;
        loop {
            match rx.recv_timeout(tick) {
                Ok(batch) => held.extend(batch),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    out.idle(done);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            let before = done;
            let mut freed = 0;
            while let Some(r) = held.remove(&done) {
                done += 1;
                freed += weight(&r);
                if !out.emit(r) {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
            if done != before || stop.load(Ordering::Relaxed) {
                let mut st = lock();
                st.emitted = done;
                st.held = st.held.saturating_sub(freed);
                if st.waiting > 0 {
                    room.notify_all();
                }
            }
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
        // Workers still sending see the channel closed and stop.
        drop(rx);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    struct Collect {
        got: Vec<usize>,
        stop_after: usize,
    }

    impl Emit<usize> for Collect {
        fn emit(&mut self, r: usize) -> bool {
            self.got.push(r);
            self.got.len() < self.stop_after
        }
        fn idle(&mut self, _: usize) {}
    }

    #[test]
    fn results_come_in_order_whatever_the_threads_take() {
        let items: Vec<usize> = (0..500).collect();
        for threads in [1, 2, 3, 8] {
            for window in [1, 2, 7, 1000] {
                let mut c = Collect {
                    got: Vec::new(),
                    stop_after: usize::MAX,
                };
                let work = |&i: &usize| {
                    // Uneven work, so later items often finish first.
                    if i % 7 == 0 {
                        std::thread::sleep(Duration::from_micros(200));
                    }
                    i * 2
                };
                let w = Window {
                    items: window,
                    weight: usize::MAX,
                };
                run_ordered(
                    &items,
                    threads,
                    w,
                    Duration::from_millis(5),
                    work,
                    |_| 1,
                    &mut c,
                );
                let want: Vec<usize> = items.iter().map(|i| i * 2).collect();
                assert_eq!(c.got, want, "threads {threads}, window {window}");
            }
        }
    }

    #[test]
    fn no_more_than_the_window_is_ahead_of_what_was_emitted() {
        let items: Vec<usize> = (0..300).collect();
        let started = AtomicUsize::new(0);
        struct Check<'a> {
            started: &'a AtomicUsize,
            emitted: usize,
            worst: usize,
        }
        impl Emit<usize> for Check<'_> {
            fn emit(&mut self, _: usize) -> bool {
                self.emitted += 1;
                let ahead = self.started.load(Ordering::SeqCst) - self.emitted;
                self.worst = self.worst.max(ahead);
                true
            }
            fn idle(&mut self, _: usize) {}
        }
        let mut c = Check {
            started: &started,
            emitted: 0,
            worst: 0,
        };
        let work = |&i: &usize| {
            started.fetch_add(1, Ordering::SeqCst);
            if i % 50 == 0 {
                std::thread::sleep(Duration::from_millis(3));
            }
            i
        };
        let w = Window {
            items: 10,
            weight: usize::MAX,
        };
        run_ordered(&items, 4, w, Duration::from_millis(5), work, |_| 1, &mut c);
        assert_eq!(c.emitted, 300);
        assert!(c.worst <= 10, "{} started ahead of the window", c.worst);
    }

    #[test]
    fn a_reader_that_goes_away_stops_the_run() {
        let items: Vec<usize> = (0..10_000).collect();
        let worked = AtomicUsize::new(0);
        let mut c = Collect {
            got: Vec::new(),
            stop_after: 5,
        };
        let work = |&i: &usize| {
            worked.fetch_add(1, Ordering::SeqCst);
            i
        };
        let w = Window {
            items: 16,
            weight: usize::MAX,
        };
        run_ordered(&items, 2, w, Duration::from_millis(5), work, |_| 1, &mut c);
        assert_eq!(c.got, vec![0, 1, 2, 3, 4]);
        assert!(worked.load(Ordering::SeqCst) < 100);
    }

    #[test]
    fn no_items_and_more_threads_than_items() {
        let mut c = Collect {
            got: Vec::new(),
            stop_after: usize::MAX,
        };
        let w = Window {
            items: 8,
            weight: 8,
        };
        let tick = Duration::from_millis(5);
        run_ordered(&[] as &[usize], 4, w, tick, |&i| i, |_| 1, &mut c);
        assert!(c.got.is_empty());
        run_ordered(&[3usize], 4, w, tick, |&i| i, |_| 1, &mut c);
        assert_eq!(c.got, vec![3]);
    }

    #[test]
    fn heavy_results_hold_the_workers_back() {
        // Each result weighs its value; past a weight of 50 held, only the next item starts.
        let items: Vec<usize> = (0..400).map(|i| if i % 3 == 0 { 40 } else { 1 }).collect();
        let held = AtomicUsize::new(0);
        struct Sum<'a> {
            held: &'a AtomicUsize,
            got: Vec<usize>,
            worst: usize,
        }
        impl Emit<usize> for Sum<'_> {
            fn emit(&mut self, r: usize) -> bool {
                self.worst = self.worst.max(self.held.load(Ordering::SeqCst));
                self.held.fetch_sub(r, Ordering::SeqCst);
                self.got.push(r);
                true
            }
            fn idle(&mut self, _: usize) {}
        }
        let mut c = Sum {
            held: &held,
            got: Vec::new(),
            worst: 0,
        };
        let work = |&w: &usize| {
            held.fetch_add(w, Ordering::SeqCst);
            w
        };
        let w = Window {
            items: 1000,
            weight: 50,
        };
        run_ordered(&items, 3, w, Duration::from_millis(5), work, |&r| r, &mut c);
        assert_eq!(c.got, items);
        // Below the bound, plus what the three workers may have in work when it is reached.
        assert!(c.worst < 50 + 3 * 40, "{}", c.worst);
    }
}
