//! D12's view of the window: the byte statistics every single-byte candidate reads, counted
//! once per window.

use super::byte_set::{has, put, ByteSet};
use super::lang::{self, LANGS};
use super::model::ModelScript;
use super::tables;
use std::sync::OnceLock;

/// The window's byte statistics that every single-byte candidate reads.
pub(super) struct Bytes {
    /// Byte pairs holding a byte above 7F: (first << 8 | second, count).
    pub pairs: Vec<(u16, u32)>,
    /// Count of each byte value.
    pub unigram: [u32; 256],
    /// The byte values that occur, in increasing order.
    pub present: Vec<u8>,
    /// Where the bytes above 7F start in `present`.
    pub present_high: usize,
    /// `present` as a set.
    pub present_set: ByteSet,
    pub high: u64,
    /// Pairs of two bytes above 7F: words written in them (a Cyrillic or Greek word), rather
    /// than one accented letter between ASCII ones.
    pub high_runs: u64,
    /// For each byte value, the pairs it is in (a pair of two equal bytes counts twice).
    pub weight: [u32; 256],
    /// The pairs' counts, summed.
    pub pair_total: u64,
    /// How many bytes of the window were read: all of it, or the part before the pair that
    /// would have been the [`RANKED_PAIRS`]+1-th different one.
    pub read: usize,
    /// Pairs of ASCII letters and edges, for choosing the language: [27 * a + b], 26 = edge.
    ascii: [u32; 27 * 27],
    /// For each byte value `x`, the places in `pairs` of the pairs that hold it (a pair of
    /// two equal bytes once): `pair_list[pair_at[x]..pair_at[x + 1]]`.
    pair_at: Vec<u16>,
    pair_list: Vec<u16>,
}

impl Bytes {
    /// True when byte `x` is in the part read.
    pub(super) fn has_byte(&self, x: usize) -> bool {
        self.unigram.get(x).is_some_and(|&n| n > 0)
    }

    /// Each pair that holds a byte of `set`, once (decision 64: a page priced from a near one
    /// redoes the pairs of the few bytes the two read apart, found through the bytes rather
    /// than by a look at every pair of the window).
    pub(super) fn pairs_with(&self, set: &ByteSet) -> impl Iterator<Item = (u16, u32)> + '_ {
        let set = *set;
        bits(set).flat_map(move |x| {
            let from = usize::from(self.pair_at.get(x).copied().unwrap_or(0));
            let to = usize::from(self.pair_at.get(x + 1).copied().unwrap_or(0));
            let places = self.pair_list.get(from..to).unwrap_or_default();
            places.iter().filter_map(move |&p| {
                let &(k, n) = self.pairs.get(usize::from(p))?;
                // A pair of two bytes of the set is taken at its first byte.
                let first = usize::from(k >> 8);
                (first == x || !has(&set, first)).then_some((k, n))
            })
        })
    }
}

/// The byte values of `set`, in increasing order.
pub(super) fn bits(set: ByteSet) -> impl Iterator<Item = usize> {
    set.into_iter().enumerate().flat_map(|(w, mut word)| {
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let x = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + x
            })
        })
    })
}

/// Where each byte's pairs start in the list of [`Bytes::pairs_with`], and the list.
fn pair_index(pairs: &[(u16, u32)]) -> (Vec<u16>, Vec<u16>) {
    let bytes_of = |k: u16| {
        let (i, j) = (usize::from(k >> 8), usize::from(k & 0xFF));
        [Some(i), (j != i).then_some(j)]
    };
    let mut at = vec![0u16; 257];
    for &(k, _) in pairs {
        for x in bytes_of(k).into_iter().flatten() {
            if let Some(c) = at.get_mut(x + 1) {
                *c += 1;
            }
        }
    }
    for x in 1..at.len() {
        let before = at.get(x - 1).copied().unwrap_or(0);
        if let Some(c) = at.get_mut(x) {
            *c += before;
        }
    }
    let mut next = at.clone();
    let mut list = vec![0u16; usize::from(at.last().copied().unwrap_or(0))];
    for (p, &(k, _)) in pairs.iter().enumerate() {
        for x in bytes_of(k).into_iter().flatten() {
            if let Some(n) = next.get_mut(x) {
                if let Some(o) = list.get_mut(usize::from(*n)) {
                    *o = u16::try_from(p).unwrap_or(u16::MAX);
                }
                *n += 1;
            }
        }
    }
    (at, list)
}

