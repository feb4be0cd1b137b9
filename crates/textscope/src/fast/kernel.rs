//! The block loop of the fast path and the classification of a block, written once over small
//! vector traits that each instruction set implements (scalar.rs, x86/, wasm.rs).
//!
//! A block is 64 bytes: 64 UTF-8 or legacy bytes, 32 UTF-16 units or 16 UTF-32 units. The
//! classifier turns it into bit masks, one bit per unit; the loop then handles line endings
//! one set bit at a time and counts characters with `count_ones`, so ordinary text costs a few
//! instructions per line and nothing per character. The loops themselves are in blocks.rs; the
//! classifiers of its line-at-a-time loop are in plain.rs.

use super::check::{ill_formed, stray_after};
use super::quiet::{hidden16, quiet16, quiet32};
use super::vector::{after1, below, next16, next32, Bytes64, HighStops, Units16, WIN};

/// One block, classified. Bit `k` is about unit `k` of the block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Masks {
    /// The unit is LF.
    pub lf: u64,
    /// The unit is CR (the loop makes it part of CR LF or a CR ending).
    pub cr: u64,
    /// The unit after the block is LF.
    pub lf_after: bool,
    /// The unit must go through the slow path: a control (P3) or NUL (P2), a CR whose follower
    /// is not known, NEL, LS, PS, U+FEFF (P4), a finding, or a bad unit.
    pub stop: u64,
    /// The unit starts a character that the block loop hands to the sink as the decoder would,
    /// and goes on: a finding whatever comes before it (a zero-width or bidi control, UTF-8
    /// only, decision 59), or in UTF-8 a C0 control other than TAB, LF, CR and ESC, or DEL
    /// (P2, P3; decision 61). Never a stop too, except where decision 66's check of UTF-8
    /// stops at it; the loops take nothing from a stop on, so those are never handed over.
    pub found: u64,
    /// The unit starts a character (not a UTF-8 continuation byte, not a low surrogate).
    pub starts: u64,
    /// The unit belongs to a character beyond ASCII.
    pub nonascii: u64,
    /// Unit 0 is a low surrogate: it is well-formed only after a high surrogate (UTF-16).
    pub needs_high_before: bool,
    /// The last unit is a high surrogate whose low half is the next block's unit 0.
    pub high_at_end: bool,
}

/// A format's classifier.
pub(crate) trait Classify {
    /// Bytes per unit: 1, 2 or 4.
    const W: usize;
    /// Mask bits per unit: 1, or 2 for UTF-32, whose masks keep one bit per 16-bit half and
    /// mark each unit on its first half.
    const S: usize = 1;
    /// Bytes ahead of the block that the loop prefetches.
    const AHEAD: usize = super::AHEAD;
    /// The format is UTF-8, whose escape sequences the loops hand to the sink themselves
    /// (decision 62).
    const UTF8: bool = false;
    /// The format is UTF-8 and the classifier checks its sequences (decision 66).
    const CHECKS_UTF8: bool = false;
    /// Classifies `w[..64]`; `w[64..]` is what follows (zeros at the end of the input).
    fn classify(&self, w: &[u8; WIN]) -> Masks;
}

/// Third bytes (less 80) after E2 80 that the slow path must see: 8B–8F (U+200B–200F) and
/// A8–AE (U+2028–202E).
const E2_80: u64 = (0x1F << 0x0B) | (0x7F << 0x28);
/// Among [`E2_80`], the findings and nothing else: U+200B–200F and U+202A–202E (not LS, PS).
const FOUND_E2_80: u64 = (0x1F << 0x0B) | (0x1F << 0x2A);
/// Third bytes (less 80) after E2 81: A0–A4 (U+2060–2064) and A6–A9 (U+2066–2069).
const E2_81: u64 = (0x1F << 0x20) | (0x0F << 0x26);

/// The CRs and the ASCII controls of a block of UTF-8: (CR, ESC, the others but TAB, LF and
/// CR). ESC may begin an ANSI escape sequence (D7), which the tracker follows one character at a
/// time, so it is a stop; the others leave the tracker as ready as it was, so the block loop
/// hands them to the sink and goes on ([`Masks::found`], decision 61). Most blocks of text
/// hold no control but their LFs: one comparison tells whether a block holds another, and only
/// then is it compared for CR, ESC and TAB (decision 72).
#[inline(always)]
fn controls<V: Bytes64>(v: V, lf: u64) -> (u64, u64, u64) {
    let other = (v.range(0x00, 0x1F) | v.eq(0x7F)) & !lf;
    if other == 0 {
        return (0, 0, 0);
    }
    let (cr, esc) = (v.eq(b'\r'), v.eq(0x1B));
    (cr, esc, other & !cr & !esc & !v.eq(b'\t'))
}

/// UTF-8 (U3): the classifier checks the sequences where `V` says so (decision 66; elsewhere
/// the stretch was validated ahead), and finds the characters the tracker must see one by one.
#[derive(Clone, Copy)]
pub(crate) struct Utf8<V>(pub std::marker::PhantomData<V>);

