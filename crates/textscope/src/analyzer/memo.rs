//! The last detection [`super::detect_window`] made on this thread, kept for the [`Analyzer`]
//! that a consumer of the [`crate::Pipeline`] starts over the same window (`check` reads the
//! whole file from offset 0, so its analyser is replayed the window detection just read).
//! Detection is a pure function of the window's bytes and of `at_eof`: when both are equal,
//! the verdict is taken from here instead of being worked out a second time.
//!
//! [`Analyzer`]: super::Analyzer

use crate::detect::{detect, Verdict};
use std::cell::RefCell;

struct Last {
    window: Vec<u8>,
    at_eof: bool,
    verdict: Option<Verdict>,
}

thread_local! {
    static LAST: RefCell<Last> = const {
        RefCell::new(Last {
            window: Vec::new(),
            at_eof: false,
            verdict: None,
        })
    };
}

/// Detects and keeps the verdict for [`detect_again`] (once).
pub(super) fn detect_and_keep(window: &[u8], at_eof: bool) -> Verdict {
    let verdict = detect(window, at_eof);
    LAST.with(|cell| {
        if let Ok(mut last) = cell.try_borrow_mut() {
            last.window.clear();
            last.window.extend_from_slice(window);
            last.at_eof = at_eof;
            last.verdict = Some(verdict.clone());
        }
    });
    verdict
}

/// The verdict for the window: the one kept by [`detect_and_keep`] when it was made over the
/// same bytes (it is then used up), else detection.
pub(super) fn detect_again(window: &[u8], at_eof: bool) -> Verdict {
    let kept = LAST.with(|cell| {
        let mut last = cell.try_borrow_mut().ok()?;
        if last.verdict.is_some() && last.at_eof == at_eof && last.window == window {
            last.verdict.take()
        } else {
            None
        }
    });
    kept.unwrap_or_else(|| detect(window, at_eof))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_verdict_is_used_once_and_only_for_the_same_window() {
        let w = b"caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve fa\xe7ade";
        let first = detect_and_keep(w, true);
        // Another window, or the same at another end, is detected afresh.
        let other = detect_again(b"plain", true);
        assert_eq!(other.format, crate::Format::Utf8);
        let eof = detect_again(w, false);
        assert_eq!(eof.steps.len(), detect(w, false).steps.len());
        let again = detect_again(w, true);
        assert_eq!(format!("{again:?}"), format!("{first:?}"));
        // Used up: a third run detects (the same answer).
        assert_eq!(format!("{:?}", detect_again(w, true)), format!("{first:?}"));
        LAST.with(|c| assert!(c.borrow().verdict.is_none()));
    }
}
