//! UTF-16LE and UTF-16BE (U1): one type, the byte order a flag.

use super::{printable_prefix_utf16, Bad, Sink};

/// Decoder state: a pending odd byte and a pending high surrogate with its bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utf16Decoder {
    pub(crate) be: bool,
    /// Absolute offset of the next byte to be fed.
    pub(super) offset: u64,
    /// The first byte of a unit whose second byte has not arrived.
    odd: Option<u8>,
    /// A high surrogate waiting for its low half: value, bytes, offset.
    high: Option<(u16, [u8; 2], u64)>,
}

impl Utf16Decoder {
    pub(crate) fn new(be: bool, offset: u64) -> Self {
        Utf16Decoder {
            be,
            offset,
            odd: None,
            high: None,
        }
    }

    /// True when no character is begun.
    pub(crate) fn idle(&self) -> bool {
        self.odd.is_none() && self.high.is_none()
    }

    pub(crate) fn feed<S: Sink>(&mut self, chunk: &[u8], sink: &mut S) {
        let base = self.offset;
        self.offset = base + chunk.len() as u64;
        let mut i = 0;
        if let Some(first) = self.odd {
            let Some(&second) = chunk.first() else { return };
            self.odd = None;
            self.unit([first, second], base - 1, sink);
            i = 1;
        }
        while let Some(&[b0, b1]) = chunk.get(i..i + 2) {
            let (lo, hi) = if self.be { (b1, b0) } else { (b0, b1) };
            // Look for a run only where one starts, so non-ASCII text pays nothing for it.
            if S::ASCII_RUNS && hi == 0 && lo.wrapping_sub(0x20) < 0x5F && self.high.is_none() {
                let rest = chunk.get(i..).unwrap_or_default();
                let n = printable_prefix_utf16(rest, self.be);
                if n > 0 {
                    sink.ascii_bytes(base + i as u64, rest.get(..2 * n).unwrap_or_default(), 2);
                    i += 2 * n;
                    continue;
                }
            }
            self.unit([b0, b1], base + i as u64, sink);
            i += 2;
        }
        if let Some(&last) = chunk.get(i) {
            self.odd = Some(last);
        }
    }

    fn unit<S: Sink>(&mut self, bytes: [u8; 2], at: u64, sink: &mut S) {
        let u = if self.be {
            u16::from_be_bytes(bytes)
        } else {
            u16::from_le_bytes(bytes)
        };
        if let Some((h, hb, hat)) = self.high.take() {
            if (0xDC00..=0xDFFF).contains(&u) {
                let c = 0x10000 + ((u32::from(h) - 0xD800) << 10) + (u32::from(u) - 0xDC00);
                let all = [hb[0], hb[1], bytes[0], bytes[1]];
                match char::from_u32(c) {
                    Some(c) => sink.char(c, hat, &all),
                    None => sink.bad(Bad::UnpairedSurrogate, hat, &all),
                }
                return;
            }
            sink.bad(Bad::UnpairedSurrogate, hat, &hb);
        }
        match u {
            0xD800..=0xDBFF => self.high = Some((u, bytes, at)),
            0xDC00..=0xDFFF => sink.bad(Bad::UnpairedSurrogate, at, &bytes),
            _ => match char::from_u32(u32::from(u)) {
                Some(c) => sink.char(c, at, &bytes),
                None => sink.bad(Bad::UnpairedSurrogate, at, &bytes),
            },
        }
    }

    /// The end of the file: a waiting high surrogate is unpaired (P1); an odd byte is P5.
    pub(crate) fn finish<S: Sink>(&mut self, sink: &mut S) {
        if let Some((_, hb, hat)) = self.high.take() {
            sink.bad(Bad::UnpairedSurrogate, hat, &hb);
        }
        if let Some(b) = self.odd.take() {
            sink.bad(Bad::Truncated, self.offset - 1, &[b]);
        }
    }
}
