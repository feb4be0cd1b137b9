//! The classifiers of the line-at-a-time loop (`plain_lines.rs`, which uses them): a block whose
//! characters need nothing but counting (printable ASCII and TAB, and beyond ASCII whatever the
//! general classifier of `kernel.rs` would not stop at), with the units that do not start a
//! character marked so that the loop can count characters per line.
//!
//! Each classifier first looks for anything beyond printable ASCII, TAB, LF and CR, which costs
//! a few comparisons; only a block that has some runs the format's general classifier, whose
//! stop mask then says whether the block can stay in the loop. So plain ASCII costs what it did,
//! and prose with a few accented words stays in the loop instead of going to the block loop.

use super::check::stray_after;
use super::kernel::{Classify, Legacy, Utf16, Utf32, Utf8, EVEN};
use super::quiet::{quiet16, quiet32};
use super::vector::{below, next16, next32, Bytes64, HighStops, Units16, WIN};
use std::marker::PhantomData;

/// A block's LFs and CRs, and whatever the loop cannot take, with one bit per unit as
/// [`super::kernel::Masks`] has them; and whether the unit after the block is LF.
pub(crate) struct Plain {
    pub lf: u64,
    pub cr: u64,
    /// Units the loop cannot take: a control, a problem, a finding, a bad unit, NEL, LS, PS.
    pub odd: u64,
    pub lf_after: bool,
    /// Units that do not start a character (UTF-8 continuation bytes, low surrogates).
    pub cont: u64,
    /// Characters that are findings and nothing else ([`super::kernel::Masks::found`]).
    pub found: u64,
    /// A character beyond ASCII is in the block.
    pub non_ascii: bool,
    /// Unit 0 is a low surrogate: the block is taken only after one that ends with a high one.
    pub needs_high_before: bool,
    /// The last unit is a high surrogate (its low half is the next block's unit 0).
    pub high_at_end: bool,
}

impl Plain {
    /// A block of printable ASCII, TAB, LF and CR, except for `odd`.
    #[inline(always)]
    fn ascii(lf: u64, cr: u64, odd: u64, lf_after: bool) -> Plain {
        Plain {
            lf,
            cr,
            odd,
            lf_after,
            cont: 0,
            found: 0,
            non_ascii: false,
            needs_high_before: false,
            high_at_end: false,
        }
    }

    /// A block of printable ASCII, TAB, LF, CR and characters beyond ASCII that need no
    /// closer look, each one unit.
    #[inline(always)]
    fn quiet(lf: u64, cr: u64, lf_after: bool) -> Plain {
        Plain {
            non_ascii: true,
            ..Plain::ascii(lf, cr, 0, lf_after)
        }
    }

    /// The block as the general classifier sees it: `odd` are its stops.
    #[inline(always)]
    fn general(lf: u64, cr: u64, lf_after: bool, m: super::kernel::Masks, units: u64) -> Plain {
        Plain {
            lf,
            cr,
            odd: m.stop,
            lf_after,
            cont: !m.starts & units,
            found: m.found,
            non_ascii: m.nonascii != 0,
            needs_high_before: m.needs_high_before,
            high_at_end: m.high_at_end,
        }
    }
}

/// A format's classifier for the line-at-a-time loop (`plain_lines.rs`).
pub(crate) trait PlainAscii {
    /// Bytes per unit, and mask bits per unit (as [`Classify`]).
    const W: usize;
    const S: usize;
    /// Bytes ahead of the block that the loop prefetches.
    const AHEAD: usize = super::AHEAD;
    /// `MIXED`: the text so far had characters beyond ASCII, so this block may well have
    /// some too; a classifier may then look for them without a branch on whether there are
    /// any (decision 67).
    fn plain<const MIXED: bool>(&self, w: &[u8; WIN]) -> Plain;
    /// How many bytes at the end of `bytes[..i]` belong to a character that goes on past `i`
    /// (0 when `i` is at a character boundary). `bytes[..i]` is whole units, and a character
    /// begins at 0.
    #[inline(always)]
    fn partial(&self, _bytes: &[u8], _i: usize) -> usize {
        0
    }
}

/// UTF-8, whose sequences [`Utf8`] checks or simdutf8 validated ahead.
pub(crate) struct PlainUtf8<V>(pub PhantomData<V>);

impl<V: Bytes64> PlainAscii for PlainUtf8<V> {
    const AHEAD: usize = super::ahead_utf8::<V>();
    const W: usize = 1;
    const S: usize = 1;

    #[inline(always)]
    fn plain<const MIXED: bool>(&self, w: &[u8; WIN]) -> Plain {
        let v = V::load(w);
        let high = v.high();
        let lf_after = w[64] == b'\n';
        if high == 0 {
            let (lf, cr) = (v.eq(b'\n'), v.eq(b'\r'));
            // A continuation byte after the block has no lead byte (decision 66).
            let stray = if V::CHECKS_UTF8 { stray_after(w) } else { 0 };
            let odd = (v.range(0x00, 0x1F) & !v.eq(b'\t') & !lf & !cr) | v.eq(0x7F) | stray;
            if odd == 0 {
                return Plain::ascii(lf, cr, 0, lf_after);
            }
            // The lone controls are handed over as the findings are (decision 63).
            let stop = v.eq(0x1B) | stray;
            return Plain {
                found: odd & !stop,
                ..Plain::ascii(lf, cr, stop, lf_after)
            };
        }
        // A finding that goes on into the next block is listed by the loop only once it takes
        // that block (`plain_lines::lines_of`).
        let m = Utf8::<V>(PhantomData).classify(w);
        Plain::general(m.lf, m.cr, lf_after, m, !0)
    }

