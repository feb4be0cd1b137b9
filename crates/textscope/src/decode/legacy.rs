//! Legacy code pages (U4), decoded as encoding_rs decodes them.
//!
//! Single-byte code pages go through a 256-entry table (built from encoding_rs, or one of the
//! project's generated tables, see `crate::codepage`), so every character is exactly one byte
//! at a known offset. EBCDIC pages do not map printable ASCII to itself: they skip the ASCII
//! shortcuts and the fast path. Johab, EUC-TW and ISO-2022-KR/CN use `codepage::multi`. Multi-byte code pages (Shift_JIS, EUC-KR,
//! Big5, GBK …) are fed to encoding_rs's streaming decoder a byte at a time, which ties every
//! character and every malformed sequence to its exact bytes; runs of ASCII between them skip
//! the decoder when it is known to be between characters.

use super::{printable_prefix_utf8, Bad, Sink};
use crate::codepage::multi::MultiDecoder;
use crate::codepage::{CodePage, Kind as PageKind};
use encoding_rs::DecoderResult;

/// Most bytes one legacy character (with an escape sequence before it) is shown with.
const MAX_SEQ: usize = 16;

pub(crate) struct LegacyDecoder {
    pub(super) offset: u64,
    kind: Kind,
}

enum Kind {
    /// Each byte maps to one character, or to none (unmapped).
    Single {
        table: Box<[Option<char>; 256]>,
        /// Bit `b - 0x80` set when byte `b` needs the slow path: unmapped, or mapped to a
        /// character the tracker must look at (see [`needs_slow_path`]).
        high_stops: [u64; 2],
        /// Printable ASCII bytes are themselves (false for EBCDIC): the fast path may run.
        ascii: bool,
    },
    /// A multi-byte page encoding_rs lacks (Johab, EUC-TW, ISO-2022-KR/CN).
    Own(MultiDecoder),
    /// A multi-byte code page, fed to encoding_rs.
    Multi {
        decoder: encoding_rs::Decoder,
        /// The bytes fed since the last character or error, and where they start.
        seq: [u8; MAX_SEQ],
        seq_len: usize,
        seq_start: u64,
        /// True when the decoder is known to hold nothing (after it turned ASCII into itself),
        /// so that printable ASCII can skip it. Never for ISO-2022-JP, whose state is a mode.
        ground: bool,
        ascii_shortcut: bool,
    },
}

impl std::fmt::Debug for LegacyDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LegacyDecoder")
            .field("offset", &self.offset)
            .finish_non_exhaustive()
    }
}

/// A character the fast path must not decode in bulk: anything the class table does not call
/// plain (an ending, NUL, a control of P3, U+FEFF, a bidi control, an invisible character), a
/// hidden character or variation selector (findings that depend on what they follow), and
/// TAB and FF (plain, but below the space, where the kernels stop). Everything else counts as
/// one plain character.
fn needs_slow_path(c: char) -> bool {
    c < ' '
        || crate::class::class_of(c) != crate::class::Class::Plain
        || crate::hidden::is_hidden_character(c)
        || crate::hidden::is_variation_selector(c)
}

impl LegacyDecoder {
    pub(crate) fn new(page: CodePage, offset: u64) -> Self {
        let kind = if let Some(table) = page.single_byte_table() {
            let table = Box::new(*table);
            let ascii =
                (0x20u8..0x7F).all(|b| table.get(usize::from(b)) == Some(&Some(char::from(b))));
            let mut high_stops = [0u64; 2];
            // A byte above 7F that a page maps to an ASCII character (ARMSCII-8 has some) is
            // decoded too: the fast path calls every byte above 7F a character beyond ASCII,
            // and the report's `ascii` must not depend on the path (found by the fuzzer).
            for (b, c) in table.iter().enumerate().skip(0x80) {
                if c.is_none_or(|c| c.is_ascii() || needs_slow_path(c)) {
                    if let Some(w) = high_stops.get_mut((b - 0x80) / 64) {
                        *w |= 1 << (b % 64);
                    }
                }
            }
            Kind::Single {
                table,
                high_stops,
                ascii,
            }
        } else if let PageKind::Multi(which) = page.kind() {
            Kind::Own(MultiDecoder::new(which, offset))
        } else {
            // Tables were taken above, so this is encoding_rs's page.
            let encoding = match page.kind() {
                PageKind::Rs(e) => e,
                _ => encoding_rs::WINDOWS_1252,
            };
            Kind::Multi {
                decoder: encoding.new_decoder_without_bom_handling(),
                seq: [0; MAX_SEQ],
                seq_len: 0,
                seq_start: offset,
                ground: true,
                ascii_shortcut: !page.is_stateful(),
            }
        };
        LegacyDecoder { offset, kind }
    }

