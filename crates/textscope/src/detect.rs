//! Detection (SPEC §2, D1–D9): every parser is a candidate that ends accepted or turned down,
//! with its figures; the explanation is those verdicts in order.

use crate::class::is_control_problem;
use crate::decode::{Bad, Decoder, Sink};
use crate::format::{hex, Format};
use crate::report::Step;
use encoding_rs::Encoding;
use std::collections::BTreeMap;

/// The window: detection looks at the first 65,536 bytes.
pub const WINDOW: usize = 65_536;

/// The outcome of detection.
#[derive(Clone, Debug)]
pub(crate) struct Verdict {
    pub format: Format,
    pub encoding: &'static Encoding,
    pub mark_len: usize,
    pub steps: Vec<Step>,
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
}

impl Sink for Stats {
    const ASCII_RUNS: bool = true;
    fn ascii_run(&mut self, _: u64, chars: usize, _: usize) {
        self.chars += chars as u64;
    }
    fn char(&mut self, c: char, _: u64, bytes: &[u8]) {
        self.chars += 1;
        if c == '\0' {
            self.nul += 1;
        } else if is_control_problem(c) {
            self.controls += 1;
        }
        if bytes.len() > 1 && !c.is_ascii() {
            self.multibyte += 1;
        }
    }
    fn bad(&mut self, bad: Bad, _: u64, _: &[u8]) {
        self.chars += 1;
        match bad {
            Bad::InvalidUtf8(_) => self.invalid_utf8 += 1,
            Bad::UnpairedSurrogate => self.surrogates += 1,
            Bad::InvalidCodePoint => self.above_max += 1,
            Bad::Truncated => self.truncated += 1,
            Bad::Unmapped => {}
        }
    }
}

