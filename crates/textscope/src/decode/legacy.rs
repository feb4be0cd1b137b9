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
        /// The page, for a fresh decoder after a malformed sequence (see [`Self::multi_byte`]).
        encoding: &'static encoding_rs::Encoding,
        /// The bytes fed since the last character or error, and where they start.
        seq: [u8; MAX_SEQ],
        seq_len: usize,
        seq_start: u64,
        /// True when the decoder is known to hold nothing (after it turned ASCII into itself),
        /// so that printable ASCII can skip it. Never for ISO-2022-JP, whose state is a mode.
        ground: bool,
        ascii_shortcut: bool,
        /// ISO-2022-JP only: the last two bytes read, and the designation in force (the two
        /// bytes after ESC), to take a fresh decoder in the same mode.
        jp_tail: [u8; 2],
        jp_mode: [u8; 2],
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

/// Hands on the characters one call of encoding_rs gave for `bytes` (from `at` on). A
/// sequence that gives two characters (Big5's `88 62`) shows its bytes once, with the first.
fn hand_on<S: Sink>(text: &str, at: u64, bytes: &[u8], sink: &mut S) {
    for (k, c) in text.chars().enumerate() {
        sink.char(c, at, if k == 0 { bytes } else { &[] });
    }
}

/// A fresh decoder for `encoding`; for ISO-2022-JP, put in the mode `designation` (the two
/// bytes after ESC of the last escape sequence read, `[0, 0]`: none), with the flag that
/// makes a second escape sequence in a row an error cleared, as after any character: the
/// escape sequence then one bad byte, whose error is dropped.
fn fresh_decoder(
    encoding: &'static encoding_rs::Encoding,
    designation: [u8; 2],
) -> encoding_rs::Decoder {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    if designation != [0, 0] {
        let [lead, last] = designation;
        let mut src: &[u8] = &[0x1B, lead, last, 0x80];
        let mut out = [0u8; 16];
        while !src.is_empty() {
            let (_, read, _) = decoder.decode_to_utf8_without_replacement(src, &mut out, false);
            src = src.get(read..).unwrap_or_default();
        }
    }
    decoder
}

