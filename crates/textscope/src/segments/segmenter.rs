//! The streaming segmenter (G1–G6): raw bytes in, in chunks of any size; the current line's
//! figures and a bounded summary of runs held.

use super::line::{plain_prefix, Class, LineState, Mode};
use super::runs::{wide_format, Run, Runs, SAMPLE_BYTES};
use super::Segment;
use crate::Format;

/// Splits a file that reads as two or more encodings into segments (see the module's
/// documentation). The result is the same for any chunking of the input.
///
/// ```
/// use textscope::segments::Segmenter;
/// let mut text = "Grüße aus Köln, schöne Straße.\n".repeat(3).into_bytes();
/// text.extend(b"Caf\xE9 cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu, na\xEFve \xE9t\xE9.\n");
/// let mut s = Segmenter::new();
/// for chunk in text.chunks(7) {
///     s.feed(chunk);
/// }
/// let segments = s.finish();
/// assert_eq!(segments.len(), 2);
/// assert_eq!(segments[0].encoding, "UTF-8");
/// assert_eq!((segments[1].first_line, segments[1].last_line), (4, 4));
/// assert_eq!(segments[1].encoding, "windows-1252");
/// ```
#[derive(Debug)]
pub struct Segmenter {
    line: LineState,
    prev_mode: Mode,
    number: u64,
    /// The current line's first bytes (for a legacy run's sample).
    bytes: Vec<u8>,
    runs: Runs,
}

impl Default for Segmenter {
    fn default() -> Self {
        Segmenter::new()
    }
}

impl Segmenter {
    /// A segmenter at offset 0.
    pub fn new() -> Segmenter {
        Segmenter {
            line: LineState::new(0),
            prev_mode: Mode::Byte,
            number: 1,
            bytes: Vec::new(),
            runs: Runs::default(),
        }
    }

    /// G8: a segmenter that starts at `offset`, the start of line `line`, of a UTF-8 file
    /// whose bytes before it held no sign of another encoding.
    pub fn after_clean_start(offset: u64, line: u64) -> Segmenter {
        Segmenter {
            line: LineState::new(offset),
            prev_mode: Mode::Byte,
            number: line.max(1),
            bytes: Vec::new(),
            runs: Runs::clean_start(offset, line),
        }
    }

    /// The next bytes of the file.
    pub fn feed(&mut self, chunk: &[u8]) {
        let mut rest = chunk;
        while let Some((&b, tail)) = rest.split_first() {
            // The fast path: a stretch of plain ASCII changes only the line's length.
            if self.line.plain() {
                let n = plain_prefix(rest);
                if n > 1 {
                    let (run, after) = rest.split_at(n);
                    self.line.ascii(run);
                    self.keep_all(run);
                    rest = after;
                    continue;
                }
            }
            rest = tail;
            loop {
                match self.line.byte(b, self.prev_mode) {
                    None => {
                        self.keep(b);
                        break;
                    }
                    Some(true) => {
                        self.keep(b);
                        self.end_line();
                        break;
                    }
                    // The LF's expected zero did not come: the byte starts the next line.
                    Some(false) => self.end_line(),
                }
            }
        }
    }

    fn keep_all(&mut self, bytes: &[u8]) {
        let room = SAMPLE_BYTES.saturating_sub(self.bytes.len());
        self.bytes
            .extend_from_slice(bytes.get(..room.min(bytes.len())).unwrap_or_default());
    }

    fn keep(&mut self, b: u8) {
        if self.bytes.len() < SAMPLE_BYTES {
            self.bytes.push(b);
        }
    }

    fn end_line(&mut self) {
        let line = self.line.finish(self.prev_mode);
        self.prev_mode = self.line.mode();
        self.runs.push(&line, self.number, &self.bytes);
        self.number += 1;
        self.line = LineState::new(line.end);
        self.bytes.clear();
    }

    /// The segments, in file order and covering it; empty when the file is one encoding
    /// (G4), or has more than [`super::MAX_SEGMENTS`] (G6).
    pub fn finish(mut self) -> Vec<Segment> {
        if !self.line.is_empty() {
            self.end_line();
        }
        self.runs.finish().into_iter().map(segment).collect()
    }
}

/// G5: a run's format, encoding and confidence.
fn segment(r: Run) -> Segment {
    let evidence = |e: u64| e as f64 / (e as f64 + 2.0);
    let (format, encoding, confidence) = match r.class {
        Class::Legacy => {
            let d = crate::detect::detect_keeping(&r.sample, true, 2, false);
            let page = if d.format == Format::Legacy {
                d.encoding
            } else {
                crate::CodePage::windows_1252()
            };
            let sure = d.confidence.unwrap_or(0.5);
            (
                Format::Legacy,
                page.name().to_string(),
                sure * evidence(r.non_ascii),
            )
        }
        Class::Wide(m) => {
            let f = wide_format(m);
            let c = if r.mark {
                1.0
            } else {
                evidence((r.end - r.start) / 8)
            };
            (f, format_name(f).to_string(), c)
        }
        Class::Utf8 | Class::Ascii => {
            // G8: the verdict's clean start is as sure as the verdict.
            let c = if r.mark || r.verdict {
                1.0
            } else {
                evidence(r.non_ascii)
            };
            (Format::Utf8, "UTF-8".to_string(), c)
        }
    };
    Segment {
        offset: r.start,
        length: r.end - r.start,
        first_line: r.first_line,
        last_line: r.last_line,
        format,
        encoding,
        mark: r.mark,
        confidence,
    }
}

/// The name a report gives a Unicode format.
fn format_name(f: Format) -> &'static str {
    match f {
        Format::Utf16Le => "UTF-16LE",
        Format::Utf16Be => "UTF-16BE",
        Format::Utf32Le => "UTF-32LE",
        Format::Utf32Be => "UTF-32BE",
        _ => "UTF-8",
    }
}
