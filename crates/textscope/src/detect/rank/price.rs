//! D12 for the single-byte pages: each candidate maps the window's byte pairs to characters
//! (`single.rs`) and each language model of the page's script prices the character bigrams
//! (`lang.rs`); symbols, controls, unmapped bytes and unlikely neighbours cost extra.
//!
//! A window is priced in two passes: a cheap one ([`tally`]) gives the penalties exactly and a
//! lower bound of the whole cost ([`Tally::bound`]), so that the ranking can leave out a page
//! that cannot reach the places the report lists; the full one (`bigrams::score`) prices every bigram
//! with every model of the script. A page's cost is the same to the last bit whichever way it
//! is reached: the sums are exact ([`sums_exact`]), or else added pair by pair.

use super::byte_info::NATIVE;
use super::bytes::{self, Bytes};
use super::lang::{
    self, ALIEN_COST, CASE_COST, FOREIGN_PAGE_COST, LANGS, MIX_COST, QUOTE_COST, TOUCH_COST,
};
use super::pair_counts::{add_packed, PairCounts, PairTable};
use super::shared::{text_step, Shared, TEXT_SEED};
use super::single::{self, PageModel};
use super::tables;

/// True when every sum of bigram and alien costs over the window is exact in f64: each term
/// is a whole multiple of `2^unit` and no partial sum can reach `2^(53 + unit)`. Then the
/// order of the terms cannot change a sum, and they may be added in any order. (With the
/// models as trained, `unit` is -24 and the sums stay below 2^20.)
pub(super) fn sums_exact(b: &Bytes) -> bool {
    let most = b.pair_total as f64 * (tables::LARGEST + ALIEN_COST);
    tables::UNIT.is_some_and(|u| most < 2f64.powi(53 + u))
}

/// True when the sums of `bigrams::bigrams_dense_shared` are
/// exact too: there a partial sum may hold an earlier page's sums and both pages' costs of
/// the pairs redone, at most three times the largest bigram cost per pair.
pub(super) fn differences_exact(b: &Bytes) -> bool {
    let most = b.pair_total as f64 * (3.0 * tables::LARGEST + ALIEN_COST);
    tables::UNIT.is_some_and(|u| most < 2f64.powi(53 + u))
}

/// The first pass over a page: everything but the bigrams' prices.
#[cfg_attr(test, derive(Debug, PartialEq))]
pub(super) struct Tally {
    /// Symbols, controls, misplaced neighbours (exact).
    pub penalty: f64,
    /// Byte pairs priced by the models (their count).
    pub scored: f64,
    /// The cost of the quotes beside letters, paid by the languages that write no elisions
    /// ([`lang::quote_cost`]; exact).
    pub quotes: f64,
    /// The cost of a page without models (exact).
    pub unmodelled: f64,
    /// Each language's pair occurrences of the letters it never writes ([`Tally::alien`]).
    aliens: [u32; LANGS],
    /// Equal for two readings that give the same text of the window.
    pub text: u64,
}

/// Different byte pairs in a window from which a page's first pass reads its counts from the
/// page's [`PairTable`] (built then, once per run); below, from the bytes' pair codes, which
/// give the same counts (issue 42: a one-line file builds no table).
const TABLE_FROM: usize = 64;

