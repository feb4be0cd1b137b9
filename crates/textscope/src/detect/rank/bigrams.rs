//! D12's second pass for a single-byte page ([`score`], after the first pass of `price.rs`) and
//! its bigram sums: each language's cost of the window's letter pairs, through `pairs`' lists for each bigram, through the
//! dense tables of decision 47, or from an earlier page's sums (decision 50); and pair by pair
//! where the sums could round.

use super::byte_info::ByteInfo;
use super::bytes::Bytes;
use super::dense;
use super::lang::{self, ALIEN_COST, LANGS};
use super::price::{self, differences_exact, sums_exact, Tally};
use super::shared::Shared;
use super::single::PageModel;

/// Windows with at least this many different byte pairs are priced through the dense tables
/// (decision 47): building them costs about half a millisecond once per run, which a window of
/// a few hundred pairs would not win back. Smaller windows are priced through them too once
/// the lists have cost as much ([`dense::ScriptPairs::dense_pays`], decision 49).
const DENSE_FROM: usize = 512;

/// The second pass: the page's cost per byte above 7F (prior left out) and its language.
pub(super) fn score<'a>(
    m: &'a PageModel,
    b: &Bytes,
    t: &Tally,
    ascii: &[f64; LANGS],
    ascii_best: f64,
    shared: &mut Shared<'a>,
) -> (f64, Option<&'static str>) {
    let high = b.high.max(1) as f64;
    if m.langs == 0 {
        return ((t.unmodelled + t.penalty) / high, None);
    }
    let delta = if sums_exact(b) {
        bigrams(m, b, t, shared)
    } else {
        bigrams_in_order(m, b)
    };
    // The language is the one that fits the whole text best; the ASCII part counts by how
    // much worse it fits that language than the language it fits best, so that a page cannot
    // win by reading its bytes in a language the rest of the text is not in.
    let idx = lang::index();
    let mut best: Option<(f64, usize)> = None;
    for l in (0..LANGS).filter(|&l| m.langs & 1u64 << l != 0) {
        let mut cost = t.scored * f64::from(idx.floor.get(l).copied().unwrap_or(0.0))
            + delta.get(l).copied().unwrap_or(0.0)
            + lang::quote_cost(l, t.quotes)
            + price::foreign_page(m, l);
        if m.ascii_compatible {
            cost += ascii.get(l).copied().unwrap_or(0.0) - ascii_best;
        }
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, l));
        }
    }
    match best {
        Some((own, l)) => ((own + t.penalty) / high, Some(lang::lang(l))),
        None => ((t.unmodelled + t.penalty) / high, None),
    }
}

/// Each language's bigram and alien costs over the window's pairs, below the floor, when the
/// sums are exact ([`sums_exact`]): the alien costs come from the
/// first pass, the bigrams are added to them. With exact sums the order of the terms does not
/// matter, so the dense tables and `pairs`' lists give the same sums to the bit.
pub(super) fn bigrams<'a>(
    m: &'a PageModel,
    b: &Bytes,
    t: &Tally,
    shared: &mut Shared<'a>,
) -> [f64; LANGS] {
    if b.pairs.len() >= DENSE_FROM || m.script.is_some_and(|s| dense::pays(s, b.pairs.len())) {
        bigrams_dense_shared(m, b, t, shared)
    } else {
        bigrams_listed(m, b, t)
    }
}

/// The window's pairs as the page reads them, each byte's [`ByteInfo`] and the pair's count,
/// in the window's order, less the pairs of two edges (which no model prices).
fn letter_pairs<'m>(
    m: &'m PageModel,
    b: &'m Bytes,
) -> impl Iterator<Item = (&'m ByteInfo, &'m ByteInfo, f64)> {
    let none = &m.bytes[0];
    b.pairs.iter().filter_map(move |&(k, n)| {
        let a = m.bytes.get(usize::from(k >> 8)).unwrap_or(none);
        let z = m.bytes.get(usize::from(k & 0xFF)).unwrap_or(none);
        (a.letter != ' ' || z.letter != ' ').then_some((a, z, f64::from(n)))
    })
}

/// Adds `n` times the costs of the bigram `x y` to the page's languages that have it.
fn add_bigram(m: &PageModel, delta: &mut [f64; LANGS], x: char, y: char, n: f64) {
    if let Some(list) = lang::index().pair(lang::key(x, y)) {
        for (l, d) in list {
            if m.langs & 1u64 << l != 0 {
                if let Some(o) = delta.get_mut(usize::from(l)) {
                    *o += n * f64::from(d);
                }
            }
        }
    }
}

