//! The general block loop over the classifiers of `kernel.rs` ([`run`]), and what it and the
//! loop over plain lines (plain_lines.rs) hand to the sink themselves: findings, lone controls
//! and escape sequences. Writes through [`FastSink`].

use super::kernel::Classify;
use super::vector::{below, WIN};
use super::FastSink;
use crate::class::EndingKind;

/// Runs the fast path over `bytes` (whole units of `C::W` bytes; for UTF-8 a stretch known to
/// be valid), which start at absolute offset `base`, with the tracker ready (no CR pending)
/// and the decoder between characters. Stops before the first unit that needs the slow path.
/// Returns the bytes consumed: whole characters, ending at a character boundary.
#[inline(always)]
pub(crate) fn run<T: FastSink, C: Classify>(c: &C, tr: &mut T, bytes: &[u8], base: u64) -> usize {
    let w = C::W;
    let s = C::S;
    // Bytes per mask bit, and mask bits per block.
    let step = w / s;
    let per_block = 64 / step;
    let len = bytes.len() - bytes.len() % w;
    let mut i = 0;
    let mut chars = 0u64;
    let mut nonascii = 0u64;
    // The last unit of the block before: a CR (so an LF at unit 0 ends a CR LF), a high
    // surrogate (so a low one at unit 0 is its pair).
    let mut cr_before = false;
    let mut high_before = false;
    while i < len {
        // A hint past the end of `bytes` is harmless (decision 53).
        super::prefetch(bytes.as_ptr().wrapping_add(i + C::AHEAD));
        let (mut m, bits) = match bytes.get(i..i + WIN) {
            Some(win) if i + WIN <= len => match <&[u8; WIN]>::try_from(win) {
                Ok(win) => (c.classify(win), per_block),
                Err(_) => break,
            },
            _ => {
                // The last block: padded with zeros, which end no CR LF and pair no surrogate.
                let rest = bytes.get(i..len).unwrap_or_default();
                let mut pad = [0u8; WIN];
                for (d, s) in pad.iter_mut().zip(rest) {
                    *d = *s;
                }
                let bits = ((rest.len() / w) * s).min(per_block);
                let mut m = c.classify(&pad);
                // A CR at the very end: whether an LF follows is not known yet.
                m.stop |= m.cr & (1 << (bits - s));
                (m, bits)
            }
        };
        if m.needs_high_before && !high_before {
            m.stop |= 1;
        }
        // Stops fall on the first bit of a unit, so `avail` is a whole number of units.
        let avail = ((m.stop | !below(bits)).trailing_zeros() as usize).min(bits);
        if avail > 0 {
            let valid = below(avail);
            tr.fast_begin(base + i as u64);
            // Characters that are findings and nothing else go to the sink one by one, as
            // the decoder would send them, which counts them (decision 59).
            let found = m.found & valid;
            chars += u64::from((m.starts & valid & !found).count_ones());
            nonascii |= m.nonascii & valid;
            let content = m.starts & !m.lf & !m.cr & !found;
            let lf_next = (m.lf >> s) | (u64::from(m.lf_after) << (per_block - s));
            // Line ends: every LF, and every CR that no LF follows.
            let ends = (m.lf | (m.cr & !lf_next)) & valid;
            let mut events = ends | found;
            let mut from = 0;
            while events != 0 {
                let p = events.trailing_zeros() as usize;
                let n = (content & below(p) & !below(from)).count_ones();
                let at = i + p * step;
                let bit = 1u64 << p;
                if found & bit != 0 {
                    tr.fast_line_chars(n);
                    found_char(tr, bytes, at, base + at as u64);
                    from = p + 1;
                    events &= events - 1;
                    continue;
                }
                let next = (p + s < avail).then_some(base + (at + w) as u64);
                if m.lf & bit == 0 {
                    let cr = unit(bytes, at, w);
                    tr.fast_line_end(n, EndingKind::Cr, base + at as u64, cr, next);
                } else if (p == 0 && cr_before) || (p > 0 && m.cr & (bit >> s) != 0) {
                    let cr_at = at - w;
                    let both = bytes.get(cr_at..at + w).unwrap_or_default();
                    tr.fast_line_end(n, EndingKind::Crlf, base + cr_at as u64, both, next);
                } else {
                    let lf = unit(bytes, at, w);
                    tr.fast_line_end(n, EndingKind::Lf, base + at as u64, lf, next);
                }
                from = p + 1;
                events &= events - 1;
            }
            tr.fast_line_chars((content & valid & !below(from)).count_ones());
        }
        if avail < per_block {
            i += avail * step;
            break;
        }
        cr_before = m.cr >> (per_block - s) & 1 != 0;
        high_before = m.high_at_end;
        i += 64;
    }
    if i > 0 {
        tr.fast_done(chars, base + i as u64, nonascii != 0);
    }
    i
}

/// The UTF-8 character at `bytes[at..]` that [`super::kernel::Masks::found`] marks, handed to
/// `tr` as the decoder would hand it.
#[cold]
#[inline(never)]
fn found_char<T: FastSink>(tr: &mut T, bytes: &[u8], at: usize, offset: u64) {
    if let Some((c, seq)) = found(bytes, at) {
        tr.char(c, offset, seq);
    }
}

/// The character [`super::kernel::Masks::found`] marks at `bytes[at..]`, and its bytes: an
/// ASCII control's one, or a UTF-8 sequence's three, whole (the stretch is valid UTF-8 and ends
/// at a character boundary).
pub(super) fn found(bytes: &[u8], at: usize) -> Option<(char, &[u8])> {
    let b = *bytes.get(at)?;
    if b.is_ascii() {
        return Some((char::from(b), bytes.get(at..=at)?));
    }
    let seq: &[u8; 3] = bytes.get(at..at + 3)?.try_into().ok()?;
    // Decoded by hand: the kernel marks only three-byte sequences it checked (E2 80 8B and
    // the like), and `from_utf8` was a tenth of a finding's cost. `from_u32` still checks.
    let [b0, b1, b2] = seq.map(u32::from);
    let c = char::from_u32((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F))?;
    Some((c, seq))
}

/// Hands the characters of `bytes` (valid UTF-8 from a character boundary, starting with
/// an ESC) to `tr` one by one, as the UTF-8 decoder would, until `tr` is ready for the fast
/// path again (an escape sequence it follows is settled, no CR waits) or `bytes` ends.
/// Returns the bytes handed over (decision 62).
#[cold]
#[inline(never)]
pub(crate) fn escape<T: FastSink>(tr: &mut T, bytes: &[u8], base: u64) -> usize {
    let mut k = 0;
    while let Some(&lead) = bytes.get(k) {
        let len = match lead {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        let Some(seq) = bytes.get(k..k + len) else {
            break;
        };
        let Some(c) = std::str::from_utf8(seq).ok().and_then(|s| s.chars().next()) else {
            break;
        };
        tr.char(c, base + k as u64, seq);
        k += len;
        if tr.fast_ready() {
            break;
        }
    }
    k
}

#[inline(always)]
fn unit(bytes: &[u8], at: usize, w: usize) -> &[u8] {
    bytes.get(at..at + w).unwrap_or_default()
}