/// What the first pass counts for a page: its pair counts, and for each language the pair
/// occurrences of the letters it never writes (each byte's pairs, [`Bytes::weight`]). From
/// the nearest earlier page's in `shared` when it reads few of the window's bytes otherwise
/// (decision 50), else pair by pair and byte by byte.
fn first_pass<'a>(
    m: &'a PageModel,
    b: &Bytes,
    shared: &mut Shared<'a>,
) -> (PairCounts, [u32; LANGS]) {
    // A byte's pairs, to each language its letter is alien to (wrapping, as below; a
    // window's counts stay far below 2^32).
    let aliens = |alien: &mut [u32; LANGS], m: &PageModel, x: usize, take: bool| {
        let mask = m.bytes.get(x).map_or(0, |i| i.alien);
        let w = b.weight.get(x).copied().unwrap_or(0);
        add_masked(alien, mask, if take { w.wrapping_neg() } else { w });
    };
    let (mut c, mut alien) = ([0u64; 3], [0u32; LANGS]);
    match shared.counts_near(m, b) {
        Some((from, from_alien, other, diff)) => {
            let table = m.pair_table();
            (c, alien) = (from.pack(), from_alien);
            let other_table = other.pair_table();
            for (k, n) in b.pairs_with(&diff) {
                add_packed(&mut c, table.pair(k), u64::from(n), false);
                add_packed(&mut c, other_table.pair(k), u64::from(n), true);
            }
            for x in bytes::bits(diff).filter(|&x| b.has_byte(x)) {
                aliens(&mut alien, m, x, false);
                aliens(&mut alien, other, x, true);
            }
        }
        None if b.pairs.len() < TABLE_FROM && !m.has_pair_table() => {
            for &(k, n) in &b.pairs {
                add_packed(&mut c, PairTable::pair_of(&m.codes, k), u64::from(n), false);
            }
            for &x in &b.present {
                aliens(&mut alien, m, usize::from(x), false);
            }
        }
        None => {
            let table = m.pair_table();
            for &(k, n) in &b.pairs {
                add_packed(&mut c, table.pair(k), u64::from(n), false);
            }
            for &x in &b.present {
                aliens(&mut alien, m, usize::from(x), false);
            }
        }
    }
    let c = PairCounts::unpack(c);
    shared.keep_counts(m, c, alien);
    (c, alien)
}

/// Adds `w` (wrapping) to the count of each language of `mask` (bit `l`: language `l`), every
/// language in a vector lane: a letter is alien to some twenty or forty languages, and a loop
/// over the bits of its mask, whose length the predictor could not know, took a quarter of a
/// page's first pass.
#[inline(always)]
fn add_masked(alien: &mut [u32; LANGS], mask: u64, w: u32) {
    if mask == 0 {
        return;
    }
    let (low, high) = alien.split_at_mut(LANGS.min(32));
    let bits = mask as u32;
    for (l, o) in low.iter_mut().enumerate() {
        let on = bits & (1u32 << l) != 0;
        *o = o.wrapping_add(if on { w } else { 0 });
    }
    let bits = (mask >> 32) as u32;
    for (l, o) in high.iter_mut().enumerate() {
        let on = bits & (1u32 << (l & 31)) != 0;
        *o = o.wrapping_add(if on { w } else { 0 });
    }
}

/// Half the alien cost is a whole number of quarters: a pair count times it is exact, and so
/// is [`tally`]'s alien cost worked out from a count, as it was summed term by term.
const _: () = assert!(ALIEN_COST * 2.0 == (ALIEN_COST * 2.0) as u32 as f64);

