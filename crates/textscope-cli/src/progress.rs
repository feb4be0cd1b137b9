//! Progress on standard error, drawn by indicatif (decision 95), in two shapes:
//!
//! - [`Bars`] and [`Progress`], the bar of one file's report: bytes read, the total, the rate
//!   and the time left. It is shown only when standard error is a terminal and `--quiet` was
//!   not given, and only once a run has read [`SHOW_AFTER`] bytes, so small files (and a
//!   structure that ends early) never flash one; a stream of unknown size gets a counter
//!   without a total. Readers call [`Progress::add`] once per read (1 MiB), never per byte;
//!   the threads of one file share the bar, whose position is a single atomic counter that
//!   they add to.
//! - [`Count`], the files `check` has checked: one line, shown on a terminal once the run has
//!   lasted [`COUNT_AFTER`], moved by the thread that prints the findings, and wiped while
//!   anything else is written to the terminal ([`Count::around`]), so the two never mix.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bytes to read before the bar appears.
pub const SHOW_AFTER: u64 = 64 << 20;

/// Whether bars may be shown at all in this run.
#[derive(Clone, Copy, Debug)]
pub struct Bars {
    pub enabled: bool,
}

impl Bars {
    /// A bar for one read of `total` bytes (`None`: unknown) labelled with `name` (already
    /// made safe for a terminal).
    pub fn start(self, name: &str, total: Option<u64>) -> Progress {
        if !self.enabled {
            return Progress { bar: None };
        }
        // Drawn nowhere until SHOW_AFTER bytes are read; the elapsed time (and so the rate)
        // counts from here.
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let template = if total.is_some() {
            "{prefix} [{wide_bar}] {bytes}/{total_bytes} {binary_bytes_per_sec} ETA {eta}"
        } else {
            "{prefix} {spinner} {bytes} {binary_bytes_per_sec} {elapsed}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(short(name));
        Progress {
            bar: Some(Shared {
                bar,
                shown: AtomicBool::new(false),
            }),
        }
    }
}

/// A progress bar for one file (shared by reference between the threads that read it).
pub struct Progress {
    bar: Option<Shared>,
}

struct Shared {
    bar: ProgressBar,
    shown: AtomicBool,
}

impl Progress {
    /// No bar.
    pub fn none() -> Progress {
        Progress { bar: None }
    }

    /// `n` more bytes were read (called once per read, from any thread).
    #[inline]
    pub fn add(&self, n: usize) {
        if let Some(s) = &self.bar {
            s.bar.inc(n as u64);
            if s.bar.position() >= SHOW_AFTER && !s.shown.swap(true, Ordering::Relaxed) {
                s.bar.set_draw_target(ProgressDrawTarget::stderr());
                s.bar.force_draw();
            }
        }
    }

    /// Removes the bar for good (before anything is written to a terminal, and at the end).
    pub fn stop(&mut self) {
        if let Some(s) = self.bar.take() {
            if s.shown.load(Ordering::Relaxed) {
                s.bar.finish_and_clear();
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop();
    }
}

/// How long a `check` run lasts before its count appears.
pub const COUNT_AFTER: Duration = Duration::from_secs(1);

/// The count of files checked, on standard error (`textscope: checked N files…`).
pub struct Count {
    /// None: never drawn (standard error is not a terminal).
    bar: Option<ProgressBar>,
    start: Instant,
    after: Duration,
    shown: bool,
}

impl Count {
    /// A count that may be drawn when `enabled` (standard error is a terminal), once the run
    /// has lasted `after`.
    pub fn start(enabled: bool, after: Duration) -> Count {
        let bar = enabled.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template("textscope: checked {pos} files…") {
                bar.set_style(style);
            }
            bar
        });
        Count {
            bar,
            start: Instant::now(),
            after,
            shown: false,
        }
    }

    /// Whether the line is on the terminal.
    pub fn shown(&self) -> bool {
        self.shown
    }

    /// Whether the next [`Count::set`] draws the line for the first time (what was written
    /// before must be flushed first).
    pub fn appears(&self) -> bool {
        self.bar.is_some() && !self.shown && self.start.elapsed() >= self.after
    }

    /// `checked` files are done: the line shows the figure (at most 20 redraws a second),
    /// appearing once the run has lasted long enough.
    pub fn set(&mut self, checked: usize) {
        let Some(bar) = &self.bar else { return };
        bar.set_position(checked as u64);
        if self.appears() {
            self.shown = true;
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.force_draw();
        }
    }

    /// Runs `f`, which writes to the terminal, with the line wiped meanwhile and drawn again
    /// after it (`f` must flush what it wrote).
    pub fn around<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(f),
            _ => f(),
        }
    }

    /// Wipes the line for good (at the end of the run).
    pub fn stop(&mut self) {
        if let Some(bar) = self.bar.take() {
            if self.shown {
                bar.finish_and_clear();
            }
        }
    }
}

impl Drop for Count {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The name, cut to 40 characters (keeping its end, where the file name is).
fn short(name: &str) -> String {
    let n = name.chars().count();
    if n <= 40 {
        name.to_string()
    } else {
        let tail: String = name.chars().skip(n - 39).collect();
        format!("…{tail}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_keep_their_end() {
        assert_eq!(short("a.txt"), "a.txt");
        let long = format!("{}/file.log", "d".repeat(50));
        let s = short(&long);
        assert_eq!(s.chars().count(), 40);
        assert!(s.starts_with('…') && s.ends_with("dd/file.log"));
    }

    #[test]
    fn a_disabled_bar_counts_nothing_and_draws_nothing() {
        let p = Bars { enabled: false }.start("x", Some(1 << 30));
        p.add(1 << 20);
        assert!(p.bar.is_none());
    }

    #[test]
    fn a_count_off_a_terminal_is_never_shown_and_runs_what_it_wraps() {
        let mut c = Count::start(false, Duration::ZERO);
        c.set(5);
        assert!(!c.shown());
        assert_eq!(c.around(|| 7), 7);
        c.stop();
    }

    #[test]
    fn a_count_appears_only_once_the_run_lasted_long_enough() {
        let mut c = Count::start(true, Duration::from_secs(3600));
        c.set(5);
        assert!(!c.shown() && !c.appears(), "an hour has not passed");
        let mut c = Count::start(true, Duration::ZERO);
        assert!(!c.shown(), "nothing was counted yet");
        assert!(c.appears());
        c.set(1);
        assert!(c.shown() && !c.appears());
        assert_eq!(c.bar.as_ref().map(ProgressBar::position), Some(1));
        // What is written around it runs once, whether the terminal is there or not.
        let mut ran = 0;
        c.around(|| ran += 1);
        assert_eq!(ran, 1);
        c.stop();
        assert!(c.bar.is_none());
    }
}
