//! Every code page of the core's registry, decoded and encoded for Python: `decode()`, the
//! codecs that `import textscope` registers, and `encodings()`.
//!
//! Decoding goes through the core's own decoder (`textscope::chars::CharDecoder`, the one the
//! CLI's `convert` uses), so the text is exactly the core's: each bad unit is one U+FFFD, as
//! the report counts them (SPEC U1–U4). The core has no encoder; encoding is the inverse of the
//! core's decoding: a single-byte page's table read back from the decoder, encoding_rs's
//! encoder for the pages the core decodes with encoding_rs (the same tables), and ASCII alone
//! for the four pages decoded by the core's state machines (Johab, EUC-TW, ISO-2022-KR/CN).

use pyo3::exceptions::{PyLookupError, PyValueError};
use pyo3::prelude::*;
use std::collections::HashMap;
use textscope::chars::{CharDecoder, Decoded};
use textscope::{CodePage, Format, LineIndex};

/// The code page a label names, or a `LookupError` naming it.
pub fn page_for(label: &str) -> PyResult<CodePage> {
    CodePage::for_label(label).ok_or_else(|| {
        PyLookupError::new_err(format!(
            "textscope has no code page named {label:?} (textscope.encodings() lists them)"
        ))
    })
}

/// The index the core's decoder needs for a file in `format` (`page` for a legacy one).
pub fn index_for(format: Format, page: CodePage, mark_len: u64) -> LineIndex {
    LineIndex {
        format,
        encoding: page.name().to_string(),
        mark_len,
        size: 0,
        lines: 0,
        checkpoints: Vec::new(),
        switches: Vec::new(),
    }
}

/// A bad unit met while decoding: the index of its U+FFFD in the text, and its bytes' span
/// (absolute offsets from the start of the stream).
pub type Bad = (usize, u64, u64);

/// Decodes `chunk` with `d`, appending to `text`; `chars` counts the characters so far.
/// Returns the offset just past the last character handed out, if any.
pub fn decode_into(
    d: &mut CharDecoder,
    chunk: &[u8],
    last: bool,
    text: &mut String,
    chars: &mut usize,
    bad: &mut Vec<Bad>,
) -> Option<u64> {
    let mut end = None;
    let mut each = |offset: u64, bytes: &[u8], item: Decoded| {
        end = Some(offset + bytes.len() as u64);
        match item {
            Decoded::Char(c) => text.push(c),
            Decoded::Bad(_) => {
                bad.push((*chars, offset, offset + (bytes.len() as u64).max(1)));
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }
        *chars += 1;
    };
    d.feed(chunk, &mut each);
    if last {
        d.finish(&mut each);
    }
    end
}

/// Every code page of the registry: (name, family, multi-byte, stateful, encoder kind).
#[pyfunction]
pub fn code_pages() -> Vec<(&'static str, &'static str, bool, bool, &'static str)> {
    CodePage::all()
        .map(|p| {
            let enc = match Encoder::for_page(p) {
                Encoder::Table(_) => "table",
                Encoder::Rs(_) => "encoding_rs",
                Encoder::Ascii(_) => "ascii",
            };
            (
                p.name(),
                p.family(),
                p.is_multi_byte(),
                p.is_stateful(),
                enc,
            )
        })
        .collect()
}

/// The registry's name of the code page a label names (`LookupError` when none).
#[pyfunction]
pub fn code_page_name(label: &str) -> PyResult<&'static str> {
    Ok(page_for(label)?.name())
}

/// The streaming decoder of one code page (the codecs' incremental decoder).
#[pyclass(module = "textscope._textscope")]
pub struct PageDecoder {
    page: CodePage,
    inner: CharDecoder,
    fed: u64,
    chars: usize,
    done: u64,
}

#[pymethods]
impl PageDecoder {
    #[new]
    fn new(label: &str) -> PyResult<Self> {
        let page = page_for(label)?;
        Ok(PageDecoder {
            page,
            inner: CharDecoder::new(&index_for(Format::Legacy, page, 0)),
            fed: 0,
            chars: 0,
            done: 0,
        })
    }

    /// The registry's name of the page.
    #[getter]
    fn name(&self) -> &'static str {
        self.page.name()
    }

    /// Bytes fed so far.
    #[getter]
    fn fed(&self) -> u64 {
        self.fed
    }

    /// Decodes the next chunk (`last`: the end of the input). Returns the text, each bad unit
    /// as one U+FFFD; the bad units as (index in this text, start, end), the byte offsets
    /// counted from the start of the stream; and the offset up to which the bytes fed are
    /// decoded (the rest is a character begun, held for the next chunk).
    fn decode(&mut self, py: Python<'_>, data: &[u8], last: bool) -> (String, Vec<Bad>, u64) {
        let mut text = String::with_capacity(data.len());
        let mut bad = Vec::new();
        let mut n = 0usize;
        let inner = &mut self.inner;
        let end = if data.len() >= 64 * 1024 {
            py.detach(|| decode_into(inner, data, last, &mut text, &mut n, &mut bad))
        } else {
            decode_into(inner, data, last, &mut text, &mut n, &mut bad)
        };
        self.fed += data.len() as u64;
        self.chars += n;
        if last {
            self.done = self.fed;
        } else if let Some(end) = end {
            self.done = end;
        }
        (text, bad, self.done)
    }

    /// Back to the start of a stream.
    fn reset(&mut self) {
        self.inner = CharDecoder::new(&index_for(Format::Legacy, self.page, 0));
        self.fed = 0;
        self.chars = 0;
        self.done = 0;
    }
}

