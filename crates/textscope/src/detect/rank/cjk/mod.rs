//! D12 for the multi-byte pages (Shift_JIS, EUC-JP, GBK, gb18030, Big5, EUC-KR, Johab,
//! EUC-TW, EUC-JIS-2004, Shift_JIS-2004): the window is decoded; a byte the page cannot hold disqualifies it (beyond one
//! character in a hundred, for files with a stray byte); each character is priced by where
//! it sits in the page's own character set. The first level of each national standard is its
//! set of common characters (GB 2312 level 1, Big5 level 1, JIS X 0208 level 1, KS X 1001's
//! Hangul, CNS 11643 plane 1's first level), so text in a page lands there and text in
//! another page mostly does not. Kana make a reading Japanese; Hangul and Han next to spaces
//! make it Korean rather than Chinese or Japanese.

use super::Scored;
use crate::codepage::{CodePage, Script};
use crate::decode::{Bad, Sink};

/// Costs per character, on the scale of the ranking (`rank/mod.rs`; a byte of noise costs about 1).
const COMMON: f64 = 0.2;
const KANA_JA: f64 = 0.15;
const PUNCT: f64 = 0.3;
const LESS_COMMON: f64 = 1.2;
const RARE: f64 = 2.0;
const NEXT_TO_SPACE: f64 = 0.6;
/// A character beyond ASCII touching an ASCII letter: Korean writes "CD를", but a Latin word
/// read as Johab (whose second bytes include the ASCII letters) touches on both sides.
const NEXT_TO_LATIN: f64 = 0.6;
/// Issue 38: each character of a reading whose characters mostly touch ASCII letters.
const INSIDE_LATIN_WORDS: f64 = 2.0;

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
    /// Times a character beyond ASCII touched an ASCII letter (issue 38).
    latin_touches: u64,
    cost: f64,
    text: u64,
    /// The last character was a Han ideograph (for the space rule), or a space.
    last_han: bool,
    last_space: bool,
}

/// True when `c` is one of the 2,350 Hangul syllables of KS X 1001 (rows 16-40: EUC-KR's
/// B0-C8 leads with A1-FE trails), the set of common syllables.
fn ks_x_1001_syllable(c: char) -> bool {
    static SET: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let set = SET.get_or_init(|| {
        let mut set = vec![0u64; 11_172usize.div_ceil(64)];
        // Every cell of the rows is a syllable: one decoding of all 2,350 pairs.
        let pairs: Vec<u8> = (0xB0..=0xC8u8)
            .flat_map(|lead| (0xA1..=0xFEu8).flat_map(move |trail| [lead, trail]))
            .collect();
        let (text, _) = encoding_rs::EUC_KR.decode_without_bom_handling(&pairs);
        for c in text.chars() {
            if let Some(i) = (c as usize).checked_sub(0xAC00).filter(|&i| i < 11_172) {
                if let Some(w) = set.get_mut(i / 64) {
                    *w |= 1 << (i % 64);
                }
            }
        }
        set
    });
    (c as usize)
        .checked_sub(0xAC00)
        .and_then(|i| set.get(i / 64).map(|w| w >> (i % 64) & 1 != 0))
        .unwrap_or(false)
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
            "EUC-JP" | "EUC-JIS-2004" => is_han(c) && (0xB0..=0xCF).contains(&lead),
            "Shift_JIS" | "Shift_JIS-2004" => is_han(c) && (0x88..=0x98).contains(&lead),
            "EUC-KR" => ('\u{AC00}'..='\u{D7A3}').contains(&c) && (0xB0..=0xC8).contains(&lead),
            // Johab writes all 11,172 syllables, and nearly any pair of bytes with a lead of
            // 84-D3 reads as one: only KS X 1001's 2,350, the syllables Korean text mostly
            // uses, are common (issue 38: Big5 and GBK lines read as Johab's rare syllables).
            "Johab" => ks_x_1001_syllable(c),
            "EUC-TW" => is_han(c) && (0xC4..=0xFD).contains(&lead),
            _ => false,
        }
    }

    /// EUC-JIS-2004 or Shift_JIS-2004.
    fn jis2004(&self) -> bool {
        matches!(self.page.name(), "EUC-JIS-2004" | "Shift_JIS-2004")
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
            // JIS X 0213's pages: its JIS X 0208 part (rows 1-8 and 16-84 of plane 1) is the
            // standard; the rows it adds (9-15, 85-94) and plane 2 fill nearly every pair of
            // bytes, so text of another page lands there. A file that needs them leaves
            // EUC-JP or Shift_JIS with bad bytes, and the 2004 page wins (issue 38).
            "EUC-JIS-2004" => euc(0xA8) || euc(0xF4) && lead >= 0xB0,
            "Shift_JIS-2004" => matches!(lead, 0x81..=0x84 | 0x88..=0x9F | 0xE0..=0xEA),
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
                self.latin_touches += 1;
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
                self.latin_touches += 1;
            }
            self.last_space = c == ' ';
            self.last_han = false;
            self.last_latin = c.is_ascii_alphabetic();
            self.last_cjk = false;
            return;
        }
        if self.last_latin {
            self.cost += NEXT_TO_LATIN;
            self.latin_touches += 1;
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
            // JIS X 0213's own kanji: rarer than JIS X 0208's, but the reason a file is in a
            // 2004 page at all (a vendor's addition of another page stays RARE).
            _ if !self.in_standard(bytes) && han && self.jis2004() => LESS_COMMON,
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

/// The ASCII letters of `window` that are text (issue 38): not inside a tag (`<…>`), an
/// entity (`&…;`) or a URL (a token holding `://`), which are markup and code, not language:
/// a Big5 RSS feed's tags and links made its few Chinese characters look like accents.
pub(crate) fn letters_outside_markup(window: &[u8]) -> u64 {
    let (mut letters, mut token) = (0u64, 0u64);
    let (mut in_tag, mut entity, mut in_url) = (false, 0u8, false);
    let mut last = [0u8; 2];
    for &b in window {
        match b {
            b'<' => {
                in_tag = true;
                in_url = false;
                token = 0;
            }
            b'>' => {
                in_tag = false;
                in_url = false;
                token = 0;
            }
            b'&' => entity = 12,
            b';' => entity = 0,
            b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' => {
                in_url = false;
                entity = 0;
                token = 0;
            }
            b'/' if last == [b':', b'/'] => {
                // The scheme's letters were counted as the token's: take them back.
                in_url = true;
                letters -= token.min(letters);
                token = 0;
            }
            _ => {}
        }
        if b.is_ascii_alphabetic() && !in_tag && !in_url {
            if entity > 0 {
                entity -= 1;
            } else {
                letters += 1;
                token += 1;
            }
        } else if entity > 0 && !b.is_ascii_alphanumeric() && b != b'#' && b != b'&' {
            entity = 0;
        }
        last = [last[1], b];
    }
    letters
}

