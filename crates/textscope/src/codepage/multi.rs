//! Streaming decoders for the multi-byte pages encoding_rs lacks: Johab (KS X 1001 annex 3),
//! EUC-TW (CNS 11643 planes 1 and 2; the other planes are unmapped, P8), ISO-2022-KR
//! (RFC 1557), ISO-2022-CN (RFC 1922), HZ-GB-2312 (RFC 1843), and EUC-JIS-2004 and
//! Shift_JIS-2004 (JIS X 0213:2004) (SPEC D11, U4, U5).
//!
//! The state is a few bytes and flags (`Copy`): the bytes of a character begun in one chunk,
//! and for ISO-2022 the designations and the shift state. Escape sequences and SO/SI belong
//! to the encoding (D11): they give no character and are shown with the next character's bytes.

use super::tables_cns::{CNS_PLANE1, CNS_PLANE2};
use super::tables_jis::{JIS_PAIRS, JIS_PLANE1, JIS_PLANE2};
use crate::sink::{Bad, Sink};

/// Which state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Which {
    Johab,
    EucTw,
    Iso2022Kr,
    Iso2022Cn,
    /// RFC 1843: ASCII, and GB 2312 pairs between `~{` and `~}`.
    Hz,
    EucJis2004,
    ShiftJis2004,
}

/// What an ISO-2022 G1 set holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum G1 {
    None,
    Ksc,
    Gb,
    Cns1,
}

/// Most bytes kept: escape sequences and shifts with no character yet (both designations of
/// ISO-2022-CN and SO are 9 bytes), then a character of up to 4 (SS2 and a pair).
const MAX: usize = 24;

/// The decoder's whole state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MultiDecoder {
    which: Which,
    seq: [u8; MAX],
    /// Bytes of `seq` held (fed and not yet handed on).
    held: usize,
    /// Bytes of `seq` the state machine is looking at (`prefix..len`); the rest, up to
    /// `held`, are bytes given back after a bad sequence, to be read again one at a time.
    len: usize,
    /// Offset of `seq[0]`.
    start: u64,
    /// Bytes of `seq` that are escapes or shifts already understood (shown with the next char).
    prefix: usize,
    so: bool,
    g1: G1,
    g2_cns2: bool,
}

fn cns(plane: &[u16; 94 * 94], a: u8, b: u8) -> Option<char> {
    let (r, c) = (
        usize::from(a.checked_sub(0xA1)?),
        usize::from(b.checked_sub(0xA1)?),
    );
    if r >= 94 || c >= 94 {
        return None;
    }
    let v = *plane.get(r * 94 + c)?;
    (v != 0xFFFF)
        .then(|| char::from_u32(u32::from(v)))
        .flatten()
}

/// A JIS X 0213 code (plane 1 or 2, row and cell bytes A1-FE): its character, or its two
/// characters (25 kana and tone letters with a combining mark, which Unicode has no one
/// character for).
fn jis_x0213(plane2: bool, a: u8, b: u8) -> Option<(char, Option<char>)> {
    let (r, c) = (
        usize::from(a.checked_sub(0xA1)?),
        usize::from(b.checked_sub(0xA1)?),
    );
    if r >= 94 || c >= 94 {
        return None;
    }
    let table = if plane2 { &JIS_PLANE2 } else { &JIS_PLANE1 };
    match *table.get(r * 94 + c)? {
        0 => None,
        v if v >= 0x11_0000 => {
            let [x, y] = *JIS_PAIRS.get(usize::try_from(v - 0x11_0000).ok()?)?;
            Some((char::from_u32(x)?, Some(char::from_u32(y)?)))
        }
        v => Some((char::from_u32(v)?, None)),
    }
}

