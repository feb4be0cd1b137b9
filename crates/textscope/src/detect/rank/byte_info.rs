//! What a single-byte page makes of one byte, as the pricing reads it: the letter and its
//! flags ([`ByteInfo`]) and the same packed for the first pass ([`PairCode`]). Below the pages'
//! models (`single.rs`) and the first pass's counts (`pair_counts.rs`), which both read them
//! (issue 37).

/// What a page's byte is to the scorer.
#[derive(Clone, Copy)]
pub(super) struct ByteInfo {
    /// The letter (folded as the models are; a combining mark counts as one), or ' ' for a
    /// word's edge, punctuation, a symbol, a control or an unmapped byte.
    pub letter: char,
    /// The languages of the page's models that never write the letter (0 for an edge, and for
    /// an ASCII byte of a page that keeps ASCII: its letter is the window's own).
    pub alien: u64,
    pub flags: u8,
    /// `letter_script` of the letter.
    pub script: u8,
}

/// Punctuation, a symbol, a control or an unmapped byte, or ASCII punctuation rarely met beside
/// a letter (`` ` \ { } | ~ ^ [ ] @ # $ < > ``) read from another byte (EBCDIC).
pub(super) const ODD: u8 = 1;
pub(super) const LOWER: u8 = 2;
pub(super) const UPPER: u8 = 4;
/// An Arabic form that joins the next letter.
pub(super) const JOINS: u8 = 8;
/// An edge, or a letter of a script no model covers (Armenian, Georgian).
pub(super) const NATIVE: u8 = 16;
/// A typographic quote, ’ or ‘ (a word's edge that pays beside a letter, `pair_counts.rs`).
pub(super) const QUOTE: u8 = 32;
/// A low quotation mark, „ or ‚: it opens a quotation in every language that writes it, so
/// it stands before a letter and never after one, nor before a space (`pair_counts.rs`).
pub(super) const OPENS: u8 = 64;

/// A byte's flags (the low byte: [`ODD`], [`LOWER`], [`UPPER`], [`JOINS`], [`NATIVE`], and
/// [`PairCode::EDGE`] when its letter is ' ') and its letter's script (the high byte), in
/// two bytes: the pass over every pair of every page reads these rather than the whole
/// [`ByteInfo`].
#[derive(Clone, Copy, Default)]
pub(super) struct PairCode(pub u16);

impl PairCode {
    /// The letter is ' ': a word's edge, punctuation, a symbol, a control or unmapped.
    pub const EDGE: u16 = 0x80;

    pub(super) fn of(b: &ByteInfo) -> PairCode {
        let edge = if b.letter == ' ' { Self::EDGE } else { 0 };
        PairCode(u16::from(b.flags) | edge | u16::from(b.script) << 8)
    }

    pub fn edge(self) -> bool {
        self.0 & Self::EDGE != 0
    }

    pub fn has(self, flag: u8) -> bool {
        self.0 & u16::from(flag) != 0
    }

    pub fn script(self) -> u16 {
        self.0 >> 8
    }
}
