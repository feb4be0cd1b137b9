//! A streaming "decode to characters" pass (additive public API over the private decoders).
//!
//! Each character of the text, or each bad unit or subpart (U1–U4), is handed to a callback
//! with its absolute byte offset and its raw bytes, in file order. Feeding may be split at any
//! byte (U5). The CLI's `convert` uses it; the report itself comes from [`crate::Analyzer`],
//! and [`crate::ObservedAnalyzer`] hands the same events to a [`CharSink`] from the report's
//! own decoding (`check`).
//!
//! ```
//! use textscope::chars::{CharDecoder, Decoded};
//! let opts = textscope::Options::default().force_encoding("utf-8").unwrap();
//! let index = textscope::Detected::of(b"a\xFFb", true, &opts).line_index();
//! let mut d = CharDecoder::new(&index);
//! let mut out = Vec::new();
//! d.feed(b"a\xFFb", |offset, _bytes, c| out.push((offset, c)));
//! d.finish(|offset, _bytes, c| out.push((offset, c)));
//! assert_eq!(out[0], (0, Decoded::Char('a')));
//! assert_eq!(out[1], (1, Decoded::Bad(textscope::ProblemKind::InvalidUtf8)));
//! ```

use crate::decode::switch::Switches;
pub use crate::decode::{ascii_unit, CharSink, Decoded};
use crate::decode::{Bad, Decoder, Sink};
use crate::front::Consumer;
use crate::index::LineIndex;

/// Streams the characters of a file whose format an [`LineIndex`] describes.
#[derive(Debug)]
pub struct CharDecoder {
    decoder: Decoder,
    /// G9: where the text changes layout, when it does, and the offset of the next byte.
    switches: Option<(Box<Switches>, u64)>,
}

struct FnSink<F>(F);

impl<F: FnMut(u64, &[u8], Decoded)> Sink for FnSink<F> {
    const ASCII_RUNS: bool = false;

    fn ascii_run(&mut self, _: u64, _: usize, _: usize) {}

    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        (self.0)(offset, bytes, Decoded::Char(c));
    }

    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]) {
        let kind = bad.kind();
        (self.0)(offset, bytes, Decoded::Bad(kind));
    }
}

impl CharDecoder {
    /// A decoder of `format` (in `code_page` for legacy) whose first byte fed is at `offset`
    /// of the file: one stretch of a file in its own encoding (`textscope::segments`).
    pub fn at(format: crate::Format, code_page: crate::CodePage, offset: u64) -> CharDecoder {
        CharDecoder {
            decoder: Decoder::new(format, code_page, offset),
            switches: None,
        }
    }

    /// A decoder for the file `index` describes, expecting the bytes after its mark (from
    /// offset `index.mark_len` on). Binary and empty verdicts decode as UTF-8. Where the
    /// index holds switches (docs/mojibake.md G9), each stretch is decoded in its own layout.
    pub fn new(index: &LineIndex) -> CharDecoder {
        let switches = (!index.switches.is_empty()).then(|| {
            let sw = Switches::new(
                index.format,
                index.code_page(),
                index.mark_len,
                &index.switches,
            );
            (Box::new(sw), index.mark_len)
        });
        CharDecoder {
            decoder: Decoder::new(index.format, index.code_page(), index.mark_len),
            switches,
        }
    }

    /// Decodes the next chunk; `each(offset, bytes, decoded)` is called per character.
    pub fn feed(&mut self, chunk: &[u8], each: impl FnMut(u64, &[u8], Decoded)) {
        let mut sink = FnSink(each);
        match &mut self.switches {
            None => self.decoder.feed(chunk, &mut sink),
            Some((sw, pos)) => {
                sw.feed(&mut self.decoder, *pos, chunk, &mut sink, |d, b, s| {
                    d.feed(b, s)
                });
                *pos += chunk.len() as u64;
            }
        }
    }

    /// The end of the input: a pending partial character is reported (P5 or P1).
    pub fn finish(&mut self, each: impl FnMut(u64, &[u8], Decoded)) {
        let mut sink = FnSink(each);
        self.decoder.finish(&mut sink);
    }
}

/// The characters of a file, handed to a [`CharSink`] in file order: the [`crate::Consumer`]
/// that puts a [`CharDecoder`] behind a [`crate::Front`], so a caller gets the window,
/// detection and the replay from the core.
///
/// ```
/// use textscope::chars::{CharConsumer, CharSink, Decoded};
/// use textscope::{Front, Options};
/// #[derive(Default)]
/// struct Seen(Vec<Decoded>);
/// impl CharSink for Seen {
///     fn char(&mut self, _: u64, _: &[u8], d: Decoded) {
///         self.0.push(d);
///     }
/// }
/// let mut f = Front::new(Options::default(), |detected, _| {
///     CharConsumer::new(&detected.line_index(), Seen::default())
/// });
/// f.feed(b"\xEF\xBB\xBFa\r\n");
/// let (detected, chars) = f.finish();
/// let seen = chars.finish();
/// assert_eq!(detected.encoding_name(), "UTF-8");
/// assert_eq!(seen.0, [Decoded::Char('a'), Decoded::Char('\r'), Decoded::Char('\n')]);
/// ```
#[derive(Debug)]
pub struct CharConsumer<S> {
    decoder: CharDecoder,
    start: u64,
    sink: S,
}

