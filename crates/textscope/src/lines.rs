//! The line-ending machine (L1): the one place that decides where a line ends.
//!
//! LF, NEL, LS and PS end a line by themselves. A CR waits for the next character: an LF makes
//! the two one CR LF ending, anything else (a character, a bad unit, a run of plain text, the
//! end of the input) ends the line with the CR alone. The machine is `Copy` and holds only the
//! waiting CR, so it costs nothing to keep in a sink, and a CR LF split across two chunks is
//! still one ending (U5).
//!
//! The report's tracker, the structure builder and the CLI's `check` and `convert` all feed
//! their characters through it:
//! ```
//! use textscope::lines::{LineMachine, Role};
//! use textscope::EndingKind;
//! let mut m = LineMachine::new();
//! let mut kinds = Vec::new();
//! for (i, c) in "a\r\nb\rc\n".char_indices() {
//!     let step = m.push(c, i as u64, c.to_string().as_bytes());
//!     kinds.extend(step.flushed.map(|e| e.kind));
//!     if let Role::Ends(e) = step.role {
//!         kinds.push(e.kind);
//!     }
//! }
//! kinds.extend(m.finish().map(|e| e.kind));
//! assert_eq!(kinds, [EndingKind::Crlf, EndingKind::Cr, EndingKind::Lf]);
//! ```

use crate::class::{ending_of, EndingKind};
use serde::{Deserialize, Serialize};

/// A line ending met: its kind, the offset of its first byte and its bytes (a CR LF's are
/// both characters', e.g. "0D 00 0A 00" in UTF-16LE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEnd {
    /// Which ending.
    pub kind: EndingKind,
    /// Offset of its first byte.
    pub offset: u64,
    bytes: [u8; 8],
    len: u8,
}

impl LineEnd {
    /// An ending of `kind` at `offset` made of `bytes` (at most 8 are kept: a UTF-32 CR LF).
    #[inline(always)]
    pub fn new(kind: EndingKind, offset: u64, bytes: &[u8]) -> LineEnd {
        let mut b = [0u8; 8];
        for (d, s) in b.iter_mut().zip(bytes) {
            *d = *s;
        }
        LineEnd {
            kind,
            offset,
            bytes: b,
            len: bytes.len().min(8) as u8,
        }
    }

    /// Its bytes.
    #[inline(always)]
    pub fn bytes(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// Its length in bytes.
    pub fn byte_len(&self) -> u64 {
        u64::from(self.len)
    }

    /// The offset just past its last byte.
    pub fn end(&self) -> u64 {
        self.offset + self.byte_len()
    }
}

/// What a character is to the lines (see [`LineMachine::push`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A character of the current line (not part of its ending).
    Char,
    /// A CR: the start of the current line's ending, whose kind the next character decides.
    /// It is a character of the text (L4) but not of the line.
    Cr,
    /// The character ends the current line: LF, NEL, LS, PS, or the LF of a CR LF (whose
    /// ending starts at the CR).
    Ends(LineEnd),
}

/// The outcome of one character: first a waiting CR that it did not complete, which ended
/// its line alone; then what the character itself is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// A CR ending that closed the previous line before this character.
    pub flushed: Option<LineEnd>,
    /// What this character is.
    pub role: Role,
}

/// The line-ending machine: holds a CR until the character after it is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineMachine {
    cr: Option<LineEnd>,
}

impl LineMachine {
    /// A machine with no CR waiting.
    pub const fn new() -> LineMachine {
        LineMachine { cr: None }
    }

    /// True when no CR waits for its follower.
    #[inline(always)]
    pub fn is_idle(&self) -> bool {
        self.cr.is_none()
    }

    /// The character `c`, whose `bytes` start at `offset`.
    #[inline(always)]
    pub fn push(&mut self, c: char, offset: u64, bytes: &[u8]) -> Step {
        let kind = ending_of(c);
        if let Some(cr) = self.cr.take() {
            if kind == Some(EndingKind::Lf) {
                // The CR's bytes, then the LF's (a unit each: at most 4 + 4).
                let mut crlf = cr;
                crlf.kind = EndingKind::Crlf;
                let at = usize::from(cr.len);
                let n = bytes.len().min(8 - at);
                if let (Some(d), Some(s)) = (crlf.bytes.get_mut(at..at + n), bytes.get(..n)) {
                    d.copy_from_slice(s);
                }
                crlf.len = (at + n) as u8;
                return Step {
                    flushed: None,
                    role: Role::Ends(crlf),
                };
            }
            return Step {
                flushed: Some(cr),
                role: self.role(kind, offset, bytes),
            };
        }
        Step {
            flushed: None,
            role: self.role(kind, offset, bytes),
        }
    }

