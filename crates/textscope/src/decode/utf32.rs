//! UTF-32LE and UTF-32BE (U2).

use super::{printable_prefix_utf32, Bad, Sink};

/// Decoder state: up to three bytes of a unit not yet whole.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utf32Decoder {
    pub(crate) be: bool,
    /// Absolute offset of the next byte to be fed.
    pub(super) offset: u64,
    pending: [u8; 4],
    len: u8,
}

impl Utf32Decoder {
    pub(crate) fn new(be: bool, offset: u64) -> Self {
        Utf32Decoder {
            be,
            offset,
            pending: [0; 4],
            len: 0,
        }
    }

    /// True when no character is begun.
    pub(crate) fn idle(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn feed<S: Sink>(&mut self, chunk: &[u8], sink: &mut S) {
        let base = self.offset;
        self.offset = base + chunk.len() as u64;
        let mut i = 0;
        while self.len > 0 {
            let (Some(&b), Some(slot)) =
                (chunk.get(i), self.pending.get_mut(usize::from(self.len)))
            else {
                break;
            };
            *slot = b;
            self.len += 1;
            i += 1;
            if self.len == 4 {
                self.len = 0;
                let p = self.pending;
                self.unit(p, base + i as u64 - 4, sink);
            }
        }
        while let Some(&[b0, b1, b2, b3]) = chunk.get(i..i + 4) {
            let v = if self.be {
                u32::from_be_bytes([b0, b1, b2, b3])
            } else {
                u32::from_le_bytes([b0, b1, b2, b3])
            };
            if S::ASCII_RUNS && v.wrapping_sub(0x20) < 0x5F {
                let rest = chunk.get(i..).unwrap_or_default();
                let n = printable_prefix_utf32(rest, self.be);
                if n > 0 {
                    sink.ascii_bytes(base + i as u64, rest.get(..4 * n).unwrap_or_default(), 4);
                    i += 4 * n;
                    continue;
                }
            }
            self.unit([b0, b1, b2, b3], base + i as u64, sink);
            i += 4;
        }
        // At most three bytes are left here (the loop above took every whole unit).
        for &b in chunk.get(i..).unwrap_or_default() {
            if let Some(slot) = self.pending.get_mut(usize::from(self.len)) {
                *slot = b;
                self.len += 1;
            }
        }
    }

    fn unit<S: Sink>(&mut self, bytes: [u8; 4], at: u64, sink: &mut S) {
        let v = if self.be {
            u32::from_be_bytes(bytes)
        } else {
            u32::from_le_bytes(bytes)
        };
        match v {
            0xD800..=0xDFFF => sink.bad(Bad::UnpairedSurrogate, at, &bytes),
            0x11_0000.. => sink.bad(Bad::InvalidCodePoint, at, &bytes),
            _ => match char::from_u32(v) {
                Some(c) => sink.char(c, at, &bytes),
                None => sink.bad(Bad::InvalidCodePoint, at, &bytes),
            },
        }
    }

    /// The end of the file: 1–3 bytes left are one character cut short (P5).
    pub(crate) fn finish<S: Sink>(&mut self, sink: &mut S) {
        if self.len > 0 {
            let len = usize::from(self.len);
            self.len = 0;
            let p = self.pending;
            sink.bad(
                Bad::Truncated,
                self.offset - len as u64,
                p.get(..len).unwrap_or_default(),
            );
        }
    }
}
