//! The per-character path: what each character, bad unit or run of ASCII that the decoder
//! hands over does to the lines, problems and findings (SPEC §4, §5).

use super::Tracker;
use crate::class::{class_of, EndingKind};
use crate::decode::{Bad, Sink};
use crate::finding::{Finding, FindingKind};
use crate::format::{hex, Format};
use crate::lines::{LineEnd, Role};
use crate::message;
use crate::problem::{Problem, ProblemKind};

impl Tracker {
    /// A character of a recognised (or still pending) escape sequence: counted, never a
    /// problem. Only ESC, BEL and printable characters get here, none of them an ending.
    fn quiet_char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        let step = self.ends.push(c, offset, bytes);
        if let Some(cr) = step.flushed {
            self.end_line(cr);
        }
        self.start(offset);
        self.count(offset, bytes);
        if !c.is_ascii() {
            self.non_ascii = true;
        }
        self.line_chars += 1;
    }

    /// A problem at the current column.
    fn problem(
        &mut self,
        kind: ProblemKind,
        offset: u64,
        bytes: &[u8],
        code_point: Option<u32>,
        bad: Option<Bad>,
        message: impl FnOnce() -> String,
    ) {
        let at = (self.line, self.line_chars + 1);
        self.problem_at(kind, offset, bytes, code_point, bad, at, message);
    }

    /// [`Tracker::problem`] on line `at.0` at column `at.1`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn problem_at(
        &mut self,
        kind: ProblemKind,
        offset: u64,
        bytes: &[u8],
        code_point: Option<u32>,
        bad: Option<Bad>,
        (line, column): (u64, u64),
        message: impl FnOnce() -> String,
    ) {
        self.problems
            .add(kind, offset, bytes.len() as u64, || Problem {
                kind,
                offset,
                length: bytes.len() as u64,
                count: 1,
                line,
                column,
                bytes: hex(bytes),
                code_point: code_point.map(crate::class::code_point_of),
                mixed: None,
                reason: match bad {
                    Some(Bad::InvalidUtf8(r)) => Some(r),
                    _ => None,
                },
                message: message(),
            });
    }

    /// Every character that is not printable ASCII (or that follows a CR); `prev` is the
    /// character before it.
    fn special(&mut self, c: char, offset: u64, bytes: &[u8], prev: Option<char>) {
        let step = self.ends.push(c, offset, bytes);
        if let Some(cr) = step.flushed {
            self.end_line(cr);
        }
        self.start(offset);
        self.count(offset, bytes);
        if !c.is_ascii() {
            self.non_ascii = true;
        }
        match step.role {
            Role::Ends(end) => self.end_line(end),
            Role::Cr => {}
            Role::Char => {
                let class = class_of(c);
                if let Some(kind) = ProblemKind::of_class(class) {
                    self.problem(kind, offset, bytes, Some(c as u32), None, || {
                        message::char_problem(kind, c)
                    });
                } else if let Some(kind) = FindingKind::at_class(class, prev, c) {
                    self.finding(kind, c, offset, bytes);
                }
                self.line_chars += 1;
            }
        }
    }

    /// A bidi control or an invisible or hidden character: counted, and listed up to the cap.
    #[cold]
    fn finding(&mut self, kind: FindingKind, c: char, offset: u64, bytes: &[u8]) {
        let (line, column) = (self.line, self.line_chars + 1);
        self.finding_at(kind, c, offset, bytes, line, column);
    }

    /// [`Tracker::finding`] on `line` at `column`.
    pub(super) fn finding_at(
        &mut self,
        kind: FindingKind,
        c: char,
        offset: u64,
        bytes: &[u8],
        line: u64,
        column: u64,
    ) {
        self.findings
            .add(kind, offset, bytes.len() as u64, None, || Finding {
                kind,
                offset,
                length: bytes.len() as u64,
                count: 1,
                line,
                column,
                bytes: hex(bytes),
                code_point: crate::class::code_point(c),
                effect: None,
                dangerous: None,
                sequence: None,
                repair: None,
                message: message::finding(kind, c),
            });
    }
}

impl Tracker {
    /// Printable ASCII while a sequence is pending: one character at a time until it settles,
    /// then the rest as a run. A big-endian unit has its ASCII byte last.
    #[cold]
    #[inline(never)]
    fn ascii_in_sequence(&mut self, offset: u64, bytes: &[u8], width: usize) {
        let width = width.max(1);
        let low = match self.format {
            Format::Utf16Be | Format::Utf32Be => width - 1,
            _ => 0,
        };
        let mut k = 0;
        for unit in bytes.chunks_exact(width) {
            if self.ansi_idle() {
                break;
            }
            let c = char::from(unit.get(low).copied().unwrap_or(b' '));
            self.char(c, offset + k as u64, unit);
            k += width;
        }
        if let Some(rest) = bytes.get(k..).filter(|r| !r.is_empty()) {
            self.ascii_run(offset + k as u64, rest.len() / width, width);
        }
    }
}

impl Sink for Tracker {
    const ASCII_RUNS: bool = true;

    /// G9: the messages and units from here on are the new layout's.
    fn switched(&mut self, format: Format) {
        self.format = format;
        self.line_spans_layouts |= self.line_chars > 0;
    }

    #[inline]
    fn ascii_run(&mut self, offset: u64, chars: usize, width: usize) {
        self.interrupt();
        self.start(offset);
        self.chars += chars as u64;
        self.line_chars += chars as u64;
        self.end = offset + (chars * width) as u64;
    }

    #[inline]
    fn ascii_bytes(&mut self, offset: u64, bytes: &[u8], width: usize) {
        if self.ansi_idle() {
            self.ascii_run(offset, bytes.len() / width.max(1), width);
        } else {
            self.ascii_in_sequence(offset, bytes, width);
        }
        // The run's last character, for a variation selector after it: its unit's bytes are
        // zero but one, in either byte order.
        let w = width.max(1);
        if let Some(last) = bytes.len().checked_sub(w).and_then(|k| bytes.get(k..)) {
            self.prev = Some(crate::decode::ascii_unit(last));
        }
    }

    #[inline]
    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        let prev = self.prev.replace(c);
        if self.ansi_on
            && (c == crate::ansi::ESC || !self.ansi_idle())
            && self.ansi_char(c, offset, bytes)
        {
            self.quiet_char(c, offset, bytes);
            return;
        }
        if self.ends.is_idle() {
            if matches!(c, ' '..='~') {
                // Printable ASCII outside a run (e.g. the other formats' slow paths).
                self.start(offset);
                self.count(offset, bytes);
                self.line_chars += 1;
                return;
            }
            if c == '\n' {
                // What the line machine says of an LF when no CR waits, without its round
                // trip: the commonest ending on the character-at-a-time path.
                self.start(offset);
                self.count(offset, bytes);
                self.end_line(LineEnd::new(EndingKind::Lf, offset, bytes));
                return;
            }
        }
        self.special(c, offset, bytes, prev);
    }

    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]) {
        self.prev = None;
        self.ansi_break();
        self.interrupt();
        self.start(offset);
        let format = self.format;
        let unit = match bad {
            Bad::UnpairedSurrogate | Bad::InvalidCodePoint => message::unit_of(format, bytes),
            _ => None,
        };
        self.problem(bad.kind(), offset, bytes, unit, Some(bad), || {
            message::bad(bad, format, bytes)
        });
        self.non_ascii = true;
        self.count(offset, bytes);
        self.line_chars += 1;
    }
}
