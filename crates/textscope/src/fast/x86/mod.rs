//! The classifiers on x86-64: SSE2 (every x86-64 processor), AVX2 and AVX-512BW, chosen at run
//! time. All of the core's `unsafe` for x86-64 is in this folder: this file and avx512.rs, its part.
//!
//! Safety argument. Three kinds of operation need `unsafe` here:
//! - unaligned vector loads through a raw pointer: every load reads 16, 32 or 64 bytes starting
//!   at offset 0, 1, 32, 33 or 16·k (k < 4) of a `&[u8; 68]`, so it stays inside the array
//!   (the last byte read is at most the 65th);
//! - calling a `#[target_feature]` function: the vector types below are private to this file
//!   and used only inside the `#[target_feature]` entry points, and [`dispatch`] calls an entry
//!   point only after `is_x86_feature_detected!` has confirmed every feature it enables;
//! - a prefetch ([`prefetch`], SSE, which every x86-64 processor has): a hint that reads
//!   nothing into the program and never faults, at any address.

#![allow(unsafe_code)]

use super::vector::pairs::{self, Pairs};
use super::vector::{Bytes64, HighStops, Units16, WIN};
use super::FastSink;
use super::{with, Job, Kernel};
use std::arch::x86_64::*;

/// Runs `job` with `kernel`'s classifiers if this processor has them; `None` if it has not.
pub(super) fn dispatch<T: FastSink>(
    kernel: Kernel,
    job: &Job,
    tr: &mut T,
    bytes: &[u8],
    base: u64,
) -> Option<usize> {
    // SAFETY (each call): the features the entry point enables were just detected.
    match kernel {
        Kernel::Avx512 if avx512_detected() => Some(unsafe { avx512::job(job, tr, bytes, base) }),
        Kernel::Avx2 if avx2_detected() => Some(unsafe { avx2::job(job, tr, bytes, base) }),
        Kernel::Sse2 => Some(unsafe { sse2::job(job, tr, bytes, base) }),
        _ => None,
    }
}

pub(super) fn avx512_detected() -> bool {
    is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512bw") && avx2_detected()
}

pub(super) fn avx2_detected() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("bmi1")
}

/// For a byte's high nibble `hi`, the bit of [`HighStops::rows`] that stands for it: `hi - 8`,
/// none for the nibbles of ASCII bytes (decision 54).
const ROW_BIT: __m128i = table([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128]);

/// A 16-byte table as a vector.
const fn table(t: [u8; 16]) -> __m128i {
    // SAFETY: a 16-byte array and a 16-byte vector have the same size, and every bit pattern
    // is valid for both.
    unsafe { std::mem::transmute::<[u8; 16], __m128i>(t) }
}

/// The class tables of pairs.rs (decision 60).
const LEAD_HI: __m128i = table(pairs::LEAD_HI);
const LEAD_LO: __m128i = table(pairs::LEAD_LO);
const SECOND_HI: __m128i = table(pairs::SECOND_HI);
const SECOND_LO: __m128i = table(pairs::SECOND_LO);
const BAD_LEAD_HI: __m128i = table(pairs::BAD_LEAD_HI);
const BAD_LEAD_LO: __m128i = table(pairs::BAD_LEAD_LO);
const BAD_SECOND_HI: __m128i = table(pairs::BAD_SECOND_HI);

/// The sign bits of 16 bytes. Written as the instruction itself: the intrinsic is lowered to a
/// generic "vector of booleans to integer", and LLVM then turns shifts of the resulting masks
/// (`lf >> 1`) into byte-by-byte vector rebuilding, several times slower.
#[inline(always)]
fn movemask128(v: __m128i) -> u16 {
    let r: u32;
    // SAFETY: pmovmskb reads a register and writes one; SSE2 is part of x86-64.
    unsafe {
        std::arch::asm!("pmovmskb {0:e}, {1}", out(reg) r, in(xmm_reg) v,
            options(pure, nomem, nostack, preserves_flags));
    }
    r as u16
}