/// A Shift_JIS-2004 pair moved to its JIS X 0213 plane and EUC row and cell bytes. Leads
/// 81-9F and E0-EF hold two rows of plane 1 each; F0-FC hold plane 2's rows 1, 8, 3, 4, 5, 12,
/// 13, 14, 15, 78 and 79-94, two a lead. A trail 40-9E (7F aside) is the lead's first row,
/// 9F-FC its second.
fn sjis_to_jis(l: u8, t: u8) -> Option<(bool, u8, u8)> {
    let (plane2, rows) = match l {
        0x81..=0x9F => (false, [(l - 0x81) * 2 + 1, (l - 0x81) * 2 + 2]),
        0xE0..=0xEF => (false, [(l - 0xC1) * 2 + 1, (l - 0xC1) * 2 + 2]),
        0xF0 => (true, [1, 8]),
        0xF1 => (true, [3, 4]),
        0xF2 => (true, [5, 12]),
        0xF3 => (true, [13, 14]),
        0xF4 => (true, [15, 78]),
        0xF5..=0xFC => (true, [79 + (l - 0xF5) * 2, 80 + (l - 0xF5) * 2]),
        _ => return None,
    };
    let (row, cell) = match t {
        0x40..=0x7E => (rows[0], t - 0x3F),
        0x80..=0x9E => (rows[0], t - 0x40),
        0x9F..=0xFC => (rows[1], t - 0x9E),
        _ => return None,
    };
    Some((plane2, row + 0xA0, cell + 0xA0))
}

fn euc_kr(a: u8, b: u8) -> Option<char> {
    decode_pair(encoding_rs::EUC_KR, a, b)
}

fn decode_pair(enc: &'static encoding_rs::Encoding, a: u8, b: u8) -> Option<char> {
    let pair = [a, b];
    let s = enc.decode_without_bom_handling_and_without_replacement(&pair)?;
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) if !c.is_ascii() => Some(c),
        _ => None,
    }
}

/// Whether GB 2312-80 defines the code at row byte `a`, cell byte `b` (both 21-7E). Its
/// 94×94 table (GB 2312-80 §5, the code chart): rows 1-9 hold the 682 symbols, with gaps; rows
/// 10-15 are empty; rows 16-55 hold the 3,755 hanzi of level 1, row 55 only to cell 89
/// (byte 79); rows 56-87 the 3,008 of level 2; rows 88-94 are empty: 7,445 codes (Python's
/// gb2312 codec and glibc's GB2312 agree, code for code).
fn gb2312_defined(a: u8, b: u8) -> bool {
    let cells: &[(u8, u8)] = match a {
        0x21 | 0x23 | 0x30..=0x56 | 0x58..=0x77 => &[(0x21, 0x7E)],
        0x22 => &[(0x31, 0x62), (0x65, 0x6E), (0x71, 0x7C)],
        0x24 => &[(0x21, 0x73)],
        0x25 => &[(0x21, 0x76)],
        0x26 => &[(0x21, 0x38), (0x41, 0x58)],
        0x27 => &[(0x21, 0x41), (0x51, 0x71)],
        0x28 => &[(0x21, 0x3A), (0x45, 0x69)],
        0x29 => &[(0x24, 0x6F)],
        0x57 => &[(0x21, 0x79)],
        _ => &[],
    };
    cells.iter().any(|&(lo, hi)| (lo..=hi).contains(&b))
}

/// A GB 2312 pair of ISO-2022-CN's `ESC $ ) A` (RFC 1922), as 7-bit bytes. GBK (EUC-CN's
/// superset, encoding_rs's table) gives the characters, but only for the codes GB 2312 has:
/// GBK fills the rest of A1-FE × A1-FE (1,391 codes: symbols, user-defined areas). Two of
/// GBK's characters differ from Python's gb2312: 21 24 is U+00B7 (not U+30FB) and 21 2A is
/// U+2014 (not U+2015), as in encoding_rs's GBK and gb18030.
fn gb2312(a: u8, b: u8) -> Option<char> {
    gb2312_defined(a, b)
        .then(|| decode_pair(encoding_rs::GBK, a | 0x80, b | 0x80))
        .flatten()
}