/// The most different byte pairs (holding a byte above 7F) that D12 reads in a window. Text
/// repeats its pairs: no window of our evaluation set (3,861 files up to 64 KiB, every family)
/// reaches this many, and CJK text of every character in a set reaches it after some KiB.
/// Noise (compressed data, images that pass the binary test of D6) has a new pair at almost
/// every byte, and every candidate prices every different pair: without a bound, a window of
/// noise cost a hundred times a window of text. The ranking reads the window up to this many
/// different pairs (decision 42).
pub(crate) const RANKED_PAIRS: usize = 1024;

/// An ASCII byte's place among the ASCII bigrams' letters: `a`–`z` and `A`–`Z` 0–25, any
/// other byte a word's edge (26). Without a branch: folding the case maps no other byte below
/// 80 into `a`–`z`.
#[inline(always)]
fn ascii_slot(b: u8) -> usize {
    let l = (b | 0x20).wrapping_sub(b'a');
    usize::from(if l < 26 { l } else { 26 })
}

pub(super) fn bytes_of(window: &[u8]) -> Bytes {
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

/// [`bytes_of`] with a zeroed table of 1 << 16 counts, which it leaves zeroed. Stops before
/// the byte that would bring a pair beyond the [`RANKED_PAIRS`] different ones.
fn count_bytes(window: &[u8], counts: &mut [u32]) -> Bytes {
    let mut touched = Vec::new();
    let mut unigram = [0u32; 256];
    let mut ascii = [0u32; 27 * 27];
    let mut prev = b' ';
    let mut read = window.len();
    let mut high_runs = 0u64;
    for (i, &b) in window.iter().enumerate() {
        if (prev | b) >= 0x80 {
            let k = usize::from(prev) << 8 | usize::from(b);
            if let Some(c) = counts.get_mut(k) {
                if *c == 0 {
                    if touched.len() == RANKED_PAIRS {
                        read = i;
                        break;
                    }
                    touched.push(k as u16);
                }
                *c += 1;
            }
            high_runs += u64::from((prev & b) >= 0x80);
        } else {
            // Both below 80: both have a slot.
            let (x, y) = (ascii_slot(prev), ascii_slot(b));
            if let Some(c) = ascii.get_mut(27 * x + y) {
                *c += 1;
            }
        }
        if let Some(u) = unigram.get_mut(usize::from(b)) {
            *u += 1;
        }
        prev = b;
    }
    let pairs: Vec<(u16, u32)> = touched
        .into_iter()
        .map(|k| {
            let slot = counts.get_mut(usize::from(k));
            (k, slot.map(std::mem::take).unwrap_or(0))
        })
        .collect();
    let mut weight = [0u32; 256];
    let mut pair_total = 0u64;
    for &(k, n) in &pairs {
        for byte in [k >> 8, k & 0xFF] {
            if let Some(w) = weight.get_mut(usize::from(byte)) {
                *w += n;
            }
        }
        pair_total += u64::from(n);
    }
    let high = unigram.iter().skip(0x80).map(|&n| u64::from(n)).sum();
    let present = (0..=255u8)
        .filter(|&b| unigram.get(usize::from(b)).is_some_and(|&n| n > 0))
        .collect::<Vec<u8>>();
    let present_high = present.partition_point(|&x| x < 0x80);
    let mut present_set = [0u64; 4];
    for &x in &present {
        put(&mut present_set, usize::from(x));
    }
    let (pair_at, pair_list) = pair_index(&pairs);
    Bytes {
        pairs,
        unigram,
        present,
        present_high,
        present_set,
        high,
        high_runs,
        weight,
        pair_total,
        read,
        ascii,
        pair_at,
        pair_list,
    }
}

/// The cost of each language for the window's ASCII letter pairs (the same for every page
/// that maps ASCII to itself). When the bytes above 7F mostly stand next to each other (words
/// written in them, not accented letters between ASCII ones), a language written in another
/// script than Latin pays the best language's cost: the Latin words beside Russian or Greek
/// words are foreign words, not evidence against the language (a windows-1251 file of
/// Russian lines among English and German ones was read as Vietnamese in VISCII, whose
/// letters are Latin; decision 44).
pub(super) fn ascii_costs(b: &Bytes) -> [f64; LANGS] {
    let mut out = latin_ascii_costs(b);
    if b.high_runs * 2 < b.high {
        return out;
    }
    let best = out.iter().copied().fold(f64::INFINITY, f64::min);
    for (l, o) in out.iter_mut().enumerate() {
        if lang::script_of(l) != Some(ModelScript::Latin) {
            *o = best;
        }
    }
    out
}

/// The unit every ASCII cost (a floor or a bigram's) is a whole multiple of, when a count times
/// any of them is exact, and the largest size of one (`None`: not so); worked out by
/// `freeze.rs` (issue 42).
fn ascii_unit() -> Option<(i32, f64)> {
    tables::ASCII_UNIT.map(|u| (u, tables::ASCII_LARGEST))
}

/// Different pairs of ASCII letters in a window from which its costs are summed through
/// [`ascii_rows`] (which are built the first time): below, through the lists of the pairs
/// that occur, which gives the same sums when they are exact (issue 42: a one-line file need
/// not build 729 rows).
const ROWS_FROM: usize = 64;

/// `ascii_pairs` as one row of every language's cost per pair of letters (0 where the
/// language lacks the pair), built once per run.
static ROWS: OnceLock<Vec<[f32; LANGS]>> = OnceLock::new();

fn ascii_rows() -> &'static [[f32; LANGS]] {
    ROWS.get_or_init(|| {
        lang::index()
            .ascii_pairs()
            .map(|list| {
                let mut row = [0f32; LANGS];
                for (l, d) in list {
                    if let Some(o) = row.get_mut(usize::from(l)) {
                        *o = d;
                    }
                }
                row
            })
            .collect()
    })
}