/// The sign bits of 32 bytes; as [`movemask128`], for AVX2 (only inlined into the AVX2 entry
/// point, see the safety argument above).
#[inline]
#[target_feature(enable = "avx2")]
fn movemask256(v: __m256i) -> u32 {
    let r: u32;
    // SAFETY: vpmovmskb reads a register and writes one.
    unsafe {
        std::arch::asm!("vpmovmskb {0:e}, {1}", out(reg) r, in(ymm_reg) v,
            options(pure, nomem, nostack, preserves_flags));
    }
    r
}

/// The entry point of one instruction set: the block loop compiled with its features, the
/// vector types inlined into it.
macro_rules! entry {
    ($features:literal) => {
        #[target_feature(enable = $features)]
        pub(super) fn job<T: FastSink>(job: &Job, tr: &mut T, bytes: &[u8], base: u64) -> usize {
            with::<T, Bytes, Units>(job, tr, bytes, base)
        }
    };
}

mod sse2 {
    use super::*;

    entry!("sse2");

    #[derive(Clone, Copy)]
    pub(super) struct Bytes([__m128i; 4]);

    #[inline(always)]
    fn bits16(v: __m128i) -> u64 {
        u64::from(movemask128(v))
    }

    impl Bytes {
        #[inline(always)]
        fn each(self, f: impl Fn(__m128i) -> __m128i) -> u64 {
            let [a, b, c, d] = self.0;
            bits16(f(a)) | (bits16(f(b)) << 16) | (bits16(f(c)) << 32) | (bits16(f(d)) << 48)
        }
    }

    impl Bytes64 for Bytes {
        #[inline(always)]
        fn load(w: &[u8; WIN]) -> Self {
            let p = w.as_ptr();
            // SAFETY: four 16-byte loads at 0, 16, 32, 48 of a 68-byte array.
            unsafe { Bytes([0, 16, 32, 48].map(|k| _mm_loadu_si128(p.add(k).cast::<__m128i>()))) }
        }
        #[inline(always)]
        fn eq(self, b: u8) -> u64 {
            // SAFETY: SSE2 is part of x86-64.
            unsafe {
                let t = _mm_set1_epi8(b as i8);
                self.each(|v| _mm_cmpeq_epi8(v, t))
            }
        }
        #[inline(always)]
        fn range(self, lo: u8, hi: u8) -> u64 {
            // SAFETY: SSE2 is part of x86-64.
            unsafe {
                let (l, d, z) = (
                    _mm_set1_epi8(lo as i8),
                    _mm_set1_epi8((hi - lo) as i8),
                    _mm_setzero_si128(),
                );
                self.each(|v| _mm_cmpeq_epi8(_mm_subs_epu8(_mm_sub_epi8(v, l), d), z))
            }
        }
        #[inline(always)]
        fn high(self) -> u64 {
            self.each(|v| v)
        }
    }

    #[derive(Clone, Copy)]
    pub(super) struct Units([__m128i; 4]);

    impl Units {
        #[inline(always)]
        fn each(self, f: impl Fn(__m128i) -> __m128i) -> u64 {
            let [a, b, c, d] = self.0;
            // SAFETY: SSE2 is part of x86-64. Each f gives 0 or FFFF per unit; packing two
            // vectors keeps that as one byte per unit, in order.
            unsafe {
                bits16(_mm_packs_epi16(f(a), f(b))) | (bits16(_mm_packs_epi16(f(c), f(d))) << 16)
            }
        }
    }

    impl Units16 for Units {
        #[inline(always)]
        fn load(w: &[u8; WIN], be: bool) -> Self {
            let p = w.as_ptr();
            // SAFETY: four 16-byte loads at 0, 16, 32, 48 of a 68-byte array.
            unsafe {
                Units([0, 16, 32, 48].map(|k| {
                    let x = _mm_loadu_si128(p.add(k).cast::<__m128i>());
                    if be {
                        _mm_or_si128(_mm_slli_epi16::<8>(x), _mm_srli_epi16::<8>(x))
                    } else {
                        x
                    }
                }))
            }
        }
        #[inline(always)]
        fn eq(self, u: u16) -> u64 {
            // SAFETY: SSE2 is part of x86-64.
            unsafe {
                let t = _mm_set1_epi16(u as i16);
                self.each(|v| _mm_cmpeq_epi16(v, t))
            }
        }
        #[inline(always)]
        fn range(self, lo: u16, hi: u16) -> u64 {
            // SAFETY: SSE2 is part of x86-64.
            unsafe {
                let (l, d, z) = (
                    _mm_set1_epi16(lo as i16),
                    _mm_set1_epi16((hi - lo) as i16),
                    _mm_setzero_si128(),
                );
                self.each(|v| _mm_cmpeq_epi16(_mm_subs_epu16(_mm_sub_epi16(v, l), d), z))
            }
        }
    }
}

