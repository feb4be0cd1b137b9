//! D12: naming the code page. Every candidate's reading of the window is scored for how
//! plausible it is as text; the lowest cost wins, readings that give the same text are one
//! answer, and the commoner page names it.
//!
//! Single-byte pages are scored from one histogram of the window's byte pairs that hold a byte
//! above 7F (in EBCDIC that is nearly every letter): each candidate maps the two bytes to
//! characters and each language model of the page's script prices the character bigram
//! (`lang.rs`). Symbols, controls and unmapped bytes cost extra. Multi-byte pages are decoded
//! (`cjk.rs`): a byte they cannot hold disqualifies them, and their characters are priced by
//! how common they are in that page's own character set. Costs are per byte above 7F, on the
//! models' normalised scale (about 0 for a bigram of real text, 1 for noise), so the two kinds
//! compare.

use super::cjk;
use super::lang::{
    self, class, letter_script, Class, ModelScript, ALIEN_COST, BAD_COST, CASE_COST, LANGS,
    MIX_COST, PUNCT_COST, SYMBOL_COST, TOUCH_COST,
};
use crate::codepage::{CodePage, Script};
use std::sync::OnceLock;

/// The prior of D12: a page of tier `t` (0 common … 3 rare) pays `TIER_COST * t * h^0.6` over
/// the window's `h` bytes above 7F. It grows slower than the evidence (which grows with `h`),
/// so a long text is named by what it says, a short one leans on how common the page is.
const TIER_COST: f64 = 0.06;
const PRIOR_EXPONENT: f64 = 0.6;

/// The prior of D12 per byte above 7F.
fn prior(page: CodePage, high: u64) -> f64 {
    let h = high.max(1) as f64;
    TIER_COST * f64::from(page.tier()) * h.powf(PRIOR_EXPONENT) / h
}

/// One candidate's result.
#[derive(Clone, Debug)]
pub(crate) struct Scored {
    pub page: CodePage,
    /// Cost per byte above 7F, prior included (normalised: 0 is text, 1 is noise); lower is
    /// more plausible.
    pub cost: f64,
    pub lang: Option<&'static str>,
    /// Equal for two readings that give the same text of the window.
    pub text: u64,
    /// Other pages whose reading gives the same text.
    pub also: Vec<CodePage>,
}

/// The window's byte statistics that every single-byte candidate reads.
struct Bytes {
    /// Byte pairs holding a byte above 7F: (first << 8 | second, count).
    pairs: Vec<(u16, u32)>,
    /// Count of each byte value.
    unigram: [u32; 256],
    /// The byte values that occur, in increasing order.
    present: Vec<u8>,
    high: u64,
    /// Pairs of ASCII letters and edges, for choosing the language: [27 * a + b], 26 = edge.
    ascii: [u32; 27 * 27],
}

fn ascii_slot(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some(usize::from(b - b'a')),
        b'A'..=b'Z' => Some(usize::from(b - b'A')),
        0x80..=0xFF => None,
        _ => Some(26),
    }
}

fn bytes_of(window: &[u8]) -> Bytes {
    // The pair counts live in one table per thread, reused: a fresh 256 KiB table per window
    // was most of the cost of detecting a small file (zeroed, and on many systems mapped and
    // unmapped, each time). Only the entries a window touched are read and put back to 0.
    thread_local! {
        static COUNTS: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    COUNTS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut counts) => {
            if counts.len() != 1 << 16 {
                *counts = vec![0u32; 1 << 16];
            }
            count_bytes(window, &mut counts)
        }
        // Not reachable (nothing here calls back into detection), but never a panic.
        Err(_) => count_bytes(window, &mut vec![0u32; 1 << 16]),
    })
}