/// Fewest tags for [`without_markup`] to take a window for markup.
const MIN_TAGS: usize = 4;

/// Issue 38, item 4: `window` with the ASCII bytes of its markup (tags with their names and
/// attributes, entities, URLs) turned into spaces, for the single-byte pages' pricing: the
/// English of tag and attribute names decided the language of Hungarian and Turkish XML. Bytes
/// above 7F stay where they are (an attribute value can be text), and so does the length.
/// `None` when nothing is markup, or when the window has fewer than [`MIN_TAGS`] tags (a `<`
/// before a letter, `/`, `!` or `?`): a stray `<` in prose opens no tag.
pub(crate) fn without_markup(window: &[u8]) -> Option<Vec<u8>> {
    if !window.contains(&b'<') {
        return None;
    }
    let tags = window
        .windows(2)
        .filter(|w| {
            matches!(*w, [b'<', n] if n.is_ascii_alphabetic() || matches!(n, b'/' | b'!' | b'?'))
        })
        .take(MIN_TAGS)
        .count();
    if tags < MIN_TAGS {
        return None;
    }
    let mut out = window.to_vec();
    let mut changed = false;
    let (mut in_tag, mut entity, mut in_url) = (false, 0u8, false);
    let mut token_start = 0usize;
    let mut last = [0u8; 2];
    for (i, &b) in window.iter().enumerate() {
        let mut blank = in_tag || in_url;
        match b {
            b'<' => {
                in_tag = true;
                in_url = false;
                blank = true;
                token_start = i + 1;
            }
            b'>' if in_tag => {
                in_tag = false;
                in_url = false;
                blank = true;
                token_start = i + 1;
            }
            b'&' => {
                // An entity is `&name;` or `&#123;`: blank it only once its `;` is seen.
                entity = 12;
                token_start = i;
            }
            b';' if entity > 0 => {
                for slot in out.get_mut(token_start..=i).unwrap_or_default() {
                    *slot = b' ';
                }
                changed = true;
                entity = 0;
            }
            b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' => {
                in_url = false;
                entity = 0;
                if !in_tag {
                    blank = false;
                }
                token_start = i + 1;
            }
            b'/' if last == [b':', b'/'] && !in_tag => {
                // The scheme and `:/` were read as text: blank them too.
                in_url = true;
                for slot in out.get_mut(token_start..i).unwrap_or_default() {
                    if slot.is_ascii() {
                        *slot = b' ';
                    }
                }
                changed = true;
                blank = true;
            }
            _ => {}
        }
        if entity > 0 && b != b'&' && b != b'#' && !b.is_ascii_alphanumeric() && b != b';' {
            entity = 0;
        }
        if blank && b.is_ascii() && !matches!(b, b'\n' | b'\r') {
            if let Some(slot) = out.get_mut(i) {
                *slot = b' ';
                changed = true;
            }
        }
        last = [last[1], b];
    }
    changed.then_some(out)
}

/// Scores one multi-byte page (`None`: not a multi-byte candidate, or disqualified). A
/// window whose bytes above 7F are fewer than one in ten of its letters is Latin text with a
/// few accented letters, not CJK: two such bytes in a row read as one ideograph by chance.
/// `letters` is how many bytes of the window are ASCII letters of its text (outside markup:
/// [`letters_outside_markup`]).
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
    let gb = matches!(read::Shape::of(page), Some(read::Shape::Gb));
    let (cost, text) = match memo.gb {
        Some(known) if gb => known?,
        _ => {
            let found = read::tally(page, window, at_eof).and_then(|mut t| {
                if t.multi == 0 || (t.bad > 0 && t.bad * 100 > t.multi) {
                    return None;
                }
                // Issue 38: characters that sit inside ASCII words (`caf閰 fin`, `甄n`) are
                // accents of a Latin page read two bytes at a time: CJK text mixed with Latin
                // words has most of its characters beside its own.
                if t.latin_touches * 2 > t.multi {
                    t.cost += t.multi as f64 * INSIDE_LATIN_WORDS;
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

mod read;

#[cfg(test)]
mod tests;
