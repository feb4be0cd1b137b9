//! A progress line on stderr, only when stderr is a terminal and the run takes more than a
//! second: a plain `\r` line drawn by the thread that prints the findings, between them, so
//! the two never interleave. No dependency is needed for one number, and nothing is drawn for
//! pipes and CI logs.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    on: bool,
    start: Instant,
    last: Option<Instant>,
    drawn: bool,
}

impl Progress {
    pub fn start() -> Progress {
        Progress {
            on: std::io::stderr().is_terminal(),
            start: Instant::now(),
            last: None,
            drawn: false,
        }
    }

    /// Whether [`Progress::tick`] would draw: on a terminal, once the run has lasted a
    /// second, at most every 100 ms.
    pub fn due(&self) -> bool {
        self.on
            && self.start.elapsed() >= Duration::from_secs(1)
            && self
                .last
                .is_none_or(|t| t.elapsed() >= Duration::from_millis(100))
    }

    /// Draws `checked` when it is due.
    pub fn tick(&mut self, checked: usize) {
        if !self.due() {
            return;
        }
        eprint!("\rtextscope: checked {checked} files…");
        let _ = std::io::stderr().flush();
        self.last = Some(Instant::now());
        self.drawn = true;
    }

    /// Wipes the line if it was drawn (before anything else goes to the terminal).
    pub fn clear(&mut self) {
        if std::mem::take(&mut self.drawn) {
            eprint!("\r\x1b[K");
        }
    }
}