/// [`bytes_of`] with a zeroed table of 1 << 16 counts, which it leaves zeroed.
fn count_bytes(window: &[u8], counts: &mut [u32]) -> Bytes {
    let mut touched = Vec::new();
    let mut unigram = [0u32; 256];
    let mut ascii = [0u32; 27 * 27];
    let mut prev = b' ';
    for &b in window {
        if let Some(u) = unigram.get_mut(usize::from(b)) {
            *u += 1;
        }
        if (prev | b) >= 0x80 {
            let k = usize::from(prev) << 8 | usize::from(b);
            if let Some(c) = counts.get_mut(k) {
                if *c == 0 {
                    touched.push(k as u16);
                }
                *c += 1;
            }
        } else if let (Some(x), Some(y)) = (ascii_slot(prev), ascii_slot(b)) {
            if let Some(c) = ascii.get_mut(27 * x + y) {
                *c += 1;
            }
        }
        prev = b;
    }
    let pairs = touched
        .into_iter()
        .map(|k| {
            let slot = counts.get_mut(usize::from(k));
            (k, slot.map(std::mem::take).unwrap_or(0))
        })
        .collect();
    let high = unigram.iter().skip(0x80).map(|&n| u64::from(n)).sum();
    let present = (0..=255u8)
        .filter(|&b| unigram.get(usize::from(b)).is_some_and(|&n| n > 0))
        .collect();
    Bytes {
        pairs,
        unigram,
        present,
        high,
        ascii,
    }
}

fn model_script(s: Script) -> Option<ModelScript> {
    Some(match s {
        Script::Latin | Script::Vietnamese => ModelScript::Latin,
        Script::Cyrillic => ModelScript::Cyrillic,
        Script::Greek => ModelScript::Greek,
        Script::Hebrew => ModelScript::Hebrew,
        Script::Arabic => ModelScript::Arabic,
        Script::Thai => ModelScript::Thai,
        _ => return None,
    })
}

/// The cost of each language for the window's ASCII letter pairs (the same for every page
/// that maps ASCII to itself).
fn ascii_costs(b: &Bytes) -> [f64; LANGS] {
    let idx = lang::index();
    let mut out = [0f64; LANGS];
    let ch = |i: usize| {
        if i == 26 {
            ' '
        } else {
            char::from(b'a' + i as u8)
        }
    };
    for (slot, &n) in b.ascii.iter().enumerate() {
        let (x, y) = (slot / 27, slot % 27);
        if n == 0 || (x == 26 && y == 26) {
            continue;
        }
        for (l, o) in out.iter_mut().enumerate() {
            *o += f64::from(n) * f64::from(idx.ascii_floor.get(l).copied().unwrap_or(0.0));
        }
        if let Some(list) = idx.ascii_pairs.get(&lang::key(ch(x), ch(y))) {
            for &(l, d) in list {
                if let Some(o) = out.get_mut(usize::from(l)) {
                    *o += f64::from(n) * f64::from(d);
                }
            }
        }
    }
    out
}

/// Scores one single-byte page.
/// Each single-byte page's byte classes, built once per run.
fn classes_of(page: CodePage) -> &'static [Class; 256] {
    static CLASSES: OnceLock<Vec<[Class; 256]>> = OnceLock::new();
    static NONE: [Class; 256] = [Class::Bad; 256];
    CLASSES
        .get_or_init(|| {
            CodePage::all()
                .map(|p| {
                    let mut out = [Class::Bad; 256];
                    if let Some(t) = p.single_byte_table() {
                        for (o, &c) in out.iter_mut().zip(t.iter()) {
                            *o = class(c);
                        }
                    }
                    out
                })
                .collect()
        })
        .get(page.index())
        .unwrap_or(&NONE)
}

/// Each single-byte page's letter case per byte: 1 lower case, 2 upper case, 3 ASCII
/// punctuation rarely met beside a letter (`` ` \ { } | ~ ^ [ ] @ # $ < > ``) read from
/// another byte, 4 an Arabic form that joins the next letter, 0 other.
fn cases_of(page: CodePage) -> &'static [u8; 256] {
    static CASES: OnceLock<Vec<[u8; 256]>> = OnceLock::new();
    static NONE: [u8; 256] = [0; 256];
    CASES
        .get_or_init(|| {
            CodePage::all()
                .map(|p| {
                    let mut out = [0u8; 256];
                    if let Some(t) = p.single_byte_table() {
                        for (byte, (o, c)) in out.iter_mut().zip(t.iter()).enumerate() {
                            *o = match c {
                                Some(c) if c.is_lowercase() => 1,
                                Some(c) if c.is_uppercase() => 2,
                                Some(c) if lang::arabic_joins_next(*c) => 4,
                                // Only where the page moved it (EBCDIC): in an ASCII page
                                // the byte is what the text holds.
                                Some(
                                    c @ ('`' | '\\' | '{' | '}' | '|' | '~' | '^' | '[' | ']' | '@'
                                    | '#' | '$' | '<' | '>'),
                                ) if u32::from(*c) != byte as u32 => 3,
                                _ => 0,
                            };
                        }
                    }
                    out
                })
                .collect()
        })
        .get(page.index())
        .unwrap_or(&NONE)
}

