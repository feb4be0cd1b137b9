//! D12 for the multi-byte pages (Shift_JIS, EUC-JP, GBK, gb18030, Big5, EUC-KR, Johab,
//! EUC-TW): the window is decoded; a byte the page cannot hold disqualifies it (beyond one
//! character in a hundred, for files with a stray byte); each character is priced by where
//! it sits in the page's own character set. The first level of each national standard is its
//! set of common characters (GB 2312 level 1, Big5 level 1, JIS X 0208 level 1, KS X 1001's
//! Hangul, CNS 11643 plane 1's first level), so text in a page lands there and text in
//! another page mostly does not. Kana make a reading Japanese; Hangul and Han next to spaces
//! make it Korean rather than Chinese or Japanese.

use super::score::Scored;
use crate::codepage::{CodePage, Script};
use crate::decode::{Bad, Decoder, Sink};
use crate::format::Format;

/// Costs per character, on the scale of `score.rs` (a byte of noise costs about 1).
const COMMON: f64 = 0.2;
const KANA_JA: f64 = 0.15;
const PUNCT: f64 = 0.3;
const LESS_COMMON: f64 = 1.2;
const RARE: f64 = 2.0;
const NEXT_TO_SPACE: f64 = 0.6;
/// A character beyond ASCII touching an ASCII letter: Korean writes "CD를", but a Latin word
/// read as Johab (whose second bytes include the ASCII letters) touches on both sides.
const NEXT_TO_LATIN: f64 = 0.6;
/// A page with more bad sequences than tolerated is given up after the piece of the window
/// that shows it, not at the end.
const PIECE: usize = 512;
/// Within a piece, how often a page's chances are looked at ([`hopeless`]).
const STEP: usize = 128;
/// The most bytes a decoder holds back between characters (`decode::legacy`'s longest
/// sequence): at most that many characters can come out of them later.
const SLACK: usize = 16;

struct Tally<'a> {
    window: &'a [u8],
    /// The last character was an ASCII letter; the last was beyond ASCII.
    last_latin: bool,
    last_cjk: bool,
    page: CodePage,
    script: Script,
    chars: u64,
    multi: u64,
    bad: u64,
    kana: u64,
    han: u64,
    cost: f64,
    text: u64,
    /// The last character was a Han ideograph (for the space rule), or a space.
    last_han: bool,
    last_space: bool,
}

fn is_han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{3400}'..='\u{4DBF}').contains(&c)
}

impl Tally<'_> {
    /// True when the character's first byte lies in the page's common range.
    fn common(&self, c: char, lead: u8) -> bool {
        let name = self.page.name();
        match name {
            "GBK" | "gb18030" => is_han(c) && (0xB0..=0xD7).contains(&lead),
            "Big5" => is_han(c) && (0xA4..=0xC6).contains(&lead),
            "EUC-JP" => is_han(c) && (0xB0..=0xCF).contains(&lead),
            "Shift_JIS" => is_han(c) && (0x88..=0x98).contains(&lead),
            "EUC-KR" => ('\u{AC00}'..='\u{D7A3}').contains(&c) && (0xB0..=0xC8).contains(&lead),
            "Johab" => ('\u{AC00}'..='\u{D7A3}').contains(&c),
            "EUC-TW" => is_han(c) && (0xC4..=0xFD).contains(&lead),
            _ => false,
        }
    }

    /// True when a two-byte character lies inside the national standard the page extends
    /// (GB 2312 in GBK and gb18030, Big5 proper in Big5-HKSCS, JIS X 0208 in Shift_JIS and
    /// EUC-JP, KS X 1001 in UHC); false for the vendors' additions: GBK's 14,000 extra Han,
    /// HKSCS, the NEC and IBM rows, JIS X 0212, UHC's 8,822 extra syllables, gb18030's
    /// four-byte forms. Text written in a page stays almost wholly inside its standard; text
    /// from another page read through this one lands in the additions, which take nearly
    /// any pair of bytes. Johab and EUC-TW have no such split.
    fn in_standard(&self, bytes: &[u8]) -> bool {
        let [lead, trail] = *bytes else {
            return false;
        };
        let euc = |last_lead: u8| (0xA1..=last_lead).contains(&lead) && trail >= 0xA1;
        match self.page.name() {
            "GBK" | "gb18030" => euc(0xF7),
            "Big5" => (0xA1..=0xF9).contains(&lead),
            "Shift_JIS" => matches!(lead, 0x81..=0x86 | 0x88..=0x9F | 0xE0..=0xEA),
            "EUC-JP" => euc(0xF4) && lead != 0xAD,
            "EUC-KR" => euc(0xFE),
            _ => true,
        }
    }
}

