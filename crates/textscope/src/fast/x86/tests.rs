//! Tests of x86/mod.rs.

use super::*;

/// The shuffled lookup of AVX2 and AVX-512 gives the set itself for every byte, at every
/// place of a block, for sets of every shape (decision 54). Run where the processor has
/// them; the kernel tests compare whole reports on every kernel besides.
#[test]
fn the_shuffled_lookup_of_high_stops_is_the_set() {
    let sets: [[u64; 2]; 5] = [
        [0, 0],
        [!0, !0],
        [1, 1 << 63],
        [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210],
        [0x5555_0000_FFFF_0001, 0x8000_0000_0000_0000],
    ];
    for bits in sets {
        let t = HighStops::new(bits);
        for start in [0usize, 64, 128, 192] {
            for reversed in [false, true] {
                let mut w = [0u8; WIN];
                for (k, b) in w.iter_mut().enumerate().take(64) {
                    let k = if reversed { 63 - k } else { k };
                    *b = (start + k) as u8;
                }
                let want: u64 = (0..64)
                    .filter(|&k| {
                        let b = usize::from(w[k]);
                        b >= 0x80 && (bits[(b - 0x80) / 64] >> ((b - 0x80) % 64)) & 1 != 0
                    })
                    .map(|k| 1u64 << k)
                    .sum();
                let scalar = super::super::scalar::Bytes::load(&w).high_stops(&w, &t);
                assert_eq!(scalar, want, "{bits:x?} {start}");
                if avx2_detected() {
                    let got = avx2::Bytes::load(&w).high_stops(&w, &t);
                    assert_eq!(got, want, "avx2 {bits:x?} {start} {reversed}");
                }
                if avx512_detected() {
                    let got = avx512::Bytes::load(&w).high_stops(&w, &t);
                    assert_eq!(got, want, "avx512 {bits:x?} {start} {reversed}");
                }
            }
        }
    }
}

/// The shuffled class lookup of AVX2 and AVX-512 finds the pairs that the comparisons find
/// (decision 60).
#[test]
fn the_shuffled_pairs_are_the_compared_pairs() {
    if avx2_detected() {
        super::super::vector::pairs::assert_pairs_are_compared::<avx2::Bytes>("avx2");
    }
    if avx512_detected() {
        super::super::vector::pairs::assert_pairs_are_compared::<avx512::Bytes>("avx512");
    }
}
