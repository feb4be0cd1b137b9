//! D12: naming the code page. Every candidate's reading of the window is scored for how
//! plausible it is as text; the lowest cost wins, readings that give the same text are one
//! answer, and the commoner page names it.
//!
//! Single-byte pages are scored from one histogram of the window's byte pairs that hold a byte
//! above 7F (in EBCDIC that is nearly every letter): each candidate maps the two bytes to
//! characters and each language model of the page's script prices the character bigram
//! (`lang.rs`). Symbols, controls and unmapped bytes cost extra. Multi-byte pages are decoded
//! (`cjk/`): a byte they cannot hold disqualifies them, and their characters are priced by
//! how common they are in that page's own character set. Costs are per byte above 7F, on the
//! models' normalised scale (about 0 for a bigram of real text, 1 for noise), so the two kinds
//! compare.
//!
//! The modules from the bottom up, each using only those before it (issue 37): the language
//! models (`model.rs`, the generated `models.rs`, the index over them in `lang.rs` and its
//! dense tables per script in `dense.rs`); the window (`byte_set.rs`, `exact.rs`, `bytes.rs`);
//! the single-byte pages (`byte_info.rs`, `pair_counts.rs`, `single.rs`, `shared.rs`, the first
//! pass in `price.rs`, the second in `bigrams.rs`); the multi-byte pages (`cjk/`); and here the
//! ranking, all that the rest of `detect/` uses: [`rank`], [`Scored`], [`confidence`] and
//! [`RANKED_PAIRS`].

mod bigrams;
mod byte_info;
mod byte_set;
mod bytes;
mod cjk;
mod dense;
mod exact;
mod lang;
mod model;
#[allow(clippy::unreadable_literal)]
mod models;
mod pair_counts;
mod price;
mod shared;
mod single;

use crate::codepage::{CodePage, Script};
pub(crate) use bytes::RANKED_PAIRS;
use lang::LANGS;
use shared::Shared;

/// The prior of D12: a page of tier `t` (0 common … 3 rare) pays `TIER_COST * t * h^0.6` over
/// the window's `h` bytes above 7F. It grows slower than the evidence (which grows with `h`),
/// so a long text is named by what it says, a short one leans on how common the page is.
const TIER_COST: f64 = 0.06;
const PRIOR_EXPONENT: f64 = 0.6;

/// The prior of D12 per byte above 7F.
fn prior(page: CodePage, high: u64) -> f64 {
    // The power is the window's, asked for by every group: worked out once (the same value,
    // so the same result to the bit).
    thread_local! {
        static LAST: std::cell::Cell<(u64, f64)> = const { std::cell::Cell::new((0, 1.0)) };
    }
    let h = high.max(1) as f64;
    let power = LAST.with(|last| match last.get() {
        (at, p) if at == high.max(1) => p,
        _ => {
            let p = h.powf(PRIOR_EXPONENT);
            last.set((high.max(1), p));
            p
        }
    });
    TIER_COST * f64::from(page.tier()) * power / h
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

/// The ranking of D12: the best readings, best first, and how many readings there are.
pub(crate) struct Ranking {
    /// The best readings (as many as asked for), same-text readings grouped under the
    /// commoner page.
    pub top: Vec<Scored>,
    /// Readings that give different texts: how many there are in all.
    pub total: usize,
    /// The part of the window that was ranked (all of it unless it holds more different byte
    /// pairs than [`bytes::RANKED_PAIRS`]), and its bytes above 7F.
    pub read: usize,
    pub high: u64,
}

/// How far a page's cost may stray from its bound by rounding (costs are a few units per byte
/// above 7F, summed with a relative error far below 1e-12): a group is left out only when its
/// bound is beyond the last place kept by more than this.
const MARGIN: f64 = 1e-6;

/// One candidate before it is priced in full.
enum Reading {
    /// A single-byte page (its index in [`single::models`]), its first pass (its index in
    /// the list of first passes) and the lower bound of its cost.
    Single(usize, usize, f64),
    /// A multi-byte page, priced in full.
    Multi(Scored),
}

/// Readings that give the same text: their places in the list of readings, and the page that
/// names them.
struct Group {
    /// The first and last of its readings; `next` links each to the following one.
    first: usize,
    last: usize,
    page: CodePage,
    bound: f64,
}

/// A group's readings in the order met, through the links of `next` (a list per group
/// without an allocation per group: a window has some fifty).
fn members<'a>(g: &Group, next: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
    std::iter::successors(Some(g.first), move |&i| {
        next.get(i).copied().filter(|&n| n != usize::MAX)
    })
}

