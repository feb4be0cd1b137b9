//! D6 (legacy is not binary, as bytes) and D12 (which code page), as one assessment that D8
//! also reads.

use super::rank::{self, Scored};
use super::stats::C0_CONTROLS;
use super::{pct, Outcome};
use crate::codepage::CodePage;
use crate::report::Candidate;

/// Most runners-up the report lists (besides the winner).
pub(crate) const LISTED: usize = 9;

/// The legacy stage's result.
pub(crate) struct Assessment {
    pub outcome: Outcome,
    pub winner: CodePage,
    pub language: Option<&'static str>,
    pub confidence: Option<f64>,
    pub candidates: Vec<Candidate>,
    /// The winner's cost per byte above 7F, how many such bytes the ranked part of the
    /// window has, and that part's length.
    best: Option<(CodePage, f64)>,
    high: u64,
    read: usize,
}

impl Assessment {
    /// The best legacy reading's cost per byte of the window (its cost per byte above 7F
    /// spread over all bytes of the part ranked: ASCII costs nothing), for D8; `None` when
    /// legacy turned the window down or ranked nothing.
    pub(crate) fn cost_per_byte(&self) -> Option<(CodePage, f64)> {
        if !self.outcome.accepted {
            return None;
        }
        self.best
            .map(|(p, c)| (p, c.max(0.0) * self.high as f64 / self.read.max(1) as f64))
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn candidate(s: &Scored) -> Candidate {
    Candidate {
        encoding: s.page.name().to_string(),
        score: round2(-s.cost),
        language: s.lang.map(str::to_string),
        also: s.also.iter().map(|p| p.name().to_string()).collect(),
    }
}

/// Only the winner (for `--encoding legacy`).
pub(crate) fn rank_only(window: &[u8], at_eof: bool) -> CodePage {
    rank::rank(window, at_eof, 1)
        .top
        .first()
        .map_or_else(CodePage::windows_1252, |s| s.page)
}

/// The most confidence a single-byte reading gets when the window's byte pairs are too varied
/// for text (decision 46): a guess among sixty pages, not a verdict.
pub(crate) const NOISE_CONFIDENCE: f64 = 0.2;

/// D13: the bytes above 7F must be at least this share of the window (one in
/// `DENSE_SHARE`) for the absolute test: noise has half its bytes there. In text with a few
/// accents among ASCII words each accent is priced by its own two or three bigrams, and one
/// rare word costs as much as noise; the ASCII text around it says it is text.
const DENSE_SHARE: u64 = 5;

/// D13: fewer bytes above 7F than this are too few to call a window noise (SPEC: very short
/// windows are named, with a confidence that says how little they show).
const NOT_TEXT_MIN_HIGH: u64 = 16;

/// D13: the most a single-byte reading of a dense window may cost per byte above 7F. On the
/// project's own evaluation set (issue 38) real text with a fifth of its bytes or more above
/// 7F costs at most 1.53 (Vietnamese in windows-1258), while the best reading of random or
/// compressed bytes costs 2.47 or more.
const MAX_TEXT_COST: f64 = 2.0;

/// D13: the same for a multi-byte reading, on its own scale: CJK text costs at most 0.4 per
/// byte above 7F on that set, Japanese with Cyrillic and Greek words (JIS X 0208's rows 6
/// and 7) about 1, and a reading made only of rare characters 1 per byte. Noise seldom gets
/// this far: more than one bad sequence in a hundred characters disqualifies a page.
const MAX_TEXT_COST_MULTI: f64 = 1.5;

/// D13: `Some(limit)` when the best reading `first` costs more than real text of its kind
/// does, the window holding enough bytes above 7F (`high` of the `read` ranked) to tell.
fn not_text_limit(first: &Scored, high: u64, read: usize) -> Option<f64> {
    if high < NOT_TEXT_MIN_HIGH || high * DENSE_SHARE < read as u64 {
        return None;
    }
    let limit = if first.page.is_multi_byte() {
        MAX_TEXT_COST_MULTI
    } else {
        MAX_TEXT_COST
    };
    (first.cost > limit).then_some(limit)
}

/// D6, then D12 when the window is not binary, with the best `keep` readings listed (the
/// report lists [`LISTED`] runners-up; the verdict needs two, for its confidence).
pub(crate) fn assess(window: &[u8], at_eof: bool, keep: usize) -> Assessment {
    let n = window.len() as u64;
    // One pass: NUL, and the control bytes of D7 (below 20: a bit each).
    let (mut nul, mut controls) = (0u64, 0u64);
    for &b in window {
        nul += u64::from(b == 0);
        let low = u32::from(b < 0x20) & (C0_CONTROLS >> (b & 0x1F));
        controls += u64::from(low | u32::from(b == 0x7F));
    }
    let mut figs = vec![
        ("bytes", n),
        ("nul_bytes", nul),
        ("control_bytes", controls),
    ];
    let turned_down = |reason: String, figs: Vec<(&'static str, u64)>| Assessment {
        outcome: Outcome::new(false, "legacy_binary_bytes", reason, figs),
        winner: CodePage::windows_1252(),
        language: None,
        confidence: None,
        candidates: Vec::new(),
        best: None,
        high: 0,
        read: 0,
    };
    if nul * 100 > n {
        let reason = format!(
            "binary: byte 00 is {} of the bytes ({nul} of {n})",
            pct(nul, n)
        );
        return turned_down(reason, figs);
    }
    if controls * 10 > n {
        let reason = format!(
            "binary: control bytes are {} of the bytes ({controls} of {n})",
            pct(controls, n)
        );
        return turned_down(reason, figs);
    }
    let ranking = rank::rank(window, at_eof, keep.max(2));
    let (high, read) = (ranking.high, ranking.read);
    let ranked = &ranking.top;
    let Some(first) = ranked.first() else {
        let reason = format!(
            "not binary; no byte above 7F to tell code pages apart: {}",
            CodePage::windows_1252().name()
        );
        figs.push(("high_bytes", high));
        return Assessment {
            outcome: Outcome::new(true, "legacy_not_binary", reason, figs),
            winner: CodePage::windows_1252(),
            language: None,
            confidence: None,
            candidates: Vec::new(),
            best: None,
            high,
            read,
        };
    };
    let cut = read < window.len();
    // D13: the best reading must be text in absolute terms, not merely the least unlikely.
    if let Some(limit) = not_text_limit(first, high, read) {
        figs.extend([
            ("high_bytes", high),
            ("candidates", ranking.total as u64),
            (
                "winner_cost_milli",
                (first.cost * 1000.0).round().max(0.0) as u64,
            ),
            ("max_cost_milli", (limit * 1000.0).round() as u64),
        ]);
        if cut {
            figs.push(("ranked_bytes", read as u64));
        }
        let reason = format!(
            "binary: no code page reads it as text; the closest, {}, costs {:.3} per byte above 7F, where text costs at most {limit:.3} (bytes above 7F are {} of the {})",
            first.page.name(),
            first.cost,
            pct(high, read as u64),
            if cut { "bytes ranked" } else { "bytes" }
        );
        return Assessment {
            outcome: Outcome::new(false, "legacy_not_text", reason, figs),
            winner: first.page,
            language: None,
            confidence: None,
            candidates: ranked.iter().map(candidate).collect(),
            best: None,
            high,
            read,
        };
    }
    let mut confidence = rank::confidence(ranked, high);
    // Decision 46: text repeats its byte pairs; a window with more different ones than the
    // ranking reads is noise (compressed data, an image) that D6 let through, and no
    // single-byte reading of it is likely, however it ranks. A multi-byte page that decodes
    // it whole (a listing of every character of its set) keeps its confidence.
    if cut && !first.page.is_multi_byte() {
        confidence = confidence.map(|c| c.min(NOISE_CONFIDENCE));
    }
    let milli = |s: &Scored| (s.cost * 1000.0).round().max(0.0) as u64;
    figs.extend([
        ("high_bytes", high),
        ("candidates", ranking.total as u64),
        ("winner_cost_milli", milli(first)),
    ]);
    let percent = confidence.map_or(0, |c| (c * 100.0).round() as u64);
    figs.push(("confidence_percent", percent));
    // Decision 42: a window with more different byte pairs than the ranking reads.
    let part = if cut {
        figs.push(("ranked_bytes", read as u64));
        format!(
            " (ranked over the first {read} bytes: they hold the {} different byte pairs read{})",
            rank::RANKED_PAIRS,
            if first.page.is_multi_byte() {
                ""
            } else {
                ", as varied as noise"
            }
        )
    } else {
        String::new()
    };
    let reason = match ranked.get(1) {
        Some(second) => {
            figs.push(("runner_up_cost_milli", milli(second)));
            format!(
                "not binary; code page {}{}: cost {:.3} per byte above 7F against {:.3} for {}{part} (confidence {percent} %)",
                first.page.name(),
                first.lang.map(|l| format!(" ({l})")).unwrap_or_default(),
                first.cost,
                second.cost,
                second.page.name()
            )
        }
        None => format!(
            "not binary; code page {}: the only reading left (cost {:.3} per byte above 7F){part}",
            first.page.name(),
            first.cost
        ),
    };
    Assessment {
        outcome: Outcome::new(true, "legacy_scored", reason, figs),
        winner: first.page,
        language: first.lang,
        confidence,
        candidates: ranked.iter().map(candidate).collect(),
        best: Some((first.page, first.cost)),
        high,
        read,
    }
}
