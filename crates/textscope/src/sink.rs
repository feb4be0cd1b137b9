//! The interfaces decoded text passes through: [`Sink`], where the decoders hand every
//! character or bad unit (the tracker, the structure builder and detection's statistics are
//! sinks), and [`CharSink`], the same events as a caller outside the core sees them
//! ([`Decoded`]). Below the decoders and the code pages, which both serve them.

use crate::problem::{ProblemKind, Utf8Reason};

/// Why a unit or a sequence of units decodes to U+FFFD. Each counts as one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bad {
    /// P1: half of a UTF-16 pair without its other half, or a surrogate unit in UTF-32.
    UnpairedSurrogate,
    /// P5: a character cut short by the end of the file.
    Truncated,
    /// P6: a UTF-32 unit above 10FFFF.
    InvalidCodePoint,
    /// P7: an ill-formed UTF-8 subpart.
    InvalidUtf8(Utf8Reason),
    /// P8: a legacy byte the code page does not map.
    Unmapped,
}

impl Bad {
    /// The problem kind this bad unit is (P1, P5, P6, P7 or P8).
    pub(crate) fn kind(self) -> ProblemKind {
        match self {
            Bad::UnpairedSurrogate => ProblemKind::UnpairedSurrogate,
            Bad::Truncated => ProblemKind::TruncatedCharacter,
            Bad::InvalidCodePoint => ProblemKind::InvalidCodePoint,
            Bad::InvalidUtf8(_) => ProblemKind::InvalidUtf8,
            Bad::Unmapped => ProblemKind::UnmappedByte,
        }
    }
}

/// Where decoded events go: the report tracker, the structure builder, detection statistics.
pub(crate) trait Sink {
    /// When true, the decoder may report runs of printable ASCII (U+0020–U+007E, one unit each)
    /// with [`Sink::ascii_run`] instead of one [`Sink::char`] call per character.
    const ASCII_RUNS: bool;
    /// `chars` printable ASCII characters, one unit of `width` bytes each, from `offset` on.
    fn ascii_run(&mut self, offset: u64, chars: usize, width: usize);
    /// The same run with its bytes (`width` per character), for a sink that must see the
    /// characters at times (the tracker inside a terminal escape sequence); the decoders call
    /// this one.
    #[inline(always)]
    fn ascii_bytes(&mut self, offset: u64, bytes: &[u8], width: usize) {
        self.ascii_run(offset, bytes.len() / width.max(1), width);
    }
    /// One decoded scalar value and its bytes.
    fn char(&mut self, c: char, offset: u64, bytes: &[u8]);
    /// One bad unit or subpart and its bytes.
    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]);
    /// The text changes layout here (docs/mojibake.md G9): what follows is `format`.
    #[inline]
    fn switched(&mut self, _format: crate::format::Format) {}
}

/// One decoded item: a scalar value, or a bad unit (one character, shown as U+FFFD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A Unicode scalar value.
    Char(char),
    /// A bad unit or subpart: P1, P5, P6, P7 or P8.
    Bad(ProblemKind),
}

/// Where the characters of a file go, one at a time: any `FnMut(offset, bytes, decoded)`, or
/// a value of the caller's (the character stream's consumer gives it back when it finishes).
pub trait CharSink {
    /// One character, or one bad unit, with its offset and bytes.
    fn char(&mut self, offset: u64, bytes: &[u8], decoded: Decoded);

    /// A run of printable ASCII characters (U+0020–U+007E: no ending, no problem, no
    /// finding), one unit of `width` bytes each, from `offset` on. By default one
    /// [`CharSink::char`] call each; a sink that follows lines may take the run at once (the
    /// [`crate::ObservedAnalyzer`] hands runs this way; the character stream's decoder never does).
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
