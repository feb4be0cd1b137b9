//! The portable twin of the vector classifiers: a unit at a time, no `unsafe`. It runs where no
//! vector instruction set is known, and the tests compare every vector variant with it.

use super::vector::{Bytes64, Units16, WIN};

/// 64 bytes, compared one by one.
#[derive(Clone, Copy)]
pub(crate) struct Bytes(pub [u8; 64]);

impl Bytes {
    #[inline(always)]
    fn mask(self, f: impl Fn(u8) -> bool) -> u64 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |m, (k, &b)| m | (u64::from(f(b)) << k))
    }
}

impl Bytes64 for Bytes {
    const CHECKS_UTF8: bool = true;
    #[inline(always)]
    fn load(w: &[u8; WIN]) -> Self {
        let mut b = [0u8; 64];
        b.copy_from_slice(w.first_chunk::<64>().map_or(&[0; 64][..], |c| &c[..]));
        Bytes(b)
    }
    #[inline(always)]
    fn eq(self, b: u8) -> u64 {
        self.mask(|x| x == b)
    }
    #[inline(always)]
    fn range(self, lo: u8, hi: u8) -> u64 {
        self.mask(|x| (lo..=hi).contains(&x))
    }
    #[inline(always)]
    fn high(self) -> u64 {
        self.mask(|x| x >= 0x80)
    }
}

/// 32 UTF-16 units, compared one by one.
#[derive(Clone, Copy)]
pub(crate) struct Units(pub [u16; 32]);

impl Units {
    #[inline(always)]
    fn mask(self, f: impl Fn(u16) -> bool) -> u64 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |m, (k, &u)| m | (u64::from(f(u)) << k))
    }
}

impl Units16 for Units {
    #[inline(always)]
    fn load(w: &[u8; WIN], be: bool) -> Self {
        let mut u = [0u16; 32];
        for (d, s) in u.iter_mut().zip(w.as_chunks::<2>().0) {
            *d = if be {
                u16::from_be_bytes(*s)
            } else {
                u16::from_le_bytes(*s)
            };
        }
        Units(u)
    }
    #[inline(always)]
    fn eq(self, u: u16) -> u64 {
        self.mask(|x| x == u)
    }
    #[inline(always)]
    fn range(self, lo: u16, hi: u16) -> u64 {
        self.mask(|x| (lo..=hi).contains(&x))
    }
}