/// A GB 2312 pair as 7-bit bytes (21-7E each), for HZ's detection (`detect/iso2022.rs`).
pub(crate) fn gb2312_char(a: u8, b: u8) -> Option<char> {
    gb2312(a, b)
}

const JOHAB_INITIAL: [u16; 19] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147,
    0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
];
const JOHAB_FINAL: [u16; 27] = [
    0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C, 0x313D,
    0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B,
    0x314C, 0x314D, 0x314E,
];

/// One Johab pair: Hangul from its three 5-bit jamo fields, symbols and hanja by moving the
/// pair to its KS X 1001 row and column (decoded by encoding_rs's EUC-KR).
pub(crate) fn johab(l: u8, t: u8) -> Option<char> {
    match l {
        0x84..=0xD3 => {
            if !matches!(t, 0x41..=0x7E | 0x81..=0xFE) {
                return None;
            }
            let code = u16::from_be_bytes([l, t]);
            let (i, m, f) = ((code >> 10) & 31, (code >> 5) & 31, code & 31);
            let initial = match i {
                1 => None,
                2..=20 => Some(i - 2),
                _ => return None,
            };
            let medial = match m {
                2 => None,
                3..=7 => Some(m - 3),
                10..=15 => Some(m - 5),
                18..=23 => Some(m - 7),
                26..=29 => Some(m - 9),
                _ => return None,
            };
            let fin = match f {
                1 => None,
                2..=17 => Some(f - 1),
                19..=29 => Some(f - 2),
                _ => return None,
            };
            let v = match (initial, medial, fin) {
                (Some(i), Some(m), f) => {
                    0xAC00 + (u32::from(i) * 21 + u32::from(m)) * 28 + u32::from(f.unwrap_or(0))
                }
                (None, None, Some(f)) => u32::from(*JOHAB_FINAL.get(usize::from(f - 1))?),
                (_, _, Some(_)) => return None,
                (Some(i), None, None) => u32::from(*JOHAB_INITIAL.get(usize::from(i))?),
                (None, Some(m), None) => 0x314F + u32::from(m),
                (None, None, None) => 0x3000,
            };
            char::from_u32(v)
        }
        0xD9..=0xDE | 0xE0..=0xF9 => {
            let mut row = if l <= 0xDE {
                (l - 0xD9) * 2 + 0x21
            } else {
                (l - 0xE0) * 2 + 0x4A
            };
            let col = match t {
                0x31..=0x7E => t - 0x31 + 0x21,
                0x91..=0xA0 => t - 0x91 + 0x21 + 78,
                0xA1..=0xFE => {
                    row += 1;
                    t - 0x80
                }
                _ => return None,
            };
            // KS X 1001's row of compatibility jamo has no place in Johab (they are Hangul codes).
            euc_kr(row | 0x80, col | 0x80).filter(|c| !('\u{3131}'..='\u{3163}').contains(c))
        }
        _ => None,
    }
}

enum Step {
    /// Need more bytes.
    More,
    /// The sequence so far is a character.
    Char(char),
    /// The sequence so far is two characters (JIS X 0213's kana with a combining mark).
    Two(char, char),
    /// The sequence so far (all of it) is understood but gives no character (an escape, SO).
    Control,
    /// The first `n` bytes are bad; the rest are tried again.
    Bad(usize),
}

impl MultiDecoder {
    pub(crate) fn new(which: Which, offset: u64) -> Self {
        MultiDecoder {
            which,
            seq: [0; MAX],
            held: 0,
            len: 0,
            start: offset,
            prefix: 0,
            so: false,
            g1: G1::None,
            g2_cns2: false,
        }
    }