impl Sink for Tally<'_> {
    const ASCII_RUNS: bool = true;
    fn ascii_run(&mut self, offset: u64, chars: usize, width: usize) {
        let at = |i: u64| {
            usize::try_from(i)
                .ok()
                .and_then(|i| self.window.get(i))
                .is_some_and(u8::is_ascii_alphabetic)
        };
        let end = offset + (chars * width) as u64;
        if chars > 0 && width == 1 {
            if self.last_cjk && at(offset) {
                self.cost += NEXT_TO_LATIN;
            }
            self.last_latin = at(end - 1);
        }
        self.last_cjk = false;
        self.chars += chars as u64;
        self.last_han = false;
        self.last_space = true;
    }
    fn char(&mut self, c: char, _: u64, bytes: &[u8]) {
        self.chars += 1;
        self.text = (self.text ^ u64::from(u32::from(c))).wrapping_mul(0x100_0000_01B3);
        if c.is_ascii() {
            if c == ' ' && self.last_han {
                self.cost += NEXT_TO_SPACE;
            }
            if self.last_cjk && c.is_ascii_alphabetic() {
                self.cost += NEXT_TO_LATIN;
            }
            self.last_space = c == ' ';
            self.last_han = false;
            self.last_latin = c.is_ascii_alphabetic();
            self.last_cjk = false;
            return;
        }
        if self.last_latin {
            self.cost += NEXT_TO_LATIN;
        }
        self.last_latin = false;
        self.last_cjk = true;
        self.multi += 1;
        let lead = bytes.first().copied().unwrap_or(0);
        let (ja, ko) = (
            self.script == Script::Japanese,
            self.script == Script::Korean,
        );
        let han = is_han(c);
        let cost = match c {
            '\u{3040}'..='\u{30FF}' => {
                self.kana += 1;
                if ja {
                    KANA_JA
                } else {
                    LESS_COMMON
                }
            }
            '\u{3000}'..='\u{303F}' | '\u{FF01}'..='\u{FF5E}' | '\u{2010}'..='\u{203B}' => PUNCT,
            '\u{FF61}'..='\u{FF9F}' => RARE,
            _ if !self.in_standard(bytes) => RARE,
            _ if self.common(c, lead) => COMMON,
            '\u{AC00}'..='\u{D7A3}' if ko => LESS_COMMON,
            _ if han => LESS_COMMON,
            _ => RARE,
        };
        self.cost += cost;
        if han {
            self.han += 1;
            if self.last_space && !ko {
                self.cost += NEXT_TO_SPACE;
            }
        }
        self.last_han = han && !ko;
        self.last_space = false;
    }
    fn bad(&mut self, bad: Bad, _: u64, _: &[u8]) {
        self.chars += 1;
        self.last_latin = false;
        self.last_cjk = false;
        if bad != Bad::Truncated {
            self.bad += 1;
        }
        self.text = (self.text ^ 0xFFFD).wrapping_mul(0x100_0000_01B3);
        self.cost += RARE * 2.0;
    }
}

/// The byte structure of the pages the quick walk knows: WHATWG's decoders, whose every
/// well-formed sequence has a length told by its first byte (and, for gb18030's four-byte
/// forms, its second).
#[derive(Clone, Copy)]
enum Shape {
    ShiftJis,
    EucJp,
    Gb,
    Big5,
    EucKr,
}

impl Shape {
    fn of(page: CodePage) -> Option<Shape> {
        Some(match page.name() {
            "Shift_JIS" => Shape::ShiftJis,
            "EUC-JP" => Shape::EucJp,
            "GBK" | "gb18030" => Shape::Gb,
            "Big5" => Shape::Big5,
            "EUC-KR" => Shape::EucKr,
            _ => return None,
        })
    }

    /// The length of the sequence at the start of `rest`, when the input holds no error.
    fn len(self, rest: &[u8]) -> usize {
        let b = rest.first().copied().unwrap_or(0);
        match self {
            Shape::ShiftJis => 1 + usize::from(matches!(b, 0x81..=0x9F | 0xE0..=0xFC)),
            Shape::EucJp => match b {
                0x8F => 3,
                0x8E | 0xA1..=0xFE => 2,
                _ => 1,
            },
            Shape::Gb => match (b, rest.get(1)) {
                (0x81..=0xFE, Some(0x30..=0x39)) => 4,
                (0x81..=0xFE, _) => 2,
                _ => 1,
            },
            Shape::Big5 | Shape::EucKr => 1 + usize::from((0x81..=0xFE).contains(&b)),
        }
    }