    pub(crate) fn feed<S: Sink>(&mut self, chunk: &[u8], sink: &mut S) {
        let base = self.offset;
        self.offset = base + chunk.len() as u64;
        match &mut self.kind {
            Kind::Single { table, ascii, .. } => {
                let ascii = *ascii;
                let mut i = 0;
                while let Some(&b) = chunk.get(i) {
                    if S::ASCII_RUNS && ascii && b.wrapping_sub(0x20) < 0x5F {
                        // Every single-byte code page in encoding_rs maps 20–7E to ASCII.
                        let rest = chunk.get(i..).unwrap_or_default();
                        let n = printable_prefix_utf8(rest);
                        if n > 0 {
                            sink.ascii_bytes(base + i as u64, rest.get(..n).unwrap_or_default(), 1);
                            i += n;
                            continue;
                        }
                    }
                    let at = base + i as u64;
                    // A 256-entry table indexed by a byte: `get` cannot miss.
                    match table.get(usize::from(b)).copied().flatten() {
                        Some(c) => sink.char(c, at, &[b]),
                        None => sink.bad(Bad::Unmapped, at, &[b]),
                    }
                    i += 1;
                }
            }
            Kind::Own(d) => {
                for (i, &b) in chunk.iter().enumerate() {
                    d.byte(b, base + i as u64, sink);
                }
            }
            Kind::Multi { .. } => {
                let mut i = 0;
                while let Some(&b) = chunk.get(i) {
                    if let Kind::Multi {
                        ground: true,
                        ascii_shortcut: true,
                        ..
                    } = self.kind
                    {
                        let rest = chunk.get(i..).unwrap_or_default();
                        let n = printable_prefix_utf8(rest);
                        if n > 0 {
                            if S::ASCII_RUNS {
                                sink.ascii_bytes(
                                    base + i as u64,
                                    rest.get(..n).unwrap_or_default(),
                                    1,
                                );
                            } else {
                                for (k, &b) in rest.iter().take(n).enumerate() {
                                    sink.char(char::from(b), base + (i + k) as u64, &[b]);
                                }
                            }
                            i += n;
                            self.set_seq_start(base + i as u64);
                            continue;
                        }
                    }
                    self.multi_byte(b, base + i as u64, false, sink);
                    i += 1;
                }
            }
        }
    }

    /// For a single-byte code page, the bytes 80–FF that the fast path must leave to this
    /// decoder; `None` for a multi-byte code page (the fast path does not run).
    pub(crate) fn high_stops(&self) -> Option<&[u64; 2]> {
        match &self.kind {
            Kind::Single {
                high_stops,
                ascii: true,
                ..
            } => Some(high_stops),
            _ => None,
        }
    }

    fn set_seq_start(&mut self, at: u64) {
        if let Kind::Multi { seq_start, .. } = &mut self.kind {
            *seq_start = at;
        }
    }

