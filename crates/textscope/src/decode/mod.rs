//! Streaming decoders, one module per format (SPEC §3, U1–U5).
//!
//! A decoder is fed chunks of any size and hands every character, or every bad unit, to a
//! [`Sink`] with its absolute byte offset and its raw bytes. The few bytes of a character that
//! straddles two chunks live in named fields of the decoder's state, so feeding one byte at a
//! time gives the same events as feeding the file whole (U5).

pub(crate) mod legacy;
pub(crate) mod switch;
pub(crate) mod utf16;
pub(crate) mod utf32;
pub(crate) mod utf8;

use crate::format::Format;
pub use crate::sink::{ascii_unit, CharSink, Decoded};
pub(crate) use crate::sink::{Bad, Sink};

/// The decoder for one format; dispatches statically to the format's module.
#[derive(Debug)]
pub(crate) enum Decoder {
    Utf8(utf8::Utf8Decoder),
    Utf16(utf16::Utf16Decoder),
    Utf32(utf32::Utf32Decoder),
    Legacy(legacy::LegacyDecoder),
}

impl Decoder {
    /// A decoder for `format` whose next byte is at absolute `offset`. `encoding` is the code
    /// page for [`Format::Legacy`].
    pub(crate) fn new(format: Format, encoding: crate::codepage::CodePage, offset: u64) -> Decoder {
        match format {
            Format::Utf16Le => Decoder::Utf16(utf16::Utf16Decoder::new(false, offset)),
            Format::Utf16Be => Decoder::Utf16(utf16::Utf16Decoder::new(true, offset)),
            Format::Utf32Le => Decoder::Utf32(utf32::Utf32Decoder::new(false, offset)),
            Format::Utf32Be => Decoder::Utf32(utf32::Utf32Decoder::new(true, offset)),
            Format::Legacy => Decoder::Legacy(legacy::LegacyDecoder::new(encoding, offset)),
            _ => Decoder::Utf8(utf8::Utf8Decoder::new(offset)),
        }
    }

    /// Decodes a chunk, keeping a partial character for the next one.
    pub(crate) fn feed<S: Sink>(&mut self, chunk: &[u8], sink: &mut S) {
        match self {
            Decoder::Utf8(d) => d.feed(chunk, sink),
            Decoder::Utf16(d) => d.feed(chunk, sink),
            Decoder::Utf32(d) => d.feed(chunk, sink),
            Decoder::Legacy(d) => d.feed(chunk, sink),
        }
    }

    /// True when no character is begun and no mode is held: the next byte starts a character
    /// and the vector fast path may decode it. Never for multi-byte code pages.
    pub(crate) fn idle(&self) -> bool {
        match self {
            Decoder::Utf8(d) => d.idle(),
            Decoder::Utf16(d) => d.idle(),
            Decoder::Utf32(d) => d.idle(),
            Decoder::Legacy(d) => d.high_stops().is_some(),
        }
    }

    /// Absolute offset of the next byte to be fed.
    pub(crate) fn offset(&self) -> u64 {
        match self {
            Decoder::Utf8(d) => d.offset,
            Decoder::Utf16(d) => d.offset,
            Decoder::Utf32(d) => d.offset,
            Decoder::Legacy(d) => d.offset,
        }
    }

    /// Moves past `n` bytes of whole characters that the fast path decoded (only when idle).
    pub(crate) fn skip(&mut self, n: usize) {
        let n = n as u64;
        match self {
            Decoder::Utf8(d) => d.offset += n,
            Decoder::Utf16(d) => d.offset += n,
            Decoder::Utf32(d) => d.offset += n,
            Decoder::Legacy(d) => d.offset += n,
        }
    }

    /// The end of the input: whatever is pending is cut short (P5) or unpaired (P1).
    pub(crate) fn finish<S: Sink>(&mut self, sink: &mut S) {
        match self {
            Decoder::Utf8(d) => d.finish(sink),
            Decoder::Utf16(d) => d.finish(sink),
            Decoder::Utf32(d) => d.finish(sink),
            Decoder::Legacy(d) => d.finish(sink),
        }
    }
}

/// Length of the prefix of `units` (each `width` bytes, value taken by `value`) that holds only
/// printable ASCII, U+0020–U+007E. Written as a block loop without early exit inside a block
/// so that the compiler can vectorise it; [`printable_prefix_naive`] is its twin for tests.
#[inline]
pub(crate) fn printable_prefix_utf8(bytes: &[u8]) -> usize {
    const BLOCK: usize = 32;
    let mut n = 0;
    for block in bytes.chunks_exact(BLOCK) {
        let mut bad = 0u8;
        for &b in block {
            bad |= u8::from(b.wrapping_sub(0x20) >= 0x5F);
        }
        if bad != 0 {
            break;
        }
        n += BLOCK;
    }
    let rest = bytes.get(n..).unwrap_or_default();
    n + rest
        .iter()
        .position(|&b| b.wrapping_sub(0x20) >= 0x5F)
        .unwrap_or(rest.len())
}