fn latin_ascii_costs(b: &Bytes) -> [f64; LANGS] {
    let idx = lang::index();
    let mut out = [0f64; LANGS];
    // The pairs each language's floor is paid for.
    let floored: u64 = b
        .ascii
        .iter()
        .enumerate()
        .filter(|&(slot, _)| slot != 27 * 26 + 26)
        .map(|(_, &n)| u64::from(n))
        .sum();
    // When no sum can round (every term a whole multiple of one unit, and a language's sum at
    // most the pairs' count times two of the largest costs, below 2^53 units), the floors are
    // one product each rather than one per pair of letters (decision 65): the same sums.
    let factored = floored > 0
        && ascii_unit().is_some_and(|(u, most)| floored as f64 * 2.0 * most < 2f64.powi(53 + u));
    if factored {
        for (o, &f) in out.iter_mut().zip(idx.ascii_floor) {
            *o = floored as f64 * f64::from(f);
        }
    }
    let rows = factored
        && (ROWS.get().is_some() || b.ascii.iter().filter(|&&n| n != 0).count() >= ROWS_FROM);
    for (slot, &n) in b.ascii.iter().enumerate() {
        if n == 0 || slot == 27 * 26 + 26 {
            continue;
        }
        if !factored {
            for (o, &f) in out.iter_mut().zip(idx.ascii_floor) {
                *o += f64::from(n) * f64::from(f);
            }
        }
        // The window's slots are the index's places: `ascii_slot` folds the case that
        // `freeze::ascii_place` never sees.
        if rows {
            // Exact sums: every language in a lane, those without the pair adding 0.
            if let Some(row) = ascii_rows().get(slot) {
                for (o, &d) in out.iter_mut().zip(row) {
                    *o += f64::from(n) * f64::from(d);
                }
            }
            continue;
        }
        for (l, d) in idx.ascii_pair(slot) {
            if let Some(o) = out.get_mut(usize::from(l)) {
                *o += f64::from(n) * f64::from(d);
            }
        }
    }
    out
}

