//! Detection (SPEC §2, D1–D12): every parser is a candidate that ends accepted or turned down,
//! with its figures and a stable `code`; the explanation is those verdicts in order. The legacy
//! stage ranks every code page (D12, `rank/`).

mod iso2022;
mod legacy;
mod rank;
mod stats;
mod unicode;

use crate::codepage::CodePage;
use crate::format::{hex, Format};
use crate::report::{Candidate, Step};
pub(crate) use stats::{stats, stats_in, Stats};
use std::collections::BTreeMap;

/// The window: detection looks at the first 65,536 bytes.
pub const WINDOW: usize = 65_536;

/// Bytes of noise for the tests: xorshift64 from `seed`, the same bytes on every run.
#[cfg(test)]
pub(crate) fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 40) as u8
        })
        .collect()
}

/// The outcome of detection.
#[derive(Clone, Debug)]
pub(crate) struct Verdict {
    pub format: Format,
    pub encoding: CodePage,
    pub mark_len: usize,
    pub steps: Vec<Step>,
    /// D12: the language the winning reading is in (ISO 639-1).
    pub language: Option<&'static str>,
    /// D12: how sure the legacy stage is (0–1); `None` where no code page was ranked.
    pub confidence: Option<f64>,
    /// D12: the ranked readings, winner first.
    pub candidates: Vec<Candidate>,
}

impl Verdict {
    fn new(format: Format, mark_len: usize, steps: Vec<Step>) -> Verdict {
        Verdict {
            format,
            encoding: CodePage::windows_1252(),
            mark_len,
            steps,
            language: None,
            confidence: None,
            candidates: Vec::new(),
        }
    }
}

/// "48 %", "0.4 %", "0 %".
pub(crate) fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "0 %".to_string();
    }
    let p = part as f64 * 100.0 / whole as f64;
    if p >= 1.0 || p == 0.0 {
        format!("{:.0} %", p.floor())
    } else {
        format!("{p:.1} %")
    }
}

