//! Decision 47: each script's bigram costs as a dense table, for pricing windows with many
//! byte pairs without a hash lookup per pair (`price::bigrams_dense`). Built on first use from
//! the index of `lang.rs`, whose `pairs` they hold again, entry for entry.

use super::lang::{index, script_of, Index, LANGS};
use super::model::ModelScript;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Byte pairs priced through `pairs`' lists, for one script, after which its dense table is
/// built for every window, however few pairs it has: about what building the table costs
/// (half a millisecond for Latin), so that a process that ranks many small windows (a Python
/// loop over files, `check` over a tree) pays for the table at most twice what the lists
/// would have cost, and a single small file never builds it.
const LISTED_BUDGET: u64 = 20_000;

/// The bigrams of one script's models, dense: a row per bigram any of them has, a column per
/// language of the script, the cost where `pairs` has it and 0 (the floor) where it has not.
/// Summing a row for every language costs less than walking `pairs`' list of languages and
/// testing each (decision 47); where the sums are exact the result is the same to the bit.
pub(crate) struct ScriptPairs {
    /// The script's languages, in increasing order.
    pub langs: Vec<u8>,
    /// The characters its bigrams hold (the edge ' ' among them), in increasing order: a
    /// character's place here is its slot.
    pub letters: Vec<char>,
    /// The script's bigrams (their keys, `lang::key`): row `r` is `keys[r]`'s.
    keys: Vec<u32>,
    /// Built the first time a page of the script is priced in full (a run that ranks Latin
    /// text alone never builds the other scripts' tables).
    dense: OnceLock<Dense>,
}

/// Byte pairs of each script's pages priced through the lists so far in this process, by
/// [`ModelScript::ordinal`]: here rather than in [`ScriptPairs`], so that a small window is
/// priced without building the scripts' tables at all (issue 42: a quarter of a millisecond
/// of a one-line file's start-up).
static LISTED: [AtomicU64; ModelScript::ALL.len()] =
    [const { AtomicU64::new(0) }; ModelScript::ALL.len()];

/// The dense table of one script.
pub(crate) struct Dense {
    /// The row of the bigram of slots `a` and `b` at `a * letters.len() + b`, or
    /// [`NO_ROW`] when no language of the script has it.
    pub grid: Vec<u32>,
    /// The rows, `langs.len()` costs each.
    pub costs: Vec<f32>,
}

/// A bigram no language of the script has.
pub(crate) const NO_ROW: u32 = u32::MAX;

/// A character no bigram of the script holds.
pub(crate) const NO_SLOT: u16 = u16::MAX;

/// True when a window of `pairs` different byte pairs should be priced through the dense
/// table of `script`: it is built already, or the lists have cost about as much as building
/// it. Either way gives the same sums to the bit (decision 47).
pub(crate) fn pays(script: ModelScript, pairs: usize) -> bool {
    let built = SCRIPTS
        .get()
        .and_then(|all| all.get(script.ordinal()))
        .is_some_and(|t| t.dense.get().is_some());
    built
        || LISTED
            .get(script.ordinal())
            .is_some_and(|n| n.fetch_add(pairs as u64, Ordering::Relaxed) >= LISTED_BUDGET)
}

impl ScriptPairs {
    /// The grid and the rows of costs, built on first use from `lang::Index::pairs`.
    pub(crate) fn dense(&self) -> &Dense {
        self.dense.get_or_init(|| {
            let index = index();
            let width = self.langs.len();
            let n = self.letters.len();
            let slot = |c: u32| char::from_u32(c).and_then(|c| self.letters.binary_search(&c).ok());
            let mut grid = vec![NO_ROW; n * n];
            let mut costs = vec![0f32; self.keys.len() * width];
            for (row, &k) in self.keys.iter().enumerate() {
                if let (Some(a), Some(b)) = (slot(k >> 16), slot(k & 0xFFFF)) {
                    if let Some(g) = grid.get_mut(a * n + b) {
                        *g = row as u32;
                    }
                }
                for (l, d) in index.pair(k).into_iter().flatten() {
                    if let Ok(j) = self.langs.binary_search(&l) {
                        if let Some(c) = costs.get_mut(row * width + j) {
                            *c = d;
                        }
                    }
                }
            }
            Dense { grid, costs }
        })
    }

    /// The slot of `c`, or [`NO_SLOT`].
    pub(crate) fn slot(&self, c: char) -> u16 {
        self.letters
            .binary_search(&c)
            .ok()
            .and_then(|i| u16::try_from(i).ok())
            .filter(|&i| i != NO_SLOT)
            .unwrap_or(NO_SLOT)
    }
}

/// The tables of [`scripts`] (read by [`pays`] without building them).
static SCRIPTS: OnceLock<Vec<ScriptPairs>> = OnceLock::new();

/// `pairs` again, one table per script (by [`ModelScript::ordinal`]), for the pricing of
/// single-byte pages, which reads only the models of the page's script; built the first time
/// a window with many pairs is priced (decision 47). Here rather than in `lang::Index`: the
/// index is below these tables (issue 37).
pub(crate) fn scripts() -> &'static [ScriptPairs] {
    SCRIPTS.get_or_init(|| script_pairs(index()))
}

/// `pairs` split by script: each script's languages, bigrams and letters (the dense tables
/// come later, [`ScriptPairs::dense`]).
fn script_pairs(index: &Index) -> Vec<ScriptPairs> {
    let mut langs: Vec<Vec<u8>> = vec![Vec::new(); ModelScript::ALL.len()];
    for l in 0..LANGS {
        if let Some(list) = script_of(l).and_then(|s| langs.get_mut(s.ordinal())) {
            list.push(l as u8);
        }
    }
    let mut keys: Vec<Vec<u32>> = vec![Vec::new(); ModelScript::ALL.len()];
    for (k, list) in index.pairs() {
        let mut seen = 0u8;
        for (l, _) in list {
            let Some(s) = script_of(usize::from(l)).map(ModelScript::ordinal) else {
                continue;
            };
            if seen & 1 << s == 0 {
                seen |= 1 << s;
                if let Some(r) = keys.get_mut(s) {
                    r.push(k);
                }
            }
        }
    }
    langs
        .into_iter()
        .zip(keys)
        .map(|(langs, keys)| {
            // The letters of the script's languages, and the edge: what their bigrams hold.
            let mask = langs.iter().fold(0u64, |m, &l| m | 1u64 << l);
            let mut letters: Vec<char> = index
                .letters()
                .filter(|&(_, m)| m & mask != 0)
                .filter_map(|(c, _)| char::from_u32(c))
                .chain([' '])
                .collect();
            letters.sort_unstable();
            letters.dedup();
            ScriptPairs {
                langs,
                letters,
                keys,
                dense: OnceLock::new(),
            }
        })
        .collect()
}