    fn step(&mut self) -> Step {
        let s = self.seq.get(self.prefix..self.len).unwrap_or_default();
        match self.which {
            Which::Johab => match *s {
                [b] if b < 0x80 => Step::Char(char::from(b)),
                [0x84..=0xD3 | 0xD9..=0xDE | 0xE0..=0xF9] => Step::More,
                [_] => Step::Bad(1),
                [l, t] => johab(l, t).map_or(Step::Bad(if t < 0x80 { 1 } else { 2 }), Step::Char),
                _ => Step::Bad(1),
            },
            Which::EucTw => match *s {
                [b] if b < 0x80 => Step::Char(char::from(b)),
                [0x8E] | [0xA1..=0xFE] | [0x8E, 0xA1..=0xB0] | [0x8E, 0xA1..=0xB0, 0xA1..=0xFE] => {
                    Step::More
                }
                [a @ 0xA1..=0xFE, b] => cns(&CNS_PLANE1, a, b)
                    .map_or(Step::Bad(if b < 0x80 { 1 } else { 2 }), Step::Char),
                [0x8E, p, a, b] => {
                    let c = match p {
                        0xA1 => cns(&CNS_PLANE1, a, b),
                        0xA2 => cns(&CNS_PLANE2, a, b),
                        _ => None,
                    };
                    c.map_or(Step::Bad(if b < 0x80 { 3 } else { 4 }), Step::Char)
                }
                [0x8E, ..] => Step::Bad(1),
                _ => Step::Bad(1),
            },
            Which::Iso2022Kr | Which::Iso2022Cn => self.iso2022(),
            Which::Hz => self.hz(),
            Which::EucJis2004 => {
                let jis = |plane2, a, b, n| {
                    jis_x0213(plane2, a, b).map_or(Step::Bad(n), |(c, d)| match d {
                        Some(d) => Step::Two(c, d),
                        None => Step::Char(c),
                    })
                };
                match *s {
                    [b] if b < 0x80 => Step::Char(char::from(b)),
                    [0x8E | 0x8F | 0xA1..=0xFE] | [0x8F, 0xA1..=0xFE] => Step::More,
                    // Half-width katakana, as in EUC-JP.
                    [0x8E, b @ 0xA1..=0xDF] => char::from_u32(0xFF61 + u32::from(b - 0xA1))
                        .map_or(Step::Bad(2), Step::Char),
                    // A trail outside A1-FE ends the lead alone and is read again (WHATWG's
                    // EUC-JP does the same).
                    [0x8E, b] => Step::Bad(if (0xA1..=0xFE).contains(&b) { 2 } else { 1 }),
                    [a @ 0xA1..=0xFE, b] if (0xA1..=0xFE).contains(&b) => jis(false, a, b, 2),
                    [0x8F, a, b] if (0xA1..=0xFE).contains(&b) => jis(true, a, b, 3),
                    [0x8F, _, _] => Step::Bad(2),
                    _ => Step::Bad(1),
                }
            }
            Which::ShiftJis2004 => match *s {
                // 00-7F are ASCII, as in every ASCII-compatible page here (decision 99).
                [b] if b < 0x80 => Step::Char(char::from(b)),
                [b @ 0xA1..=0xDF] => {
                    char::from_u32(0xFF61 + u32::from(b - 0xA1)).map_or(Step::Bad(1), Step::Char)
                }
                [0x81..=0x9F | 0xE0..=0xFC] => Step::More,
                [l, t] => {
                    let c = sjis_to_jis(l, t).and_then(|(p, a, b)| jis_x0213(p, a, b));
                    match c {
                        Some((c, Some(d))) => Step::Two(c, d),
                        Some((c, None)) => Step::Char(c),
                        // WHATWG's Shift_JIS: an ASCII trail is read again.
                        None => Step::Bad(if t < 0x80 { 1 } else { 2 }),
                    }
                }
                _ => Step::Bad(1),
            },
        }
    }

