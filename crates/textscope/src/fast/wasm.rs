//! The classifiers on wasm32 with the simd128 proposal (every current browser), chosen when
//! the module is compiled with `-C target-feature=+simd128`. The only `unsafe` is the
//! unaligned 16-byte load, which reads at 0, 16, 32 or 48 of a 68-byte array.

#![allow(unsafe_code)]

use super::kernel::{Bytes64, Units16, WIN};
use core::arch::wasm32::*;

#[inline(always)]
fn loads(w: &[u8; WIN]) -> [v128; 4] {
    let p = w.as_ptr();
    // SAFETY: four 16-byte loads inside a 68-byte array; v128_load allows any alignment.
    [0, 16, 32, 48].map(|k| unsafe { v128_load(p.add(k).cast::<v128>()) })
}

#[derive(Clone, Copy)]
pub(super) struct Bytes([v128; 4]);

impl Bytes {
    #[inline(always)]
    fn each(self, f: impl Fn(v128) -> v128) -> u64 {
        self.0.iter().enumerate().fold(0, |m, (k, &v)| {
            m | (u64::from(u8x16_bitmask(f(v))) << (16 * k))
        })
    }
}

impl Bytes64 for Bytes {
    #[inline(always)]
    fn load(w: &[u8; WIN]) -> Self {
        Bytes(loads(w))
    }
    #[inline(always)]
    fn eq(self, b: u8) -> u64 {
        let t = u8x16_splat(b);
        self.each(|v| u8x16_eq(v, t))
    }
    #[inline(always)]
    fn range(self, lo: u8, hi: u8) -> u64 {
        let (l, h) = (u8x16_splat(lo), u8x16_splat(hi));
        self.each(|v| v128_and(u8x16_ge(v, l), u8x16_le(v, h)))
    }
    #[inline(always)]
    fn high(self) -> u64 {
        self.each(|v| v)
    }
}

#[derive(Clone, Copy)]
pub(super) struct Units([v128; 4]);

impl Units {
    #[inline(always)]
    fn each(self, f: impl Fn(v128) -> v128) -> u64 {
        self.0.iter().enumerate().fold(0, |m, (k, &v)| {
            m | (u64::from(i16x8_bitmask(f(v))) << (8 * k))
        })
    }
}

impl Units16 for Units {
    #[inline(always)]
    fn load(w: &[u8; WIN], be: bool) -> Self {
        Units(loads(w).map(|x| {
            if be {
                v128_or(u16x8_shl(x, 8), u16x8_shr(x, 8))
            } else {
                x
            }
        }))
    }
    #[inline(always)]
    fn eq(self, u: u16) -> u64 {
        let t = u16x8_splat(u);
        self.each(|v| u16x8_eq(v, t))
    }
    #[inline(always)]
    fn range(self, lo: u16, hi: u16) -> u64 {
        let (l, h) = (u16x8_splat(lo), u16x8_splat(hi));
        self.each(|v| v128_and(u16x8_ge(v, l), u16x8_le(v, h)))
    }
}
