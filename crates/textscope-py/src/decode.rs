//! `decode()`: the text of bytes in the detected (or given) format, with U+FFFD for each bad
//! unit as the preview counts them (V1), or a `UnicodeDecodeError` at the first bad unit when
//! asked to be strict.

use pyo3::exceptions::{PyUnicodeDecodeError, PyValueError};
use pyo3::prelude::*;
use textscope::{Format, ProblemKind, Report};

/// Problems that are bad units of the format: each becomes one U+FFFD.
fn is_decoding_problem(kind: ProblemKind) -> bool {
    matches!(
        kind,
        ProblemKind::UnpairedSurrogate
            | ProblemKind::TruncatedCharacter
            | ProblemKind::InvalidCodePoint
            | ProblemKind::InvalidUtf8
            | ProblemKind::UnmappedByte
    )
}

/// The text of `body` (the bytes after the mark) in `format`.
fn text_of(report: &Report, body: &[u8]) -> Result<String, String> {
    Ok(match report.format {
        Format::Empty => String::new(),
        Format::Binary => {
            return Err(
                "binary data: no text format accepted it (pass encoding= to decode it anyway)"
                    .to_string(),
            )
        }
        Format::Utf8 => String::from_utf8_lossy(body).into_owned(),
        Format::Utf16Le | Format::Utf16Be => {
            let le = report.format == Format::Utf16Le;
            let pairs = body.chunks_exact(2);
            let odd = !pairs.remainder().is_empty();
            let units = pairs.map(|p| match p {
                [a, b] if le => u16::from_le_bytes([*a, *b]),
                [a, b] => u16::from_be_bytes([*a, *b]),
                _ => 0xFFFD,
            });
            let mut s: String = char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect();
            if odd {
                s.push(char::REPLACEMENT_CHARACTER);
            }
            s
        }
        Format::Utf32Le | Format::Utf32Be => {
            let le = report.format == Format::Utf32Le;
            let quads = body.chunks_exact(4);
            let short = !quads.remainder().is_empty();
            let mut s: String = quads
                .map(|q| {
                    let b = [q[0], q[1], q[2], q[3]];
                    let v = if le {
                        u32::from_le_bytes(b)
                    } else {
                        u32::from_be_bytes(b)
                    };
                    char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER)
                })
                .collect();
            if short {
                s.push(char::REPLACEMENT_CHARACTER);
            }
            s
        }
        Format::Legacy => {
            let enc = encoding_rs::Encoding::for_label(report.encoding.as_bytes())
                .ok_or_else(|| format!("no decoder for the code page {}", report.encoding))?;
            enc.decode_without_bom_handling(body).0.into_owned()
        }
    })
}

/// Decodes `data` as the core reads it. Returns the text and the report's JSON.
#[pyfunction]
#[pyo3(signature = (data, encoding=None, strict=false))]
pub fn decode_bytes(
    py: Python<'_>,
    data: &[u8],
    encoding: Option<&str>,
    strict: bool,
) -> PyResult<(String, String)> {
    let mut opts = textscope::Options {
        max_problems_per_kind: 1,
        ..textscope::Options::default()
    };
    if let Some(name) = encoding {
        opts = opts
            .force_encoding(name)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    let (report, text) = py.detach(|| {
        let report = textscope::analyze(data, opts);
        let mark = report.bom.as_ref().map_or(0, |m| m.length as usize);
        let body = data.get(mark..).unwrap_or_default();
        let text = text_of(&report, body);
        (report, text)
    });
    let text = text.map_err(PyValueError::new_err)?;
    if strict {
        if let Some(p) = report
            .problems
            .iter()
            .filter(|p| is_decoding_problem(p.kind))
            .min_by_key(|p| p.offset)
        {
            let start = p.offset as usize;
            let end = start + (p.length as usize).max(1);
            let name = report.encoding.clone();
            return Err(PyUnicodeDecodeError::new_err((
                name,
                pyo3::types::PyBytes::new(py, data).unbind(),
                start,
                end,
                p.message.clone(),
            )));
        }
    }
    Ok((text, report.to_json()))
}
