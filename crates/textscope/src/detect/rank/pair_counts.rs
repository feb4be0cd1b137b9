//! The first pass of D12's pricing counts, for each page, the window's byte pairs that pay a
//! penalty ([`PairCounts`]), by classes of bytes worked out once per run ([`PairTable`]); the
//! counts are whole numbers, packed two to a word, so that one page's may be reached from
//! another's (decision 50). `price.rs` turns them into costs.

use super::byte_info::{PairCode, JOINS, LOWER, ODD, OPENS, QUOTE, UPPER};

/// What the first pass counts over the window's byte pairs for one page: whole numbers, so
/// that a page's counts may be reached from another page's (decision 50).
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub(super) struct PairCounts {
    /// Pairs that pay [`super::lang::TOUCH_COST`] (a symbol against a letter, an Arabic form that joins
    /// nothing), once for each; „ or ‚ before an edge once, after a letter twice.
    pub(super) touch: u64,
    /// A lower-case letter then a capital ([`super::lang::CASE_COST`]).
    pub(super) case: u64,
    /// Two letters of different scripts ([`super::lang::MIX_COST`]).
    pub(super) mix: u64,
    /// Pairs the models price (not two edges).
    pub(super) scored: u64,
    /// A typographic quote (’ or ‘) against a letter ([`super::lang::QUOTE_COST`]).
    pub(super) quote: u64,
}

impl PairCounts {
    /// One pair's counts.
    fn of(a: PairCode, z: PairCode) -> PairCounts {
        let (x_edge, y_edge) = (a.edge(), z.edge());
        // Issue 38: „ and ‚ open a quotation, so before a letter they are where they belong
        // and free; before an edge (a space, a digit, punctuation) they are a misread byte
        // (IBM850's é read by windows-1252 in `caf‚ au lait`), and after a letter they pay as
        // on both sides (DOS's ä read as „ inside `M„dchen` costs what it did as a symbol).
        let opens = if a.has(OPENS) {
            u64::from(y_edge)
        } else if z.has(OPENS) {
            2 * u64::from(!x_edge)
        } else {
            0
        };
        if x_edge && y_edge {
            return PairCounts {
                touch: opens,
                ..PairCounts::default()
            };
        }
        let odd = |c: PairCode| c.has(ODD) && !c.has(OPENS);
        PairCounts {
            touch: opens
                + u64::from((odd(a) && !y_edge) || (odd(z) && !x_edge))
                + u64::from(a.has(JOINS) && y_edge),
            // A lower-case letter followed by a capital, or two letters of different
            // scripts, is rare inside a word of real text and common in a misread one
            // (x-mac-cyrillic's я is windows-1251's Я; an Armenian letter inside a Dutch
            // word).
            case: u64::from(a.has(LOWER) && z.has(UPPER)),
            mix: u64::from(!x_edge && !y_edge && a.script() != z.script()),
            scored: 1,
            // Issue 38: a page that reads a letter's byte as ’ or ‘ splits the word into two
            // cheap ones (Dutch "geïnstalleerd" as IBM775 "ge’nstalleerd"); the quote beside
            // a letter pays, once for each side it touches.
            quote: u64::from((a.has(QUOTE) && !y_edge) || (z.has(QUOTE) && !x_edge)),
        }
    }

    /// Two counts in each word, 32 bits each: a window's counts stay far below 2^32 (at most
    /// two for each of its pairs, and a window is at most [`crate::detect::WINDOW`] bytes), and a sum
    /// of packed counts is the packed sums (wrapping, where a page's counts reached from
    /// another's pass below 0 on the way).
    pub(super) fn pack(self) -> Packed {
        [
            self.touch | self.case << 32,
            self.mix | self.scored << 32,
            self.quote,
        ]
    }

    pub(super) fn unpack([a, b, q]: Packed) -> PairCounts {
        PairCounts {
            touch: a & 0xFFFF_FFFF,
            case: a >> 32,
            mix: b & 0xFFFF_FFFF,
            scored: b >> 32,
            quote: q,
        }
    }
}

/// [`PairCounts`] packed: two counts to each of the first two words, the quotes in the third.
pub(super) type Packed = [u64; 3];

/// A page's pair counts by the classes of its two bytes: the bytes with the same pair code
/// are one class (a page has a few dozen), and the counts of a pair of classes are worked out
/// once per run rather than for every pair of every window.
pub(super) struct PairTable {
    class: [u8; 256],
    classes: usize,
    /// Row `a`, column `b`: the packed counts of a pair of a byte of class `a` then one of
    /// class `b`.
    counts: Vec<Packed>,
}

impl PairTable {
    pub(super) fn of(codes: &[PairCode; 256]) -> PairTable {
        let mut seen: Vec<PairCode> = Vec::new();
        let mut class = [0u8; 256];
        for (o, c) in class.iter_mut().zip(codes) {
            let at = match seen.iter().position(|s| s.0 == c.0) {
                Some(at) => at,
                None => {
                    seen.push(*c);
                    seen.len() - 1
                }
            };
            *o = u8::try_from(at).unwrap_or(u8::MAX);
        }
        let counts = seen
            .iter()
            .flat_map(|&a| seen.iter().map(move |&z| PairCounts::of(a, z).pack()))
            .collect();
        PairTable {
            class,
            classes: seen.len(),
            counts,
        }
    }

    /// The packed counts of the pair `k` (first byte << 8 | second) of a page whose bytes'
    /// codes are `codes`, worked out from them: what [`PairTable::pair`] gives, without the
    /// table (issue 42: a window of a few pairs need not build a hundred pages' tables).
    pub(super) fn pair_of(codes: &[PairCode; 256], k: u16) -> Packed {
        let code = |x: u16| codes.get(usize::from(x)).copied().unwrap_or(PairCode(0));
        PairCounts::of(code(k >> 8), code(k & 0xFF)).pack()
    }

    /// The packed counts of the pair `k` (first byte << 8 | second).
    #[inline]
    pub(super) fn pair(&self, k: u16) -> Packed {
        let class = |x: u16| usize::from(self.class.get(usize::from(x)).copied().unwrap_or(0));
        let at = class(k >> 8) * self.classes + class(k & 0xFF);
        self.counts.get(at).copied().unwrap_or_default()
    }
}

/// Adds `n` times the packed counts `p` to `acc` (or takes them away).
#[inline]
pub(super) fn add_packed(acc: &mut Packed, p: Packed, n: u64, take: bool) {
    for (o, v) in acc.iter_mut().zip(p) {
        let v = v.wrapping_mul(n);
        *o = if take {
            o.wrapping_sub(v)
        } else {
            o.wrapping_add(v)
        };
    }
}
