//! The classifiers on aarch64 with NEON (Advanced SIMD, part of every AArch64 processor and
//! enabled by default for the `aarch64-*` targets), chosen at compile time like simd128.
//!
//! Safety argument. The only `unsafe` operations are the unaligned 16-byte loads
//! (`vld1q_u8`), which read at 0, 16, 32 or 48 of a `&[u8; 68]`, or one byte later, and so
//! stay inside it (the last byte read is at most the 65th), or all of a 16-byte table, and
//! the calls of NEON intrinsics, which this module is compiled only for (`target_feature =
//! "neon"`, see fast/mod.rs).
//!
//! NEON has no instruction that gathers one bit per lane into an integer (x86's `pmovmskb`,
//! wasm's `bitmask`): each compared lane (all ones or all zeros) is ANDed with its bit's weight
//! within a byte (1, 2, 4 … 128), and pairwise additions fold 64 bytes into 8.

#![allow(unsafe_code)]

use super::vector::pairs::{self, Pairs};
use super::vector::{Bytes64, Units16, WIN};
use core::arch::aarch64::*;

/// Lane k of a byte vector carries bit k % 8.
const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

#[inline(always)]
fn loads(w: &[u8; WIN]) -> [uint8x16_t; 4] {
    loads_at::<0>(w)
}

/// Bytes `K..K + 64` of the window, `K` at most 1.
#[inline(always)]
fn loads_at<const K: usize>(w: &[u8; WIN]) -> [uint8x16_t; 4] {
    const { assert!(K <= 1) };
    let p = w.as_ptr();
    // SAFETY: four 16-byte loads at K, 16 + K, 32 + K and 48 + K inside a 68-byte array;
    // vld1q_u8 has no alignment requirement.
    [0, 16, 32, 48].map(|k| unsafe { vld1q_u8(p.add(K + k)) })
}

/// The class of each byte from its nibbles' tables (pairs.rs, decision 60).
#[inline(always)]
fn class(x: uint8x16_t, hi: &[u8; 16], lo: &[u8; 16]) -> uint8x16_t {
    // SAFETY: NEON is enabled for this module; two 16-byte loads of 16-byte arrays.
    unsafe {
        let low = vandq_u8(x, vdupq_n_u8(0x0F));
        vandq_u8(
            vqtbl1q_u8(vld1q_u8(lo.as_ptr()), low),
            vqtbl1q_u8(vld1q_u8(hi.as_ptr()), vshrq_n_u8::<4>(x)),
        )
    }
}

/// One bit per byte of four compared vectors (each lane 00 or FF), vector k giving bits
/// 16k to 16k + 15.
#[inline(always)]
fn bits64(v: [uint8x16_t; 4]) -> u64 {
    // SAFETY: NEON is enabled for this module (see the module's safety argument).
    unsafe {
        let w = vld1q_u8(WEIGHTS.as_ptr());
        let [a, b, c, d] = v.map(|x| vandq_u8(x, w));
        // Pairs, then quads, then octets: byte 2k of the result is vector k's low half.
        let ab = vpaddq_u8(a, b);
        let cd = vpaddq_u8(c, d);
        let abcd = vpaddq_u8(ab, cd);
        let all = vpaddq_u8(abcd, abcd);
        vgetq_lane_u64(vreinterpretq_u64_u8(all), 0)
    }
}

/// One bit per unit of four compared vectors of 8 units (each lane 0000 or FFFF), vector k
/// giving bits 8k to 8k + 7.
#[inline(always)]
fn bits32(v: [uint16x8_t; 4]) -> u64 {
    // SAFETY: NEON is enabled for this module.
    unsafe {
        let [a, b, c, d] = v.map(|x| vmovn_u16(x));
        let w = vld1q_u8(WEIGHTS.as_ptr());
        let lo = vandq_u8(vcombine_u8(a, b), w);
        let hi = vandq_u8(vcombine_u8(c, d), w);
        let s = vpaddq_u8(lo, hi);
        let s = vpaddq_u8(s, s);
        let s = vpaddq_u8(s, s);
        u64::from(vgetq_lane_u32(vreinterpretq_u32_u8(s), 0))
    }
}