impl<V: Bytes64> Classify for Utf8<V> {
    const AHEAD: usize = super::ahead_utf8::<V>();
    const W: usize = 1;
    const UTF8: bool = true;
    const CHECKS_UTF8: bool = V::CHECKS_UTF8;

    #[inline(always)]
    fn classify(&self, w: &[u8; WIN]) -> Masks {
        let v = V::load(w);
        let n1 = w[64];
        let lf = v.eq(b'\n');
        let (cr, mut stop, mut found) = controls(v, lf);
        let high = v.high();
        let mut starts = !0;
        if high == 0 {
            if V::CHECKS_UTF8 {
                stop |= stray_after(w);
            }
        } else {
            starts = !v.range(0x80, 0xBF);
            // C2 80–9F: C1 controls and NEL (P3, L1); C2 AD: U+00AD SOFT HYPHEN, D8 9C: U+061C
            // ARABIC LETTER MARK (findings); F3 A0: U+E0000–E0FFF, the tag characters and
            // VS17–VS256 among them (rare enough to leave the whole stretch to the decoder).
            // E2 80 and E2 81 (U+2000–207F: dashes and quotes, common, but also the zero-width
            // characters, LS, PS and the bidi controls), EF BB (U+FEC0–FEFF), and the hidden
            // characters' neighbourhoods (findings): E1 85 (U+1140–117F, the Hangul fillers
            // U+115F, U+1160), E1 A0 (U+1800–183F, U+180E), E3 85 (U+3140–317F, U+3164),
            // EF B8 (U+FE00–FE3F, the variation selectors), EF BE (U+FF80–FFBF, U+FFA0): few
            // per block, so their third byte is looked at one by one (pairs.rs, decision 60).
            let pairs = v.pairs(w);
            stop |= pairs.stop;
            if V::CHECKS_UTF8 {
                stop |= ill_formed(v, w, high, !starts);
            }
            let mut maybe = pairs.maybe;
            while maybe != 0 {
                let p = maybe.trailing_zeros() as usize;
                maybe &= maybe - 1;
                let (lead, b1, b2) = (
                    w.get(p).copied().unwrap_or(0),
                    w.get(p + 1).copied().unwrap_or(0),
                    w.get(p + 2).copied().unwrap_or(0),
                );
                let third = |set: u64| (set >> (b2 & 0x3F)) & 1;
                if lead == 0xE2 {
                    // E2 80 or E2 81 (the pairs of E2 that need a look), without a branch on
                    // which: general punctuation is common. Zero-width and bidi controls are
                    // findings and nothing else, handed over from the block loop (decision
                    // 59); LS and PS stop.
                    let (stops, finds) = if b1 == 0x80 {
                        (E2_80 & !FOUND_E2_80, FOUND_E2_80)
                    } else {
                        (0, E2_81)
                    };
                    stop |= third(stops) << p;
                    found |= third(finds) << p;
                    continue;
                }
                let special = match (lead, b1) {
                    (0xEF, 0xBB) => b2 == 0xBF,
                    (0xEF, 0xB8) => b2 <= 0x8F,
                    (0xEF, 0xBE) => b2 == 0xA0,
                    (0xE1, 0x85) => matches!(b2, 0x9F | 0xA0),
                    (0xE1, 0xA0) => b2 == 0x8E,
                    (0xE3, 0x85) => b2 == 0xA4,
                    _ => true,
                };
                stop |= u64::from(special) << p;
            }
        }
        Masks {
            lf,
            cr,
            lf_after: n1 == b'\n',
            stop,
            starts,
            nonascii: high,
            needs_high_before: false,
            high_at_end: false,
            found,
        }
    }
}

/// A single-byte legacy code page (U4): bytes below 80 are ASCII, and `high_stops` says which
/// of the others the slow path must decode.
#[derive(Clone, Copy)]
pub(crate) struct Legacy<'a, V> {
    pub high_stops: &'a HighStops,
    pub v: std::marker::PhantomData<V>,
}

impl<V: Bytes64> Classify for Legacy<'_, V> {
    const W: usize = 1;

    #[inline(always)]
    fn classify(&self, w: &[u8; WIN]) -> Masks {
        let v = V::load(w);
        let lf = v.eq(b'\n');
        let cr = v.eq(b'\r');
        // Every control stops: some pages (VISCII) give C0 bytes letters.
        let mut stop = (v.range(0x00, 0x1F) & !v.eq(b'\t') & !lf & !cr) | v.eq(0x7F);
        let high = v.high();
        if high != 0 {
            stop |= v.high_stops(w, self.high_stops);
        }
        Masks {
            lf,
            cr,
            lf_after: w[64] == b'\n',
            stop,
            starts: !0,
            nonascii: high,
            needs_high_before: false,
            high_at_end: false,
            found: 0,
        }
    }
}

