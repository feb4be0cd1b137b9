//! [`super::stats_in`] for UTF-32.

use super::{sum, Stats, C0_CONTROLS, UNITS};
use crate::decode::{Bad, Sink};

/// [`super::stats_in`] for UTF-32 in one loop over the units (D4 reads every window without a mark
/// as UTF-32LE and UTF-32BE). A block without ESC, with no escape sequence pending, is
/// counted in sums the compiler can run in vector registers (most of a window in a code page
/// is units above 10FFFF).
pub(super) fn utf32_stats(be: bool, bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats {
        ansi_on: true,
        ..Stats::default()
    };
    let (units, rest) = bytes.as_chunks::<4>();
    if !bytes.contains(&0) {
        // Without a 00 byte every unit is above 10FFFF (its top byte is not 00): each is a
        // unit that is no code point, and none is ESC (decision 64; most windows read as
        // UTF-32 are text in UTF-8 or a code page).
        let n = units.len() as u64;
        s.chars = n;
        s.above_max = n;
        if at_eof && !rest.is_empty() {
            s.bad(Bad::Truncated, 0, &[]);
        }
        return s;
    }
    let value = |unit: [u8; 4]| {
        if be {
            u32::from_be_bytes(unit)
        } else {
            u32::from_le_bytes(unit)
        }
    };
    let (blocks, tail) = units.as_chunks::<UNITS>();
    for block in blocks {
        let block = block.map(value);
        if s.ansi.is_idle() && !block.contains(&0x1B) {
            let scalar = |v: u32| v <= 0x10FFFF && v & 0xFFFF_F800 != 0xD800;
            s.chars += UNITS as u64;
            s.surrogates += sum(&block, |v| v & 0xFFFF_F800 == 0xD800);
            s.above_max += sum(&block, |v| v > 0x10FFFF);
            s.nul += sum(&block, |v| v == 0);
            s.controls += sum(&block, |v| {
                (v < 0x20) & (C0_CONTROLS >> (v & 0x1F) & 1 != 0)
                    | (v == 0x7F)
                    | ((0x80..=0x9F).contains(&v) & (v != 0x85))
            });
            s.multibyte += sum(&block, |v| (v >= 0x80) & scalar(v));
            s.unusual += sum(&block, |v| {
                (0xE000..=0xF8FF).contains(&v)
                    | (0xFDD0..=0xFDEF).contains(&v)
                    | ((v & 0xFFFE == 0xFFFE) & (v <= 0x10FFFF))
            });
            continue;
        }
        for v in block {
            utf32_unit(&mut s, v);
        }
    }
    for &unit in tail {
        utf32_unit(&mut s, value(unit));
    }
    if at_eof && !rest.is_empty() {
        s.bad(Bad::Truncated, 0, &[]);
    }
    s.settle();
    s
}

/// One UTF-32 unit.
#[inline]
fn utf32_unit(s: &mut Stats, v: u32) {
    match v {
        0xD800..=0xDFFF => s.bad(Bad::UnpairedSurrogate, 0, &[]),
        _ => match char::from_u32(v) {
            Some(c) => s.put(c, true),
            None => s.bad(Bad::InvalidCodePoint, 0, &[]),
        },
    }
}