    /// HZ-GB-2312 (RFC 1843): `~{` shifts to GB 2312, `~}` back to ASCII, `~~` is a tilde and
    /// `~` before a line feed joins the lines (both give no character). In GB mode two bytes
    /// 21-7E are one GB 2312 character (a pair GB 2312 lacks is one bad item, so the next pair
    /// stays in step); a control byte there is itself, and any other byte is bad alone.
    fn hz(&mut self) -> Step {
        let s = self.seq.get(self.prefix..self.len).unwrap_or_default();
        match *s {
            [b'~'] => Step::More,
            [b'~', b'{'] if !self.so => {
                self.so = true;
                Step::Control
            }
            [b'~', b'}'] if self.so => {
                self.so = false;
                Step::Control
            }
            [b'~', b'\n'] if !self.so => Step::Control,
            [b'~', b'~'] if !self.so => Step::Char('~'),
            [b'~', _] => Step::Bad(1),
            [b] if b >= 0x80 => Step::Bad(1),
            [b] if !self.so || b < 0x21 || b == 0x7F => Step::Char(char::from(b)),
            [_] => Step::More,
            [a, b] if (0x21..0x7F).contains(&b) => gb2312(a, b).map_or(Step::Bad(2), Step::Char),
            _ => Step::Bad(1),
        }
    }

    fn iso2022(&mut self) -> Step {
        let s = self.seq.get(self.prefix..self.len).unwrap_or_default();
        let cn = self.which == Which::Iso2022Cn;
        match *s {
            [0x1B] | [0x1B, 0x24] | [0x1B, 0x24, 0x29 | 0x2A] => Step::More,
            [0x1B, 0x24, 0x29, f] => {
                let g = match (cn, f) {
                    (false, b'C') => G1::Ksc,
                    (true, b'A') => G1::Gb,
                    (true, b'G') => G1::Cns1,
                    _ => return Step::Bad(1),
                };
                self.g1 = g;
                Step::Control
            }
            [0x1B, 0x24, 0x2A, b'H'] if cn => {
                self.g2_cns2 = true;
                Step::Control
            }
            [0x1B, b'N'] if cn && self.g2_cns2 => Step::More,
            [0x1B, b'N', a] if (0x21..0x7F).contains(&a) => Step::More,
            [0x1B, b'N', _] => Step::Bad(2),
            // As a pair in G1: a trail outside 21-7E is read again.
            [0x1B, b'N', a, b] => match cns(&CNS_PLANE2, a | 0x80, b | 0x80) {
                Some(c) => Step::Char(c),
                None if (0x21..0x7F).contains(&b) => Step::Bad(4),
                None => Step::Bad(3),
            },
            [0x1B, ..] => Step::Bad(1),
            [0x0E] if self.g1 != G1::None => {
                self.so = true;
                Step::Control
            }
            [0x0F] => {
                self.so = false;
                Step::Control
            }
            [b] if !self.so || b < 0x21 || b == 0x7F => {
                if b == b'\n' || b == b'\r' {
                    // RFC 1922: designations end with the line; RFC 1557's shift too.
                    self.so = false;
                    if cn {
                        self.g1 = G1::None;
                        self.g2_cns2 = false;
                    }
                }
                if b < 0x80 {
                    Step::Char(char::from(b))
                } else {
                    Step::Bad(1)
                }
            }
            [a] if (0x21..0x7F).contains(&a) => Step::More,
            [a, b] => {
                // WHATWG's ISO-2022-JP trail byte state, which encoding_rs follows: a trail in
                // 21-7E makes a pair, one character even when the set lacks it; another byte
                // ends the lead alone and is read again.
                let trail = (0x21..0x7F).contains(&b);
                let c = if trail {
                    match self.g1 {
                        G1::Ksc => euc_kr(a | 0x80, b | 0x80),
                        G1::Gb => gb2312(a, b),
                        G1::Cns1 => cns(&CNS_PLANE1, a | 0x80, b | 0x80),
                        G1::None => None,
                    }
                } else {
                    None
                };
                c.map_or(Step::Bad(if trail { 2 } else { 1 }), Step::Char)
            }
            _ => Step::Bad(1),
        }
    }

    /// Feeds one byte.
    pub(crate) fn byte<S: Sink>(&mut self, b: u8, at: u64, sink: &mut S) {
        if self.held == 0 {
            self.start = at;
        }
        if let Some(slot) = self.seq.get_mut(self.held) {
            *slot = b;
            self.held += 1;
        }
        self.settle(sink, false);
    }