/// UTF-16 (U1), either byte order.
#[derive(Clone, Copy)]
pub(crate) struct Utf16<V> {
    pub be: bool,
    pub v: std::marker::PhantomData<V>,
}

impl<V: Units16> Classify for Utf16<V> {
    const W: usize = 2;

    #[inline(always)]
    fn classify(&self, w: &[u8; WIN]) -> Masks {
        let v = V::load(w, self.be);
        let next = next16(w, self.be);
        let lf = v.eq(0x0A);
        let cr = v.eq(0x0D);
        let mut stop = (v.range(0x00, 0x1F) & !v.eq(0x09) & !lf & !cr) | v.range(0x7F, 0x9F);
        let nonascii = !v.range(0x00, 0x7F) & below(32);
        let mut starts = below(32);
        let mut needs_high_before = false;
        let mut high_at_end = false;
        // Latin, Greek, Cyrillic, Hebrew, CJK and Hangul need no closer look (decision 54).
        if nonascii & !quiet16(v) != 0 {
            stop |= v.range(0x200B, 0x200F)
                | v.range(0x2028, 0x202E)
                | v.range(0x2060, 0x2064)
                | v.range(0x2066, 0x2069)
                | v.eq(0xFEFF)
                | v.eq(0x061C)
                | hidden16(v);
            let hs = v.range(0xD800, 0xDBFF);
            let ls = v.range(0xDC00, 0xDFFF);
            if (hs | ls) != 0 {
                let low_next = after1(ls, 32, (0xDC00..=0xDFFF).contains(&next));
                // DB40: the high half of U+E0000–E03FF (tags, VS17–VS256), a finding.
                stop |= v.eq(0xDB40);
                // A high surrogate without a low one after it; a low one without a high one
                // before it (unit 0 is decided by the loop, which knows the block before).
                stop |= (hs & !low_next) | (ls & !(hs << 1) & !1);
                starts &= !ls;
                needs_high_before = ls & 1 != 0;
                high_at_end = (hs >> 31) & 1 != 0;
            }
        }
        Masks {
            lf,
            cr,
            lf_after: next == 0x0A,
            stop,
            starts,
            nonascii,
            needs_high_before,
            high_at_end,
            found: 0,
        }
    }
}

/// UTF-32 (U2), either byte order: one unit, one character. Each unit is read as two 16-bit
/// halves with the UTF-16 vector type, and the two masks of a unit are folded into one bit.
#[derive(Clone, Copy)]
pub(crate) struct Utf32<V> {
    pub be: bool,
    pub v: std::marker::PhantomData<V>,
}

/// Bits 0, 2, 4 … 62: the first 16-bit half of each UTF-32 unit.
pub(crate) const EVEN: u64 = 0x5555_5555;

impl<V: Units16> Classify for Utf32<V> {
    const W: usize = 4;
    const S: usize = 2;

    #[inline(always)]
    fn classify(&self, w: &[u8; WIN]) -> Masks {
        let v = V::load(w, self.be);
        // Little-endian units are (low half, high half) in lanes 2k, 2k+1; big-endian ones,
        // byte-swapped per lane, are (high, low). Masks about either half move to lane 2k.
        let (low, high) = if self.be { (1, 0) } else { (0, 1) };
        let lo = |m: u64| (m >> low) & EVEN;
        let hi = |m: u64| (m >> high) & EVEN;
        let next = next32(w, self.be);
        let bmp = hi(v.eq(0));
        let lf = bmp & lo(v.eq(0x0A));
        let cr = bmp & lo(v.eq(0x0D));
        let controls =
            (v.range(0x00, 0x1F) & !v.eq(0x09) & !v.eq(0x0A) & !v.eq(0x0D)) | v.range(0x7F, 0x9F);
        let mut stop = bmp & lo(controls);
        let nonascii = !(bmp & lo(v.range(0x00, 0x7F))) & EVEN;
        if nonascii & !quiet32(v, bmp, lo, hi) != 0 {
            // Above 10FFFF (P6); a surrogate (P1); U+FEFF (P4); LS, PS; findings.
            let plane_ok = hi(v.range(0x0000, 0x0010));
            let special = v.range(0xD800, 0xDFFF)
                | v.range(0x200B, 0x200F)
                | v.range(0x2028, 0x202E)
                | v.range(0x2060, 0x2064)
                | v.range(0x2066, 0x2069)
                | v.eq(0xFEFF)
                | v.eq(0x061C)
                | hidden16(v);
            // Plane 14 (U+E0000–EFFFF: tags, VS17–VS256), findings.
            let plane14 = hi(v.eq(0x000E));
            stop |= (!plane_ok & EVEN) | (bmp & lo(special)) | plane14;
        }
        Masks {
            lf,
            cr,
            lf_after: next == 0x0A,
            stop,
            starts: EVEN,
            nonascii,
            needs_high_before: false,
            high_at_end: false,
            found: 0,
        }
    }
}