    /// Feeds one byte (or, with `last`, the end of the input) to encoding_rs and hands on what
    /// comes out, each character with the bytes it came from.
    fn multi_byte<S: Sink>(&mut self, b: u8, at: u64, last: bool, sink: &mut S) {
        let Kind::Multi {
            decoder,
            seq,
            seq_len,
            seq_start,
            ground,
            ..
        } = &mut self.kind
        else {
            return;
        };
        let one = [b];
        let mut src: &[u8] = if last { &[] } else { &one };
        if *seq_len == 0 {
            *seq_start = at;
        }
        let mut total = *seq_len as u64; // bytes of the sequence counted from seq_start
        let mut out = [0u8; 64];
        loop {
            let (result, read, written) =
                decoder.decode_to_utf8_without_replacement(src, &mut out, last);
            for &r in src.get(..read).unwrap_or_default() {
                if let Some(slot) = seq.get_mut(*seq_len) {
                    *slot = r;
                    *seq_len += 1;
                }
                total += 1;
            }
            src = src.get(read..).unwrap_or_default();
            let text = std::str::from_utf8(out.get(..written).unwrap_or_default()).unwrap_or("");
            match result {
                DecoderResult::InputEmpty | DecoderResult::OutputFull => {
                    if written > 0 {
                        let bytes = seq.get(..*seq_len).unwrap_or_default();
                        for (k, c) in text.chars().enumerate() {
                            // A sequence that gives two characters (Big5) shows its bytes once.
                            sink.char(c, *seq_start, if k == 0 { bytes } else { &[] });
                        }
                        *ground = !last && b < 0x80 && out.get(..written) == Some(&[b][..]);
                        *seq_start += total;
                        *seq_len = 0;
                        total = 0;
                    } else {
                        *ground = false;
                    }
                    if matches!(result, DecoderResult::InputEmpty) {
                        return;
                    }
                }
                DecoderResult::Malformed(bad_len, after) => {
                    let (bad_len, after) = (u64::from(bad_len), u64::from(after));
                    let before = total.saturating_sub(bad_len + after);
                    let shown = |from: u64, len: u64| -> Vec<u8> {
                        let from = from.min(*seq_len as u64) as usize;
                        let to = (from as u64 + len).min(*seq_len as u64) as usize;
                        seq.get(from..to).unwrap_or_default().to_vec()
                    };
                    if written > 0 {
                        let bytes = shown(0, before);
                        for (k, c) in text.chars().enumerate() {
                            sink.char(c, *seq_start, if k == 0 { &bytes } else { &[] });
                        }
                    }
                    let bad_bytes = shown(before, bad_len);
                    let kind = if last && after == 0 {
                        Bad::Truncated
                    } else {
                        Bad::Unmapped
                    };
                    sink.bad(kind, *seq_start + before, &bad_bytes);
                    // The bytes after the malformed sequence stay pending.
                    let keep = shown(before + bad_len, after);
                    *seq_start += before + bad_len;
                    // `keep` came out of `seq`, so it fits.
                    *seq_len = keep.len().min(MAX_SEQ);
                    for (slot, &k) in seq.iter_mut().zip(&keep) {
                        *slot = k;
                    }
                    total = after;
                    *ground = false;
                    if src.is_empty() && !last {
                        return;
                    }
                }
            }
        }
    }

    pub(crate) fn finish<S: Sink>(&mut self, sink: &mut S) {
        if let Kind::Own(d) = &mut self.kind {
            d.finish(sink);
        }
        if matches!(self.kind, Kind::Multi { .. }) {
            let at = self.offset;
            self.multi_byte(0, at, true, sink);
        }
    }
}

#[cfg(test)]
mod slow_path_tests {
    use super::needs_slow_path;

    /// The class table's answer is the one the hand-written list gave: controls, C1, NEL,
    /// LS, PS, U+FEFF and every finding.
    #[test]
    fn the_slow_characters_are_the_classes_and_the_findings() {
        for v in 0..0x11_0000u32 {
            let Some(c) = char::from_u32(v) else { continue };
            let listed = c < ' '
                || ('\u{7F}'..='\u{9F}').contains(&c)
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{FEFF}')
                || crate::finding::FindingKind::of(c).is_some();
            assert_eq!(needs_slow_path(c), listed, "U+{v:04X}");
        }
    }
}