/// Ranks every candidate for the window and keeps the best `keep`, same-text readings grouped
/// under the commoner page. Empty when the window has no byte above 7F (nothing to tell apart).
///
/// A group's cost is only worked out in full when its lower bound could reach the places
/// kept: the groups are priced from the most promising bound on, and the rest are left once
/// `keep` groups are priced and the next bound is beyond the last of them. What is kept is the
/// same as pricing every candidate would give, cost for cost.
pub(crate) fn rank(window: &[u8], at_eof: bool, keep: usize) -> Ranking {
    let mut b = bytes::bytes_of(window);
    // The part read: a multi-byte character cut at its end is not a fault (as at the end of a
    // window that is not the whole file).
    let at_eof = at_eof && b.read == window.len();
    let window = window.get(..b.read).unwrap_or(window);
    let ebcdic = bytes::ebcdic_possible(&b, window.len());
    // Issue 38, item 4: the single-byte pages are priced on the text, not on its markup (the
    // multi-byte pages decode the window itself). Not for a window that may be EBCDIC, whose
    // `<` and `>` are other characters, nor for one whose bytes are a quarter or more above
    // 7F: markup is ASCII, and in random bytes a `<` opens nothing (D13 keeps them binary).
    if !ebcdic && b.high > 0 && b.high * 4 < window.len() as u64 {
        if let Some(text) = cjk::without_markup(window) {
            let masked = bytes::bytes_of(&text);
            if masked.read == b.read && masked.high == b.high {
                b = masked;
            }
        }
    }
    if b.high == 0 && !ebcdic {
        return Ranking {
            top: Vec::new(),
            total: 0,
            read: b.read,
            high: b.high,
        };
    }
    let ascii = bytes::ascii_costs(&b);
    let ascii_best = ascii.iter().copied().fold(f64::INFINITY, f64::min);
    let models = single::models();
    let mut letters: u64 = (b'A'..=b'Z')
        .chain(b'a'..=b'z')
        .map(|c| u64::from(b.unigram.get(usize::from(c)).copied().unwrap_or(0)))
        .sum();
    // Issue 38: markup is not language; counted (one pass) only when it could open the gate.
    if b.high * 10 < b.high + letters {
        letters = cjk::letters_outside_markup(window);
    }
    // One reading per page at most: sized once (each window's vectors are a good part of a
    // small file's cost otherwise, grown and copied step by step).
    let mut readings = Vec::with_capacity(models.len());
    let mut tallies = Vec::with_capacity(models.len());
    let mut memo = cjk::Memo::default();
    let mut shared = Shared::for_pages(models.len());
    for (i, page) in CodePage::all().enumerate() {
        if page.script() == Script::None {
            continue;
        }
        if let Some(m) = models.get(i).and_then(Option::as_ref) {
            if !m.ascii_compatible && !ebcdic {
                continue;
            }
            let t = price::tally(m, &b, &mut shared);
            let bound = t.bound(m, &b, &ascii, ascii_best);
            readings.push(Reading::Single(i, tallies.len(), bound));
            tallies.push(t);
        } else if page.single_byte_table().is_none() {
            if let Some(s) = cjk::score(page, window, at_eof, b.high, letters, &mut memo) {
                readings.push(Reading::Multi(s));
            }
        }
    }
    let page_of = |r: &Reading| match r {
        Reading::Single(i, ..) => models.get(*i).and_then(Option::as_ref).map(|m| m.page),
        Reading::Multi(s) => Some(s.page),
    };
    let text_of = |r: &Reading| match r {
        Reading::Single(_, t, _) => tallies.get(*t).map_or(0, |t| t.text),
        Reading::Multi(s) => s.text,
    };
    // Readings that give the same text are one answer, named by the commonest page (lowest
    // tier, then the registry's order, which puts the common pages first).
    let mut groups: Vec<Group> = Vec::with_capacity(readings.len());
    let mut next = vec![usize::MAX; readings.len()];
    // Each group's text (its first member's), to its place in `groups`.
    let mut group_of: std::collections::HashMap<u64, usize> =
        std::collections::HashMap::with_capacity(readings.len());
    for (i, r) in readings.iter().enumerate() {
        let Some(page) = page_of(r) else { continue };
        let bound = match r {
            Reading::Single(_, _, bound) => *bound,
            Reading::Multi(s) => s.cost - prior(s.page, b.high),
        };
        let text = text_of(r);
        match group_of.get(&text).and_then(|&gi| groups.get_mut(gi)) {
            Some(g) => {
                if let Some(n) = next.get_mut(g.last) {
                    *n = i;
                }
                g.last = i;
                g.bound = g.bound.min(bound);
                if page.tier() < g.page.tier() {
                    g.page = page;
                }
            }
            None => {
                group_of.insert(text, groups.len());
                groups.push(Group {
                    first: i,
                    last: i,
                    page,
                    bound,
                });
            }
        }
    }
    let total = groups.len();
    let mut order: Vec<usize> = (0..groups.len()).collect();
    // Worked out once per group (the prior takes a power), not in every comparison.
    let bounds: Vec<f64> = groups
        .iter()
        .map(|g| g.bound + prior(g.page, b.high))
        .collect();
    let bound_of = |gi: usize| bounds.get(gi).copied().unwrap_or(f64::INFINITY);
    order.sort_by(|&x, &y| bound_of(x).total_cmp(&bound_of(y)));
    // The groups priced in full, with their place among all groups.
    let mut priced: Vec<(usize, Scored)> = Vec::new();
    let mut kept_costs: Vec<f64> = Vec::new();
    for gi in order {
        let Some(g) = groups.get(gi) else { continue };
        if kept_costs.len() >= keep.max(1) {
            let last = kept_costs.last().copied().unwrap_or(f64::INFINITY);
            let bound = bound_of(gi);
            if bound - MARGIN * (1.0 + bound.abs()) > last {
                break;
            }
        }
        let members = members(g, &next);
        let s = price(
            g,
            members,
            &readings,
            &tallies,
            &b,
            &ascii,
            ascii_best,
            &mut shared,
        );
        let at = kept_costs.partition_point(|&c| c <= s.cost);
        kept_costs.insert(at, s.cost);
        kept_costs.truncate(keep.max(1));
        priced.push((gi, s));
    }
    // In the order every group would have had, then by cost: the same order as sorting them
    // all, for the groups kept.
    priced.sort_by_key(|&(gi, _)| gi);
    let mut top: Vec<Scored> = priced.into_iter().map(|(_, s)| s).collect();
    top.sort_by(|x, y| {
        x.cost
            .total_cmp(&y.cost)
            .then(x.page.tier().cmp(&y.page.tier()))
    });
    top.truncate(keep);
    Ranking {
        top,
        total,
        read: b.read,
        high: b.high,
    }
}

