//! Terminal escape sequences in the tracker ([`crate::ansi`]): an ESC starts a pending
//! sequence whose verdict waits for the characters after it. A recognised sequence is one
//! `ansi_escape` finding and its ESC and BEL are no problem; an ESC that starts none is P3 at
//! its own place. Pending state lives here across chunks, so a sequence split between two
//! `feed` calls is recognised the same (U5). Only printable characters can be inside a
//! sequence, so lines, columns and the other problems are never held back.

use super::Tracker;
use crate::ansi::{visible, Effect, Scan, ESC, MAX_VISIBLE};
use crate::class::code_point_of;
use crate::finding::{Finding, FindingKind};
use crate::format::hex;
use crate::message;
use crate::problem::{Problem, ProblemKind};

/// Where a pending ESC stands.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct EscAt {
    offset: u64,
    line: u64,
    column: u64,
    /// Its bytes (one code unit: 1, 2 or 4 bytes).
    bytes: [u8; 4],
    len: u8,
}

impl EscAt {
    fn bytes(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or_default()
    }
}

/// The pending sequence: its ESC, an ESC inside it (the first half of an OSC's `ESC \`), and
/// its first characters for the finding's visible form.
#[derive(Clone, Debug, Default)]
pub(super) struct Pending {
    start: EscAt,
    inner: EscAt,
    chars: Vec<char>,
}

impl Tracker {
    /// Shifts the lines of a pending sequence (a segment merged after others).
    pub(super) fn shift_pending(&mut self, shift: u64) {
        self.pending.start.line += shift;
        self.pending.inner.line += shift;
    }

    fn esc_here(&self, offset: u64, bytes: &[u8]) -> EscAt {
        let mut b = [0u8; 4];
        let len = bytes.len().min(4);
        if let (Some(to), Some(from)) = (b.get_mut(..len), bytes.get(..len)) {
            to.copy_from_slice(from);
        }
        EscAt {
            offset,
            line: self.line,
            column: self.line_chars + 1,
            bytes: b,
            len: len as u8,
        }
    }

    /// A character while a sequence may be pending (or an ESC): true when it belongs to a
    /// sequence, in which case the caller counts it as a character and nothing more.
    #[cold]
    #[inline(never)]
    pub(super) fn ansi_char(&mut self, c: char, offset: u64, bytes: &[u8]) -> bool {
        loop {
            let was_idle = self.ansi.is_idle();
            match self.ansi.push(c) {
                Scan::Plain => return false,
                Scan::Taken => {
                    if was_idle {
                        // A CR waiting for LF ends its line first: the ESC is on the next.
                        self.interrupt();
                        self.pending.start = self.esc_here(offset, bytes);
                        self.pending.chars.clear();
                    } else if c == ESC {
                        self.pending.inner = self.esc_here(offset, bytes);
                    }
                    self.remember(c);
                    return true;
                }
                Scan::Done(effect) => {
                    self.remember(c);
                    self.sequence(effect, offset + bytes.len() as u64);
                    return true;
                }
                Scan::Broken => self.lone_esc(),
                Scan::BrokenAtEsc => {
                    let inner = self.pending.inner;
                    self.lone_esc();
                    self.pending.start = inner;
                    self.pending.chars.clear();
                    self.pending.chars.push(ESC);
                }
            }
        }
    }

    /// A bad unit, or the end of the file, while a sequence may be pending: it is none (nor
    /// is an ESC taken inside it). NUL can be part of no sequence, so pushing one settles all.
    pub(super) fn ansi_break(&mut self) {
        if !self.ansi.is_idle() {
            let taken = self.ansi_char('\0', 0, &[]);
            debug_assert!(!taken);
        }
    }

    fn remember(&mut self, c: char) {
        if self.pending.chars.len() <= MAX_VISIBLE {
            self.pending.chars.push(c);
        }
    }

    /// The pending ESC starts no sequence: P3 at its own place.
    fn lone_esc(&mut self) {
        let at = self.pending.start;
        self.pending.inner = EscAt::default();
        self.problems.add(
            ProblemKind::ControlCharacter,
            at.offset,
            u64::from(at.len),
            || Problem {
                kind: ProblemKind::ControlCharacter,
                offset: at.offset,
                length: u64::from(at.len),
                count: 1,
                line: at.line,
                column: at.column,
                bytes: hex(at.bytes()),
                code_point: Some(code_point_of(0x1B)),
                mixed: None,
                reason: None,
                message: message::control(ESC),
            },
        );
    }

    /// The pending sequence is one, ending at `end`.
    fn sequence(&mut self, effect: Effect, end: u64) {
        let at = self.pending.start;
        self.pending.inner = EscAt::default();
        let chars = std::mem::take(&mut self.pending.chars);
        let length = end - at.offset;
        self.findings.add(
            FindingKind::AnsiEscape,
            at.offset,
            length,
            Some(effect),
            || {
                let seq = visible(chars.iter().copied());
                Finding {
                    kind: FindingKind::AnsiEscape,
                    offset: at.offset,
                    length,
                    count: 1,
                    line: at.line,
                    column: at.column,
                    bytes: hex(at.bytes()),
                    code_point: code_point_of(0x1B),
                    effect: Some(effect),
                    dangerous: Some(effect.dangerous()),
                    repair: None,
                    message: message::ansi(effect, &seq),
                    sequence: Some(seq),
                }
            },
        );
        self.pending.chars = chars;
        self.pending.chars.clear();
    }
}