/// True when the window looks like EBCDIC: many of its separators (40, its space; 15 and 25,
/// NEL and LF; 5E and 6B, `;` and `,`: a CSV file has few spaces, issue 38), and either few
/// ASCII lower-case letters or hardly any ASCII space (IBM424 writes Hebrew letters at 62–69
/// and 71, ASCII's b–i and q, so Hebrew EBCDIC has many "lower-case letters", but an ASCII
/// text has spaces).
pub(super) fn ebcdic_possible(b: &Bytes, len: usize) -> bool {
    let count = |x: u8| b.unigram.get(usize::from(x)).copied().unwrap_or(0) as usize;
    let separators: usize = [0x40, 0x15, 0x25, 0x5E, 0x6B].into_iter().map(count).sum();
    let ascii_spaces = count(0x20);
    let lower: usize = (b'a'..=b'z').map(count).sum();
    separators * 25 >= len && (lower * 5 < len || ascii_spaces * 10 < separators)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop over the pairs of letters that every floor went through before decision 65.
    fn ascii_costs_pair_by_pair(b: &Bytes) -> [f64; LANGS] {
        let idx = lang::index();
        let mut out = [0f64; LANGS];
        for (slot, &n) in b.ascii.iter().enumerate() {
            if n == 0 || slot == 27 * 26 + 26 {
                continue;
            }
            for (o, &f) in out.iter_mut().zip(idx.ascii_floor) {
                *o += f64::from(n) * f64::from(f);
            }
            for (l, d) in idx.ascii_pair(slot) {
                if let Some(o) = out.get_mut(usize::from(l)) {
                    *o += f64::from(n) * f64::from(d);
                }
            }
        }
        out
    }

    #[test]
    fn the_ascii_floors_factored_give_the_same_bits() {
        // The models as trained allow it (else every window took the slow way unseen).
        let (unit, most) = ascii_unit().expect("the ASCII costs are whole multiples of a unit");
        assert!(
            65_536.0 * 2.0 * most < 2f64.powi(53 + unit),
            "{unit} {most}"
        );
        let texts: [&[u8]; 5] = [
            b"The quick brown fox jumps over the lazy dog, twice. \xE9t\xE9 \xE0 Paris",
            b"Der Stra\xDFenbahnfahrer f\xE4hrt \xFCber die Br\xFCcke nach K\xF6ln.",
            b"a",
            b"\xC0\xC1\xC2 12345 !!! ... ,,,",
            // Enough different pairs for the rows (`ROWS_FROM`).
            b"Pack my box with five dozen liquor jugs; the job requires extra pluck and zeal \
              from every young wage earner. Sphinx of black quartz, judge my vow: how \
              vexingly quick daft zebras jump! \xE9l\xE8ve",
        ];
        for (i, text) in texts.into_iter().enumerate() {
            let b = bytes_of(text);
            let slots = b.ascii.iter().filter(|&&n| n != 0).count();
            assert_eq!(slots >= ROWS_FROM, i == 4, "{slots}");
            let (got, want) = (latin_ascii_costs(&b), ascii_costs_pair_by_pair(&b));
            for (g, w) in got.iter().zip(&want) {
                assert_eq!(
                    g.to_bits(),
                    w.to_bits(),
                    "{:?}",
                    String::from_utf8_lossy(text)
                );
            }
        }
    }
}