    #[inline(always)]
    fn role(&mut self, kind: Option<EndingKind>, offset: u64, bytes: &[u8]) -> Role {
        match kind {
            None => Role::Char,
            Some(EndingKind::Cr) => {
                self.cr = Some(LineEnd::new(EndingKind::Cr, offset, bytes));
                Role::Cr
            }
            Some(kind) => Role::Ends(LineEnd::new(kind, offset, bytes)),
        }
    }

    /// Something other than a character arrives (a bad unit, a run of plain ASCII): a waiting
    /// CR ends its line alone.
    #[inline]
    pub fn interrupt(&mut self) -> Option<LineEnd> {
        self.cr.take()
    }

    /// The end of the input: a waiting CR ends its line alone.
    #[inline]
    pub fn finish(&mut self) -> Option<LineEnd> {
        self.cr.take()
    }
}

/// The longest line (L5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LongestLine {
    /// Its number, from 1.
    pub line: u64,
    /// Its length in characters, ending excluded.
    pub characters: u64,
}

/// Counts of line endings by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Endings {
    pub lf: u64,
    pub crlf: u64,
    pub cr: u64,
    pub nel: u64,
    pub ls: u64,
    pub ps: u64,
}

impl Endings {
    /// The count for one kind.
    pub fn get(&self, kind: EndingKind) -> u64 {
        match kind {
            EndingKind::Lf => self.lf,
            EndingKind::Crlf => self.crlf,
            EndingKind::Cr => self.cr,
            EndingKind::Nel => self.nel,
            EndingKind::Ls => self.ls,
            EndingKind::Ps => self.ps,
        }
    }

    /// The count for one kind, to add to (an exhaustive match: a new kind must have a field).
    pub(crate) fn get_mut(&mut self, kind: EndingKind) -> &mut u64 {
        match kind {
            EndingKind::Lf => &mut self.lf,
            EndingKind::Crlf => &mut self.crlf,
            EndingKind::Cr => &mut self.cr,
            EndingKind::Nel => &mut self.nel,
            EndingKind::Ls => &mut self.ls,
            EndingKind::Ps => &mut self.ps,
        }
    }

    /// All endings together.
    pub fn total(&self) -> u64 {
        EndingKind::ALL.iter().map(|k| self.get(*k)).sum()
    }

    /// The kinds that occur, most common first.
    pub fn present(&self) -> Vec<(EndingKind, u64)> {
        let mut v: Vec<_> = EndingKind::ALL
            .iter()
            .map(|&k| (k, self.get(k)))
            .filter(|(_, n)| *n > 0)
            .collect();
        v.sort_by_key(|e| std::cmp::Reverse(e.1));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str, split_finish: bool) -> Vec<(EndingKind, u64, usize)> {
        let mut m = LineMachine::new();
        let mut out = Vec::new();
        let mut push = |e: LineEnd| out.push((e.kind, e.offset, e.bytes().len()));
        for (i, c) in s.char_indices() {
            let mut b = [0u8; 4];
            let step = m.push(c, i as u64, c.encode_utf8(&mut b).as_bytes());
            if let Some(e) = step.flushed {
                push(e);
            }
            if let Role::Ends(e) = step.role {
                push(e);
            }
        }
        if split_finish {
            if let Some(e) = m.finish() {
                push(e);
            }
        }
        out
    }

    #[test]
    fn l1_every_kind() {
        use EndingKind::*;
        assert_eq!(
            kinds("a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}\r", true),
            [
                (Lf, 1, 1),
                (Crlf, 3, 2),
                (Cr, 6, 1),
                (Nel, 8, 2),
                (Ls, 11, 3),
                (Ps, 15, 3),
                (Cr, 18, 1)
            ]
        );
        assert_eq!(kinds("\r\r\n", true), [(Cr, 0, 1), (Crlf, 1, 2)]);
        assert_eq!(kinds("a\u{B}b\u{C}", true), []);
        assert_eq!(kinds("\r", false), []);
    }

    #[test]
    fn interrupt_ends_a_waiting_cr() {
        let mut m = LineMachine::new();
        assert_eq!(m.push('\r', 4, b"\r").role, Role::Cr);
        assert!(!m.is_idle());
        let e = m.interrupt().map(|e| (e.kind, e.offset, e.end()));
        assert_eq!(e, Some((EndingKind::Cr, 4, 5)));
        assert!(m.is_idle());
        assert_eq!(m.interrupt(), None);
    }

    #[test]
    fn utf32_crlf_keeps_all_eight_bytes() {
        let mut m = LineMachine::new();
        m.push('\r', 0, &[0x0D, 0, 0, 0]);
        let Role::Ends(e) = m.push('\n', 4, &[0x0A, 0, 0, 0]).role else {
            panic!("no ending");
        };
        assert_eq!(e.bytes(), [0x0D, 0, 0, 0, 0x0A, 0, 0, 0]);
        assert_eq!(e.byte_len(), 8);
    }
}