/// The cheap pass: the penalties, the pairs the models will price, the letters each language
/// never writes, and the text's identity.
pub(super) fn tally<'a>(m: &'a PageModel, b: &Bytes, shared: &mut Shared<'a>) -> Tally {
    // The bytes that occur and cost something, in increasing order: the terms that are not 0,
    // in the order of a pass over every byte that occurs (a page that keeps ASCII charges
    // nothing below 80).
    let mut penalty = 0f64;
    let mut charged = b.present_set;
    for (w, c) in charged.iter_mut().zip(&m.costly) {
        *w &= c;
    }
    for byte in bytes::bits(charged) {
        let n = b.unigram.get(byte).copied().unwrap_or(0);
        let code = m.unigram.get(byte).copied().unwrap_or(0);
        let (first, second) = single::UNIGRAM_COSTS
            .get(usize::from(code))
            .copied()
            .unwrap_or((0.0, 0.0));
        if first != 0.0 {
            penalty += f64::from(n) * first;
        }
        if second != 0.0 {
            penalty += f64::from(n) * second;
        }
    }
    let (c, aliens) = first_pass(m, b, shared);
    // Whole multiples of a half: exact, whatever the order.
    penalty += TOUCH_COST * c.touch as f64 + CASE_COST * c.case as f64 + MIX_COST * c.mix as f64;
    // Whole numbers: exact.
    let quotes = QUOTE_COST * c.quote as f64;
    let scored = c.scored as f64;
    // Only a page without models reads it (pair by pair, as these pages are few).
    let mut unmodelled = 0f64;
    if m.langs == 0 {
        for &(k, n) in &b.pairs {
            let a = m
                .codes
                .get(usize::from(k >> 8))
                .copied()
                .unwrap_or_default();
            let z = m
                .codes
                .get(usize::from(k & 0xFF))
                .copied()
                .unwrap_or_default();
            if !(a.edge() && z.edge()) {
                let native = a.has(NATIVE) && z.has(NATIVE);
                unmodelled += f64::from(n) * if native { 1.0 } else { 1.3 };
            }
        }
    }
    // Over the bytes that occur, in increasing order. A page that reads every byte below 80
    // as itself starts from the window's hash of those bytes, worked out once.
    let (mut text, rest) = if m.low_identity {
        (
            shared.low_text(b),
            b.present.get(b.present_high..).unwrap_or_default(),
        )
    } else {
        (TEXT_SEED, &b.present[..])
    };
    for &byte in rest {
        let c = m
            .table
            .get(usize::from(byte))
            .copied()
            .flatten()
            .map_or(0xFFFF_FFFF, u64::from);
        text = text_step(text, byte, c);
    }
    Tally {
        penalty,
        scored,
        quotes,
        unmodelled,
        aliens,
        text,
    }
}

impl Tally {
    /// Each language's cost for the letters it never writes: each pair a letter is in pays
    /// half the alien cost (the letter is met in two pairs); exact, from a count.
    pub(super) fn alien(&self) -> [f64; LANGS] {
        self.aliens.map(|n| f64::from(n) * (ALIEN_COST / 2.0))
    }

    /// A lower bound of the page's cost per byte above 7F, prior left out. A language's
    /// bigrams cost at least its cheapest each; a pair holding a letter the language never
    /// writes is none of its bigrams (it costs the floor, and the alien cost, counted
    /// exactly), and at least half the alien pairs' count is known from that cost; the other
    /// terms are exact or cannot be negative.
    pub(super) fn bound(
        &self,
        m: &PageModel,
        b: &Bytes,
        ascii: &[f64; LANGS],
        ascii_best: f64,
    ) -> f64 {
        let high = b.high.max(1) as f64;
        if m.langs == 0 {
            return (self.unmodelled + self.penalty) / high;
        }
        let idx = lang::index();
        let cheapest = &tables::CHEAPEST;
        let aliens = self.alien();
        // Every language in a lane, those of other scripts left out by the select: the same
        // costs as a loop over the page's languages, and their least (decision 65).
        let mut own = f64::INFINITY;
        let lanes = idx.floor.iter().zip(&aliens).zip(cheapest).zip(ascii);
        for (l, (((&floor, &alien), &cheap), &ascii)) in lanes.enumerate() {
            // Pairs with an alien letter: at least alien / ALIEN_COST of them.
            let foreign = if ALIEN_COST > 0.0 {
                (alien / ALIEN_COST).min(self.scored)
            } else {
                0.0
            };
            let mut cost = self.scored * f64::from(floor)
                + (self.scored - foreign) * cheap
                + alien
                + lang::quote_cost(l, self.quotes)
                + foreign_page(m, l);
            if m.ascii_compatible {
                cost += ascii - ascii_best;
            }
            let take = (m.langs >> l & 1 != 0) & (cost < own);
            own = if take { cost } else { own };
        }
        (own + self.penalty) / high
    }
}

/// What a reading of page `m` scored in language `l` pays when the page cannot write the
/// language's common letters (issue 38): once over the window.
pub(super) fn foreign_page(m: &PageModel, l: usize) -> f64 {
    if m.writes >> l & 1 != 0 {
        0.0
    } else {
        FOREIGN_PAGE_COST
    }
}