    /// Big5's four sequences that decode to two characters (Ê and ê with a macron or a
    /// caron over them: pointers 1133, 1135, 1164 and 1166).
    fn two_chars(self, seq: &[u8]) -> bool {
        matches!(self, Shape::Big5) && matches!(seq, [0x88, 0x62 | 0x64 | 0xA3 | 0xA5])
    }
}

/// The tally of an error-free window from encoding_rs's decoding of it in one call, each
/// character given its bytes by the page's structure, and runs of printable ASCII reported
/// where [`Decoder`] reports them (after a character that was ASCII, until a byte that is not
/// printable ASCII): the same calls, in the same order, as the byte-at-a-time decoder makes,
/// at a small part of the cost. `false` when the text and the bytes do not line up (never
/// seen; the caller then tallies through [`Decoder`]).
fn walk(t: &mut Tally, shape: Shape, window: &[u8], text: &str, at_eof: bool) -> bool {
    let mut chars = text.chars();
    let mut i = 0;
    let mut ground = true;
    loop {
        let rest = window.get(i..).unwrap_or_default();
        if ground {
            let n = crate::decode::printable_prefix_utf8(rest);
            if n > 0 {
                for &b in rest.get(..n).unwrap_or_default() {
                    if chars.next() != Some(char::from(b)) {
                        return false;
                    }
                }
                t.ascii_run(i as u64, n, 1);
                i += n;
                continue;
            }
        }
        let Some(c) = chars.next() else { break };
        let n = shape.len(rest);
        let Some(seq) = rest.get(..n) else {
            return false;
        };
        t.char(c, i as u64, seq);
        if shape.two_chars(seq) {
            let Some(c) = chars.next() else { return false };
            t.char(c, i as u64, &[]);
        }
        ground = n == 1
            && seq
                .first()
                .is_some_and(|&b| b < 0x80 && u32::from(b) == u32::from(c));
        i += n;
    }
    // What is left is a sequence cut by the end of the window (held back, as [`Decoder`]
    // holds it, when the window is not the whole file).
    let left = window.len().saturating_sub(i);
    i <= window.len()
        && (left == 0 || (!at_eof && left < 4 && shape.len(rest_of(window, i)) > left))
}

fn rest_of(window: &[u8], i: usize) -> &[u8] {
    window.get(i..).unwrap_or_default()
}

impl<'a> Tally<'a> {
    fn new(window: &'a [u8], page: CodePage) -> Self {
        Tally {
            window,
            last_latin: false,
            last_cjk: false,
            page,
            script: page.script(),
            chars: 0,
            multi: 0,
            bad: 0,
            kana: 0,
            han: 0,
            cost: 0.0,
            text: 0x84222325,
            last_han: false,
            last_space: true,
        }
    }

    /// Tallies the window through the byte-at-a-time decoder; `false` when the page has more
    /// bad sequences than tolerated.
    fn through_decoder(&mut self, window: &[u8], at_eof: bool) -> bool {
        let mut d = Decoder::new(Format::Legacy, self.page, 0);
        let mut fed = 0;
        for part in window.chunks(STEP) {
            d.feed(part, self);
            fed += part.len();
            if hopeless(self.bad, self.multi, fed, window.len()) {
                return false;
            }
        }
        if at_eof {
            d.finish(self);
        }
        true
    }
}

/// The window decoded by encoding_rs in steps of [`STEP`] bytes, and whether it holds a bad
/// sequence. `None` as soon as the page is [`hopeless`] before the last step:
/// [`Tally::through_decoder`] checks at the ends of the same pieces, counts the same bad
/// sequences and fewer characters beyond ASCII (not the bad ones, which are U+FFFD here), so
/// it would give up there too. Text in another page usually goes in its first step.
fn bulk(
    enc: &'static encoding_rs::Encoding,
    window: &[u8],
    at_eof: bool,
) -> Option<(String, bool)> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(decoder.max_utf8_buffer_length(window.len())?);
    let (mut bad, mut multi, mut replaced) = (0u64, 0u64, false);
    let mut fed = 0;
    for part in window.chunks(STEP) {
        fed += part.len();
        let last = fed == window.len();
        let from = text.len();
        let (_, _, r) = decoder.decode_to_string(part, &mut text, last && at_eof);
        replaced |= r;
        if last {
            break;
        }
        let new = text.get(from..).unwrap_or_default();
        multi += new.bytes().filter(|&b| b >= 0xC0).count() as u64;
        if r {
            bad += new.matches('\u{FFFD}').count() as u64;
        }
        if hopeless(bad, multi, fed, window.len()) {
            return None;
        }
    }
    Some((text, replaced))
}

