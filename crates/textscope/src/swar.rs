//! Eight bytes at a time in a `u64` (no SIMD): the ASCII stretches that the segmenter
//! (`segments/line.rs`) and the mojibake feed (`mojibake/feed.rs`) take at once, and the
//! searches and counts of the segmenter's whole clean lines (`segments/segmenter.rs`).

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The length of the longest prefix of `bytes` made of bytes below 80 other than `a` and `b`.
#[inline]
pub(crate) fn ascii_prefix_without(bytes: &[u8], a: u8, b: u8) -> usize {
    // `zero`'s spurious bits lie above the first zero byte, which `trailing_zeros` finds.
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

/// A byte of `x` is zero exactly where the top bit of this is set, for the first zero byte
/// (the lowest); bits above it may be set spuriously.
#[inline(always)]
fn zero(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & HIGH
}

#[inline(always)]
fn word(w: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(w);
    u64::from_le_bytes(b)
}

/// The place of the first byte of `bytes` that `hit` marks (the top bit of each byte of its
/// result, exact for the lowest byte marked), 32 bytes at a time, or the first that `is` holds
/// for among the last bytes.
#[inline(always)]
fn find_by(bytes: &[u8], hit: impl Fn(u64) -> u64, is: impl Fn(u8) -> bool) -> Option<usize> {
    let mut blocks = bytes.chunks_exact(32);
    let mut at = 0;
    for b in &mut blocks {
        let mut ws = [0u64; 4];
        for (w, bytes) in ws.iter_mut().zip(b.chunks_exact(8)) {
            *w = word(bytes);
        }
        if ws.iter().fold(0, |m, &w| m | hit(w)) != 0 {
            for (i, w) in ws.into_iter().enumerate() {
                let m = hit(w);
                if m != 0 {
                    return Some(at + i * 8 + (m.trailing_zeros() / 8) as usize);
                }
            }
        }
        at += 32;
    }
    blocks
        .remainder()
        .iter()
        .position(|&x| is(x))
        .map(|p| at + p)
}

/// The place of the first `b` in `bytes`.
#[inline]
pub(crate) fn find_byte(bytes: &[u8], b: u8) -> Option<usize> {
    let pattern = ONES * u64::from(b);
    find_by(bytes, |w| zero(w ^ pattern), |x| x == b)
}

/// The place of the last `b` in `bytes`, eight bytes at a time from the end.
#[inline]
pub(crate) fn rfind_byte(bytes: &[u8], b: u8) -> Option<usize> {
    let pattern = ONES * u64::from(b);
    let mut words = bytes.rchunks_exact(8);
    let mut end = bytes.len();
    for w in &mut words {
        // `zero`'s spurious bits lie above a zero byte, so the highest bit set may be one:
        // each byte is checked from the top down instead.
        if zero(word(w) ^ pattern) != 0 {
            return w.iter().rposition(|&x| x == b).map(|p| end - 8 + p);
        }
        end -= 8;
    }
    words.remainder().iter().rposition(|&x| x == b)
}

/// The place of the first byte above 7F in `bytes`.
#[inline]
pub(crate) fn find_high(bytes: &[u8]) -> Option<usize> {
    find_by(bytes, |w| w & HIGH, |x| x >= 0x80)
}

/// LFs, bytes above 7F and UTF-8 lead bytes (C0–FF) in a stretch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub lf: u64,
    pub high: u64,
    pub lead: u64,
}

/// The [`Tally`] of `bytes`, sixteen bytes a step in byte-wide counters (a loop the compiler
/// vectorizes), added up every 255 steps.
pub(crate) fn tally(bytes: &[u8]) -> Tally {
    let mut t = Tally::default();
    for part in bytes.chunks(16 * 255) {
        let (mut lf, mut high, mut lead) = ([0u8; 16], [0u8; 16], [0u8; 16]);
        let mut steps = part.chunks_exact(16);
        for s in &mut steps {
            let lanes = lf
                .iter_mut()
                .zip(high.iter_mut())
                .zip(lead.iter_mut())
                .zip(s);
            for (((l, h), d), &x) in lanes {
                *l = l.wrapping_add(u8::from(x == b'\n'));
                *h = h.wrapping_add(x >> 7);
                *d = d.wrapping_add(u8::from(x >= 0xC0));
            }
        }
        let sum = |c: [u8; 16]| c.iter().map(|&n| u64::from(n)).sum::<u64>();
        t.lf += sum(lf);
        t.high += sum(high);
        t.lead += sum(lead);
        for &x in steps.remainder() {
            t.lf += u64::from(x == b'\n');
            t.high += u64::from(x >> 7);
            t.lead += u64::from(x >= 0xC0);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::{ascii_prefix_without, find_byte, find_high, rfind_byte, tally, Tally};
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

    proptest! {
        /// The word-at-a-time searches and the byte-wide counts are the byte-by-byte ones.
        #[test]
        fn searches_and_tallies_are_byte_by_byte(
            bytes in proptest::collection::vec(
                prop_oneof![Just(0u8), Just(0x0A), Just(0x41), Just(0x7F), Just(0x80), Just(0xC3), Just(0xFF)],
                0..5000,
            ),
        ) {
            prop_assert_eq!(find_byte(&bytes, 0), bytes.iter().position(|&b| b == 0));
            prop_assert_eq!(find_byte(&bytes, 0x0A), bytes.iter().position(|&b| b == 0x0A));
            prop_assert_eq!(find_high(&bytes), bytes.iter().position(|&b| b >= 0x80));
            prop_assert_eq!(rfind_byte(&bytes, 0x0A), bytes.iter().rposition(|&b| b == 0x0A));
            prop_assert_eq!(rfind_byte(&bytes, 0), bytes.iter().rposition(|&b| b == 0));
            let n = |f: fn(u8) -> bool| bytes.iter().filter(|&&b| f(b)).count() as u64;
            let want = Tally { lf: n(|b| b == 0x0A), high: n(|b| b >= 0x80), lead: n(|b| b >= 0xC0) };
            prop_assert_eq!(tally(&bytes), want);
        }
    }

    #[test]
    fn a_tally_of_more_than_255_steps_of_the_same_byte_does_not_wrap() {
        let bytes = vec![0xC3u8; 16 * 255 * 3 + 7];
        let n = bytes.len() as u64;
        assert_eq!(
            tally(&bytes),
            Tally {
                lf: 0,
                high: n,
                lead: n
            }
        );
        assert_eq!(tally(&[b'\n'; 16 * 256]).lf, 16 * 256);
    }
}