fn single(page: CodePage, table: &[Option<char>; 256], b: &Bytes, ascii: &[f64; LANGS]) -> Scored {
    let classes = classes_of(page);
    let cases = cases_of(page);
    let idx = lang::index();
    let script = model_script(page.script());
    let mut penalty = 0f64;
    for &byte in &b.present {
        let byte = usize::from(byte);
        let n = b.unigram.get(byte).copied().unwrap_or(0);
        if n == 0 || (byte < 0x80 && table.get(0x41) == Some(&Some('A'))) {
            continue;
        }
        // A byte above 7F that an ASCII page reads as ASCII (ARMSCII-8's parentheses, the
        // Mac Arabic page's second set of punctuation): a writer would have used the ASCII
        // byte, so the text is more likely another page's letter or sign.
        if byte >= 0x80
            && table.get(0x41) == Some(&Some('A'))
            && table
                .get(byte)
                .copied()
                .flatten()
                .is_some_and(|c| c.is_ascii())
        {
            penalty += f64::from(n) * SYMBOL_COST;
        }
        match classes.get(byte) {
            Some(Class::Symbol) => penalty += f64::from(n) * SYMBOL_COST,
            Some(Class::Punct) => penalty += f64::from(n) * PUNCT_COST,
            Some(Class::Bad) => penalty += f64::from(n) * BAD_COST,
            _ => {}
        }
    }
    let ascii_compatible = table.get(0x41) == Some(&Some('A'));
    let mut scored = 0f64;
    // Pages without models (Armenian, Georgian): a bigram within the page's own script is
    // only a little better than noise (random bytes read in one script give such bigrams
    // too), any other is noise; a page with a model that fits wins over them.
    let mut unmodelled = 0f64;
    let own_script = |c: char| matches!(c, '\u{0531}'..='\u{058F}' | '\u{10A0}'..='\u{10FF}');
    let mut delta = [0f64; LANGS];
    for &(k, n) in &b.pairs {
        let ca = classes
            .get(usize::from(k >> 8))
            .copied()
            .unwrap_or(Class::Bad);
        let cb = classes
            .get(usize::from(k & 0xFF))
            .copied()
            .unwrap_or(Class::Bad);
        let ch = |c: Class| match c {
            // A combining mark is priced as a letter: the models hold none (but Thai's), so
            // a mark inside a word of another language costs what a foreign letter costs.
            Class::Letter(l) | Class::Mark(l) => Some(l),
            Class::Edge | Class::Punct | Class::Symbol | Class::Bad => Some(' '),
        };
        let (Some(x), Some(y)) = (ch(ca), ch(cb)) else {
            continue;
        };
        if x == ' ' && y == ' ' {
            continue;
        }
        let n = f64::from(n);
        let native = (x == ' ' || own_script(x)) && (y == ' ' || own_script(y));
        unmodelled += n * if native { 1.0 } else { 1.3 };
        let odd = |c: Class, byte: u16| {
            matches!(c, Class::Punct | Class::Symbol | Class::Bad)
                || cases.get(usize::from(byte)) == Some(&3)
        };
        if (odd(ca, k >> 8) && y != ' ') || (odd(cb, k & 0xFF) && x != ' ') {
            penalty += n * TOUCH_COST;
        }
        // A lower-case letter followed by a capital, or two letters of different scripts, is
        // rare inside a word of real text and common in a misread one (x-mac-cyrillic's я is
        // windows-1251's Я; an Armenian letter inside a Dutch word).
        if cases.get(usize::from(k >> 8)) == Some(&1)
            && cases.get(usize::from(k & 0xFF)) == Some(&2)
        {
            penalty += n * CASE_COST;
        }
        // An Arabic initial or medial form with no letter after it.
        if cases.get(usize::from(k >> 8)) == Some(&4) && y == ' ' {
            penalty += n * TOUCH_COST;
        }
        if x != ' ' && y != ' ' && letter_script(x) != letter_script(y) {
            penalty += n * MIX_COST;
        }
        scored += n;
        if let Some(list) = idx.pairs.get(&lang::key(x, y)) {
            for &(l, d) in list {
                if let Some(o) = delta.get_mut(usize::from(l)) {
                    *o += n * f64::from(d);
                }
            }
        }
        // A letter of the pair's first byte above 7F that a language never writes: each such
        // byte is met in two pairs, so half the cost each time.
        for (c, byte) in [(x, k >> 8), (y, k & 0xFF)] {
            if c == ' ' || (byte < 0x80 && ascii_compatible) {
                continue;
            }
            let known = idx.alphabet.get(&(c as u32)).copied().unwrap_or(0);
            for (l, o) in delta.iter_mut().enumerate() {
                if known & (1u64 << l) == 0 {
                    *o += n * ALIEN_COST / 2.0;
                }
            }
        }
    }
    // The language is the one that fits the whole text best; the ASCII part counts by how
    // much worse it fits that language than the language it fits best, so that a page cannot
    // win by reading its bytes in a language the rest of the text is not in.
    let ascii_best = ascii.iter().copied().fold(f64::INFINITY, f64::min);
    let mut best: Option<(f64, usize)> = None;
    for l in 0..LANGS {
        if script.is_none() || lang::script_of(l) != script {
            continue;
        }
        let mut cost = scored * f64::from(idx.floor.get(l).copied().unwrap_or(0.0))
            + delta.get(l).copied().unwrap_or(0.0);
        if ascii_compatible {
            cost += ascii.get(l).copied().unwrap_or(0.0) - ascii_best;
        }
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, l));
        }
    }
    let (own, lang) = match best {
        Some((own, l)) => (own, Some(lang::lang(l))),
        None => (unmodelled, None),
    };
    let high = b.high.max(1) as f64;
    let mut text = 0xcbf2_9ce4_8422_2325u64;
    for (byte, &n) in b.unigram.iter().enumerate() {
        if n > 0 {
            let c = table
                .get(byte)
                .copied()
                .flatten()
                .map_or(0xFFFF_FFFF, u64::from);
            text = (text ^ (byte as u64) << 32 ^ c).wrapping_mul(0x100_0000_01B3);
        }
    }
    Scored {
        page,
        cost: (own + penalty) / high + prior(page, b.high),
        lang,
        text,
        also: Vec::new(),
    }
}

