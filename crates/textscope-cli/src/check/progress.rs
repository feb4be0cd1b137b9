//! A progress line on stderr, only when stderr is a terminal and the walk takes more than a
//! second: a plain `\r` line from one thread reading an atomic counter. No dependency is needed
//! for one number, and nothing is drawn for pipes and CI logs.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct Progress {
    count: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    drawn: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    pub fn start() -> Progress {
        let count = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let drawn = Arc::new(AtomicBool::new(false));
        let thread = std::io::stderr().is_terminal().then(|| {
            let (count, stop, drawn) = (count.clone(), stop.clone(), drawn.clone());
            std::thread::spawn(move || {
                let t0 = Instant::now();
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    if t0.elapsed() >= Duration::from_secs(1) && !stop.load(Ordering::Relaxed) {
                        let n = count.load(Ordering::Relaxed);
                        eprint!("\rtextscope: checked {n} files…");
                        let _ = std::io::stderr().flush();
                        drawn.store(true, Ordering::Relaxed);
                    }
                }
            })
        });
        Progress {
            count,
            stop,
            drawn,
            thread,
        }
    }

    pub fn counter(&self) -> Arc<AtomicU64> {
        self.count.clone()
    }

    /// Wipes the line if it was drawn (before anything else goes to stderr).
    pub fn clear(&self) {
        if self.drawn.swap(false, Ordering::Relaxed) {
            eprint!("\r\x1b[K");
        }
    }

    pub fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.clear();
    }
}
