//! The small vector traits the fast path is written over ([`Bytes64`], [`Units16`]), which
//! each instruction set implements (scalar.rs, x86/, neon.rs, wasm.rs), and the bit helpers
//! every classifier shares. The first-two-byte classes of UTF-8 (`pairs`) are the traits'
//! own default for [`Bytes64::pairs`], so they live below them.

pub(crate) mod pairs;

use pairs::Pairs;

/// Bytes a classifier reads: the 64-byte block and the unit after it (for CR LF, a surrogate
/// pair, and the continuation bytes of a UTF-8 sequence that starts at the end of the block).
pub(crate) const WIN: usize = 68;

/// 64 bytes in vector registers, compared a byte at a time into 64-bit masks.
pub(crate) trait Bytes64: Copy {
    /// The UTF-8 classifier checks the sequences itself (decision 66). Where it does not, the
    /// stretches it is given were validated ahead with simdutf8: on AVX2 the check costs more
    /// than simdutf8's pass, on AVX-512 less. The scalar twin checks, so that the tests try
    /// the check on every machine.
    const CHECKS_UTF8: bool = false;
    fn load(w: &[u8; WIN]) -> Self;
    /// Bytes equal to `b`.
    fn eq(self, b: u8) -> u64;
    /// Bytes in `lo..=hi`.
    fn range(self, lo: u8, hi: u8) -> u64;
    /// Bytes 80–FF.
    fn high(self) -> u64;
    /// Bytes `lo`–FF, for `lo` above 80.
    #[inline(always)]
    fn at_least(self, lo: u8) -> u64 {
        self.range(lo, 0xFF)
    }
    /// The sequences that need a closer look, by their first two bytes (decision 60). By
    /// comparisons here; the instruction sets with a byte shuffle look the classes up.
    #[inline(always)]
    fn pairs(self, w: &[u8; WIN]) -> Pairs {
        pairs::by_compare(self, w)
    }
    /// The lead bytes whose first two bytes make their sequence ill-formed (decision 66), the
    /// same way.
    #[inline(always)]
    fn bad_pairs(self, w: &[u8; WIN]) -> u64 {
        pairs::bad_by_compare(self, w[64])
    }
    /// Bytes 80–FF that `t` holds. One at a time over the high bytes here; the instruction
    /// sets with a byte shuffle look all 64 up at once (decision 54).
    #[inline(always)]
    fn high_stops(self, w: &[u8; WIN], t: &HighStops) -> u64 {
        let mut stop = 0;
        let mut rest = self.high();
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            let b = w.get(k).map_or(0, |&b| usize::from(b & 0x7F));
            let word = t.bits.get(b / 64).copied().unwrap_or(!0);
            stop |= ((word >> (b % 64)) & 1) << k;
            rest &= rest - 1;
        }
        stop
    }
}

/// The bytes 80–FF of a single-byte code page that the slow path must decode, as a set (bit
/// `b - 80`) and as a table for a byte shuffle: `rows[lo]` has bit `hi - 8` set when the byte
/// `hi·16 + lo` is in the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HighStops {
    pub bits: [u64; 2],
    pub rows: [u8; 16],
}

impl HighStops {
    pub(crate) fn new(bits: [u64; 2]) -> HighStops {
        let mut rows = [0u8; 16];
        for b in 0..128usize {
            if bits.get(b / 64).is_some_and(|w| (w >> (b % 64)) & 1 != 0) {
                if let Some(r) = rows.get_mut(b % 16) {
                    *r |= 1 << (b / 16);
                }
            }
        }
        HighStops { bits, rows }
    }
}

/// 32 UTF-16 units (64 bytes) in vector registers, in the machine's order.
pub(crate) trait Units16: Copy {
    /// Loads `w[..64]` as units, big-endian when `be`.
    fn load(w: &[u8; WIN], be: bool) -> Self;
    /// Units equal to `u` (32 bits).
    fn eq(self, u: u16) -> u64;
    /// Units in `lo..=hi` (32 bits).
    fn range(self, lo: u16, hi: u16) -> u64;
}

/// Mask of the `n` lowest bits.
#[inline(always)]
pub(crate) fn below(n: usize) -> u64 {
    if n >= 64 {
        !0
    } else {
        (1u64 << n) - 1
    }
}

/// `m` moved down by one unit, with bit 63 saying whether `next` (the unit after the block)
/// passes.
#[inline(always)]
pub(crate) fn after1(m: u64, top: usize, next: bool) -> u64 {
    (m >> 1) | (u64::from(next) << (top - 1))
}

/// The UTF-16 unit after the block (zero at the end of the input).
#[inline(always)]
pub(crate) fn next16(w: &[u8; WIN], be: bool) -> u16 {
    let b = [w[64], w[65]];
    if be {
        u16::from_be_bytes(b)
    } else {
        u16::from_le_bytes(b)
    }
}

/// The UTF-32 unit after the block (zero at the end of the input).
#[inline(always)]
pub(crate) fn next32(w: &[u8; WIN], be: bool) -> u32 {
    let b = [w[64], w[65], w[66], w[67]];
    if be {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    }
}