    /// Resolves what is held as far as it goes (`last`: the input has ended). The state
    /// machine is shown one more byte at a time; bytes a bad sequence gives back are read
    /// again from the state it leaves, one at a time, as WHATWG's decoders prepend them to
    /// the stream (encoding_rs's ISO-2022-JP: an ESC that starts no known sequence is one bad
    /// byte and what follows it is text again).
    fn settle<S: Sink>(&mut self, sink: &mut S, last: bool) {
        loop {
            if self.len <= self.prefix {
                if self.len >= self.held {
                    return;
                }
                self.len += 1;
            }
            match self.step() {
                Step::More if self.len < self.held => self.len += 1,
                Step::More if !last && self.len < MAX => return,
                Step::More => {
                    let bytes = self.seq.get(..self.len).unwrap_or_default();
                    sink.bad(Bad::Truncated, self.start, bytes);
                    self.clear(self.len);
                }
                Step::Control => {
                    self.prefix = self.len;
                    if self.prefix + 4 > MAX {
                        // Escapes and shifts upon each other with no character (20 bytes and
                        // more) cannot all be held: they are one bad item, so that every byte
                        // stays accounted. encoding_rs's ISO-2022-JP calls even two escape
                        // sequences in a row an error.
                        let n = self.prefix;
                        let bytes = self.seq.get(..n).unwrap_or_default();
                        sink.bad(Bad::Unmapped, self.start, bytes);
                        self.clear(n);
                    }
                }
                Step::Char(c) => {
                    sink.char(c, self.start, self.seq.get(..self.len).unwrap_or_default());
                    self.clear(self.len);
                }
                Step::Two(c, d) => {
                    // The bytes are shown once, with the first character (as Big5's `88 62`).
                    sink.char(c, self.start, self.seq.get(..self.len).unwrap_or_default());
                    sink.char(d, self.start, &[]);
                    self.clear(self.len);
                }
                Step::Bad(n) => {
                    let n = (self.prefix + n).min(self.len);
                    sink.bad(
                        Bad::Unmapped,
                        self.start,
                        self.seq.get(..n).unwrap_or_default(),
                    );
                    self.clear(n);
                }
            }
        }
    }

    /// Drops the first `n` bytes of `seq`; what follows is read again from scratch.
    fn clear(&mut self, n: usize) {
        let n = n.min(self.held);
        self.seq.copy_within(n..self.held, 0);
        self.held -= n;
        self.len = 0;
        self.start += n as u64;
        self.prefix = 0;
    }