/// Decodes `bytes` as `format` and counts. A character cut by the end of the window is left
/// out unless the window is the whole file (`at_eof`).
pub(crate) fn stats(format: Format, bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats::default();
    let mut d = Decoder::new(format, encoding_rs::WINDOWS_1252, 0);
    d.feed(bytes, &mut s);
    if at_eof {
        d.finish(&mut s);
    }
    s
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

fn figures(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn step(format: Format, accepted: bool, reason: String, figs: &[(&str, u64)]) -> Step {
    Step {
        format,
        accepted,
        reason,
        figures: figures(figs),
    }
}

/// D7 over decoded characters: `Some(reason)` when binary.
fn binary_reason(s: &Stats) -> Option<String> {
    if s.nul * 100 > s.chars {
        Some(format!(
            "binary: U+0000 is {} of the characters ({} of {})",
            pct(s.nul, s.chars),
            s.nul,
            s.chars
        ))
    } else if s.controls * 10 > s.chars {
        Some(format!(
            "binary: control characters are {} of the characters ({} of {})",
            pct(s.controls, s.chars),
            s.controls,
            s.chars
        ))
    } else {
        None
    }
}

fn stat_figures(s: &Stats) -> Vec<(&'static str, u64)> {
    vec![
        ("characters", s.chars),
        ("nul", s.nul),
        ("control_characters", s.controls),
    ]
}

/// Runs D1–D8 over the window (`at_eof`: the window is the whole file).
pub(crate) fn detect(window: &[u8], at_eof: bool) -> Verdict {
    let verdict = |format, mark_len, steps| Verdict {
        format,
        encoding: encoding_rs::UTF_8,
        mark_len,
        steps,
    };
    if window.is_empty() {
        return verdict(Format::Empty, 0, Vec::new());
    }
    let mut steps = Vec::new();
    // D2: the marks.
    if window.starts_with(&[0xEF, 0xBB, 0xBF]) {
        steps.push(step(
            Format::Utf8,
            true,
            "byte order mark EF BB BF".into(),
            &[],
        ));
        return verdict(Format::Utf8, 3, steps);
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
            Some(format!(
                "byte order mark {} but {} of the units after it are not Unicode scalar values ({} of {})",
                hex(&mark),
                pct(bad, units),
                bad,
                units
            ))
        } else {
            binary_reason(&s).map(|r| format!("byte order mark {}, but {r}", hex(&mark)))
        };
        match turned_down {
            None => {
                steps.push(step(
                    f32,
                    true,
                    format!("byte order mark {}", hex(&mark)),
                    &figs,
                ));
                return verdict(f32, 4, steps);
            }
            Some(reason) => {
                steps.push(step(f32, false, reason, &figs));
                if let Some(f16) = f16 {
                    steps.push(step(
                        f16,
                        true,
                        "byte order mark FF FE (the 00 00 after it is U+0000)".into(),
                        &[],
                    ));
                    return verdict(f16, 2, steps);
                }
            }
        }
    }
    if !window.starts_with(&[0, 0, 0xFE, 0xFF]) {
        if window.starts_with(&[0xFF, 0xFE]) {
            steps.push(step(
                Format::Utf16Le,
                true,
                "byte order mark FF FE".into(),
                &[],
            ));
            return verdict(Format::Utf16Le, 2, steps);
        }
        if window.starts_with(&[0xFE, 0xFF]) {
            steps.push(step(
                Format::Utf16Be,
                true,
                "byte order mark FE FF".into(),
                &[],
            ));
            return verdict(Format::Utf16Be, 2, steps);
        }
    }
    // D1: no mark; the parsers in order.
    for format in Format::PARSERS {
        let (accepted, reason, figs, encoding) = match format {
            Format::Utf8 => {
                let (a, r, f) = utf8(window, at_eof);
                (a, r, f, encoding_rs::UTF_8)
            }
            Format::Utf32Le | Format::Utf32Be => {
                let (a, r, f) = utf32(format, window, at_eof);
                (a, r, f, encoding_rs::UTF_8)
            }
            Format::Utf16Le | Format::Utf16Be => {
                let (a, r, f) = utf16(format, window, at_eof);
                (a, r, f, encoding_rs::UTF_8)
            }
            _ => legacy(window, at_eof),
        };
        steps.push(step(format, accepted, reason, &figs));
        if accepted {
            return Verdict {
                format,
                encoding,
                mark_len: 0,
                steps,
            };
        }
    }
    verdict(Format::Binary, 0, steps)
}

type Outcome = (bool, String, Vec<(&'static str, u64)>);

/// D3.
fn utf8(window: &[u8], at_eof: bool) -> Outcome {
    let s = stats(Format::Utf8, window, at_eof);
    let mut figs = stat_figures(&s);
    figs.extend([
        ("valid_multibyte", s.multibyte),
        ("invalid_sequences", s.invalid_utf8),
    ]);
    let tolerated = s.invalid_utf8 == 0 || (s.multibyte > 0 && s.invalid_utf8 * 10 <= s.multibyte);
    if !tolerated {
        let reason = format!(
            "{} invalid sequences against {} valid multi-byte ones (at most one in ten is tolerated)",
            s.invalid_utf8, s.multibyte
        );
        return (false, reason, figs);
    }
    if let Some(r) = binary_reason(&s) {
        return (false, r, figs);
    }
    let reason = if s.multibyte == 0 && s.invalid_utf8 == 0 && s.truncated == 0 {
        "no byte above 7F: ASCII".to_string()
    } else if s.invalid_utf8 == 0 {
        format!("{} valid multi-byte sequences, none invalid", s.multibyte)
    } else {
        format!(
            "{} valid multi-byte sequences and {} invalid (within one in ten)",
            s.multibyte, s.invalid_utf8
        )
    };
    (true, reason, figs)
}

/// D4.
fn utf32(format: Format, window: &[u8], at_eof: bool) -> Outcome {
    let s = stats(format, window, at_eof);
    let units = (window.len() / 4) as u64;
    let bad = s.surrogates + s.above_max;
    let mut figs = stat_figures(&s);
    figs.extend([("units", units), ("non_scalar_units", bad)]);
    if units == 0 {
        return (false, "fewer than 4 bytes: no whole unit".into(), figs);
    }
    if bad > 0 {
        let reason = format!(
            "{bad} of {units} units are not Unicode scalar values ({})",
            pct(bad, units)
        );
        return (false, reason, figs);
    }
    if let Some(r) = binary_reason(&s) {
        return (false, r, figs);
    }
    (
        true,
        format!("all {units} units are Unicode scalar values"),
        figs,
    )
}

/// D5 (and its mirror for big-endian).
fn utf16(format: Format, window: &[u8], at_eof: bool) -> Outcome {
    let be = format == Format::Utf16Be;
    // The byte that is high in each unit: odd offsets for LE, even for BE.
    let (mut high_zero, mut high_total, mut low_zero) = (0u64, 0u64, 0u64);
    for (i, &b) in window.iter().enumerate() {
        let is_high = (i % 2 == 1) != be;
        if is_high {
            high_total += 1;
            high_zero += u64::from(b == 0);
        } else {
            low_zero += u64::from(b == 0);
        }
    }
    let first_units_small = window.as_chunks::<2>().0.iter().take(8).all(|&u| {
        let v = if be {
            u16::from_be_bytes(u)
        } else {
            u16::from_le_bytes(u)
        };
        v <= 0xFF
    });
    let s = stats(format, window, at_eof);
    let mut figs = stat_figures(&s);
    let (hi_name, lo_name) = if be { ("even", "odd") } else { ("odd", "even") };
    figs.extend([
        ("high_bytes", high_total),
        ("high_zero_bytes", high_zero),
        ("low_zero_bytes", low_zero),
    ]);
    if high_total == 0 {
        return (false, "fewer than 2 bytes: no whole unit".into(), figs);
    }
    if high_zero * 4 < high_total {
        let reason = format!(
            "only {} of the {hi_name}-offset bytes are 00 (at least 25 % needed)",
            pct(high_zero, high_total)
        );
        return (false, reason, figs);
    }
    if low_zero * 20 > high_zero {
        let reason = format!(
            "{low_zero} 00 bytes at {lo_name} offsets against {high_zero} at {hi_name} offsets (at most one in twenty allowed)"
        );
        return (false, reason, figs);
    }
    if !first_units_small {
        return (
            false,
            "one of the first eight units is above 00FF".into(),
            figs,
        );
    }
    if let Some(r) = binary_reason(&s) {
        return (false, r, figs);
    }
    let reason = format!(
        "{} of the {hi_name}-offset bytes are 00, {low_zero} at {lo_name} offsets; the first units are ≤ 00FF",
        pct(high_zero, high_total)
    );
    (true, reason, figs)
}

/// D6, with the code page guessed by chardetng.
fn legacy(
    window: &[u8],
    at_eof: bool,
) -> (bool, String, Vec<(&'static str, u64)>, &'static Encoding) {
    let n = window.len() as u64;
    let nul = window.iter().filter(|&&b| b == 0).count() as u64;
    let controls = window
        .iter()
        .filter(|&&b| matches!(b, 0x01..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F))
        .count() as u64;
    let figs = vec![
        ("bytes", n),
        ("nul_bytes", nul),
        ("control_bytes", controls),
    ];
    if nul * 100 > n {
        let reason = format!(
            "binary: byte 00 is {} of the bytes ({nul} of {n})",
            pct(nul, n)
        );
        return (false, reason, figs, encoding_rs::WINDOWS_1252);
    }
    if controls * 10 > n {
        let reason = format!(
            "binary: control bytes are {} of the bytes ({controls} of {n})",
            pct(controls, n)
        );
        return (false, reason, figs, encoding_rs::WINDOWS_1252);
    }
    let encoding = guess_code_page(window, at_eof);
    let reason = format!(
        "not binary; code page guessed by chardetng: {}",
        encoding.name()
    );
    (true, reason, figs, encoding)
}

/// The legacy code page of `bytes`, as chardetng guesses it (never UTF-8).
pub(crate) fn guess_code_page(bytes: &[u8], at_eof: bool) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    det.feed(bytes, at_eof);
    det.guess(None, chardetng::Utf8Detection::Deny)
}
