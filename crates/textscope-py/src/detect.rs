//! `detect()` without a report: the verdict on the window (`textscope::detect_only`), then
//! only what chardet's answer needs from the rest of the input. Most inputs need one quick
//! check of the bytes after the window; the others get the full analysis, so the answer is
//! always the one the report gives (`python/textscope/_detect.py` spells the mapping, and
//! `tests/test_detect_decode.py` holds the two paths equal on every test file).

use pyo3::prelude::*;
use textscope::{analyze, detect_only, Format, Options, Report, WINDOW};

/// What `_detect.py` turns into chardet's dict: the name before mapping to Python's codecs
/// (`None` for empty or binary data), whether it is a legacy code page's name (to be looked
/// up in Python's codecs), the confidence before the bad-unit share, the bad units and the
/// characters (0 and 0 when there is none), and the language (`""` when unknown).
type Answer = (Option<String>, bool, f64, u64, u64, String);

/// Inputs at least this long are detected with the GIL released, so that threads detect in
/// parallel. Releasing and taking it back costs about 0.1 µs; detecting the shortest inputs
/// (a few ASCII bytes) about 1.5 µs, a code page's at least 100 µs whatever the length.
const DETACH_AT: usize = 64;

/// The chardet-style answer for `data`, as the full report would give it.
#[pyfunction]
pub fn detect_bytes(py: Python<'_>, data: &[u8]) -> Answer {
    if data.len() >= DETACH_AT {
        py.detach(|| answer(data))
    } else {
        answer(data)
    }
}

/// The legacy stage's confidence in 0–1 (a percentage is scaled down, as `_detect.py` does).
fn fraction(c: f64) -> f64 {
    if c > 1.0 {
        c / 100.0
    } else {
        c
    }
}

fn answer(data: &[u8]) -> Answer {
    let d = detect_only(data, data.len() < WINDOW);
    let language = d.language.unwrap_or("").to_string();
    let marked = d.mark_len > 0;
    let quick = |name: &str, legacy: bool, confidence: f64, language: String| {
        (Some(name.to_string()), legacy, confidence, 0, 0, language)
    };
    let body = data.get(d.mark_len..).unwrap_or_default();
    match d.format {
        Format::Binary | Format::Empty => (None, false, 0.0, 0, 0, language),
        Format::Legacy => match d.confidence {
            Some(c) => quick(d.code_page.name(), true, fraction(c), language),
            // Without the stage's confidence, it comes from the unmapped bytes: the report.
            None => from_report(data),
        },
        Format::Utf8 => {
            let (name, base) = if marked {
                ("UTF-8-SIG", 1.0)
            } else if body.is_ascii() {
                ("ascii", 1.0)
            } else {
                ("utf-8", 0.99)
            };
            // The core's UTF-8 decoder finds exactly the sequences std rejects (invalid,
            // cut short): none means no bad unit.
            if body.is_ascii() || std::str::from_utf8(body).is_ok() {
                quick(name, false, base, language)
            } else {
                from_report(data)
            }
        }
        Format::Utf16Le | Format::Utf16Be => {
            if utf16_clean(body, d.format == Format::Utf16Le) {
                let name = utf_name(d.format, marked);
                quick(name, false, if marked { 1.0 } else { 0.9 }, language)
            } else {
                from_report(data)
            }
        }
        Format::Utf32Le | Format::Utf32Be => {
            if utf32_clean(body, d.format == Format::Utf32Le) {
                let name = utf_name(d.format, marked);
                quick(name, false, if marked { 1.0 } else { 0.9 }, language)
            } else {
                from_report(data)
            }
        }
    }
}

fn utf_name(format: Format, marked: bool) -> &'static str {
    match (format, marked) {
        (Format::Utf16Le | Format::Utf16Be, true) => "UTF-16",
        (Format::Utf32Le | Format::Utf32Be, true) => "UTF-32",
        (Format::Utf16Le, false) => "UTF-16LE",
        (Format::Utf16Be, false) => "UTF-16BE",
        (Format::Utf32Le, false) => "UTF-32LE",
        _ => "UTF-32BE",
    }
}

/// No bad unit in UTF-16: whole units, every surrogate in a pair.
fn utf16_clean(body: &[u8], le: bool) -> bool {
    if !body.len().is_multiple_of(2) {
        return false;
    }
    let mut high_pending = false;
    for pair in body.chunks_exact(2) {
        let u = match pair {
            [a, b] if le => u16::from_le_bytes([*a, *b]),
            [a, b] => u16::from_be_bytes([*a, *b]),
            _ => return false,
        };
        match u {
            0xD800..=0xDBFF if !high_pending => high_pending = true,
            0xDC00..=0xDFFF if high_pending => high_pending = false,
            0xD800..=0xDFFF => return false,
            _ if high_pending => return false,
            _ => {}
        }
    }
    !high_pending
}

