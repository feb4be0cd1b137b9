//! The first two bytes of the UTF-8 sequences that the classifier must look at closer
//! (decision 60): a lead byte and the byte after it, as one class lookup per byte instead of a
//! comparison per lead byte.
//!
//! Each byte gets two 8-bit classes, one as a lead byte and one as a second byte, each the AND
//! of a lookup by its high nibble and one by its low nibble (a byte shuffle on the instruction
//! sets that have one). A pair needs a closer look when the two classes share a bit. The bits:
//!
//! | bit | second bytes   | lead bytes it follows | what                                   |
//! |-----|----------------|-----------------------|----------------------------------------|
//! | 0   | 80–9F          | C2                    | C1 controls and NEL (P3, L1): stop      |
//! | 1   | AD             | C2                    | U+00AD SOFT HYPHEN, a finding: stop     |
//! | 2   | 9C             | D8                    | U+061C ARABIC LETTER MARK: stop         |
//! | 3   | 85             | E1, E3                | U+1140–117F, U+3140–317F: third byte    |
//! | 4   | A0             | E1                    | U+1800–183F: third byte                 |
//! | 5   | 80, 81         | E2                    | U+2000–207F: third byte                 |
//! | 6   | B8, BB, BE     | EF                    | U+FE00–FE3F, U+FEC0–FEFF, U+FF80–FFBF   |
//! | 7   | A0             | F3                    | U+E0000–E0FFF (tags, VS17–256): stop    |
//!
//! Every set of second bytes is a high-nibble set times a low-nibble set, and so is every lead
//! byte's set of bits, so the two lookups per byte are exact (the tests try all 65,536 pairs).
//!
//! A second set of tables finds the pairs that make a sequence ill-formed by themselves (U3,
//! decision 66), for the classifiers that check UTF-8 in the same pass (AVX-512 looks them
//! up; the scalar twin compares, `bad_by_compare`):
//!
//! | bit | second bytes   | lead bytes | what                                   |
//! |-----|----------------|------------|----------------------------------------|
//! | 0   | any            | C0, C1     | never used (overlong two-byte forms)   |
//! | 1   | 80–9F          | E0         | overlong three-byte forms              |
//! | 2   | A0–BF          | ED         | surrogates                             |
//! | 3   | 80–8F          | F0         | overlong four-byte forms               |
//! | 4   | 90–BF          | F4         | past 10FFFF                            |
//! | 5   | any            | F5–FF      | never used                             |
//!
//! Their second bytes are sets of high nibbles alone, so the second byte needs one lookup.

use super::{after1, Bytes64, WIN};

/// The lead-byte class by high nibble and by low nibble.
pub(crate) const LEAD_HI: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x03, 0x04, 0x78, 0x80];
pub(crate) const LEAD_LO: [u8; 16] = [
    0, 0x18, 0x23, 0x88, 0, 0, 0, 0, 0x04, 0, 0, 0, 0, 0, 0, 0x40,
];
/// The second-byte class by high nibble and by low nibble.
pub(crate) const SECOND_HI: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0x29, 0x05, 0x92, 0x40, 0, 0, 0, 0];
pub(crate) const SECOND_LO: [u8; 16] = [
    0xB1, 0x21, 0x01, 0x01, 0x01, 0x09, 0x01, 0x01, 0x41, 0x01, 0x01, 0x41, 0x05, 0x03, 0x41, 0x01,
];
/// The bits whose pairs stop the fast path whatever their third byte.
pub(crate) const STOP: u8 = 0x87;
/// The bits whose pairs need their third byte looked at.
pub(crate) const MAYBE: u8 = 0x78;

/// The ill-formed pairs' lead-byte class by high nibble and by low nibble, and their
/// second-byte class by high nibble (looked up by the AVX-512 kernel; the others compare).
#[cfg(any(test, target_arch = "x86_64"))]
pub(crate) const BAD_LEAD_HI: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0, 0x06, 0x38];
#[cfg(any(test, target_arch = "x86_64"))]
pub(crate) const BAD_LEAD_LO: [u8; 16] = [
    0x0B, 0x01, 0, 0, 0x10, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x24, 0x20, 0x20,
];
#[cfg(any(test, target_arch = "x86_64"))]
pub(crate) const BAD_SECOND_HI: [u8; 16] = [
    0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x21, 0x2B, 0x33, 0x35, 0x35, 0x21, 0x21, 0x21, 0x21,
];

/// The pairs of a block, by the position of their lead byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pairs {
    /// Pairs that stop the fast path.
    pub stop: u64,
    /// Pairs whose third byte decides.
    pub maybe: u64,
}

/// The class that the pair `lead`, `second` shares (zero: nothing to look at), and its class
/// in the ill-formed pairs' tables.
#[cfg(test)]
pub(crate) fn class(lead: u8, second: u8) -> (u8, u8) {
    let at = |t: &[u8; 16], n: u8| t.get(usize::from(n & 0x0F)).copied().unwrap_or(0);
    (
        at(&LEAD_HI, lead >> 4)
            & at(&LEAD_LO, lead)
            & at(&SECOND_HI, second >> 4)
            & at(&SECOND_LO, second),
        at(&BAD_LEAD_HI, lead >> 4) & at(&BAD_LEAD_LO, lead) & at(&BAD_SECOND_HI, second >> 4),
    )
}