    #[inline(always)]
    fn partial(&self, bytes: &[u8], i: usize) -> usize {
        let cont = |k: usize| bytes.get(k).is_some_and(|&b| b & 0xC0 == 0x80);
        if !cont(i) {
            return 0;
        }
        // The sequence is valid: its lead byte is at most 3 bytes back.
        let mut k = 1;
        while k < 4 && k <= i && cont(i - k) {
            k += 1;
        }
        k
    }
}

/// A single-byte code page: bytes below 80 are ASCII, `high_stops` says which of the others
/// the decoder must see (as [`Legacy`]).
pub(crate) struct PlainLegacy<'a, V> {
    pub high_stops: &'a HighStops,
    pub v: PhantomData<V>,
}

impl<V: Bytes64> PlainAscii for PlainLegacy<'_, V> {
    const W: usize = 1;
    const S: usize = 1;

    #[inline(always)]
    fn plain<const MIXED: bool>(&self, w: &[u8; WIN]) -> Plain {
        let v = V::load(w);
        let (lf, cr) = (v.eq(b'\n'), v.eq(b'\r'));
        let lf_after = w[64] == b'\n';
        let odd = (v.range(0x00, 0x1F) & !v.eq(b'\t') & !lf & !cr) | v.eq(0x7F);
        if v.high() == 0 {
            return Plain::ascii(lf, cr, odd, lf_after);
        }
        let general = Legacy::<V> {
            high_stops: self.high_stops,
            v: PhantomData,
        };
        Plain::general(lf, cr, lf_after, general.classify(w), !0)
    }
}

/// UTF-16, either byte order. A surrogate pair is one character of two units.
pub(crate) struct PlainUtf16<V> {
    pub be: bool,
    pub v: PhantomData<V>,
}

impl<V: Units16> PlainAscii for PlainUtf16<V> {
    const W: usize = 2;
    const S: usize = 1;

    #[inline(always)]
    fn plain<const MIXED: bool>(&self, w: &[u8; WIN]) -> Plain {
        let v = V::load(w, self.be);
        let (lf, cr) = (v.eq(0x0A), v.eq(0x0D));
        let fine = v.range(0x20, 0x7E) | v.eq(0x09) | lf | cr;
        let lf_after = next16(w, self.be) == 0x0A;
        let odd = !fine & below(32);
        if MIXED && odd & !quiet16(v) == 0 {
            // In prose with a few accented words, whether a block has one is a coin toss:
            // the look costs less than the branch on it (decision 67).
            return Plain {
                non_ascii: odd != 0,
                ..Plain::ascii(lf, cr, 0, lf_after)
            };
        }
        if odd == 0 {
            return Plain::ascii(lf, cr, 0, lf_after);
        }
        if odd & !quiet16(v) == 0 {
            // Beyond ASCII only characters that need no closer look, none a surrogate: what
            // the general classifier would say, without it (decision 54).
            return Plain::quiet(lf, cr, lf_after);
        }
        let general = Utf16::<V> {
            be: self.be,
            v: PhantomData,
        };
        Plain::general(lf, cr, lf_after, general.classify(w), below(32))
    }

    #[inline(always)]
    fn partial(&self, bytes: &[u8], i: usize) -> usize {
        let b = [
            bytes.get(i.wrapping_sub(2)).copied().unwrap_or(0),
            bytes.get(i.wrapping_sub(1)).copied().unwrap_or(0),
        ];
        let last = if self.be {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        };
        if i >= 2 && (0xD800..=0xDBFF).contains(&last) {
            2
        } else {
            0
        }
    }
}

/// UTF-32, either byte order (each unit's two 16-bit halves, as [`Utf32`]): one unit, one
/// character.
pub(crate) struct PlainUtf32<V> {
    pub be: bool,
    pub v: PhantomData<V>,
}

impl<V: Units16> PlainAscii for PlainUtf32<V> {
    const W: usize = 4;
    const S: usize = 2;

    #[inline(always)]
    fn plain<const MIXED: bool>(&self, w: &[u8; WIN]) -> Plain {
        let v = V::load(w, self.be);
        let (low, high) = if self.be { (1, 0) } else { (0, 1) };
        let lo = |m: u64| (m >> low) & EVEN;
        let hi = |m: u64| (m >> high) & EVEN;
        let bmp = hi(v.eq(0));
        let lf = bmp & lo(v.eq(0x0A));
        let cr = bmp & lo(v.eq(0x0D));
        let fine = bmp & lo(v.range(0x20, 0x7E) | v.eq(0x09)) | lf | cr;
        let lf_after = next32(w, self.be) == 0x0A;
        let odd = !fine & EVEN;
        if MIXED && odd & !quiet32(v, bmp, lo, hi) == 0 {
            // As for UTF-16 (decision 67).
            return Plain {
                non_ascii: odd != 0,
                ..Plain::ascii(lf, cr, 0, lf_after)
            };
        }
        if odd == 0 {
            return Plain::ascii(lf, cr, 0, lf_after);
        }
        if odd & !quiet32(v, bmp, lo, hi) == 0 {
            // As for UTF-16 (decision 54), with UTF-32's wider ranges (decision 58).
            return Plain::quiet(lf, cr, lf_after);
        }
        let general = Utf32::<V> {
            be: self.be,
            v: PhantomData,
        };
        Plain::general(lf, cr, lf_after, general.classify(w), EVEN)
    }
}
