//! One line's statistics and class (docs/mojibake.md G1–G2), byte by byte: the same for any
//! chunking because nothing here looks at chunk boundaries.

use crate::swar::{find_byte, rfind_byte, tally, Tally};

/// How a line's units are laid out, which decides where its LF is (G1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One byte per unit: the line ends at any 0A.
    Byte,
    /// UTF-16LE: 0A 00 at an even position.
    Le16,
    /// UTF-16BE: 00 0A, the 0A at an odd position.
    Be16,
    /// UTF-32LE: 0A 00 00 00 at a position divisible by four.
    Le32,
    /// UTF-32BE: 00 00 00 0A.
    Be32,
}

/// The class of one line (G2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// Bytes below 80 only.
    Ascii,
    /// Valid UTF-8 with multi-byte sequences (or a UTF-8 mark).
    Utf8,
    /// Bytes above 7F that form no valid UTF-8 (more invalid sequences than valid ones).
    Legacy,
    /// The zero bytes of a UTF-16/32 layout (or its mark).
    Wide(Mode),
}

/// A finished line.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub start: u64,
    pub end: u64,
    pub class: Class,
    /// Characters above U+007F (8-bit lines: valid sequences plus invalid ones).
    pub non_ascii: u64,
    /// Bytes above 7F.
    pub high: u64,
    /// The line starts with a byte order mark (G3).
    pub mark: bool,
}

/// The line being read.
#[derive(Clone, Debug)]
pub(crate) struct LineState {
    start: u64,
    len: u64,
    head: [u8; 4],
    zeros: [u64; 4],
    high: u64,
    valid: u64,
    invalid: u64,
    need: u8,
    lo: u8,
    hi: u8,
    last: u8,
    /// Zero bytes that still belong to the LF just read (UTF-16LE/32LE).
    pending: u8,
    mode: Mode,
    /// The line's LF was read (its layout is then fixed).
    lf: bool,
}

