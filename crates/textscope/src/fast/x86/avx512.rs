//! The AVX-512BW classifiers (a part of x86/mod.rs, whose safety argument covers this file).

use super::*;

entry!("avx512f,avx512bw,avx2,popcnt,bmi1");

#[derive(Clone, Copy)]
pub(super) struct Bytes(__m512i);

impl Bytes64 for Bytes {
    const CHECKS_UTF8: bool = true;
    #[inline(always)]
    fn load(w: &[u8; WIN]) -> Self {
        // SAFETY: one 64-byte load at 0 of a 68-byte array; AVX-512 as above.
        unsafe { Bytes(_mm512_loadu_si512(w.as_ptr().cast::<__m512i>())) }
    }
    #[inline(always)]
    fn eq(self, b: u8) -> u64 {
        // SAFETY: AVX-512BW, as above.
        unsafe { _mm512_cmpeq_epi8_mask(self.0, _mm512_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    fn range(self, lo: u8, hi: u8) -> u64 {
        // SAFETY: AVX-512BW, as above.
        unsafe {
            _mm512_cmple_epu8_mask(
                _mm512_sub_epi8(self.0, _mm512_set1_epi8(lo as i8)),
                _mm512_set1_epi8((hi - lo) as i8),
            )
        }
    }
    #[inline(always)]
    fn high(self) -> u64 {
        // SAFETY: AVX-512BW, as above.
        unsafe { _mm512_movepi8_mask(self.0) }
    }
    #[inline(always)]
    fn high_stops(self, _: &[u8; WIN], t: &HighStops) -> u64 {
        // SAFETY: AVX-512BW, as above; one 16-byte load of a `[u8; 16]`.
        unsafe {
            let rows = _mm512_broadcast_i32x4(_mm_loadu_si128(t.rows.as_ptr().cast()));
            let nibble = _mm512_set1_epi8(0x0F);
            let lo = _mm512_and_si512(self.0, nibble);
            let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(self.0), nibble);
            _mm512_test_epi8_mask(
                _mm512_shuffle_epi8(rows, lo),
                _mm512_shuffle_epi8(_mm512_broadcast_i32x4(ROW_BIT), hi),
            )
        }
    }
    #[inline(always)]
    fn pairs(self, w: &[u8; WIN]) -> Pairs {
        let (c, nl) = by_lead_and_second(self.0, w, [LEAD_LO, LEAD_HI, SECOND_HI]);
        // SAFETY: AVX-512BW, as above.
        unsafe {
            let c = _mm512_and_si512(c, look(SECOND_LO, nl));
            Pairs {
                stop: _mm512_test_epi8_mask(c, _mm512_set1_epi8(pairs::STOP as i8)),
                maybe: _mm512_test_epi8_mask(c, _mm512_set1_epi8(pairs::MAYBE as i8)),
            }
        }
    }
    #[inline(always)]
    fn bad_pairs(self, w: &[u8; WIN]) -> u64 {
        let (b, _) = by_lead_and_second(self.0, w, [BAD_LEAD_LO, BAD_LEAD_HI, BAD_SECOND_HI]);
        // SAFETY: AVX-512BW, as above.
        unsafe { _mm512_test_epi8_mask(b, b) }
    }
    #[inline(always)]
    fn at_least(self, lo: u8) -> u64 {
        // SAFETY: AVX-512BW, as above.
        unsafe { _mm512_cmpge_epu8_mask(self.0, _mm512_set1_epi8(lo as i8)) }
    }
}

/// The classes each byte of `x` (a lead byte) and the byte after it share by the tables `t`:
/// the lead byte's low and high nibble, the second byte's high nibble (pairs.rs), ANDed in one
/// instruction; and the second bytes' low nibbles, for a fourth table.
#[inline(always)]
fn by_lead_and_second(x: __m512i, w: &[u8; WIN], t: [__m128i; 3]) -> (__m512i, __m512i) {
    // SAFETY: AVX-512BW, as above; one 64-byte load at 1 of a 68-byte array.
    unsafe {
        let next = _mm512_loadu_si512(w.as_ptr().add(1).cast::<__m512i>());
        let (l, h) = nibbles(x);
        let (nl, nh) = nibbles(next);
        // 0x80: a & b & c.
        let c = _mm512_ternarylogic_epi64::<0x80>(look(t[0], l), look(t[1], h), look(t[2], nh));
        (c, nl)
    }
}

/// Table `t` looked up by the nibbles `n`.
#[inline(always)]
fn look(t: __m128i, n: __m512i) -> __m512i {
    // SAFETY: AVX-512BW, as above.
    unsafe { _mm512_shuffle_epi8(_mm512_broadcast_i32x4(t), n) }
}

/// Each byte's low nibble and high nibble, for the class tables of pairs.rs.
#[inline(always)]
fn nibbles(x: __m512i) -> (__m512i, __m512i) {
    // SAFETY: AVX-512BW, as above.
    unsafe {
        let nibble = _mm512_set1_epi8(0x0F);
        (
            _mm512_and_si512(x, nibble),
            _mm512_and_si512(_mm512_srli_epi16::<4>(x), nibble),
        )
    }
}

#[derive(Clone, Copy)]
pub(super) struct Units(__m512i);

impl Units16 for Units {
    #[inline(always)]
    fn load(w: &[u8; WIN], be: bool) -> Self {
        // SAFETY: one 64-byte load at 0 of a 68-byte array; AVX-512 as above.
        unsafe {
            let x = _mm512_loadu_si512(w.as_ptr().cast::<__m512i>());
            Units(if be {
                _mm512_or_si512(_mm512_slli_epi16::<8>(x), _mm512_srli_epi16::<8>(x))
            } else {
                x
            })
        }
    }
    #[inline(always)]
    fn eq(self, u: u16) -> u64 {
        // SAFETY: AVX-512BW, as above.
        u64::from(unsafe { _mm512_cmpeq_epi16_mask(self.0, _mm512_set1_epi16(u as i16)) })
    }
    #[inline(always)]
    fn range(self, lo: u16, hi: u16) -> u64 {
        // SAFETY: AVX-512BW, as above.
        u64::from(unsafe {
            _mm512_cmple_epu16_mask(
                _mm512_sub_epi16(self.0, _mm512_set1_epi16(lo as i16)),
                _mm512_set1_epi16((hi - lo) as i16),
            )
        })
    }
}