/// True when the window looks like EBCDIC: many 40 bytes (its space), and either few ASCII
/// lower-case letters or hardly any ASCII space (IBM424 writes Hebrew letters at 62–69 and 71,
/// ASCII's b–i and q, so Hebrew EBCDIC has many "lower-case letters", but an ASCII text has
/// spaces).
fn ebcdic_possible(b: &Bytes, len: usize) -> bool {
    let spaces = b.unigram.get(0x40).copied().unwrap_or(0) as usize;
    let ascii_spaces = b.unigram.get(0x20).copied().unwrap_or(0) as usize;
    let lower: usize = (b'a'..=b'z')
        .map(|c| b.unigram.get(usize::from(c)).copied().unwrap_or(0) as usize)
        .sum();
    spaces * 25 >= len && (lower * 5 < len || ascii_spaces * 10 < spaces)
}

/// Ranks every candidate for the window, best first, same-text readings grouped under the
/// commoner page. Empty when the window has no byte above 7F (nothing to tell apart).
pub(crate) fn rank(window: &[u8], at_eof: bool) -> Vec<Scored> {
    let b = bytes_of(window);
    if b.high == 0 && !ebcdic_possible(&b, window.len()) {
        return Vec::new();
    }
    let ascii = ascii_costs(&b);
    let ebcdic = ebcdic_possible(&b, window.len());
    let mut all = Vec::new();
    for page in CodePage::all() {
        if page.script() == Script::None {
            continue;
        }
        if let Some(table) = page.single_byte_table() {
            let ascii_compatible = table.get(0x41) == Some(&Some('A'));
            if !ascii_compatible && !ebcdic {
                continue;
            }
            all.push(single(page, table, &b, &ascii));
        } else if let Some(s) = cjk::score(page, window, at_eof, b.high) {
            all.push(s);
        }
    }
    // Readings that give the same text are one answer: named by the commonest page (lowest
    // tier, then the registry's order, which puts the common pages first), at the best cost
    // any of them got (a page without models prices the same text less well).
    let bare = |x: &Scored| x.cost - prior(x.page, b.high);
    let mut grouped: Vec<Scored> = Vec::new();
    for s in all {
        match grouped.iter_mut().find(|g| g.text == s.text) {
            Some(g) => {
                let best = bare(g).min(bare(&s));
                if s.page.tier() < g.page.tier() {
                    g.also.push(g.page);
                    g.page = s.page;
                    g.lang = s.lang.or(g.lang);
                } else {
                    g.also.push(s.page);
                    g.lang = g.lang.or(s.lang);
                }
                g.cost = best + prior(g.page, b.high);
            }
            None => grouped.push(s),
        }
    }
    grouped.sort_by(|x, y| {
        x.cost
            .total_cmp(&y.cost)
            .then(x.page.tier().cmp(&y.page.tier()))
    });
    grouped
}

