//! The characters of the text as a caller sees them ([`Decoded`], [`CharSink`]): beside
//! [`super::Sink`], the decoders' own interface, which they serve. The report's observer
//! ([`crate::ObservedConsumer`]) and the character stream ([`crate::chars`]) hand them out.

use crate::problem::ProblemKind;

/// One decoded item: a scalar value, or a bad unit (one character, shown as U+FFFD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A Unicode scalar value.
    Char(char),
    /// A bad unit or subpart: P1, P5, P6, P7 or P8.
    Bad(ProblemKind),
}

/// Where the characters of a file go, one at a time: any `FnMut(offset, bytes, decoded)`, or
/// a value of the caller's (a [`crate::chars::CharConsumer`] gives it back when it finishes).
pub trait CharSink {
    /// One character, or one bad unit, with its offset and bytes.
    fn char(&mut self, offset: u64, bytes: &[u8], decoded: Decoded);

    /// A run of printable ASCII characters (U+0020–U+007E: no ending, no problem, no
    /// finding), one unit of `width` bytes each, from `offset` on. By default one
    /// [`CharSink::char`] call each; a sink that follows lines may take the run at once (the
    /// [`crate::ObservedAnalyzer`] hands runs this way; a [`crate::chars::CharDecoder`] never does).
    fn ascii(&mut self, offset: u64, bytes: &[u8], width: usize) {
        let w = width.max(1);
        let mut at = offset;
        for unit in bytes.chunks(w) {
            self.char(at, unit, Decoded::Char(ascii_unit(unit)));
            at += w as u64;
        }
    }
}

/// The character of one unit of a printable ASCII run (see [`CharSink::ascii`]): its bytes
/// are zero but one, in either byte order.
#[inline]
pub fn ascii_unit(unit: &[u8]) -> char {
    char::from(unit.iter().fold(0, |a, b| a | b))
}

impl<F: FnMut(u64, &[u8], Decoded)> CharSink for F {
    fn char(&mut self, offset: u64, bytes: &[u8], decoded: Decoded) {
        self(offset, bytes, decoded);
    }
}