/// Which escape sequences of ISO-2022-JP change its mode (WHATWG): ESC ( B, ESC ( J, ESC ( I,
/// ESC $ @, ESC $ B. Three such bytes in a row always are one, in any state.
fn iso_2022_jp_designation(tail: [u8; 2], b: u8) -> Option<[u8; 2]> {
    match (tail, b) {
        ([0x1B, b'('], b'B' | b'J' | b'I') | ([0x1B, b'$'], b'@' | b'B') => Some([tail[1], b]),
        _ => None,
    }
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
                encoding,
                seq: [0; MAX_SEQ],
                seq_len: 0,
                seq_start: offset,
                ground: true,
                ascii_shortcut: !page.is_stateful(),
                jp_tail: [0, 0],
                jp_mode: [0, 0],
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

    /// Feeds one byte (or, with `last`, the end of the input) to encoding_rs, and then the
    /// bytes a malformed sequence gives back (see [`Self::rs_step`]), one at a time.
    fn multi_byte<S: Sink>(&mut self, b: u8, at: u64, last: bool, sink: &mut S) {
        // At most a sequence's bytes (4 in gb18030) come back at once, before what is queued.
        let mut queue = [0u8; 2 * MAX_SEQ];
        let (mut from, mut to) = (0usize, 0usize);
        if let (false, Some(slot)) = (last, queue.get_mut(0)) {
            *slot = b;
            to = 1;
        }
        let mut at = at;
        loop {
            let input = if from < to {
                let x = queue.get(from).copied();
                from += 1;
                x
            } else if last {
                None
            } else {
                return;
            };
            let back = self.rs_step(input.unwrap_or(0), at, input.is_none(), sink);
            if back.1 > 0 {
                let rest = queue.get(from..to).unwrap_or_default();
                let mut next = [0u8; 2 * MAX_SEQ];
                let mut n = 0;
                for &x in back.0.get(..back.1).unwrap_or_default().iter().chain(rest) {
                    if let Some(slot) = next.get_mut(n) {
                        *slot = x;
                        n += 1;
                    }
                }
                queue = next;
                (from, to) = (0, n);
            } else if input.is_none() {
                return;
            }
            if let Kind::Multi {
                seq_len, seq_start, ..
            } = &self.kind
            {
                at = *seq_start + *seq_len as u64;
            }
        }
    }

    /// One byte (or the end, `last`) through encoding_rs, each character handed on with the
    /// bytes it came from (U4).
    ///
    /// A malformed sequence can give back bytes read before the current one: gb18030's `81 30`
    /// then `01` is one bad byte, then `0` and U+0001 (WHATWG's gb18030 decoder prepends them to
    /// the stream); ISO-2022-JP's `ESC $ )` is a bad ESC, then `$)`. encoding_rs holds them
    /// inside and hands their characters out with the next one, which tied them all to one
    /// offset. After an error every page's decoder is back in its first state, but for
    /// ISO-2022-JP's mode, so a fresh decoder is taken (in that mode) and the given-back bytes
    /// (with the current byte if unread) are returned, to be fed again one at a time.
    fn rs_step<S: Sink>(
        &mut self,
        b: u8,
        at: u64,
        last: bool,
        sink: &mut S,
    ) -> ([u8; MAX_SEQ], usize) {
        let mut back = ([0u8; MAX_SEQ], 0usize);
        let Kind::Multi {
            decoder,
            encoding,
            seq,
            seq_len,
            seq_start,
            ground,
            jp_tail,
            jp_mode,
            ..
        } = &mut self.kind
        else {
            return back;
        };
        let jp = *encoding == encoding_rs::ISO_2022_JP;
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
                if jp {
                    if let Some(m) = iso_2022_jp_designation(*jp_tail, r) {
                        *jp_mode = m;
                    }
                    *jp_tail = [jp_tail[1], r];
                }
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
                        hand_on(text, *seq_start, bytes, sink);
                        *ground = !last && b < 0x80 && out.get(..written) == Some(&[b][..]);
                        *seq_start += total;
                        *seq_len = 0;
                        total = 0;
                    } else {
                        *ground = false;
                    }
                    if matches!(result, DecoderResult::InputEmpty) {
                        return back;
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
                    // Bytes before the malformed ones that gave no character (an escape
                    // sequence) are shown with it, as with a character (D11).
                    let bad_from = if written > 0 {
                        hand_on(text, *seq_start, &shown(0, before), sink);
                        before
                    } else {
                        0
                    };
                    let bad_bytes = shown(bad_from, before - bad_from + bad_len);
                    let kind = if last && after == 0 {
                        Bad::Truncated
                    } else {
                        Bad::Unmapped
                    };
                    sink.bad(kind, *seq_start + bad_from, &bad_bytes);
                    // The bytes after the malformed sequence stay pending.
                    let keep = shown(before + bad_len, after);
                    *seq_start += before + bad_len;
                    *ground = false;
                    if !keep.is_empty() {
                        // A fresh decoder reads the given-back bytes, then the unread input.
                        *decoder = fresh_decoder(encoding, if jp { *jp_mode } else { [0, 0] });
                        *jp_tail = [0, 0];
                        *seq_len = 0;
                        for &x in keep.iter().chain(src) {
                            if let Some(slot) = back.0.get_mut(back.1) {
                                *slot = x;
                                back.1 += 1;
                            }
                        }
                        return back;
                    }
                    // `keep` came out of `seq`, so it fits.
                    *seq_len = keep.len().min(MAX_SEQ);
                    for (slot, &k) in seq.iter_mut().zip(&keep) {
                        *slot = k;
                    }
                    total = after;
                    if src.is_empty() && !last {
                        return back;
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