/// Calibration of D12's confidence (fitted by `scripts/eval/calibrate.py` on the tune split of
/// the evaluation set; docs/detection.md shows the held-out reliability).
const CONF_A: f64 = 1.3159;
const CONF_B: f64 = 0.9546;
const CONF_C: f64 = -0.0019;

/// D12's confidence: how far the winner is ahead of the first reading that gives another
/// text (the margin `m`, the cost difference summed over the window's `h` bytes above 7F),
/// mapped to the share of such answers that are right: a logistic of `ln(1 + m)` and
/// `ln(1 + h)` (a margin counts for less when it is spread over many bytes).
pub(crate) fn confidence(ranked: &[Scored], high: u64) -> Option<f64> {
    let first = ranked.first()?;
    let Some(second) = ranked.get(1) else {
        return Some(1.0);
    };
    let h = high.max(1) as f64;
    let m = ((second.cost - first.cost) * h).max(0.0);
    let z = CONF_A + CONF_B * m.ln_1p() + CONF_C * h.ln_1p();
    let c = 1.0 / (1.0 + (-z).exp());
    Some((c * 1000.0).round() / 1000.0)
}

/// Bytes above 7F in the window.
pub(crate) fn high_bytes(window: &[u8]) -> u64 {
    window.iter().filter(|&&b| b >= 0x80).count() as u64
}

#[cfg(test)]
mod calibration_tests {
    use super::*;

    fn two(cost_first: f64, cost_second: f64) -> Vec<Scored> {
        [cost_first, cost_second]
            .iter()
            .enumerate()
            .map(|(i, &cost)| Scored {
                page: CodePage::windows_1252(),
                cost,
                lang: None,
                text: i as u64,
                also: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn confidence_grows_with_the_margin_and_stays_a_probability() {
        let tie = confidence(&two(0.5, 0.5), 40).unwrap();
        let small = confidence(&two(0.5, 0.52), 40).unwrap();
        let large = confidence(&two(0.5, 1.5), 40).unwrap();
        assert!(tie < small && small < large, "{tie} {small} {large}");
        assert!(tie > 0.0 && large <= 1.0);
        // A tie is far from sure at any size (the prior still breaks it well more often than
        // not, and the calibration says so).
        assert!(confidence(&two(0.5, 0.5), 30_000).unwrap() < 0.9);
        assert!(confidence(&two(0.5, 0.5), 30_000).unwrap() < large);
        assert_eq!(confidence(&two(0.5, 0.5)[..1], 10), Some(1.0));
    }
}
