//! The classifiers on wasm32 with the simd128 proposal (every current browser), chosen when
//! the module is compiled with `-C target-feature=+simd128`. The only `unsafe` is the
//! unaligned 16-byte load, which reads at 0, 16, 32 or 48 of a 68-byte array, or one byte
//! later (so at most up to its 65th byte).

#![allow(unsafe_code)]

use super::vector::pairs::{self, Pairs};
use super::vector::{Bytes64, Units16, WIN};
use core::arch::wasm32::*;

#[inline(always)]
fn loads(w: &[u8; WIN]) -> [v128; 4] {
    loads_at::<0>(w)
}

/// Bytes `K..K + 64` of the window, `K` at most 1.
#[inline(always)]
fn loads_at<const K: usize>(w: &[u8; WIN]) -> [v128; 4] {
    const { assert!(K <= 1) };
    let p = w.as_ptr();
    // SAFETY: four 16-byte loads inside a 68-byte array (the last ends at byte 48 + K + 16);
    // v128_load allows any alignment.
    [0, 16, 32, 48].map(|k| unsafe { v128_load(p.add(K + k).cast::<v128>()) })
}

/// A 16-byte table as a vector.
const fn table(t: [u8; 16]) -> v128 {
    u8x16(
        t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], t[13],
        t[14], t[15],
    )
}

/// The class of each byte from its nibbles' tables (pairs.rs, decision 60).
#[inline(always)]
fn class(x: v128, hi: v128, lo: v128) -> v128 {
    let low = v128_and(x, u8x16_splat(0x0F));
    v128_and(u8x16_swizzle(lo, low), u8x16_swizzle(hi, u8x16_shr(x, 4)))
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
    #[inline(always)]
    fn pairs(self, w: &[u8; WIN]) -> Pairs {
        let next = loads_at::<1>(w);
        let (lead, second) = (
            (table(pairs::LEAD_HI), table(pairs::LEAD_LO)),
            (table(pairs::SECOND_HI), table(pairs::SECOND_LO)),
        );
        let mut c = self.0;
        for (c, n) in c.iter_mut().zip(next) {
            *c = v128_and(class(*c, lead.0, lead.1), class(n, second.0, second.1));
        }
        let any = |bits: u8| {
            let b = u8x16_splat(bits);
            Bytes(c).each(|v| u8x16_ne(v128_and(v, b), u8x16_splat(0)))
        };
        Pairs {
            stop: any(pairs::STOP),
            maybe: any(pairs::MAYBE),
        }
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
