//! `decode()`: the text of bytes in the detected (or given) format, decoded by the core's own
//! decoder (`textscope::chars::CharDecoder`, as the CLI's `convert` decodes), so every code
//! page the core reads decodes to exactly the core's text, each bad unit one U+FFFD as the
//! report counts them (SPEC U1–U4, V1). The bad units are returned too: the Python side applies
//! the `errors` handler (`strict` raises `UnicodeDecodeError` at the first one).

use crate::codec::{decode_into, index_for, Bad};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use textscope::chars::CharDecoder;
use textscope::{CodePage, Format};

/// Decodes `data` as the core reads it (the format and code page detected, or forced by
/// `encoding`). Returns the text, its bad units (index in the text, start, end) and the name
/// of the encoding used.
#[pyfunction]
#[pyo3(signature = (data, encoding=None))]
pub fn decode_bytes(
    py: Python<'_>,
    data: &[u8],
    encoding: Option<&str>,
) -> PyResult<(String, Vec<Bad>, String)> {
    let mut opts = textscope::Options {
        max_problems_per_kind: 1,
        ..textscope::Options::default()
    };
    if let Some(name) = encoding {
        opts = opts
            .force_encoding(name)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    let mut interrupted = None;
    let out =
        py.detach(|| {
            let detected = textscope::Detected::of(data, data.len() <= textscope::WINDOW, &opts);
            let index = detected.line_index();
            match index.format {
                Format::Empty => return Ok((String::new(), Vec::new(), "empty".to_string())),
                Format::Binary => return Err(
                    "binary data: no text format accepted it (pass encoding= to decode it anyway)"
                        .to_string(),
                ),
                _ => {}
            }
            let page = CodePage::for_label(&index.encoding).unwrap_or_else(CodePage::windows_1252);
            let name = if index.format == Format::Legacy {
                page.name().to_string()
            } else {
                index.format.name().to_string()
            };
            let mark = detected.mark_len as u64;
            let mut d = CharDecoder::new(&index_for(index.format, page, mark));
            let body = data
                .get(usize::try_from(mark).unwrap_or(0)..)
                .unwrap_or_default();
            let mut text = String::with_capacity(body.len());
            let mut bad = Vec::new();
            let mut n = 0usize;
            // A piece at a time, with a signal check between (Ctrl-C: issue 41).
            let mut signals = crate::Signals::new();
            let pieces = body.len().div_ceil(crate::stream::CHUNK).max(1);
            for (i, piece) in body.chunks(crate::stream::CHUNK).enumerate() {
                decode_into(&mut d, piece, i + 1 == pieces, &mut text, &mut n, &mut bad);
                if !signals.ok(&mut interrupted) {
                    return Err(String::new());
                }
            }
            if body.is_empty() {
                decode_into(&mut d, body, true, &mut text, &mut n, &mut bad);
            }
            Ok((text, bad, name))
        });
    if let Some(e) = interrupted {
        return Err(e);
    }
    out.map_err(PyValueError::new_err)
}