/// As [`printable_prefix_utf8`] for UTF-16 units; returns a count of units. `be` picks the byte
/// order.
#[inline]
pub(crate) fn printable_prefix_utf16(bytes: &[u8], be: bool) -> usize {
    // One monomorphised loop per byte order, so the order is not tested per unit.
    if be {
        printable_prefix_units(bytes.as_chunks::<2>().0, |u| {
            u32::from(u16::from_be_bytes(u))
        })
    } else {
        printable_prefix_units(bytes.as_chunks::<2>().0, |u| {
            u32::from(u16::from_le_bytes(u))
        })
    }
}

/// As [`printable_prefix_utf8`] for UTF-32 units; returns a count of units.
#[inline]
pub(crate) fn printable_prefix_utf32(bytes: &[u8], be: bool) -> usize {
    if be {
        printable_prefix_units(bytes.as_chunks::<4>().0, u32::from_be_bytes)
    } else {
        printable_prefix_units(bytes.as_chunks::<4>().0, u32::from_le_bytes)
    }
}

/// The block loop of the UTF-16 and UTF-32 kernels over whole units (`value` reads one).
#[inline(always)]
fn printable_prefix_units<const W: usize>(
    units: &[[u8; W]],
    value: impl Fn([u8; W]) -> u32,
) -> usize {
    const BLOCK: usize = 16;
    let bad = |u: &[u8; W]| value(*u).wrapping_sub(0x20) >= 0x5F;
    let mut n = 0;
    for block in units.chunks_exact(BLOCK) {
        let mut any = false;
        for u in block {
            any |= bad(u);
        }
        if any {
            break;
        }
        n += BLOCK;
    }
    let rest = units.get(n..).unwrap_or_default();
    n + rest.iter().position(bad).unwrap_or(rest.len())
}

/// The naive twin of the `printable_prefix_*` kernels: one unit at a time.
#[cfg(test)]
pub(crate) fn printable_prefix_naive(bytes: &[u8], format: Format) -> usize {
    let w = format.unit_width();
    bytes
        .chunks_exact(w)
        .position(|u| {
            let v = match format {
                Format::Utf16Le => u32::from(u16::from_le_bytes([u[0], u[1]])),
                Format::Utf16Be => u32::from(u16::from_be_bytes([u[0], u[1]])),
                Format::Utf32Le => u32::from_le_bytes([u[0], u[1], u[2], u[3]]),
                Format::Utf32Be => u32::from_be_bytes([u[0], u[1], u[2], u[3]]),
                _ => u32::from(u[0]),
            };
            !(0x20..=0x7E).contains(&v)
        })
        .unwrap_or(bytes.len() / w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fast(bytes: &[u8], f: Format) -> usize {
        match f {
            Format::Utf16Le => printable_prefix_utf16(bytes, false),
            Format::Utf16Be => printable_prefix_utf16(bytes, true),
            Format::Utf32Le => printable_prefix_utf32(bytes, false),
            Format::Utf32Be => printable_prefix_utf32(bytes, true),
            _ => printable_prefix_utf8(bytes),
        }
    }

    fn encode_units(units: &[u32], f: Format) -> Vec<u8> {
        let mut out = Vec::new();
        for &u in units {
            match f {
                Format::Utf16Le => out.extend((u as u16).to_le_bytes()),
                Format::Utf16Be => out.extend((u as u16).to_be_bytes()),
                Format::Utf32Le => out.extend(u.to_le_bytes()),
                Format::Utf32Be => out.extend(u.to_be_bytes()),
                _ => out.push(u as u8),
            }
        }
        out
    }

    proptest! {
        #[test]
        fn kernels_agree_with_naive_twin(
            mut units in proptest::collection::vec(0x20u32..0x7F, 0..200),
            pos in 0usize..200, bad in prop_oneof![Just(0x1Fu32), Just(0x7F), Just(0x120), Just(0x2000), Just(0x10020), any::<u32>()],
            fi in 0usize..5, tail in 0usize..4,
        ) {
            let f = Format::PARSERS[fi];
            if !units.is_empty() { let p = pos % units.len(); units[p] = bad; }
            let mut bytes = encode_units(&units, f);
            bytes.extend(std::iter::repeat_n(0x41, tail));
            prop_assert_eq!(fast(&bytes, f), printable_prefix_naive(&bytes, f));
        }
    }
}