mod avx2 {
    use super::*;

    entry!("avx2,popcnt,bmi1");

    // No closures here: a closure does not inherit the entry point's features, and LLVM may
    // then leave each intrinsic as a call. Plain `#[inline(always)]` functions are inlined into
    // the entry point first, with its features.

    #[derive(Clone, Copy)]
    pub(super) struct Bytes(__m256i, __m256i);

    #[inline(always)]
    fn bits(a: __m256i, b: __m256i) -> u64 {
        // SAFETY: only inlined into the AVX2 entry point (see the file's safety argument).
        unsafe { u64::from(movemask256(a)) | (u64::from(movemask256(b)) << 32) }
    }

    #[inline(always)]
    fn load2(w: &[u8; WIN]) -> (__m256i, __m256i) {
        load2_at::<0>(w)
    }

    /// Bytes `K..K + 64` of the window, `K` at most 1.
    #[inline(always)]
    fn load2_at<const K: usize>(w: &[u8; WIN]) -> (__m256i, __m256i) {
        const { assert!(K <= 1) };
        let p = w.as_ptr();
        // SAFETY: two 32-byte loads at K and 32 + K of a 68-byte array; AVX2 as above.
        unsafe {
            (
                _mm256_loadu_si256(p.add(K).cast::<__m256i>()),
                _mm256_loadu_si256(p.add(32 + K).cast::<__m256i>()),
            )
        }
    }