/// A group's reading, priced in full: every member's cost, folded as the readings were met
/// (the commoner page names the group, at the best cost any member got: a page without models
/// prices the same text less well).
#[allow(clippy::too_many_arguments)]
fn price(
    g: &Group,
    members: impl Iterator<Item = usize>,
    readings: &[Reading],
    tallies: &[price::Tally],
    b: &bytes::Bytes,
    ascii: &[f64; LANGS],
    ascii_best: f64,
    shared: &mut Shared<'static>,
) -> Scored {
    let models = single::models();
    let bare = |x: &Scored| x.cost - prior(x.page, b.high);
    // Members that read the window alike and are priced by the same models, for the same
    // languages written (issue 38), cost the same: priced once.
    let mut done: Vec<(&single::PageModel, f64, Option<&'static str>)> = Vec::new();
    let mut out: Option<Scored> = None;
    for i in members {
        let s = match readings.get(i) {
            Some(Reading::Single(mi, ti, _)) => {
                let (Some(m), Some(t)) =
                    (models.get(*mi).and_then(Option::as_ref), tallies.get(*ti))
                else {
                    continue;
                };
                let same = done.iter().find(|(d, ..)| {
                    d.ascii_compatible == m.ascii_compatible
                        && d.langs == m.langs
                        && d.writes == m.writes
                        && b.present
                            .iter()
                            .all(|&x| d.table.get(usize::from(x)) == m.table.get(usize::from(x)))
                });
                let (cost, lang) = match same {
                    Some(&(_, cost, lang)) => (cost, lang),
                    None => {
                        let (cost, lang) = bigrams::score(m, b, t, ascii, ascii_best, shared);
                        done.push((m, cost, lang));
                        (cost, lang)
                    }
                };
                Scored {
                    page: m.page,
                    cost: cost + prior(m.page, b.high),
                    lang,
                    text: t.text,
                    also: Vec::new(),
                }
            }
            Some(Reading::Multi(s)) => s.clone(),
            None => continue,
        };
        match out.as_mut() {
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
            None => out = Some(s),
        }
    }
    out.unwrap_or(Scored {
        page: g.page,
        cost: f64::INFINITY,
        lang: None,
        text: 0,
        also: Vec::new(),
    })
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

#[cfg(test)]
mod tests;

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