/// One parser's verdict: accepted or not, a stable code, the sentence and its figures.
pub(crate) struct Outcome {
    pub accepted: bool,
    pub code: &'static str,
    pub reason: String,
    pub figures: Vec<(&'static str, u64)>,
}

impl Outcome {
    pub(crate) fn new(
        accepted: bool,
        code: &'static str,
        reason: String,
        figures: Vec<(&'static str, u64)>,
    ) -> Outcome {
        Outcome {
            accepted,
            code,
            reason,
            figures,
        }
    }

    fn step(self, format: Format) -> Step {
        Step {
            format,
            accepted: self.accepted,
            code: self.code.to_string(),
            reason: self.reason,
            figures: figures(&self.figures),
        }
    }
}

fn figures(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn step(
    format: Format,
    accepted: bool,
    code: &'static str,
    reason: String,
    figs: &[(&'static str, u64)],
) -> Step {
    Outcome::new(accepted, code, reason, figs.to_vec()).step(format)
}

/// D7 over decoded characters: `Some((code, reason))` when binary.
pub(crate) fn binary_reason(s: &Stats) -> Option<(&'static str, String)> {
    if s.nul * 100 > s.chars {
        Some((
            "nul_share",
            format!(
                "binary: U+0000 is {} of the characters ({} of {})",
                pct(s.nul, s.chars),
                s.nul,
                s.chars
            ),
        ))
    } else if s.controls * 10 > s.chars {
        Some((
            "control_share",
            format!(
                "binary: control characters are {} of the characters ({} of {})",
                pct(s.controls, s.chars),
                s.controls,
                s.chars
            ),
        ))
    } else {
        None
    }
}

pub(crate) fn stat_figures(s: &Stats) -> Vec<(&'static str, u64)> {
    vec![
        ("characters", s.chars),
        ("nul", s.nul),
        ("control_characters", s.controls),
    ]
}

/// D2: a file that starts with a mark. `None` when it has none (or only FF FE 00 00 / 00 00
/// FE FF turned down with nothing to fall back on, which D1 then continues).
fn marked(window: &[u8], at_eof: bool, steps: &mut Vec<Step>) -> Option<Verdict> {
    if window.starts_with(&[0xEF, 0xBB, 0xBF]) {
        steps.push(step(
            Format::Utf8,
            true,
            "bom",
            "byte order mark EF BB BF".into(),
            &[],
        ));
        return Some(Verdict::new(Format::Utf8, 3, std::mem::take(steps)));
    }
    for (f32, f16, mark) in [
        (Format::Utf32Le, Some(Format::Utf16Le), [0xFF, 0xFE, 0, 0]),
        (Format::Utf32Be, None, [0, 0, 0xFE, 0xFF]),
    ] {
        if !window.starts_with(&mark) {
            continue;
        }
        let rest = window.get(4..).unwrap_or_default();
        let s = stats(f32, rest, at_eof);
        let units = (rest.len() / 4) as u64;
        let bad = s.surrogates + s.above_max;
        let mut figs = stat_figures(&s);
        figs.extend([("units", units), ("non_scalar_units", bad)]);
        let turned_down = if bad * 10 > units {
            Some((
                "non_scalar_units",
                format!(
                    "byte order mark {} but {} of the units after it are not Unicode scalar values ({} of {})",
                    hex(&mark),
                    pct(bad, units),
                    bad,
                    units
                ),
            ))
        } else {
            binary_reason(&s).map(|(_, r)| {
                (
                    "bom_but_binary",
                    format!("byte order mark {}, but {r}", hex(&mark)),
                )
            })
        };
        match turned_down {
            None => {
                steps.push(step(
                    f32,
                    true,
                    "bom",
                    format!("byte order mark {}", hex(&mark)),
                    &figs,
                ));
                return Some(Verdict::new(f32, 4, std::mem::take(steps)));
            }
            Some((code, reason)) => {
                steps.push(step(f32, false, code, reason, &figs));
                if let Some(f16) = f16 {
                    steps.push(step(
                        f16,
                        true,
                        "bom",
                        "byte order mark FF FE (the 00 00 after it is U+0000)".into(),
                        &[],
                    ));
                    return Some(Verdict::new(f16, 2, std::mem::take(steps)));
                }
            }
        }
    }
    if !window.starts_with(&[0, 0, 0xFE, 0xFF]) {
        for (mark, f) in [
            ([0xFF, 0xFE], Format::Utf16Le),
            ([0xFE, 0xFF], Format::Utf16Be),
        ] {
            if window.starts_with(&mark) {
                steps.push(step(
                    f,
                    true,
                    "bom",
                    format!("byte order mark {}", hex(&mark)),
                    &[],
                ));
                return Some(Verdict::new(f, 2, std::mem::take(steps)));
            }
        }
    }
    None
}

/// Runs D1–D12 over the window (`at_eof`: the window is the whole file).
/// D1–D12 over the window, with the runners-up the report lists.
pub(crate) fn detect(window: &[u8], at_eof: bool) -> Verdict {
    detect_keeping(window, at_eof, legacy::LISTED + 1, true)
}

/// [`detect`] with the best `keep` legacy readings in the verdict's candidates (at least 2),
/// and its steps only when `explain`: the format, the page, the language and the confidence
/// are the same either way (the ranking kept is the full ranking cut short, D12), and a bare
/// verdict prices fewer pages in full and builds no steps.
pub(crate) fn detect_keeping(window: &[u8], at_eof: bool, keep: usize, explain: bool) -> Verdict {
    if window.is_empty() {
        return Verdict::new(Format::Empty, 0, Vec::new());
    }
    let mut steps = Vec::new();
    // The steps explain the verdict in the report; a bare verdict (`detect_only`) skips
    // turning each outcome into one.
    let record = |steps: &mut Vec<Step>, format: Format, outcome: Outcome| {
        if explain {
            steps.push(outcome.step(format));
        }
    };
    if let Some(v) = marked(window, at_eof, &mut steps) {
        return v;
    }
    // D11: ISO-2022, before utf-8.
    if let Some((page, outcome)) = iso2022::detect(window, at_eof) {
        record(&mut steps, Format::Legacy, outcome);
        let mut v = Verdict::new(Format::Legacy, 0, steps);
        v.encoding = page;
        v.language = iso2022::language(page);
        return v;
    }
    // D1: no mark; the parsers in order.
    for format in [Format::Utf8, Format::Utf32Le, Format::Utf32Be] {
        let outcome = match format {
            Format::Utf8 => unicode::utf8(window, at_eof),
            _ => unicode::utf32(format, window, at_eof),
        };
        let accepted = outcome.accepted;
        record(&mut steps, format, outcome);
        if accepted {
            return Verdict::new(format, 0, steps);
        }
    }
    // D5; D8 reads the same counts of each byte order, so the window is decoded once each.
    let mut utf16 = Vec::with_capacity(2);
    for format in [Format::Utf16Le, Format::Utf16Be] {
        let s = stats(format, window, at_eof);
        let outcome = unicode::utf16(format, window, &s);
        let accepted = outcome.accepted;
        record(&mut steps, format, outcome);
        if accepted {
            return Verdict::new(format, 0, steps);
        }
        utf16.push((format, s));
    }
    // D8: UTF-16 beyond Latin, compared with the best legacy reading.
    let a = legacy::assess(window, at_eof, keep);
    let cost = |o: &Outcome| {
        o.figures
            .iter()
            .find(|(k, _)| *k == "cost_milli")
            .map_or(u64::MAX, |&(_, v)| v)
    };
    for (i, (format, s)) in utf16.iter().enumerate() {
        let outcome = unicode::utf16_beyond_latin(*format, window, at_eof, s, &a);
        if !outcome.accepted {
            record(&mut steps, *format, outcome);
            continue;
        }
        // Issue 38 (D8): both byte orders can be plausible (Devanagari swapped is Canadian
        // syllabics, letters too); the cheaper reading is the file's. The other order is
        // looked at only when the first is accepted, and shown only when it wins.
        if let Some((other, os)) = utf16.get(i + 1) {
            let next = unicode::utf16_beyond_latin(*other, window, at_eof, os, &a);
            if next.accepted && cost(&next) < cost(&outcome) {
                record(&mut steps, *format, outcome);
                record(&mut steps, *other, next);
                return Verdict::new(*other, 0, steps);
            }
        }
        record(&mut steps, *format, outcome);
        return Verdict::new(*format, 0, steps);
    }
    // D6 and D12.
    let accepted = a.outcome.accepted;
    record(&mut steps, Format::Legacy, a.outcome);
    if !accepted {
        // D13: the closest reading stays in the verdict for the text reading of a binary
        // file (the analyzer reads it as legacy in that page).
        let mut v = Verdict::new(Format::Binary, 0, steps);
        v.encoding = a.winner;
        v.candidates = a.candidates;
        return v;
    }
    let mut v = Verdict::new(Format::Legacy, 0, steps);
    v.encoding = a.winner;
    v.language = a.language;
    v.confidence = a.confidence;
    v.candidates = a.candidates;
    v
}

/// The code page of a window that is to be read as legacy without a named page (D10 with
/// `legacy` alone): the winner of D12.
pub(crate) fn guess_code_page(window: &[u8], at_eof: bool) -> CodePage {
    legacy::rank_only(window, at_eof)
}
