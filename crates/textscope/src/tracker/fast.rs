//! The fast path's bulk updates ([`FastSink`]): the same updates that the per-character
//! [`crate::decode::Sink`] calls make, for stretches of text without problems or findings.

use super::Tracker;
use crate::class::EndingKind;
use crate::fast::{AsciiLines, FastSink};
use crate::lines::LineEnd;
use crate::lines::LongestLine;

impl FastSink for Tracker {
    #[inline]
    fn fast_ready(&self) -> bool {
        self.ends.is_idle() && self.ansi_idle()
    }

    #[inline(always)]
    fn fast_at_line_start(&self) -> bool {
        self.at_line_start
    }

    #[inline]
    fn fast_begin(&mut self, offset: u64) {
        self.start(offset);
    }

    #[inline]
    fn fast_line_chars(&mut self, n: u32) {
        self.line_chars += u64::from(n);
    }

    /// The same updates as the slow path's `end_line` then `start`, kept to a few instructions
    /// for the common case (the first ending of a kind and index checkpoints are out of line).
    #[inline(always)]
    fn fast_line_end(
        &mut self,
        n: u32,
        kind: EndingKind,
        offset: u64,
        bytes: &[u8],
        next: Option<u64>,
    ) {
        self.line_chars += u64::from(n);
        if self.endings.seen(kind) {
            self.endings.add_seen(kind, 1);
            self.close_line();
            self.at_line_start = true;
        } else {
            self.end_line(LineEnd::new(kind, offset, bytes));
        }
        if let Some(at) = next {
            match &self.index {
                Some(ix) if at >= ix.next_at => self.start(at),
                _ => self.at_line_start = false,
            }
        }
    }

    #[inline(always)]
    fn ascii_lines_begin(
        &self,
        at: u64,
        kind: EndingKind,
        width: u64,
    ) -> Option<(AsciiLines, bool)> {
        // G9: a line begun in another layout is left to the character-at-a-time path, which
        // counts its characters rather than working them out from its bytes (the fuzzer's
        // `kernels_vs_reference` found a line of windows-1252 then UTF-16BE one short).
        if !self.ends.is_idle() || self.line_spans_layouts {
            return None;
        }
        let state = AsciiLines {
            line: self.line,
            line_start: at.saturating_sub(self.line_chars * width),
            beat: self.longest.map_or(0, |l| l.characters + 1),
            longest_line: self.longest.map_or(0, |l| l.line),
            next_at: self.index.as_ref().map_or(u64::MAX, |ix| ix.next_at),
        };
        Some((state, self.endings.seen(kind)))
    }

    #[inline(always)]
    fn ascii_lines_end(
        &mut self,
        s: AsciiLines,
        kind: EndingKind,
        line0: u64,
        end: u64,
        bytes: u64,
        width: u64,
    ) {
        self.endings.add_seen(kind, s.line - line0);
        self.line = s.line;
        self.line_chars = (end - s.line_start) / width;
        if s.beat > 0 {
            self.longest = Some(LongestLine {
                line: s.longest_line,
                characters: s.beat - 1,
            });
        }
        self.at_line_start = false;
        self.chars += bytes / width;
        self.end = end;
    }

    #[cold]
    #[inline(never)]
    fn fast_checkpoint(&mut self, line: u64, offset: u64) -> u64 {
        match &mut self.index {
            Some(ix) => ix.push(line, offset),
            None => u64::MAX,
        }
    }

    #[inline]
    fn fast_done(&mut self, chars: u64, end: u64, non_ascii: bool) {
        self.chars += chars;
        self.end = end;
        self.non_ascii |= non_ascii;
    }

    #[inline]
    fn fast_last(&mut self, last: Option<char>) {
        self.prev = last;
    }

    #[cold]
    fn fast_found(&mut self, c: char, offset: u64, bytes: &[u8], line: u64, column: u64) {
        let class = crate::class::class_of(c);
        if let Some(kind) = crate::problem::ProblemKind::of_class(class) {
            // A control (decision 63), as `special` reports it.
            let message = || crate::message::char_problem(kind, c);
            self.problem_at(
                kind,
                offset,
                bytes,
                Some(c as u32),
                None,
                (line, column),
                message,
            );
        } else if let Some(kind) = crate::finding::FindingKind::of_class(class) {
            self.finding_at(kind, c, offset, bytes, line, column);
        }
    }
}