    /// The class of each byte from its nibbles' tables (pairs.rs).
    #[inline(always)]
    fn class(x: __m256i, hi: __m128i, lo: __m128i) -> __m256i {
        // SAFETY: AVX2, as above.
        unsafe {
            let nibble = _mm256_set1_epi8(0x0F);
            let l = _mm256_and_si256(x, nibble);
            let h = _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble);
            _mm256_and_si256(
                _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(lo), l),
                _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(hi), h),
            )
        }
    }

    /// Per byte: FF where `x` has none of `bits`.
    #[inline(always)]
    fn none_of(x: __m256i, bits: u8) -> __m256i {
        // SAFETY: AVX2, as above.
        unsafe {
            let b = _mm256_and_si256(x, _mm256_set1_epi8(bits as i8));
            _mm256_cmpeq_epi8(b, _mm256_setzero_si256())
        }
    }

    impl Bytes64 for Bytes {
        #[inline(always)]
        fn load(w: &[u8; WIN]) -> Self {
            let (a, b) = load2(w);
            Bytes(a, b)
        }
        #[inline(always)]
        fn eq(self, b: u8) -> u64 {
            // SAFETY: AVX2, as above.
            unsafe {
                let t = _mm256_set1_epi8(b as i8);
                bits(_mm256_cmpeq_epi8(self.0, t), _mm256_cmpeq_epi8(self.1, t))
            }
        }
        #[inline(always)]
        fn range(self, lo: u8, hi: u8) -> u64 {
            // SAFETY: AVX2, as above. x - lo, saturated down by hi - lo, is 0 iff x is in range.
            unsafe {
                let (l, d, z) = (
                    _mm256_set1_epi8(lo as i8),
                    _mm256_set1_epi8((hi - lo) as i8),
                    _mm256_setzero_si256(),
                );
                bits(
                    _mm256_cmpeq_epi8(_mm256_subs_epu8(_mm256_sub_epi8(self.0, l), d), z),
                    _mm256_cmpeq_epi8(_mm256_subs_epu8(_mm256_sub_epi8(self.1, l), d), z),
                )
            }
        }
        #[inline(always)]
        fn high(self) -> u64 {
            bits(self.0, self.1)
        }
        #[inline(always)]
        fn high_stops(self, _: &[u8; WIN], t: &HighStops) -> u64 {
            // SAFETY: AVX2, as above; one 16-byte load of a `[u8; 16]`.
            unsafe {
                let rows = _mm256_broadcastsi128_si256(_mm_loadu_si128(t.rows.as_ptr().cast()));
                !bits(not_in(self.0, rows), not_in(self.1, rows))
            }
        }
        #[inline(always)]
        fn pairs(self, w: &[u8; WIN]) -> Pairs {
            let (n0, n1) = load2_at::<1>(w);
            // SAFETY: AVX2, as above.
            let (c0, c1) = unsafe {
                (
                    _mm256_and_si256(
                        class(self.0, LEAD_HI, LEAD_LO),
                        class(n0, SECOND_HI, SECOND_LO),
                    ),
                    _mm256_and_si256(
                        class(self.1, LEAD_HI, LEAD_LO),
                        class(n1, SECOND_HI, SECOND_LO),
                    ),
                )
            };
            Pairs {
                stop: !bits(none_of(c0, pairs::STOP), none_of(c1, pairs::STOP)),
                maybe: !bits(none_of(c0, pairs::MAYBE), none_of(c1, pairs::MAYBE)),
            }
        }
    }

    /// Per byte: FF when the byte is not in the set whose shuffle table is `rows` (every
    /// byte below 80 is not), else 0.
    #[inline(always)]
    fn not_in(x: __m256i, rows: __m256i) -> __m256i {
        // SAFETY: AVX2, as above.
        unsafe {
            let nibble = _mm256_set1_epi8(0x0F);
            let lo = _mm256_and_si256(x, nibble);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble);
            let hit = _mm256_and_si256(
                _mm256_shuffle_epi8(rows, lo),
                _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(ROW_BIT), hi),
            );
            _mm256_cmpeq_epi8(hit, _mm256_setzero_si256())
        }
    }

    #[derive(Clone, Copy)]
    pub(super) struct Units(__m256i, __m256i);

    /// One bit per unit from two vectors of 0 / FFFF units. Packing interleaves their 128-bit
    /// lanes (a0 b0 a1 b1); the permutation puts them back in order before the byte mask.
    #[inline(always)]
    fn unit_bits(a: __m256i, b: __m256i) -> u64 {
        // SAFETY: AVX2, as above.
        unsafe {
            let packed = _mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi16(a, b));
            u64::from(movemask256(packed))
        }
    }

    #[inline(always)]
    fn swap(x: __m256i) -> __m256i {
        // SAFETY: AVX2, as above.
        unsafe { _mm256_or_si256(_mm256_slli_epi16::<8>(x), _mm256_srli_epi16::<8>(x)) }
    }

    impl Units16 for Units {
        #[inline(always)]
        fn load(w: &[u8; WIN], be: bool) -> Self {
            let (a, b) = load2(w);
            if be {
                Units(swap(a), swap(b))
            } else {
                Units(a, b)
            }
        }
        #[inline(always)]
        fn eq(self, u: u16) -> u64 {
            // SAFETY: AVX2, as above.
            unsafe {
                let t = _mm256_set1_epi16(u as i16);
                unit_bits(_mm256_cmpeq_epi16(self.0, t), _mm256_cmpeq_epi16(self.1, t))
            }
        }
        #[inline(always)]
        fn range(self, lo: u16, hi: u16) -> u64 {
            // SAFETY: AVX2, as above.
            unsafe {
                let (l, d, z) = (
                    _mm256_set1_epi16(lo as i16),
                    _mm256_set1_epi16((hi - lo) as i16),
                    _mm256_setzero_si256(),
                );
                unit_bits(
                    _mm256_cmpeq_epi16(_mm256_subs_epu16(_mm256_sub_epi16(self.0, l), d), z),
                    _mm256_cmpeq_epi16(_mm256_subs_epu16(_mm256_sub_epi16(self.1, l), d), z),
                )
            }
        }
    }
}

mod avx512;

/// Asks for the cache line at `p` ahead of its use (decision 53).
#[inline(always)]
pub(crate) fn prefetch(p: *const u8) {
    // SAFETY: a prefetch is a hint; it reads nothing and cannot fault, whatever `p` is.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) }
}

#[cfg(test)]
mod tests;