/// How a page is encoded.
enum Encoder {
    /// A single-byte page: each character's byte, read back from the core's decoder.
    Table(HashMap<char, u8>),
    /// A page the core decodes with encoding_rs.
    Rs(&'static encoding_rs::Encoding),
    /// A page of the core's own state machines: the ASCII characters that decode as
    /// themselves, alone.
    Ascii(HashMap<char, u8>),
}

impl Encoder {
    fn for_page(page: CodePage) -> Encoder {
        if let Some(enc) = encoding_rs::Encoding::for_label(page.name().as_bytes())
            .filter(|&e| CodePage::from_encoding(e) == Some(page))
        {
            return Encoder::Rs(enc);
        }
        let mut map = HashMap::new();
        let top: u16 = if page.is_multi_byte() { 0x80 } else { 0x100 };
        for b in 0..top {
            let Ok(byte) = u8::try_from(b) else { continue };
            // ESC, SO and SI switch the ISO-2022 decoders' modes: never encoded as text.
            if page.is_stateful() && matches!(byte, 0x0E | 0x0F | 0x1B) {
                continue;
            }
            let mut d = CharDecoder::new(&index_for(Format::Legacy, page, 0));
            let mut got = Vec::new();
            d.feed(&[byte], |_, _, x| got.push(x));
            d.finish(|_, _, x| got.push(x));
            if let [Decoded::Char(c)] = got.as_slice() {
                if page.is_multi_byte() && u32::from(*c) != u32::from(byte) {
                    continue;
                }
                map.entry(*c).or_insert(byte);
            }
        }
        if page.is_multi_byte() {
            Encoder::Ascii(map)
        } else {
            Encoder::Table(map)
        }
    }
}

/// The encoder of one code page (the codecs' encoder; stateful for ISO-2022-JP).
#[pyclass(module = "textscope._textscope")]
pub struct PageEncoder {
    page: CodePage,
    how: Encoder,
    rs: Option<encoding_rs::Encoder>,
}

#[pymethods]
impl PageEncoder {
    #[new]
    fn new(label: &str) -> PyResult<Self> {
        let page = page_for(label)?;
        let how = Encoder::for_page(page);
        let rs = match &how {
            Encoder::Rs(e) => Some(e.new_encoder()),
            _ => None,
        };
        Ok(PageEncoder { page, how, rs })
    }

    /// How this page is encoded: "table", "encoding_rs" or "ascii" (ASCII alone).
    #[getter]
    fn kind(&self) -> &'static str {
        match self.how {
            Encoder::Table(_) => "table",
            Encoder::Rs(_) => "encoding_rs",
            Encoder::Ascii(_) => "ascii",
        }
    }

    /// Encodes `text` up to its first character the page cannot hold. Returns the bytes and
    /// `None`, or the bytes before it and the character's index in `text`. `last`: the end
    /// of the input (a stateful encoder returns to its initial mode).
    fn encode<'py>(
        &mut self,
        py: Python<'py>,
        text: &str,
        last: bool,
    ) -> PyResult<(Bound<'py, pyo3::types::PyBytes>, Option<usize>)> {
        let mut out: Vec<u8> = Vec::with_capacity(text.len());
        let mut stop = None;
        match (&self.how, self.rs.as_mut()) {
            (Encoder::Table(map) | Encoder::Ascii(map), _) => {
                for (i, c) in text.chars().enumerate() {
                    match map.get(&c) {
                        Some(&b) => out.push(b),
                        None => {
                            stop = Some(i);
                            break;
                        }
                    }
                }
            }
            (Encoder::Rs(_), Some(enc)) => {
                let mut src = text;
                let mut chars_done = 0usize;
                loop {
                    let room = enc
                        .max_buffer_length_from_utf8_without_replacement(src.len())
                        .unwrap_or(src.len() * 8 + 16);
                    let start = out.len();
                    out.resize(start + room, 0);
                    let (result, read, written) = enc.encode_from_utf8_without_replacement(
                        src,
                        out.get_mut(start..).unwrap_or_default(),
                        last,
                    );
                    out.truncate(start + written);
                    let (head, rest) = src.split_at(read.min(src.len()));
                    match result {
                        encoding_rs::EncoderResult::InputEmpty => break,
                        encoding_rs::EncoderResult::OutputFull => {
                            chars_done += head.chars().count();
                            src = rest;
                        }
                        encoding_rs::EncoderResult::Unmappable(_) => {
                            // `read` includes the unmappable character.
                            chars_done += head.chars().count();
                            stop = Some(chars_done.saturating_sub(1));
                            break;
                        }
                    }
                }
            }
            (Encoder::Rs(_), None) => {
                return Err(PyValueError::new_err(format!(
                    "no encoder for {}",
                    self.page.name()
                )))
            }
        }
        Ok((pyo3::types::PyBytes::new(py, &out), stop))
    }

    /// Back to the initial mode.
    fn reset(&mut self) {
        if let Encoder::Rs(e) = self.how {
            self.rs = Some(e.new_encoder());
        }
    }
}
