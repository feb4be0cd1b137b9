//! The lines before the range asked for, counted on the fast path: from the checkpoint to the
//! start of the first line wanted, only line ends matter, so the kernels take them in bulk
//! ([`FastSink`]) and the builder starts decoding character by character where that line
//! starts (a line start is a character boundary, so a fresh decoder resumes there: S2).

use crate::class::EndingKind;
use crate::decode::{Bad, Sink};
use crate::fast::{AsciiLines, FastSink};
use crate::lines::{LineMachine, Role};

/// Counts lines until line `first` starts, and says where.
#[derive(Debug)]
pub(super) struct LineCounter {
    first: u64,
    /// The line being read.
    pub(super) line: u64,
    at_line_start: bool,
    ends: LineMachine,
    /// Where line `first` starts, once known.
    pub(super) first_at: Option<u64>,
}

impl LineCounter {
    pub(super) fn new(line: u64, first: u64) -> LineCounter {
        LineCounter {
            first,
            line,
            at_line_start: true,
            ends: LineMachine::new(),
            first_at: None,
        }
    }

    /// A line ended; the next starts at `at`.
    #[inline]
    fn ended(&mut self, at: u64) {
        self.line += 1;
        self.at_line_start = true;
        if self.line == self.first && self.first_at.is_none() {
            self.first_at = Some(at);
        }
    }

    #[inline]
    fn interrupt(&mut self) {
        if let Some(cr) = self.ends.interrupt() {
            self.ended(cr.end());
        }
        self.at_line_start = false;
    }

    /// The end of the input: the number of lines of the file (L2).
    pub(super) fn finish(mut self) -> u64 {
        if let Some(cr) = self.ends.finish() {
            self.ended(cr.end());
        }
        if !self.at_line_start {
            self.line += 1;
        }
        self.line - 1
    }
}

impl Sink for LineCounter {
    const ASCII_RUNS: bool = true;

    fn ascii_run(&mut self, _: u64, _: usize, _: usize) {
        self.interrupt();
    }

    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        let step = self.ends.push(c, offset, bytes);
        if let Some(cr) = step.flushed {
            self.ended(cr.end());
        }
        match step.role {
            Role::Ends(end) => self.ended(end.end()),
            Role::Cr | Role::Char => self.at_line_start = false,
        }
    }

    fn bad(&mut self, _: Bad, _: u64, _: &[u8]) {
        self.interrupt();
    }
}

impl FastSink for LineCounter {
    #[inline]
    fn fast_ready(&self) -> bool {
        self.ends.is_idle() && self.first_at.is_none()
    }

    #[inline]
    fn fast_at_line_start(&self) -> bool {
        self.at_line_start
    }

    #[inline]
    fn fast_begin(&mut self, _: u64) {
        self.at_line_start = false;
    }

    #[inline]
    fn fast_line_chars(&mut self, _: u32) {}

    #[inline]
    fn fast_line_end(
        &mut self,
        _: u32,
        _: EndingKind,
        offset: u64,
        bytes: &[u8],
        next: Option<u64>,
    ) {
        self.ended(offset + bytes.len() as u64);
        if next.is_some() {
            self.at_line_start = false;
        }
    }

    #[inline]
    fn ascii_lines_begin(&self, at: u64, _: EndingKind, _: u64) -> Option<(AsciiLines, bool)> {
        if !self.fast_ready() {
            return None;
        }
        let state = AsciiLines {
            line: self.line,
            line_start: at,
            beat: 0,
            longest_line: 0,
            // Every line start is reported, so the one of line `first` is seen.
            next_at: 0,
        };
        Some((state, true))
    }

    #[inline]
    fn ascii_lines_end(&mut self, s: AsciiLines, _: EndingKind, _: u64, _: u64, _: u64, _: u64) {
        self.line = s.line;
        self.at_line_start = false;
    }

    fn fast_checkpoint(&mut self, line: u64, offset: u64) -> u64 {
        if line == self.first && self.first_at.is_none() {
            self.first_at = Some(offset);
        }
        if self.first_at.is_some() {
            u64::MAX
        } else {
            0
        }
    }

    #[inline]
    fn fast_done(&mut self, _: u64, _: u64, _: bool) {}
}