#[derive(Clone, Copy)]
pub(super) struct Bytes([uint8x16_t; 4]);

impl Bytes {
    #[inline(always)]
    fn each(self, f: impl Fn(uint8x16_t) -> uint8x16_t) -> u64 {
        bits64(self.0.map(f))
    }
}

impl Bytes64 for Bytes {
    #[inline(always)]
    fn load(w: &[u8; WIN]) -> Self {
        Bytes(loads(w))
    }
    #[inline(always)]
    fn eq(self, b: u8) -> u64 {
        // SAFETY: NEON is enabled for this module.
        unsafe {
            let t = vdupq_n_u8(b);
            self.each(|v| vceqq_u8(v, t))
        }
    }
    #[inline(always)]
    fn range(self, lo: u8, hi: u8) -> u64 {
        // SAFETY: NEON is enabled for this module.
        unsafe {
            // lo <= v <= hi exactly when v - lo (wrapping) <= hi - lo.
            let (l, d) = (vdupq_n_u8(lo), vdupq_n_u8(hi.wrapping_sub(lo)));
            self.each(|v| vcleq_u8(vsubq_u8(v, l), d))
        }
    }
    #[inline(always)]
    fn high(self) -> u64 {
        // SAFETY: NEON is enabled for this module.
        unsafe {
            let t = vdupq_n_u8(0x80);
            self.each(|v| vcgeq_u8(v, t))
        }
    }
    #[inline(always)]
    fn pairs(self, w: &[u8; WIN]) -> Pairs {
        let next = loads_at::<1>(w);
        let mut c = self.0;
        for (c, n) in c.iter_mut().zip(next) {
            // SAFETY: NEON is enabled for this module.
            *c = unsafe {
                vandq_u8(
                    class(*c, &pairs::LEAD_HI, &pairs::LEAD_LO),
                    class(n, &pairs::SECOND_HI, &pairs::SECOND_LO),
                )
            };
        }
        // SAFETY: NEON is enabled for this module.
        let any = |bits: u8| unsafe { bits64(c.map(|v| vtstq_u8(v, vdupq_n_u8(bits)))) };
        Pairs {
            stop: any(pairs::STOP),
            maybe: any(pairs::MAYBE),
        }
    }
}

#[derive(Clone, Copy)]
pub(super) struct Units([uint16x8_t; 4]);

impl Units {
    #[inline(always)]
    fn each(self, f: impl Fn(uint16x8_t) -> uint16x8_t) -> u64 {
        bits32(self.0.map(f))
    }
}

impl Units16 for Units {
    #[inline(always)]
    fn load(w: &[u8; WIN], be: bool) -> Self {
        // SAFETY: NEON is enabled for this module. AArch64 Linux, macOS and Windows run
        // little-endian, so a lane holds a little-endian unit; big-endian units are swapped.
        Units(loads(w).map(|x| unsafe { vreinterpretq_u16_u8(if be { vrev16q_u8(x) } else { x }) }))
    }
    #[inline(always)]
    fn eq(self, u: u16) -> u64 {
        // SAFETY: NEON is enabled for this module.
        unsafe {
            let t = vdupq_n_u16(u);
            self.each(|v| vceqq_u16(v, t))
        }
    }
    #[inline(always)]
    fn range(self, lo: u16, hi: u16) -> u64 {
        // SAFETY: NEON is enabled for this module.
        unsafe {
            let (l, d) = (vdupq_n_u16(lo), vdupq_n_u16(hi.wrapping_sub(lo)));
            self.each(|v| vcleq_u16(vsubq_u16(v, l), d))
        }
    }
}