/// [`Pairs`] by comparisons, one lead byte at a time, each skipped when the block has none:
/// for the instruction sets without a byte shuffle. `high` is the block's bytes 80–FF.
#[inline(always)]
pub(crate) fn by_compare<V: Bytes64>(v: V, w: &[u8; WIN]) -> Pairs {
    let n1 = w[64];
    // The second byte of a sequence starting at each position.
    let second = |m: u64, next_ok: bool| after1(m, 64, next_ok);
    let (mut stop, mut maybe) = (0, 0);
    let c2 = v.eq(0xC2);
    if c2 != 0 {
        let c1 = v.range(0x80, 0x9F) | v.eq(0xAD);
        stop |= c2 & second(c1, (0x80..=0x9F).contains(&n1) || n1 == 0xAD);
    }
    let d8 = v.eq(0xD8);
    if d8 != 0 {
        stop |= d8 & second(v.eq(0x9C), n1 == 0x9C);
    }
    let e2 = v.eq(0xE2);
    if e2 != 0 {
        maybe |= e2 & second(v.eq(0x80) | v.eq(0x81), matches!(n1, 0x80 | 0x81));
    }
    let ef = v.eq(0xEF);
    if ef != 0 {
        let b = v.eq(0xBB) | v.eq(0xB8) | v.eq(0xBE);
        maybe |= ef & second(b, matches!(n1, 0xBB | 0xB8 | 0xBE));
    }
    let e1 = v.eq(0xE1);
    if e1 != 0 {
        maybe |= e1 & second(v.eq(0x85) | v.eq(0xA0), matches!(n1, 0x85 | 0xA0));
    }
    let e3 = v.eq(0xE3);
    if e3 != 0 {
        maybe |= e3 & second(v.eq(0x85), n1 == 0x85);
    }
    let f3 = v.eq(0xF3);
    if f3 != 0 {
        stop |= f3 & second(v.eq(0xA0), n1 == 0xA0);
    }
    Pairs { stop, maybe }
}

/// [`Bytes64::bad_pairs`] by comparisons; `n1` is the byte after the block.
#[inline(always)]
pub(crate) fn bad_by_compare<V: Bytes64>(v: V, n1: u8) -> u64 {
    let second = |m: u64, next_ok: bool| after1(m, 64, next_ok);
    let mut bad = v.range(0xC0, 0xC1) | v.range(0xF5, 0xFF);
    let (e0, ed, f0, f4) = (v.eq(0xE0), v.eq(0xED), v.eq(0xF0), v.eq(0xF4));
    if e0 | ed | f0 | f4 != 0 {
        bad |= e0 & second(v.range(0x80, 0x9F), (0x80..=0x9F).contains(&n1));
        bad |= ed & second(v.range(0xA0, 0xBF), (0xA0..=0xBF).contains(&n1));
        bad |= f0 & second(v.range(0x80, 0x8F), (0x80..=0x8F).contains(&n1));
        bad |= f4 & second(v.range(0x90, 0xBF), (0x90..=0xBF).contains(&n1));
    }
    bad
}

/// Asserts that `V`'s [`Bytes64::pairs`] finds what the comparisons find, for every pair of
/// bytes at the block's edges and across its 16-byte parts (`name` says which kernel failed).
#[cfg(test)]
pub(crate) fn assert_pairs_are_compared<V: Bytes64>(name: &str) {
    for lead in 0..=255u8 {
        for second in 0..=255u8 {
            for at in [0usize, 15, 31, 32, 47, 63] {
                let mut w = [0x41u8; WIN];
                w[at] = lead;
                w[at + 1] = second;
                let want = by_compare(crate::fast::scalar::Bytes::load(&w), &w);
                let got = V::load(&w).pairs(&w);
                assert_eq!(got, want, "{name} {lead:02X} {second:02X} at {at}");
                let want = bad_by_compare(crate::fast::scalar::Bytes::load(&w), w[64]);
                let got = V::load(&w).bad_pairs(&w);
                assert_eq!(
                    got, want,
                    "{name} ill-formed {lead:02X} {second:02X} at {at}"
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::scalar::Bytes;

    /// What the table says is what the comparisons say, for every pair of bytes, with the pair
    /// inside the block and with its second byte just past it.
    #[test]
    fn the_class_tables_are_the_comparisons_for_every_pair() {
        for lead in 0..=255u8 {
            for second in 0..=255u8 {
                let (c, bad) = class(lead, second);
                for at in [0usize, 17, 63] {
                    let mut w = [0u8; WIN];
                    w[at] = lead;
                    w[at + 1] = second;
                    let p = by_compare(Bytes::load(&w), &w);
                    let ill = bad_by_compare(Bytes::load(&w), w[64]);
                    let bit = 1u64 << at;
                    let want = (p.stop & bit != 0, p.maybe & bit != 0, ill & bit != 0);
                    assert_eq!(
                        (c & STOP != 0, c & MAYBE != 0, bad != 0),
                        want,
                        "{lead:02X} {second:02X}"
                    );
                }
                // And the comparisons are U3's table of well-formed sequences: a lead byte
                // never used, or a continuation byte its lead does not allow there.
                let continues = (0x80..=0xBF).contains(&second);
                let want = matches!(lead, 0xC0 | 0xC1 | 0xF5..=0xFF)
                    || continues
                        && match lead {
                            0xE0 => second < 0xA0,
                            0xED => second >= 0xA0,
                            0xF0 => second < 0x90,
                            0xF4 => second >= 0x90,
                            _ => false,
                        };
                assert_eq!(bad != 0, want, "{lead:02X} {second:02X}");
            }
        }
    }

    /// NEON's table lookup (run under qemu by scripts/test-aarch64.sh).
    #[cfg(all(
        target_arch = "aarch64",
        target_feature = "neon",
        target_endian = "little"
    ))]
    #[test]
    fn the_neon_pairs_are_the_compared_pairs() {
        assert_pairs_are_compared::<crate::fast::neon::Bytes>("neon");
    }

    /// WebAssembly's swizzle.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[test]
    fn the_simd128_pairs_are_the_compared_pairs() {
        assert_pairs_are_compared::<crate::fast::wasm::Bytes>("simd128");
    }
}
