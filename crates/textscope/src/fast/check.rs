//! The check of UTF-8 sequences that the AVX-512 classifier and the scalar twin make in their
//! own pass (decision 66), instead of simdutf8 validating ahead of them: where a block's
//! sequences are ill-formed, as stops of the block loops at character boundaries.

use super::vector::{Bytes64, WIN};

/// Whether `b` is a UTF-8 continuation byte (80–BF).
#[inline(always)]
pub(crate) fn continues(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// The UTF-8 sequences of a block that are ill-formed (U3), or that the block cannot tell are
/// well-formed, by the position where the fast path must stop: a character boundary with
/// only well-formed characters before it (decision 66). Every rule looks at a sequence from
/// its lead byte, and at most four bytes on, which the window holds (`w[64..68]`):
/// - a lead byte whose sequence is not followed by exactly as many continuation bytes as
///   it says (cut short by another byte, by the end of the input, or with one too many);
/// - a lead byte that starts an ill-formed pair ([`Bytes64::bad_pairs`]);
/// - a continuation byte after an ASCII byte (one that no lead byte claims), and where that
///   continuation byte is the one after the block, [`stray_after`].
///
/// A block's unit 0 is a continuation byte only when the sequence it belongs to began in the
/// block before, which checked it; where the loops begin, `ascii_first` checks it.
#[inline(always)]
pub(crate) fn ill_formed<V: Bytes64>(v: V, w: &[u8; WIN], high: u64, cont: u64) -> u64 {
    // The continuation bytes among w[64..68] as bits 0 to 3: a byte whose bit 7 is set and bit
    // 6 is not; the multiply moves the four bytes' bit 7 next to each other (no two partial
    // products share a bit, so nothing carries).
    let x = u32::from_le_bytes([w[64], w[65], w[66], w[67]]);
    let top = (x & !(x << 1) & 0x8080_8080) >> 7;
    let next = u64::from((top.wrapping_mul(0x0020_4081) >> 21) & 0xF);
    // Whether the byte k places on is a continuation byte, for k = 1 to 4.
    let c1 = (cont >> 1) | (next << 63);
    let c2 = (cont >> 2) | (next << 62);
    let c3 = (cont >> 3) | (next << 61);
    let c4 = (cont >> 4) | (next << 60);
    let lead = high & !cont;
    let (three, four) = (v.at_least(0xE0), v.at_least(0xF0));
    let two = lead & !three;
    let bad = v.bad_pairs(w);
    let short = (lead & !c1) | (three & !c2) | (four & !c3);
    let long = (two & c2) | (three & !four & c3) | (four & c4);
    short | long | bad | (!high << 1 & cont) | stray_after(w)
}

/// Where a block that ends with an ASCII byte followed by a continuation byte must stop: at that
/// ASCII byte, or at the CR before it when it is the LF of a CR LF (a stop never splits one).
/// Zero otherwise.
#[inline(always)]
pub(crate) fn stray_after(w: &[u8; WIN]) -> u64 {
    if !(continues(w[64]) && w[63].is_ascii()) {
        return 0;
    }
    let crlf = w[63] == b'\n' && w[62] == b'\r';
    1 << (63 - usize::from(crlf))
}
