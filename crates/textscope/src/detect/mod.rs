//! Detection (SPEC §2, D1–D12): every parser is a candidate that ends accepted or turned down,
//! with its figures and a stable `code`; the explanation is those verdicts in order. The legacy
//! stage ranks every code page (D12, `score.rs`).

mod bytes;
mod cjk;
mod iso2022;
mod lang;
mod legacy;
#[allow(clippy::unreadable_literal)]
mod models;
#[cfg(test)]
mod rank_tests;
mod score;
mod single;
mod unicode;

use crate::ansi::Scan;
use crate::class::is_control_problem;
use crate::codepage::CodePage;
use crate::decode::{Bad, Decoder, Sink};
use crate::format::{hex, Format};
use crate::report::{Candidate, Step};
use std::collections::BTreeMap;

/// The window: detection looks at the first 65,536 bytes.
pub const WINDOW: usize = 65_536;

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

/// Counts over the characters decoded from the window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub chars: u64,
    pub nul: u64,
    pub controls: u64,
    pub multibyte: u64,
    pub invalid_utf8: u64,
    pub surrogates: u64,
    pub above_max: u64,
    pub truncated: u64,
    pub unmapped: u64,
    /// Private use and noncharacters (D8).
    pub unusual: u64,
    /// Terminal escape sequences are looked for (D7 leaves their ESC and BEL out of the
    /// control share).
    ansi_on: bool,
    ansi: crate::ansi::Scanner,
    /// ESCs taken into the pending sequence, counted as controls if it turns out to be none.
    held: u64,
}

impl Stats {
    /// A character while a sequence may be pending (or an ESC): true when it belongs to one.
    fn ansi_char(&mut self, c: char) -> bool {
        loop {
            match self.ansi.push(c) {
                Scan::Plain => return false,
                Scan::Taken => {
                    if c == crate::ansi::ESC {
                        self.held += 1;
                    }
                    return true;
                }
                Scan::Done(_) => {
                    self.held = 0;
                    return true;
                }
                Scan::Broken => {
                    self.controls += 1;
                    self.held = 0;
                }
                Scan::BrokenAtEsc => {
                    self.controls += 1;
                    self.held = 1;
                }
            }
        }
    }

    /// The end of what was decoded: a pending sequence is none (its ESCs are controls).
    fn settle(&mut self) {
        self.controls += self.held;
        self.held = 0;
        self.ansi.reset();
    }
}

impl Sink for Stats {
    const ASCII_RUNS: bool = true;
    fn ascii_run(&mut self, _: u64, chars: usize, _: usize) {
        self.chars += chars as u64;
    }
    fn ascii_bytes(&mut self, offset: u64, bytes: &[u8], width: usize) {
        if self.ansi.is_idle() {
            self.chars += (bytes.len() / width.max(1)) as u64;
            return;
        }
        // Inside a sequence: its characters one at a time (only their ASCII byte matters).
        for unit in bytes.chunks_exact(width.max(1)) {
            let b = unit.iter().copied().find(|&b| b != 0).unwrap_or(b' ');
            self.char(char::from(b), offset, unit);
        }
    }
    fn char(&mut self, c: char, _: u64, bytes: &[u8]) {
        self.chars += 1;
        let quiet =
            self.ansi_on && (c == crate::ansi::ESC || !self.ansi.is_idle()) && self.ansi_char(c);
        if c == '\0' {
            self.nul += 1;
        } else if is_control_problem(c) && !quiet {
            self.controls += 1;
        }
        if bytes.len() > 1 && !c.is_ascii() {
            self.multibyte += 1;
        }
        let v = u32::from(c);
        if ('\u{E000}'..='\u{F8FF}').contains(&c)
            || (0xFDD0..=0xFDEF).contains(&v)
            || v & 0xFFFE == 0xFFFE
        {
            self.unusual += 1;
        }
    }
    fn bad(&mut self, bad: Bad, _: u64, _: &[u8]) {
        self.chars += 1;
        if !self.ansi.is_idle() {
            self.settle();
        }
        match bad {
            Bad::InvalidUtf8(_) => self.invalid_utf8 += 1,
            Bad::UnpairedSurrogate => self.surrogates += 1,
            Bad::InvalidCodePoint => self.above_max += 1,
            Bad::Truncated => self.truncated += 1,
            Bad::Unmapped => self.unmapped += 1,
        }
    }
}

/// Decodes `bytes` as `format` (with `page` for legacy) and counts. A character cut by the end
/// of the window is left out unless the window is the whole file (`at_eof`).
pub(crate) fn stats_in(format: Format, page: CodePage, bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats {
        ansi_on: format != Format::Legacy || page.ascii_escapes(),
        ..Stats::default()
    };
    let mut d = Decoder::new(format, page, 0);
    d.feed(bytes, &mut s);
    if at_eof {
        d.finish(&mut s);
    }
    s.settle();
    s
}

/// As [`stats_in`] for a Unicode format.
pub(crate) fn stats(format: Format, bytes: &[u8], at_eof: bool) -> Stats {
    stats_in(format, CodePage::windows_1252(), bytes, at_eof)
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
pub(crate) fn detect(window: &[u8], at_eof: bool) -> Verdict {
    if window.is_empty() {
        return Verdict::new(Format::Empty, 0, Vec::new());
    }
    let mut steps = Vec::new();
    if let Some(v) = marked(window, at_eof, &mut steps) {
        return v;
    }
    // D11: ISO-2022, before utf-8.
    if let Some((page, outcome)) = iso2022::detect(window, at_eof) {
        steps.push(outcome.step(Format::Legacy));
        let mut v = Verdict::new(Format::Legacy, 0, steps);
        v.encoding = page;
        v.language = iso2022::language(page);
        return v;
    }
    // D1: no mark; the parsers in order.
    let mut legacy_stage: Option<legacy::Assessment> = None;
    for format in [
        Format::Utf8,
        Format::Utf32Le,
        Format::Utf32Be,
        Format::Utf16Le,
        Format::Utf16Be,
    ] {
        let outcome = match format {
            Format::Utf8 => unicode::utf8(window, at_eof),
            Format::Utf32Le | Format::Utf32Be => unicode::utf32(format, window, at_eof),
            _ => unicode::utf16(format, window, at_eof),
        };
        let accepted = outcome.accepted;
        steps.push(outcome.step(format));
        if accepted {
            return Verdict::new(format, 0, steps);
        }
    }
    // D8: UTF-16 beyond Latin, compared with the best legacy reading.
    let assessment = legacy_stage.get_or_insert_with(|| legacy::assess(window, at_eof));
    for format in [Format::Utf16Le, Format::Utf16Be] {
        let outcome = unicode::utf16_beyond_latin(format, window, at_eof, assessment);
        let accepted = outcome.accepted;
        steps.push(outcome.step(format));
        if accepted {
            return Verdict::new(format, 0, steps);
        }
    }
    // D6 and D12.
    let a = legacy_stage
        .take()
        .unwrap_or_else(|| legacy::assess(window, at_eof));
    let accepted = a.outcome.accepted;
    steps.push(a.outcome.step(Format::Legacy));
    if !accepted {
        return Verdict::new(Format::Binary, 0, steps);
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