impl LineState {
    pub fn new(start: u64) -> LineState {
        LineState {
            start,
            len: 0,
            head: [0xAA; 4],
            zeros: [0; 4],
            high: 0,
            valid: 0,
            invalid: 0,
            need: 0,
            lo: 0x80,
            hi: 0xBF,
            last: 0xAA,
            pending: 0,
            mode: Mode::Byte,
            lf: false,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn end(&self) -> u64 {
        self.start + self.len
    }

    /// The mark at the head of the line, if any, with the layout it announces (G3).
    fn mark(&self) -> Option<Mode> {
        let h = self.head;
        let n = self.len;
        if n >= 4 && h == [0xFF, 0xFE, 0, 0] {
            Some(Mode::Le32)
        } else if n >= 4 && h == [0, 0, 0xFE, 0xFF] {
            Some(Mode::Be32)
        } else if n >= 3 && h[..3] == [0xEF, 0xBB, 0xBF] {
            Some(Mode::Byte)
        } else if n >= 2 && h[..2] == [0xFF, 0xFE] {
            Some(Mode::Le16)
        } else if n >= 2 && h[..2] == [0xFE, 0xFF] {
            Some(Mode::Be16)
        } else {
            None
        }
    }

    /// G1: the layout the zero bytes show, once the line has at least 3 bytes; else `prev`.
    /// A switch of byte order at one unit width needs a mark (G3): without one, a line whose
    /// zeros would say the other byte order keeps `prev`'s, and so does a line at least half
    /// zeros that no layout explains.
    fn layout(&self, prev: Mode) -> Mode {
        if let Some(m) = self.mark() {
            return m;
        }
        if self.len < 3 {
            return prev;
        }
        let m = self.zero_layout();
        // A line of NULs in a UTF-16/32 text has zeros on both sides, which no layout
        // explains; a line of CJK or of characters beyond the BMP in UTF-16/32 holds few zero bytes
        // (or none), in no one layout's places, and may hold a 0A as one byte of a unit
        // (U+4E0A is 0A 4E in UTF-16LE): its zeros tell no layout. It keeps the layout before
        // it, whose LF (with its zeros) then ends it, unless it has no zero byte at all and
        // reads as ASCII or UTF-8: a byte-layout line after wide text (an appended export).
        // A legacy line after wide text is not told apart (decision 115).
        let zeros: u64 = self.zeros.iter().sum();
        let utf8 = zeros == 0 && self.invalid == 0 && self.need == 0;
        if m == Mode::Byte && prev != Mode::Byte && !utf8 {
            return prev;
        }
        // Another byte order or unit width needs a mark (a line of UTF-32 characters beyond
        // the BMP has zeros where UTF-16's would be).
        let flipped = prev != Mode::Byte && m != Mode::Byte && m != prev;
        if flipped {
            prev
        } else {
            m
        }
    }

    /// G1: the layout of the line's zero bytes alone.
    fn zero_layout(&self) -> Mode {
        zero_layout(self.zeros, self.len)
    }

    fn utf8(&mut self, b: u8) {
        if self.need > 0 {
            if (self.lo..=self.hi).contains(&b) {
                self.need -= 1;
                self.lo = 0x80;
                self.hi = 0xBF;
                if self.need == 0 {
                    self.valid += 1;
                }
                return;
            }
            self.invalid += 1;
            self.need = 0;
            self.lo = 0x80;
            self.hi = 0xBF;
        }
        let (need, lo, hi) = match b {
            0x00..=0x7F => return,
            0xC2..=0xDF => (1, 0x80, 0xBF),
            0xE0 => (2, 0xA0, 0xBF),
            0xED => (2, 0x80, 0x9F),
            0xE1..=0xEF => (2, 0x80, 0xBF),
            0xF0 => (3, 0x90, 0xBF),
            0xF1..=0xF3 => (3, 0x80, 0xBF),
            0xF4 => (3, 0x80, 0x8F),
            _ => {
                self.invalid += 1;
                return;
            }
        };
        self.need = need;
        self.lo = lo;
        self.hi = hi;
    }

    fn take(&mut self, b: u8) {
        let p = self.len;
        if let Some(slot) = self.head.get_mut(p as usize) {
            *slot = b;
        }
        if b == 0 {
            if let Some(z) = self.zeros.get_mut((p % 4) as usize) {
                *z += 1;
            }
        }
        if b >= 0x80 {
            self.high += 1;
        }
        self.utf8(b);
        self.last = b;
        self.len += 1;
    }

    /// True when the next byte may be taken by [`LineState::ascii`]: no LF zero pending and
    /// no UTF-8 sequence open.
    #[inline]
    pub fn plain(&self) -> bool {
        self.pending == 0 && self.need == 0
    }

    /// Takes a stretch of bytes 01–7F other than 0A (found by [`plain_prefix`]) at once: the
    /// same updates as [`LineState::byte`] on each of them while [`LineState::plain`].
    #[inline]
    pub fn ascii(&mut self, bytes: &[u8]) {
        let Some(&last) = bytes.last() else { return };
        if self.len < 4 {
            let at = self.len as usize;
            for (slot, &b) in self.head.iter_mut().skip(at).zip(bytes) {
                *slot = b;
            }
        }
        self.last = last;
        self.len += bytes.len() as u64;
    }

    /// Takes one byte; `Some(true)` when the line is complete after it, `Some(false)` when the
    /// line was complete before it (the byte is not taken: it starts the next line), `None`
    /// when the line goes on. `prev` is the layout of the line before.
    pub fn byte(&mut self, b: u8, prev: Mode) -> Option<bool> {
        if self.pending > 0 {
            if b != 0 {
                // The 0A was the low byte of a unit (0A 4E is U+4E0A in UTF-16LE), not an
                // LF: the line goes on.
                self.pending = 0;
                self.lf = false;
                self.take(b);
                return None;
            }
            self.take(b);
            self.pending -= 1;
            return (self.pending == 0).then_some(true);
        }
        let p = self.len;
        let before = self.last;
        if b != 0x0A {
            self.take(b);
            return None;
        }
        let mode = self.layout(prev);
        let lf = match mode {
            Mode::Byte => true,
            Mode::Le16 => p.is_multiple_of(2),
            Mode::Be16 => p % 2 == 1 && before == 0,
            Mode::Le32 => p.is_multiple_of(4),
            Mode::Be32 => p % 4 == 3 && before == 0,
        };
        self.take(b);
        if !lf {
            return None;
        }
        self.mode = mode;
        self.lf = true;
        self.pending = match mode {
            Mode::Le16 => 1,
            Mode::Le32 => 3,
            _ => 0,
        };
        (self.pending == 0).then_some(true)
    }

    /// The line's class and figures (G2).
    pub fn finish(&mut self, prev: Mode) -> Line {
        if !self.lf {
            self.mode = self.layout(prev);
        }
        self.pending = 0;
        if self.need > 0 {
            self.invalid += 1;
            self.need = 0;
        }
        let mark = self.mark().is_some();
        let class = match self.mode {
            Mode::Byte if mark => Class::Utf8,
            Mode::Byte if self.high == 0 => Class::Ascii,
            Mode::Byte if self.invalid == 0 || self.valid > self.invalid => Class::Utf8,
            Mode::Byte => Class::Legacy,
            m => Class::Wide(m),
        };
        Line {
            start: self.start,
            end: self.end(),
            class,
            non_ascii: self.valid + self.invalid,
            high: self.high,
            mark,
        }
    }

    /// The layout the finished line had (for the next line's short-line fallback).
    pub fn mode(&self) -> Mode {
        self.mode
    }
}

/// G1: the layout that zero bytes counted by place modulo 4 (`zeros`) show in a line of
/// `len` bytes.
fn zero_layout(zeros: [u64; 4], len: u64) -> Mode {
    let [z0, z1, z2, z3] = zeros;
    let quads = len / 4;
    if quads >= 1 && z2 * 5 >= quads * 4 && z3 * 5 >= quads * 4 && z0 * 2 < quads {
        return Mode::Le32;
    }
    if quads >= 1 && z0 * 5 >= quads * 4 && z1 * 5 >= quads * 4 && z3 * 2 < quads {
        return Mode::Be32;
    }
    let pairs = len / 2;
    let (even, odd) = (z0 + z2, z1 + z3);
    if pairs >= 1 && odd * 5 >= pairs * 3 && even * 5 <= odd {
        return Mode::Le16;
    }
    if pairs >= 1 && even * 5 >= pairs * 3 && odd * 5 <= even {
        return Mode::Be16;
    }
    Mode::Byte
}

/// G8's bulk path: the longest prefix of `bytes` made of whole lines (each ending in LF) that,
/// taken one byte at a time at a line start after a line of the byte layout, would each end at
/// their LF as ASCII or UTF-8 lines of the byte layout: valid UTF-8 whose zero bytes show no
/// wider layout (G1). Returns its length and its [`Tally`]. A line that might read otherwise
/// is left out, with everything after it.
pub(crate) fn clean_lines(bytes: &[u8]) -> (usize, Tally) {
    let Some(last_lf) = bytes.iter().rposition(|&b| b == b'\n') else {
        return (0, Tally::default());
    };
    let mut end = last_lf + 1;
    let whole = bytes.get(..end).unwrap_or_default();
    if let Err(e) = simdutf8::compat::from_utf8(whole) {
        let valid = whole.get(..e.valid_up_to()).unwrap_or_default();
        match valid.iter().rposition(|&b| b == b'\n') {
            Some(lf) => end = lf + 1,
            None => return (0, Tally::default()),
        }
    }
    // The lines that hold a zero byte: the byte layout unless their zeros say otherwise.
    let mut pos = 0;
    while let Some(z) = find_byte(bytes.get(pos..end).unwrap_or_default(), 0) {
        let z = pos + z;
        let before = bytes.get(pos..z).unwrap_or_default();
        let start = rfind_byte(before, b'\n').map_or(pos, |lf| pos + lf + 1);
        // The stretch ends with an LF, so one follows the zero.
        let after = bytes.get(z..end).unwrap_or_default();
        let lf = z + find_byte(after, b'\n').unwrap_or(after.len() - 1);
        if !byte_layout(bytes.get(start..lf).unwrap_or_default(), z - start) {
            end = start;
            break;
        }
        pos = lf + 1;
    }
    (end, tally(bytes.get(..end).unwrap_or_default()))
}

/// True when `line` (valid UTF-8, its LF left out, its first zero byte at `first_zero`), read
/// after a line of the byte layout, keeps the byte layout at its LF: what
/// [`LineState::layout`] gives it then.
fn byte_layout(line: &[u8], first_zero: usize) -> bool {
    let len = line.len() as u64;
    if len < 3 || line.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return true;
    }
    let mut zeros = [0u64; 4];
    let mut at = first_zero;
    while let Some(z) = zeros.get_mut(at % 4) {
        *z += 1;
        match find_byte(line.get(at + 1..).unwrap_or_default(), 0) {
            Some(next) => at += 1 + next,
            None => break,
        }
    }
    zero_layout(zeros, len) == Mode::Byte
}

/// The length of the longest prefix of `bytes` made of bytes 01–7F other than 0A (eight at a
/// time): the stretch that [`LineState::ascii`] takes at once.
#[inline]
pub(crate) fn plain_prefix(bytes: &[u8]) -> usize {
    crate::swar::ascii_prefix_without(bytes, 0x00, 0x0A)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The naive reference of G2's UTF-8 figures: std's `utf8_chunks` (maximal subparts).
    fn naive(bytes: &[u8]) -> (u64, u64, u64) {
        let (mut valid, mut invalid) = (0, 0);
        for chunk in bytes.utf8_chunks() {
            valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count() as u64;
            invalid += u64::from(!chunk.invalid().is_empty());
        }
        let high = bytes.iter().filter(|&&b| b >= 0x80).count() as u64;
        (valid, invalid, high)
    }

    fn line_of(bytes: &[u8]) -> (Line, LineState) {
        let mut s = LineState::new(0);
        for &b in bytes {
            assert_eq!(s.byte(b, Mode::Byte), None);
        }
        (s.clone().finish(Mode::Byte), s)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// G2: the line's UTF-8 figures are those of the naive reference.
        #[test]
        fn g2_utf8_figures_match_the_naive_reference(
            bytes in proptest::collection::vec(
                prop_oneof![
                    Just(0x41u8), Just(0x80), Just(0x8F), Just(0x9F), Just(0xA0), Just(0xBF),
                    Just(0xC2), Just(0xDF), Just(0xE0), Just(0xED), Just(0xEF), Just(0xF0),
                    Just(0xF4), Just(0xF5), Just(0xC0), Just(0xFF), Just(0x20),
                ],
                0..24,
            )
        ) {
            let (line, mut state) = line_of(&bytes);
            let (valid, invalid, high) = naive(&bytes);
            prop_assert_eq!(line.high, high);
            if state.need > 0 {
                state.invalid += 1;
            }
            prop_assert_eq!((state.valid, state.invalid), (valid, invalid));
            prop_assert_eq!(line.non_ascii, valid + invalid);
        }
    }

    proptest! {
        /// The stretch `plain_prefix` finds is exactly the bytes 01–7F other than 0A.
        #[test]
        fn plain_prefix_is_the_plain_stretch(
            bytes in proptest::collection::vec(
                prop_oneof![Just(0u8), Just(0x0A), Just(0x41), Just(0x7F), Just(0x80), Just(0xFF)],
                0..40,
            )
        ) {
            let want = bytes.iter().take_while(|&&b| b != 0 && b != 0x0A && b < 0x80).count();
            prop_assert_eq!(plain_prefix(&bytes), want);
        }
    }

    #[test]
    fn g1_lf_of_each_layout() {
        let mut s = LineState::new(0);
        // UTF-16LE: the 0A of U+0A0D is no LF; 0A 00 is, with its zero.
        for &b in &[0xFF, 0xFE, 0x0D, 0x0A, 0x61, 0x00] {
            assert_eq!(s.byte(b, Mode::Byte), None);
        }
        assert_eq!(s.byte(0x0A, Mode::Byte), None);
        assert_eq!(s.byte(0x00, Mode::Byte), Some(true));
        assert_eq!(s.finish(Mode::Byte).class, Class::Wide(Mode::Le16));
        // UTF-16BE after a UTF-16BE line: an empty line 00 0A.
        let mut s = LineState::new(0);
        assert_eq!(s.byte(0x00, Mode::Be16), None);
        assert_eq!(s.byte(0x0A, Mode::Be16), Some(true));
        assert_eq!(s.finish(Mode::Be16).class, Class::Wide(Mode::Be16));
        // A byte line: any 0A.
        let mut s = LineState::new(0);
        assert_eq!(s.byte(b'a', Mode::Byte), None);
        assert_eq!(s.byte(0x0A, Mode::Byte), Some(true));
        assert_eq!(s.finish(Mode::Byte).class, Class::Ascii);
    }
}
