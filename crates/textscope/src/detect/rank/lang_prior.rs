//! D12's language prior, as measured for decision 127 (issue 38): a reading in a language
//! little text is written in pays a little over a short window, so that with one or two
//! accents Italian `più` is read before Lithuanian `pių`. The experiment's form, with its
//! settings read from the environment for the sweep (`TS_LANG_COST`, `TS_LANG_EXP`,
//! `TS_LANG_COMMON`, `TS_LANG_L0`, `TS_LANG_MAXLEN`, `TS_LANG_LATIN`); it lost files of the
//! evaluation set's tune split at every setting and is removed by the next commit.

use super::lang::{self, LANGS};
use std::sync::OnceLock;

/// How much of the web's text is written in each language, in per cent: rounded orders of
/// magnitude of the kind web-content surveys (W3Techs' "content languages") publish, written
/// down for this experiment, not a dated table; a factor of two either way moves a language's
/// cost by a third of [`LANG_COST`]. A language not listed counts as [`RAREST`].
const SHARE: [(&str, f64); 48] = [
    ("en", 50.0),
    ("es", 6.0),
    ("de", 5.5),
    ("ja", 5.0),
    ("fr", 4.5),
    ("ru", 4.0),
    ("pt", 3.5),
    ("it", 2.5),
    ("nl", 2.0),
    ("pl", 1.7),
    ("tr", 1.7),
    ("zh", 1.3),
    ("fa", 1.2),
    ("vi", 1.0),
    ("cs", 1.0),
    ("id", 0.9),
    ("ko", 0.8),
    ("uk", 0.6),
    ("ar", 0.6),
    ("hu", 0.6),
    ("sv", 0.6),
    ("el", 0.5),
    ("ro", 0.5),
    ("da", 0.4),
    ("sk", 0.4),
    ("fi", 0.3),
    ("he", 0.3),
    ("th", 0.3),
    ("bg", 0.3),
    ("no", 0.3),
    ("hr", 0.2),
    ("sr", 0.2),
    ("lt", 0.2),
    ("sl", 0.1),
    ("ca", 0.1),
    ("et", 0.1),
    ("lv", 0.1),
    ("kk", 0.05),
    ("be", 0.05),
    ("mk", 0.05),
    ("sq", 0.05),
    ("is", 0.05),
    ("ur", 0.05),
    ("af", 0.03),
    ("cy", 0.03),
    ("ga", 0.03),
    ("eo", 0.03),
    ("sw", 0.03),
];

/// The share of a language that is not in [`SHARE`] (Maltese, Somali, Tagalog …).
const RAREST: f64 = 0.03;

/// A language with at least this share pays nothing: the prior only holds back the rare ones.
const COMMON: f64 = 2.0;

/// The cost over a window of one byte above 7F for each tenfold step below [`COMMON`]: 0
/// unless `TS_LANG_COST` says otherwise, so that this commit answers as the one before it.
const LANG_COST: f64 = 0.0;

/// How the prior grows with the window's `h` bytes above 7F: `h^LANG_EXPONENT` (the page
/// prior's exponent, `PRIOR_EXPONENT` in `mod.rs`, is 0.6).
const LANG_EXPONENT: f64 = 0.0;

fn knobs() -> (f64, f64, f64) {
    static K: OnceLock<(f64, f64, f64)> = OnceLock::new();
    *K.get_or_init(|| {
        let get = |n: &str, d: f64| {
            std::env::var(n)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        (
            get("TS_LANG_COST", LANG_COST),
            get("TS_LANG_EXP", LANG_EXPONENT),
            get("TS_LANG_COMMON", COMMON),
        )
    })
}

/// Each language's rarity: tenfold steps of its share below [`COMMON`] (0 for a common one).
fn rarity() -> &'static [f64; LANGS] {
    static RARITY: OnceLock<[f64; LANGS]> = OnceLock::new();
    RARITY.get_or_init(|| {
        let (_, _, common) = knobs();
        std::array::from_fn(|l| {
            let code = lang::lang(l);
            let share = SHARE
                .iter()
                .find(|&&(c, _)| c == code)
                .map_or(RAREST, |&(_, s)| s);
            (common / share).log10().max(0.0)
        })
    })
}

/// The rarity of the language `code` (the CJK pages' `zh`, `ja`, `ko` are not models).
fn rarity_of(code: &str) -> f64 {
    let (_, _, common) = knobs();
    let share = SHARE
        .iter()
        .find(|&&(c, _)| c == code)
        .map_or(RAREST, |&(_, s)| s);
    (common / share).log10().max(0.0)
}

/// The prior over a window of `high` bytes above 7F for every language model: what a reading
/// scored in that language pays, once over the window.
pub(super) fn for_window(high: u64, len: usize) -> [f64; LANGS] {
    let (cost, exp, _) = knobs();
    let scale = cost * (high.max(1) as f64).powf(exp) * fade(len);
    let latin = std::env::var("TS_LANG_LATIN").is_ok();
    let r = rarity();
    std::array::from_fn(|l| {
        if latin && lang::script_of(l) != Some(super::model::ModelScript::Latin) {
            0.0
        } else {
            r.get(l).copied().unwrap_or(0.0) * scale
        }
    })
}

fn fade(len: usize) -> f64 {
    let l0: f64 = std::env::var("TS_LANG_L0")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    let cut: usize = std::env::var("TS_LANG_MAXLEN")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    if len >= cut {
        return 0.0;
    }
    if l0 > 0.0 {
        (l0 / len.max(1) as f64).min(1.0)
    } else {
        1.0
    }
}

/// The prior over a window of `high` bytes above 7F for a reading in the language `code`,
/// per byte above 7F (as a multi-byte page's cost is).
pub(super) fn per_byte(code: &str, high: u64, len: usize) -> f64 {
    let (cost, exp, _) = knobs();
    let h = high.max(1) as f64;
    if std::env::var("TS_LANG_LATIN").is_ok() {
        return 0.0;
    }
    rarity_of(code) * cost * h.powf(exp) * fade(len) / h
}
