//! Eight bytes at a time in a `u64` (no SIMD): the ASCII stretches that the segmenter
//! (`segments/line.rs`) and the mojibake feed (`mojibake/feed.rs`) take at once.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The length of the longest prefix of `bytes` made of bytes below 80 other than `a` and `b`.
#[inline]
pub(crate) fn ascii_prefix_without(bytes: &[u8], a: u8, b: u8) -> usize {
    // A byte of x is zero exactly where the top bit of this is set, for the first zero byte
    // (the lowest); bits above it may be set spuriously, which `trailing_zeros` ignores.
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    let mut n = 0;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let x = u64::from_le_bytes(word);
        let stop = (x & HIGH) | zero(x ^ (ONES * u64::from(a))) | zero(x ^ (ONES * u64::from(b)));
        if stop != 0 {
            return n + (stop.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + words
        .remainder()
        .iter()
        .take_while(|&&c| c < 0x80 && c != a && c != b)
        .count()
}

#[cfg(test)]
mod tests {
    use super::ascii_prefix_without;
    use proptest::prelude::*;

    proptest! {
        /// The eight-at-a-time stretch is the byte-by-byte one, for any two stop bytes.
        #[test]
        fn ascii_prefix_is_the_plain_stretch(
            bytes in proptest::collection::vec(
                prop_oneof![Just(0u8), Just(0x0A), Just(0x0D), Just(0x41), Just(0x7F), Just(0x80), Just(0xFF)],
                0..40,
            ),
            a in prop_oneof![Just(0u8), Just(0x0A)],
            b in prop_oneof![Just(0x0Au8), Just(0x0D)],
        ) {
            let want = bytes.iter().take_while(|&&c| c < 0x80 && c != a && c != b).count();
            prop_assert_eq!(ascii_prefix_without(&bytes, a, b), want);
        }
    }
}