impl<S: CharSink> CharConsumer<S> {
    /// The characters of the file `index` describes, from the end of its mark.
    pub fn new(index: &LineIndex, sink: S) -> CharConsumer<S> {
        CharConsumer {
            decoder: CharDecoder::new(index),
            start: index.mark_len,
            sink,
        }
    }

    /// The end of the input: a pending partial character is reported (P5 or P1). Returns the
    /// sink.
    pub fn finish(mut self) -> S {
        let sink = &mut self.sink;
        self.decoder.finish(|o, b, d| sink.char(o, b, d));
        self.sink
    }
}

impl<S: CharSink> Consumer for CharConsumer<S> {
    fn start_offset(&self) -> u64 {
        self.start
    }

    fn feed(&mut self, bytes: &[u8]) {
        let sink = &mut self.sink;
        self.decoder.feed(bytes, |o, b, d| sink.char(o, b, d));
    }
}

/// The text of `bytes`, each segment decoded with its own encoding (its mark dropped, bad
/// units as U+FFFD; docs/mojibake.md G7); with no segments, the whole as the core detects
/// it. Bytes no segment covers are decoded as the core detects them.
pub fn decode_segments(bytes: &[u8], segments: &[crate::report::Segment]) -> String {
    let mut out = String::new();
    let mut at = 0usize;
    for s in segments {
        let (Ok(start), Ok(len)) = (usize::try_from(s.offset), usize::try_from(s.length)) else {
            continue;
        };
        if start > at {
            out.push_str(&decode_piece(
                bytes.get(at..start).unwrap_or_default(),
                None,
            ));
        }
        let piece = bytes.get(start..start + len).unwrap_or_default();
        out.push_str(&decode_piece(piece, Some(&s.encoding)));
        at = at.max(start + len);
    }
    if at < bytes.len() || segments.is_empty() {
        out.push_str(&decode_piece(bytes.get(at..).unwrap_or_default(), None));
    }
    out
}

/// One piece decoded as `encoding` says (detected when `None`), bad units as U+FFFD.
fn decode_piece(bytes: &[u8], encoding: Option<&str>) -> String {
    let opts = match encoding.map(|e| crate::Options::default().force_encoding(e)) {
        Some(Ok(o)) => o,
        _ => crate::Options::default(),
    };
    let at_eof = bytes.len() <= crate::WINDOW;
    let index = crate::Detected::of(bytes, at_eof, &opts).line_index();
    let mut text = String::new();
    let mut push = |_: u64, _: &[u8], d: Decoded| match d {
        Decoded::Char(c) => text.push(c),
        Decoded::Bad(_) => text.push('\u{FFFD}'),
    };
    let mut d = CharDecoder::new(&index);
    let body = usize::try_from(index.mark_len)
        .ok()
        .and_then(|m| bytes.get(m..))
        .unwrap_or(bytes);
    d.feed(body, &mut push);
    d.finish(&mut push);
    match text.strip_prefix('\u{FEFF}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Detected, Format, Options, ProblemKind};

    fn decode_split(bytes: &[u8], split: usize) -> Vec<(u64, Vec<u8>, Decoded)> {
        let index = Detected::of(bytes, true, &Options::default()).line_index();
        let body = &bytes[index.mark_len as usize..];
        let split = split.min(body.len());
        let mut d = CharDecoder::new(&index);
        let mut out = Vec::new();
        let mut push = |o: u64, b: &[u8], c: Decoded| out.push((o, b.to_vec(), c));
        d.feed(&body[..split], &mut push);
        d.feed(&body[split..], &mut push);
        d.finish(&mut push);
        out
    }

    #[test]
    fn u5_same_events_at_every_split() {
        let f2: &[u8] = &[
            0xFF, 0xFE, 0x43, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9, 0x00, 0x20, 0x00, 0xAC, 0x20,
            0x34, 0x00, 0x0D, 0x00, 0x0A, 0x00, 0x2D, 0x4E, 0x87, 0x65, 0x20, 0x00, 0x3D, 0xD8,
            0x00, 0xDE, 0x0D, 0x00, 0x0A, 0x00,
        ];
        let whole = decode_split(f2, usize::MAX);
        assert_eq!(whole.len(), 15);
        assert_eq!(
            whole[12],
            (26, vec![0x3D, 0xD8, 0x00, 0xDE], Decoded::Char('😀'))
        );
        for s in 0..f2.len() {
            assert_eq!(decode_split(f2, s), whole, "split at {s}");
        }
    }

    #[test]
    fn f4_bad_unit_is_reported() {
        let out = decode_split(&[0xFF, 0xFE, 0x3D, 0xD8, 0x41, 0x00], 1);
        assert_eq!(out[0].2, Decoded::Bad(ProblemKind::UnpairedSurrogate));
        assert_eq!(out[0].0, 2);
        assert_eq!(out[1].2, Decoded::Char('A'));
        let index = Detected::of(&[0xFF, 0xFE], true, &Options::default()).line_index();
        assert_eq!(index.format, Format::Utf16Le);
    }
}
