//! UTF-8 (U3): maximal-subpart replacement, as the WHATWG decoder does.

use super::{printable_prefix_utf8, Bad, Sink};
use crate::problem::Utf8Reason;

/// Decoder state: the bytes of a sequence begun but not ended, and the range the next byte
/// must fall in. Small and `Copy`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utf8Decoder {
    /// Absolute offset of the next byte to be fed.
    pub(super) offset: u64,
    pending: [u8; 4],
    len: u8,
    need: u8,
    lo: u8,
    hi: u8,
}

impl Utf8Decoder {
    pub(crate) fn new(offset: u64) -> Self {
        Utf8Decoder {
            offset,
            pending: [0; 4],
            len: 0,
            need: 0,
            lo: 0x80,
            hi: 0xBF,
        }
    }

    /// True when no character is begun.
    pub(crate) fn idle(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn feed<S: Sink>(&mut self, chunk: &[u8], sink: &mut S) {
        let base = self.offset;
        let mut i = 0;
        while let Some(&b) = chunk.get(i) {
            if self.len == 0 {
                // Look for a run only where one starts, so non-ASCII text pays nothing for it.
                if S::ASCII_RUNS && chunk.get(i).is_some_and(|b| b.wrapping_sub(0x20) < 0x5F) {
                    let rest = chunk.get(i..).unwrap_or_default();
                    let n = printable_prefix_utf8(rest);
                    if n > 0 {
                        sink.ascii_bytes(base + i as u64, rest.get(..n).unwrap_or_default(), 1);
                        i += n;
                        continue;
                    }
                }
                // A whole multi-byte sequence inside the chunk decodes without the pending buffer.
                if let Some(step) = self.whole_sequence(chunk, i, base, sink) {
                    i += step;
                    continue;
                }
            }
            self.byte(b, base + i as u64, sink);
            i += 1;
        }
        self.offset = base + chunk.len() as u64;
    }

    /// Decodes a complete, valid sequence at `i` directly; `None` when the slow path must run.
    #[inline]
    fn whole_sequence<S: Sink>(
        &mut self,
        chunk: &[u8],
        i: usize,
        base: u64,
        sink: &mut S,
    ) -> Option<usize> {
        let lead = chunk.get(i)?;
        let b0 = *lead;
        let n = match b0 {
            0x00..=0x7F => {
                sink.char(char::from(b0), base + i as u64, std::slice::from_ref(lead));
                return Some(1);
            }
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return None,
        };
        let seq = chunk.get(i..i + n)?;
        let c = decode_whole(seq)?;
        sink.char(c, base + i as u64, seq);
        Some(n)
    }

    /// The state machine, one byte at a time (for sequences cut by a chunk's end, and for
    /// ill-formed input).
    fn byte<S: Sink>(&mut self, b: u8, at: u64, sink: &mut S) {
        if self.len > 0 {
            // `len < need <= 4` here, so the slot exists.
            if let (true, Some(slot)) = (
                (self.lo..=self.hi).contains(&b),
                self.pending.get_mut(usize::from(self.len)),
            ) {
                *slot = b;
                self.len += 1;
                self.lo = 0x80;
                self.hi = 0xBF;
                if self.len == self.need {
                    let seq = self
                        .pending
                        .get(..usize::from(self.len))
                        .unwrap_or_default();
                    let start = at + 1 - u64::from(self.len);
                    match std::str::from_utf8(seq).ok().and_then(|s| s.chars().next()) {
                        Some(c) => sink.char(c, start, seq),
                        // Unreachable: the ranges above admit only well-formed sequences.
                        None => sink.bad(Bad::InvalidUtf8(Utf8Reason::Interrupted), start, seq),
                    }
                    self.len = 0;
                }
                return;
            }
            // The pending prefix is one maximal subpart; say why, then look at `b` afresh.
            let lead = self.pending[0];
            let reason = if self.len == 1 {
                match (lead, b) {
                    (0xE0, 0x80..=0x9F) | (0xF0, 0x80..=0x8F) => Utf8Reason::Overlong,
                    (0xED, 0xA0..=0xBF) => Utf8Reason::EncodedSurrogate,
                    (0xF4, 0x90..=0xBF) => Utf8Reason::AboveMax,
                    _ => Utf8Reason::Interrupted,
                }
            } else {
                Utf8Reason::Interrupted
            };
            let len = usize::from(self.len);
            self.len = 0;
            let pending = self.pending;
            sink.bad(
                Bad::InvalidUtf8(reason),
                at - len as u64,
                pending.get(..len).unwrap_or_default(),
            );
        }
        let (need, lo, hi) = match b {
            0x00..=0x7F => {
                sink.char(char::from(b), at, &[b]);
                return;
            }
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xED => (3, 0x80, 0x9F),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 => (4, 0x90, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            0x80..=0xBF => {
                return sink.bad(
                    Bad::InvalidUtf8(Utf8Reason::UnexpectedContinuation),
                    at,
                    &[b],
                )
            }
            0xC0 | 0xC1 => return sink.bad(Bad::InvalidUtf8(Utf8Reason::Overlong), at, &[b]),
            0xF5..=0xF7 => return sink.bad(Bad::InvalidUtf8(Utf8Reason::AboveMax), at, &[b]),
            0xF8..=0xFF => return sink.bad(Bad::InvalidUtf8(Utf8Reason::NeverValid), at, &[b]),
        };
        self.pending[0] = b;
        self.len = 1;
        self.need = need;
        self.lo = lo;
        self.hi = hi;
    }

    /// The end of the file: a begun sequence is cut short (P5).
    pub(crate) fn finish<S: Sink>(&mut self, sink: &mut S) {
        if self.len > 0 {
            let len = usize::from(self.len);
            self.len = 0;
            let pending = self.pending;
            sink.bad(
                Bad::Truncated,
                self.offset - len as u64,
                pending.get(..len).unwrap_or_default(),
            );
        }
    }
}

/// Decodes one complete, well-formed 2-, 3- or 4-byte sequence; `None` if it is not one
/// (then the byte-at-a-time state machine decides what it is).
#[inline]
fn decode_whole(seq: &[u8]) -> Option<char> {
    let cont = |b: u8| (b & 0xC0 == 0x80).then_some(u32::from(b & 0x3F));
    let v = match *seq {
        [b0 @ 0xC2..=0xDF, b1] => (u32::from(b0 & 0x1F) << 6) | cont(b1)?,
        [b0 @ 0xE0..=0xEF, b1, b2] => {
            let ok = match b0 {
                0xE0 => b1 >= 0xA0,
                0xED => b1 <= 0x9F,
                _ => true,
            };
            if !ok {
                return None;
            }
            (u32::from(b0 & 0x0F) << 12) | (cont(b1)? << 6) | cont(b2)?
        }
        [b0 @ 0xF0..=0xF4, b1, b2, b3] => {
            let ok = match b0 {
                0xF0 => b1 >= 0x90,
                0xF4 => b1 <= 0x8F,
                _ => true,
            };
            if !ok {
                return None;
            }
            (u32::from(b0 & 0x07) << 18) | (cont(b1)? << 12) | (cont(b2)? << 6) | cont(b3)?
        }
        _ => return None,
    };
    char::from_u32(v)
}

#[cfg(test)]
mod tests {
    use super::decode_whole;

    #[test]
    fn decode_whole_agrees_with_std_on_every_short_sequence() {
        let check = |seq: &[u8]| {
            let std = std::str::from_utf8(seq)
                .ok()
                .and_then(|s| (s.chars().count() == 1).then(|| s.chars().next()).flatten())
                .filter(|_| seq.len() > 1);
            assert_eq!(decode_whole(seq), std, "{seq:02X?}");
        };
        for b0 in 0xC0..=0xFFu8 {
            for b1 in 0x00..=0xFFu8 {
                check(&[b0, b1]);
                for b2 in [0x00, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                    check(&[b0, b1, b2]);
                    for b3 in [0x00, 0x80, 0xBF, 0xC0] {
                        check(&[b0, b1, b2, b3]);
                    }
                }
            }
        }
    }
}
