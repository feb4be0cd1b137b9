//! D12's shortcuts change no answer: a ranking that leaves out the groups that cannot reach
//! the places kept is the full ranking cut short, cost for cost; every page's bound is below
//! its cost; the bigram sums added in any order are the sums added pair by pair.

use super::bytes::bytes_of;
use super::price::{self, bigrams, bigrams_in_order, sums_exact, tally};
use super::score::{rank, Scored};
use super::single;
use crate::codepage::CodePage;

/// The project's labelled samples, whole and cut short, noise, and an EBCDIC text.
fn windows() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/legacy");
    let mut out = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    names.sort();
    for path in names {
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap_or_default();
        for cut in [30, 90, 300, usize::MAX] {
            out.push(bytes.iter().copied().take(cut).collect());
        }
    }
    assert!(out.len() >= 160, "{}", out.len());
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for len in [8, 64, 700, 5000] {
        out.push(
            (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x >> 24) as u8 | 0x80
                })
                .collect(),
        );
    }
    let ibm037 = CodePage::for_label("IBM037").and_then(CodePage::single_byte_table);
    if let Some(t) = ibm037 {
        let text = "Le café était très chaud, dit-il à sa sœur. Ça va très bien, merci. ";
        let ebcdic: Vec<u8> = text
            .repeat(4)
            .chars()
            .filter_map(|c| t.iter().position(|&m| m == Some(c)))
            .map(|b| b as u8)
            .collect();
        out.push(ebcdic);
    }
    out
}

fn same(a: &Scored, b: &Scored) -> bool {
    a.page == b.page
        && a.cost.to_bits() == b.cost.to_bits()
        && a.lang == b.lang
        && a.text == b.text
        && a.also == b.also
}

#[test]
fn a_pruned_ranking_is_the_full_ranking_cut_short() {
    for w in windows() {
        let full = rank(&w, true, usize::MAX);
        for keep in [1, 2, 10] {
            let cut = rank(&w, true, keep);
            assert_eq!(cut.total, full.total);
            assert_eq!(cut.top.len(), full.top.len().min(keep));
            for (a, b) in cut.top.iter().zip(&full.top) {
                assert!(same(a, b), "{keep}: {a:?} against {b:?}");
            }
        }
    }
}

#[test]
fn every_bound_is_below_the_cost() {
    let mut priced = 0;
    for w in windows() {
        let b = bytes_of(&w);
        let ascii = super::bytes::ascii_costs(&b);
        let best = ascii.iter().copied().fold(f64::INFINITY, f64::min);
        for m in single::models().iter().flatten() {
            let t = tally(m, &b);
            let (cost, _) = price::score(m, &b, &t, &ascii, best);
            let bound = t.bound(m, &b, &ascii, best);
            assert!(bound <= cost + 1e-9, "{:?}: {bound} > {cost}", m.page);
            priced += 1;
        }
    }
    assert!(priced > 10_000, "{priced}");
}

#[test]
fn bigram_sums_in_any_order_are_the_sums_pair_by_pair() {
    let mut compared = 0;
    for w in windows() {
        let b = bytes_of(&w);
        assert!(
            sums_exact(&b),
            "the models' costs are exact sums in a window"
        );
        for m in single::models().iter().flatten() {
            let t = tally(m, &b);
            let (fast, slow) = (bigrams(m, &b, &t), bigrams_in_order(m, &b));
            for (l, (x, y)) in fast.iter().zip(&slow).enumerate() {
                if m.langs & 1u64 << l != 0 {
                    assert_eq!(x.to_bits(), y.to_bits(), "{:?} language {l}", m.page);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
}

#[test]
fn a_full_window_of_high_bytes_still_sums_exactly() {
    let w: Vec<u8> = (0..super::WINDOW)
        .map(|i| 0x80 | (i * 7 % 128) as u8)
        .collect();
    assert!(sums_exact(&bytes_of(&w)));
}