/// [`bigrams`] through `pairs`' list of languages for each bigram.
pub(super) fn bigrams_listed(m: &PageModel, b: &Bytes, t: &Tally) -> [f64; LANGS] {
    let mut delta = t.alien();
    for (a, z, n) in letter_pairs(m, b) {
        add_bigram(m, &mut delta, a.letter, z.letter, n);
    }
    delta
}

/// [`bigrams`] through the dense table of the page's script: each bigram's row of costs, one
/// per language of the script (0 where the language lacks it), summed for all of them, with
/// no hash lookup (the letters' slots index the table).
#[cfg(test)]
pub(super) fn bigrams_dense(m: &PageModel, b: &Bytes, t: &Tally) -> [f64; LANGS] {
    bigrams_dense_shared(m, b, t, &mut Shared::default())
}

/// The row of the bigram of slots `sa` and `sz` in the dense table (`None`: none of the
/// script's languages has it, or it is two edges).
fn dense_row(rows: &dense::Dense, letters: usize, edge: u16, sa: u16, sz: u16) -> Option<usize> {
    if (sa == edge && sz == edge) || sa == dense::NO_SLOT || sz == dense::NO_SLOT {
        return None;
    }
    let row = *rows.grid.get(usize::from(sa) * letters + usize::from(sz))?;
    (row != dense::NO_ROW).then_some(row as usize)
}

/// `bigrams_dense`, from the sums of an earlier page of the same script in `shared` when
/// one reads few of the window's bytes otherwise (decision 50): its sums, plus this page's
/// costs of each pair that holds a byte the two read as different letters, less the earlier
/// page's. Where the sums are exact ([`sums_exact`],
/// [`differences_exact`]) every term and partial sum is a whole multiple of the same unit, so
/// this is the sum over every pair to the bit.
pub(super) fn bigrams_dense_shared<'a>(
    m: &'a PageModel,
    b: &Bytes,
    t: &Tally,
    shared: &mut Shared<'a>,
) -> [f64; LANGS] {
    let mut delta = t.alien();
    let Some(table) = m.script.and_then(|s| dense::scripts().get(s.ordinal())) else {
        return delta;
    };
    let width = table.langs.len();
    let rows = table.dense();
    let slots = m.slots(table);
    let letters = table.letters.len();
    let edge = table.slot(' ');
    let slot = |s: &[u16; 256], x: usize| s.get(x).copied().unwrap_or(dense::NO_SLOT);
    let row =
        |s: &[u16; 256], i: usize, j: usize| dense_row(rows, letters, edge, slot(s, i), slot(s, j));
    let near = if differences_exact(b) {
        shared.sums_near(m, b)
    } else {
        None
    };
    let mut all = [0f64; LANGS];
    if let Some((from, ..)) = near {
        all = from;
    }
    let sums = all.get_mut(..width).unwrap_or_default();
    let mut add = |r: usize, n: f64| {
        let at = r * width;
        if let Some(costs) = rows.costs.get(at..at + width) {
            for (s, &d) in sums.iter_mut().zip(costs) {
                *s += n * f64::from(d);
            }
        }
    };
    match near {
        Some((_, other, diff)) => {
            // The sums are exact (`differences_exact`): the pairs may come in any order.
            for (k, n) in b.pairs_with(&diff) {
                let (i, j) = (usize::from(k >> 8), usize::from(k & 0xFF));
                if let Some(r) = row(slots, i, j) {
                    add(r, f64::from(n));
                }
                if let Some(r) = row(other, i, j) {
                    add(r, -f64::from(n));
                }
            }
        }
        None => {
            for &(k, n) in &b.pairs {
                let (i, j) = (usize::from(k >> 8), usize::from(k & 0xFF));
                if let Some(r) = row(slots, i, j) {
                    add(r, f64::from(n));
                }
            }
        }
    }
    shared.keep_sums(m, slots, all);
    for (&l, &s) in table.langs.iter().zip(all.iter()) {
        if m.langs & 1u64 << l != 0 {
            if let Some(o) = delta.get_mut(usize::from(l)) {
                *o += s;
            }
        }
    }
    delta
}

/// [`bigrams`] term by term, pair by pair, for windows whose sums could round: the order of
/// the additions is then part of the result.
pub(super) fn bigrams_in_order(m: &PageModel, b: &Bytes) -> [f64; LANGS] {
    let mut delta = [0f64; LANGS];
    for (a, z, n) in letter_pairs(m, b) {
        add_bigram(m, &mut delta, a.letter, z.letter, n);
        // A letter above 7F that a language never writes: each such byte is met in two
        // pairs, so half the cost each time.
        for alien in [a.alien, z.alien] {
            let mut rest = alien;
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(o) = delta.get_mut(l) {
                    *o += n * ALIEN_COST / 2.0;
                }
            }
        }
    }
    delta
}