/// True when the page will have too many bad sequences at the end of the piece of [`PIECE`]
/// bytes that `fed` (of a window of `len` bytes) is in, where the byte-at-a-time decoder
/// checks: `bad` only grows, and `multi` grows by at most one character per byte fed from
/// here on, plus the characters of a sequence held back (at most [`SLACK`]). At the end of a
/// piece it is the check itself.
fn hopeless(bad: u64, multi: u64, fed: usize, len: usize) -> bool {
    let end = (fed.div_ceil(PIECE) * PIECE).min(len);
    let more = if end > fed { end - fed + SLACK } else { 0 };
    too_bad(bad, multi + more as u64)
}

/// Too many bad sequences for the page: more than two, and more than one per hundred
/// characters beyond ASCII.
fn too_bad(bad: u64, multi: u64) -> bool {
    bad > 2 && bad * 100 > multi
}

/// The window's tally as `page` (`None`: more bad sequences than tolerated).
fn tally(page: CodePage, window: &[u8], at_eof: bool) -> Option<Tally<'_>> {
    let mut t = Tally::new(window, page);
    let mut walked = false;
    // encoding_rs's bulk decoder first (far faster than the byte-exact one). A window it
    // decodes without an error is tallied from that text; otherwise a page with more bad
    // sequences than tolerated is out before it is tallied.
    if let crate::codepage::Kind::Rs(enc) = page.kind() {
        let (mut text, replaced) = bulk(enc, window, at_eof)?;
        if let (false, Some(shape)) = (replaced, Shape::of(page)) {
            walked = walk(&mut t, shape, window, &text, at_eof);
            if !walked {
                t = Tally::new(window, page);
            }
        }
        if !walked {
            // Counted over the part that is surely whole (the last 4 bytes may be a character
            // cut by the end of the window), on the UTF-8 bytes (the same counts as over the
            // characters, without decoding them twice): a character beyond ASCII starts with a
            // byte of C0 or above.
            if !at_eof {
                let body = window
                    .get(..window.len().saturating_sub(4))
                    .unwrap_or(window);
                text = enc.decode_without_bom_handling(body).0.into_owned();
            }
            let bad = text.matches('\u{FFFD}').count() as u64;
            let multi = text.bytes().filter(|&b| b >= 0xC0).count() as u64;
            if too_bad(bad, multi) {
                return None;
            }
        }
    }
    if !walked && !t.through_decoder(window, at_eof) {
        return None;
    }
    Some(t)
}

/// Scores one multi-byte page (`None`: not a multi-byte candidate, or disqualified). A
/// window whose bytes above 7F are fewer than one in ten of its letters is Latin text with a
/// few accented letters, not CJK: two such bytes in a row read as one ideograph by chance.
/// `letters` is how many bytes of the window are ASCII letters.
pub(crate) fn score(
    page: CodePage,
    window: &[u8],
    at_eof: bool,
    high: u64,
    letters: u64,
    memo: &mut Memo,
) -> Option<Scored> {
    let script = page.script();
    if !matches!(script, Script::Japanese | Script::Chinese | Script::Korean) || high < 2 {
        return None;
    }
    if high * 10 < high + letters {
        return None;
    }
    let gb = matches!(Shape::of(page), Some(Shape::Gb));
    let (cost, text) = match memo.gb {
        Some(known) if gb => known?,
        _ => {
            let found = tally(page, window, at_eof).and_then(|mut t| {
                if t.multi == 0 || (t.bad > 0 && t.bad * 100 > t.multi) {
                    return None;
                }
                // Japanese is written with kana; a "Japanese" reading without them is
                // unlikely.
                if script == Script::Japanese && t.kana * 10 < t.multi {
                    t.cost += t.han as f64 * 0.6;
                }
                Some((t.cost / high as f64, t.text))
            });
            if gb {
                memo.gb = Some(found);
            }
            found?
        }
    };
    let tier = f64::from(page.tier()) * 0.02;
    Some(Scored {
        page,
        cost: cost + tier,
        lang: Some(match script {
            Script::Japanese => "ja",
            Script::Korean => "ko",
            _ => "zh",
        }),
        text,
        also: Vec::new(),
    })
}

/// What one window's ranking learnt about its multi-byte pages: GBK and gb18030 have one
/// decoder (WHATWG's, in encoding_rs) and are priced alike, so the window is decoded and
/// tallied once for both (each keeps its own tier).
#[derive(Default)]
pub(crate) struct Memo {
    /// The GBK reading's cost per byte above 7F before the tier, and its text; `None` inside
    /// when the page was turned down.
    gb: Option<Option<(f64, u64)>>,
}

#[cfg(test)]
#[path = "cjk_tests.rs"]
mod tests;
