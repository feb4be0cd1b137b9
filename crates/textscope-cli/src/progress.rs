//! The progress bar on standard error: bytes read, the total, the rate and the time left.
//!
//! It is shown only when standard error is a terminal and `--quiet` was not given, and only
//! once a run has read [`SHOW_AFTER`] bytes, so small files (and a structure that ends early)
//! never flash one; a stream of unknown size gets a counter without a total. Readers call
//! [`Progress::add`] once per read (1 MiB), never per byte; the threads of one file share the
//! bar, whose position is a single atomic counter that they add to.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};

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
}
