//! Reading a window as one multi-byte page for `cjk/mod.rs`'s tally, quickly and exactly: the
//! byte-at-a-time decoder ties every character to its bytes but costs a call per byte, so a
//! window encoding_rs decodes without an error is walked from its one-call decoding instead,
//! and a page is given up as soon as it is hopeless (decision 49). Every shortcut makes the
//! same tally, or the same verdict of too many bad sequences, as the decoder alone
//! (`tests.rs`).

use super::Tally;
use crate::codepage::CodePage;
use crate::decode::{Decoder, Sink};
use crate::format::Format;

/// A page with more bad sequences than tolerated is given up after the piece of the window
/// that shows it, not at the end.
const PIECE: usize = 512;
/// Within a piece, how often a page's chances are looked at ([`hopeless`]).
const STEP: usize = 128;
/// The most bytes a decoder holds back between characters (`decode::legacy`'s longest
/// sequence): at most that many characters can come out of them later.
const SLACK: usize = 16;

/// The byte structure of the pages the quick walk knows: WHATWG's decoders, whose every
/// well-formed sequence has a length told by its first byte (and, for gb18030's four-byte
/// forms, its second).
#[derive(Clone, Copy)]
pub(super) enum Shape {
    ShiftJis,
    EucJp,
    Gb,
    Big5,
    EucKr,
}

impl Shape {
    pub(super) fn of(page: CodePage) -> Option<Shape> {
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
pub(super) fn walk(t: &mut Tally, shape: Shape, window: &[u8], text: &str, at_eof: bool) -> bool {
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
    pub(super) fn new(window: &'a [u8], page: CodePage) -> Self {
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
            latin_touches: 0,
            cost: 0.0,
            text: 0x84222325,
            last_han: false,
            last_space: true,
        }
    }

    /// Tallies the window through the byte-at-a-time decoder; `false` when the page has more
    /// bad sequences than tolerated.
    pub(super) fn through_decoder(&mut self, window: &[u8], at_eof: bool) -> bool {
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
pub(super) fn too_bad(bad: u64, multi: u64) -> bool {
    bad > 2 && bad * 100 > multi
}

/// The window's tally as `page` (`None`: more bad sequences than tolerated).
pub(super) fn tally(page: CodePage, window: &[u8], at_eof: bool) -> Option<Tally<'_>> {
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