    /// The end of the input: a character begun is cut short (P5).
    pub(crate) fn finish<S: Sink>(&mut self, sink: &mut S) {
        if self.held > self.prefix {
            self.settle(sink, true);
        }
        // An escape or shift with no character after it: nothing to report.
        self.held = 0;
        self.len = 0;
        self.prefix = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Out(String, Vec<(Bad, u64, Vec<u8>)>);
    impl Sink for Out {
        const ASCII_RUNS: bool = false;
        fn ascii_run(&mut self, _: u64, _: usize, _: usize) {}
        fn char(&mut self, c: char, _: u64, _: &[u8]) {
            self.0.push(c);
        }
        fn bad(&mut self, bad: Bad, at: u64, bytes: &[u8]) {
            self.0.push('\u{FFFD}');
            self.1.push((bad, at, bytes.to_vec()));
        }
    }

    fn run(which: Which, bytes: &[u8]) -> Out {
        let mut d = MultiDecoder::new(which, 0);
        let mut o = Out::default();
        for (i, &b) in bytes.iter().enumerate() {
            d.byte(b, i as u64, &mut o);
        }
        d.finish(&mut o);
        o
    }

    #[test]
    fn johab_hangul_symbols_and_hanja() {
        // 한국 in Johab is D0 65 8A 82 (from Python's johab codec).
        assert_eq!(run(Which::Johab, &[0xD0, 0x65, 0x8A, 0x82]).0, "한국");
        assert_eq!(johab(0x84, 0x41), Some('\u{3000}'));
        assert_eq!(johab(0x88, 0x61), Some('가'));
        assert_eq!(johab(0xDA, 0xA1), None);
        let o = run(Which::Johab, &[0x41, 0xD0]);
        assert_eq!(o.1, vec![(Bad::Truncated, 1, vec![0xD0])]);
    }

    #[test]
    fn euc_tw_planes_one_and_two() {
        // 中 is plane 1 0x4463 (C4 E3); plane 2's first character is U+4E42.
        assert_eq!(
            run(Which::EucTw, &[0xC4, 0xE3, 0x8E, 0xA2, 0xA1, 0xA1]).0,
            "中乂"
        );
        let o = run(Which::EucTw, &[0xFE, 0xFE, 0x41]);
        assert_eq!(o.0, "\u{FFFD}A");
    }

    #[test]
    fn iso_2022_kr_and_cn_shift_and_designate() {
        let kr = b"\x1b$)C\x0e\x47\x51\x31\x39\x0f ok";
        assert_eq!(run(Which::Iso2022Kr, kr).0, "한국 ok");
        let cn = b"\x1b$)A\x0e\x56\x50\x4e\x44\x0f.\n";
        assert_eq!(run(Which::Iso2022Cn, cn).0, "中文.\n");
        // SO without a designation shifts nothing: it stays a control character (P3).
        assert_eq!(run(Which::Iso2022Kr, b"\x0e").0, "\u{E}");
    }

    /// Every byte is handed on once, in order, even after many escapes in a row (before, the
    /// bytes past a full buffer were dropped and what followed was misplaced).
    #[test]
    fn every_byte_is_accounted_after_many_escapes() {
        #[derive(Default)]
        struct Bytes(Vec<(u64, Vec<u8>)>);
        impl Sink for Bytes {
            const ASCII_RUNS: bool = false;
            fn ascii_run(&mut self, _: u64, _: usize, _: usize) {}
            fn char(&mut self, _: char, at: u64, bytes: &[u8]) {
                self.0.push((at, bytes.to_vec()));
            }
            fn bad(&mut self, _: Bad, at: u64, bytes: &[u8]) {
                self.0.push((at, bytes.to_vec()));
            }
        }
        let mut input = b"\x1b$)A".repeat(7);
        input.extend_from_slice(b"\x0e\x56\x50\x0fok");
        let mut d = MultiDecoder::new(Which::Iso2022Cn, 0);
        let mut o = Bytes::default();
        for (i, &b) in input.iter().enumerate() {
            d.byte(b, i as u64, &mut o);
        }
        d.finish(&mut o);
        let mut at = 0;
        let mut all = Vec::new();
        for (offset, bytes) in &o.0 {
            assert_eq!(*offset, at);
            at += bytes.len() as u64;
            all.extend_from_slice(bytes);
        }
        assert_eq!(all, input);
        assert!(run(Which::Iso2022Cn, &input).0.ends_with("中ok"));
    }

    #[test]
    fn split_anywhere_gives_the_same_events() {
        let kr = b"\x1b$)C\x0e\x47\x51\x31\x39\x0f ok\xff";
        let whole = run(Which::Iso2022Kr, kr).0;
        // Byte by byte is what `run` does; a copy of the state mid-way continues alike.
        let mut d = MultiDecoder::new(Which::Iso2022Kr, 0);
        let mut o = Out::default();
        for (i, &b) in kr.iter().enumerate().take(7) {
            d.byte(b, i as u64, &mut o);
        }
        let mut copy = d;
        for (i, &b) in kr.iter().enumerate().skip(7) {
            copy.byte(b, i as u64, &mut o);
        }
        copy.finish(&mut o);
        assert_eq!(o.0, whole);
    }
}