/// No bad unit in UTF-32: whole units, each a scalar value.
fn utf32_clean(body: &[u8], le: bool) -> bool {
    body.len().is_multiple_of(4)
        && body.chunks_exact(4).all(|q| {
            let b = [
                q.first().copied().unwrap_or(0),
                q.get(1).copied().unwrap_or(0),
                q.get(2).copied().unwrap_or(0),
                q.get(3).copied().unwrap_or(0),
            ];
            let u = if le {
                u32::from_le_bytes(b)
            } else {
                u32::from_be_bytes(b)
            };
            char::from_u32(u).is_some()
        })
}

/// The answer from the full report, for an input with bad units (or a legacy verdict without
/// the stage's confidence).
fn from_report(data: &[u8]) -> Answer {
    let opts = Options {
        max_problems_per_kind: 0,
        ..Options::default()
    };
    let r: Report = analyze(data, opts);
    let language = r.language.clone().unwrap_or_default();
    let marked = r.bom.is_some();
    let c = &r.problem_counts;
    let bad = c.unpaired_surrogate
        + c.truncated_character
        + c.invalid_code_point
        + c.invalid_utf8
        + c.unmapped_byte;
    let (name, legacy, base) = match r.format {
        Format::Binary | Format::Empty => return (None, false, 0.0, 0, 0, language),
        Format::Utf8 if marked => ("UTF-8-SIG", false, 1.0),
        Format::Utf8 if r.ascii => ("ascii", false, 1.0),
        Format::Utf8 => ("utf-8", false, 0.99),
        Format::Legacy => (r.encoding.as_str(), true, 0.7),
        f => (utf_name(f, marked), false, if marked { 1.0 } else { 0.9 }),
    };
    match r.detection.confidence {
        Some(conf) => (
            Some(name.to_string()),
            legacy,
            fraction(conf),
            0,
            0,
            language,
        ),
        None => (
            Some(name.to_string()),
            legacy,
            base,
            bad,
            r.characters,
            language,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_units_and_pairs() {
        let le = |units: &[u16]| {
            units
                .iter()
                .flat_map(|u| u.to_le_bytes())
                .collect::<Vec<_>>()
        };
        assert!(utf16_clean(&le(&[0x41, 0xD83D, 0xDE42, 0x42]), true));
        assert!(!utf16_clean(&le(&[0x41, 0xD83D]), true)); // high surrogate at the end
        assert!(!utf16_clean(&le(&[0xDE42, 0x41]), true)); // low surrogate alone
        assert!(!utf16_clean(&le(&[0xD83D, 0x41]), true)); // high surrogate, then a letter
        assert!(!utf16_clean(&[0x41, 0x00, 0x42], true)); // a unit cut short
        assert!(utf16_clean(&[0x00, 0x41, 0xD8, 0x3D, 0xDE, 0x42], false));
    }

    #[test]
    fn utf32_scalars_only() {
        assert!(utf32_clean(&[0x41, 0, 0, 0, 0x42, 0xF6, 0x01, 0], true));
        assert!(!utf32_clean(&[0x00, 0xD8, 0, 0], true)); // a surrogate
        assert!(!utf32_clean(&[0, 0, 0x11, 0], true)); // above U+10FFFF
        assert!(!utf32_clean(&[0, 0, 0], true)); // cut short
        assert!(utf32_clean(&[0, 0, 0, 0x41], false));
    }

    #[test]
    fn the_quick_answer_is_the_reports() {
        let mut long_bad = b"plain ascii line\n".repeat(5000);
        long_bad.extend_from_slice(b"caf\xC3(\n");
        let cases: Vec<Vec<u8>> = vec![
            b"plain\n".to_vec(),
            "café\n".as_bytes().to_vec(),
            b"caf\xC3(\n".to_vec(),
            b"\xEF\xBB\xBFmarked\n".to_vec(),
            b"\xFF\xFEa\x00\x00\xD8".to_vec(),
            long_bad,
            Vec::new(),
        ];
        // What Python makes of the tuple: the quick path leaves out the characters when
        // there is no bad unit, as they do not change the confidence then.
        let seen = |(name, legacy, confidence, bad, characters, language): Answer| {
            let share = 1.0 - bad as f64 / characters.max(1) as f64;
            (name, legacy, confidence * share.max(0.0), language)
        };
        for data in cases {
            assert_eq!(seen(answer(&data)), seen(from_report(&data)), "{data:?}");
        }
    }
}
