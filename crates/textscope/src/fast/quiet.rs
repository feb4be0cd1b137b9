//! The ranges of UTF-16 and UTF-32 units that the classifiers look at as a whole: the quiet
//! ones, which hold nothing the slow path must see (decisions 54 and 58), and the hidden
//! characters of the BMP.

use super::vector::Units16;

/// Units beyond ASCII that the classifiers of UTF-16 and UTF-32 need not look at closely:
/// U+00A0–05FF (Latin-1 to Hebrew) but U+00AD; U+2010–2027 and U+2030–205E (dashes, curly
/// quotes, the bullet, the ellipsis, ‰, primes, ‹ ›: the punctuation of Latin prose); U+3000–D7FF
/// (CJK punctuation, kana, CJK ideographs, Hangul syllables) but U+3164; and U+FF01–FF9F (the
/// full-width forms Chinese and Japanese prose punctuates with, `，` `：` `！`, and the
/// half-width katakana) (decision 77). None holds a control, a surrogate, a finding (the zero
/// width and bidi characters of U+200B–200F, 202A–202E and 2060–206F, the Hangul filler FFA0),
/// U+FEFF, LS or PS, so a block whose every unit beyond ASCII is here skips the dozen
/// comparisons that look for those (decision 54).
#[inline(always)]
pub(crate) fn quiet16<V: Units16>(v: V) -> u64 {
    (v.range(0x00A0, 0x05FF) & !v.eq(0x00AD))
        | v.range(0x2010, 0x2027)
        | v.range(0x2030, 0x205E)
        | (v.range(0x3000, 0xD7FF) & !v.eq(0x3164))
        | v.range(0xFF01, 0xFF9F)
}

/// UTF-32's quiet units, one bit per unit (even lanes; `bmp`: the unit's high half is 0, at
/// the unit's lane): [`quiet16`]'s ranges, the arrows, symbols and dingbats U+2190–2BFF, and
/// planes 1–13 (emoji, historic scripts, CJK beyond the BMP). None holds a control, a finding,
/// U+FEFF, LS or PS, and the general classifier stops on none of them; plane 14 holds the
/// tags and VS17–VS256, and the planes beyond 10 are no Unicode (decision 58).
#[inline(always)]
pub(crate) fn quiet32<V: Units16>(
    v: V,
    bmp: u64,
    lo: impl Fn(u64) -> u64,
    hi: impl Fn(u64) -> u64,
) -> u64 {
    (bmp & lo(quiet16(v) | v.range(0x2190, 0x2BFF))) | hi(v.range(0x0001, 0x000D))
}

/// The hidden characters of the BMP (findings): U+00AD, U+115F, U+1160, U+180E, U+3164,
/// U+FFA0 and the variation selectors U+FE00–FE0F, as 16-bit units.
#[inline(always)]
pub(super) fn hidden16<V: Units16>(v: V) -> u64 {
    v.eq(0x00AD)
        | v.range(0x115F, 0x1160)
        | v.eq(0x180E)
        | v.eq(0x3164)
        | v.eq(0xFFA0)
        | v.range(0xFE00, 0xFE0F)
}
