//! The Unicode parsers without a mark: D3 (utf-8), D4 (utf-32), D5 (utf-16 with Latin text)
//! and D8 (utf-16 beyond Latin).

use super::legacy::Assessment;
use super::stats::Stats;
use super::{binary_reason, pct, stat_figures, stats, Outcome};
use crate::format::Format;

/// D3.
pub(super) fn utf8(window: &[u8], at_eof: bool) -> Outcome {
    let s = stats(Format::Utf8, window, at_eof);
    let mut figs = stat_figures(&s);
    figs.extend([
        ("valid_multibyte", s.multibyte),
        ("invalid_sequences", s.invalid_utf8),
    ]);
    let tolerated = s.invalid_utf8 == 0 || (s.multibyte > 0 && s.invalid_utf8 * 10 <= s.multibyte);
    if !tolerated {
        let reason = format!(
            "{} invalid sequences against {} valid multi-byte ones (at most one in ten is tolerated)",
            s.invalid_utf8, s.multibyte
        );
        return Outcome::new(false, "too_many_invalid", reason, figs);
    }
    if let Some((code, r)) = binary_reason(&s) {
        return Outcome::new(false, code, r, figs);
    }
    let (code, reason) = if s.multibyte == 0 && s.invalid_utf8 == 0 && s.truncated == 0 {
        ("ascii", "no byte above 7F: ASCII".to_string())
    } else if s.invalid_utf8 == 0 {
        (
            "valid_multibyte",
            format!("{} valid multi-byte sequences, none invalid", s.multibyte),
        )
    } else {
        (
            "invalid_within_tolerance",
            format!(
                "{} valid multi-byte sequences and {} invalid (within one in ten)",
                s.multibyte, s.invalid_utf8
            ),
        )
    };
    Outcome::new(true, code, reason, figs)
}

/// D4.
pub(super) fn utf32(format: Format, window: &[u8], at_eof: bool) -> Outcome {
    let s = stats(format, window, at_eof);
    let units = (window.len() / 4) as u64;
    let bad = s.surrogates + s.above_max;
    let mut figs = stat_figures(&s);
    figs.extend([("units", units), ("non_scalar_units", bad)]);
    if units == 0 {
        return Outcome::new(
            false,
            "no_whole_unit",
            "fewer than 4 bytes: no whole unit".into(),
            figs,
        );
    }
    if bad > 0 {
        let reason = format!(
            "{bad} of {units} units are not Unicode scalar values ({})",
            pct(bad, units)
        );
        return Outcome::new(false, "non_scalar_units", reason, figs);
    }
    if let Some((code, r)) = binary_reason(&s) {
        return Outcome::new(false, code, r, figs);
    }
    let reason = format!("all {units} units are Unicode scalar values");
    Outcome::new(true, "all_scalar_values", reason, figs)
}

/// D5 (and its mirror for big-endian), with the window's counts read as `format` (`s`).
pub(super) fn utf16(format: Format, window: &[u8], s: &Stats) -> Outcome {
    let be = format == Format::Utf16Be;
    // The byte that is high in each unit: odd offsets for LE, even for BE.
    // Over whole units (first byte, second byte), then the odd byte at the end: its offset
    // is even, so it is the low byte in LE and the high one in BE.
    let (units, odd) = window.as_chunks::<2>();
    let (mut first_zero, mut second_zero) = (0u64, 0u64);
    for &[a, b] in units {
        first_zero += u64::from(a == 0);
        second_zero += u64::from(b == 0);
    }
    let odd_zero = odd.iter().filter(|&&b| b == 0).count() as u64;
    let (high_zero, high_total, low_zero) = if be {
        (
            first_zero + odd_zero,
            (units.len() + odd.len()) as u64,
            second_zero,
        )
    } else {
        (second_zero, units.len() as u64, first_zero + odd_zero)
    };
    let first_units_small = window.as_chunks::<2>().0.iter().take(8).all(|&u| {
        let v = if be {
            u16::from_be_bytes(u)
        } else {
            u16::from_le_bytes(u)
        };
        v <= 0xFF
    });
    let mut figs = stat_figures(s);
    let (hi_name, lo_name) = if be { ("even", "odd") } else { ("odd", "even") };
    let units = (window.len() / 2) as u64;
    figs.extend([
        ("units", units),
        ("high_bytes", high_total),
        ("high_zero_bytes", high_zero),
        ("low_zero_bytes", low_zero),
    ]);
    // D5 as amended: at least one whole unit (a lone 00 byte is binary, not UTF-16BE).
    if units == 0 {
        return Outcome::new(
            false,
            "no_whole_unit",
            "fewer than 2 bytes: no whole unit".into(),
            figs,
        );
    }
    if high_zero * 4 < high_total {
        let reason = format!(
            "only {} of the {hi_name}-offset bytes are 00 (at least 25 % needed)",
            pct(high_zero, high_total)
        );
        return Outcome::new(false, "zero_share_too_low", reason, figs);
    }
    if low_zero * 20 > high_zero {
        let reason = format!(
            "{low_zero} 00 bytes at {lo_name} offsets against {high_zero} at {hi_name} offsets (at most one in twenty allowed)"
        );
        return Outcome::new(false, "zeros_on_wrong_side", reason, figs);
    }
    if !first_units_small {
        let reason = "one of the first eight units is above 00FF".to_string();
        return Outcome::new(false, "first_units_not_latin", reason, figs);
    }
    if let Some((code, r)) = binary_reason(s) {
        return Outcome::new(false, code, r, figs);
    }
    let reason = format!(
        "{} of the {hi_name}-offset bytes are 00, {low_zero} at {lo_name} offsets; the first units are ≤ 00FF",
        pct(high_zero, high_total)
    );
    Outcome::new(true, "zero_pattern", reason, figs)
}

/// The common ideographs (GB 2312 level 1, Big5 level 1, JIS X 0208 level 1) and the Hangul
/// of KS X 1001, as one bit per code point from U+4E00 and from U+AC00: decoded once from the
/// standards' own byte ranges with encoding_rs.
struct Common {
    han: Vec<u64>,
    hangul: Vec<u64>,
}

fn common() -> &'static Common {
    static COMMON: std::sync::OnceLock<Common> = std::sync::OnceLock::new();
    COMMON.get_or_init(|| {
        let mut han = vec![0u64; (0xA000 - 0x4E00) / 64 + 1];
        let mut hangul = vec![0u64; (0xD7A4 - 0xAC00) / 64 + 1];
        let mut mark = |enc: &'static encoding_rs::Encoding,
                        leads: std::ops::RangeInclusive<u8>,
                        trails: &[std::ops::RangeInclusive<u8>]| {
            for l in leads {
                for t in trails.iter().flat_map(|r| r.clone()) {
                    let pair = [l, t];
                    let Some(s) = enc.decode_without_bom_handling_and_without_replacement(&pair)
                    else {
                        continue;
                    };
                    for c in s.chars() {
                        let v = u32::from(c) as usize;
                        let (set, base) = if (0x4E00..0xA000).contains(&v) {
                            (&mut han, 0x4E00)
                        } else if (0xAC00..0xD7A4).contains(&v) {
                            (&mut hangul, 0xAC00)
                        } else {
                            continue;
                        };
                        if let Some(w) = set.get_mut((v - base) / 64) {
                            *w |= 1 << ((v - base) % 64);
                        }
                    }
                }
            }
        };
        mark(encoding_rs::GBK, 0xB0..=0xD7, &[0xA1..=0xFE]);
        mark(encoding_rs::BIG5, 0xA4..=0xC6, &[0x40..=0x7E, 0xA1..=0xFE]);
        mark(
            encoding_rs::SHIFT_JIS,
            0x88..=0x98,
            &[0x40..=0x7E, 0x80..=0xFC],
        );
        mark(encoding_rs::EUC_KR, 0xB0..=0xC8, &[0xA1..=0xFE]);
        Common { han, hangul }
    })
}

fn in_set(set: &[u64], base: u32, c: char) -> bool {
    let v = (u32::from(c) - base) as usize;
    set.get(v / 64).is_some_and(|w| w & (1 << (v % 64)) != 0)
}

/// Issue 38 (D8): a Han ideograph outside the common sets, or of Extension A, counts as
/// noise. At 0.35 (to let text of rare ideographs through), windows-1252 prose read in pairs
/// became UTF-16BE ideographs (tests/data/windows-1252.txt): rare-ideograph UTF-16 without a
/// mark stays binary until a rule tells them apart.
const RARE_HAN: f64 = 1.0;

/// How much a character read from UTF-16 looks like noise, on D12's scale (0 text, 1 noise):
/// a Han ideograph counts as text when one of the national standards has it among its common
/// characters (GB 2312 level 1, Big5 level 1, JIS X 0208 level 1), a Hangul syllable when KS X
/// 1001 has it; letters of other scripts, kana and punctuation count as text.
fn noise(c: char) -> f64 {
    if ('\u{4E00}'..='\u{9FFF}').contains(&c) {
        return if in_set(&common().han, 0x4E00, c) {
            0.1
        } else {
            RARE_HAN
        };
    }
    if ('\u{3400}'..='\u{4DBF}').contains(&c) {
        return RARE_HAN;
    }
    match c {
        '\u{AC00}'..='\u{D7A3}' if in_set(&common().hangul, 0xAC00, c) => 0.1,
        '\u{AC00}'..='\u{D7A3}' => 1.0,
        '\u{3000}'..='\u{30FF}' | '\u{FF01}'..='\u{FF5E}' | '\u{2010}'..='\u{206F}' => 0.1,
        c if c.is_ascii_graphic() || c.is_whitespace() => 0.0,
        c if letter_or_digit(c) => 0.2,
        _ => 1.0,
    }
}

/// `c.is_alphabetic() || c.is_numeric()`, from a table of the Basic Multilingual Plane built
/// 256 code points at a time as they are met: the standard library's lookup was a fifth of the
/// time of detecting a small UTF-16 file, whose units are read here one by one.
fn letter_or_digit(c: char) -> bool {
    static BLOCKS: [std::sync::OnceLock<[u64; 4]>; 256] =
        [const { std::sync::OnceLock::new() }; 256];
    let v = u32::from(c) as usize;
    let Some(block) = BLOCKS.get(v >> 8) else {
        return c.is_alphabetic() || c.is_numeric();
    };
    let bits = block.get_or_init(|| {
        let mut bits = [0u64; 4];
        for low in 0..256u32 {
            let x = char::from_u32(((v as u32) & !0xFF) | low);
            if x.is_some_and(|x| x.is_alphabetic() || x.is_numeric()) {
                if let Some(w) = bits.get_mut(low as usize / 64) {
                    *w |= 1 << (low % 64);
                }
            }
        }
        bits
    });
    bits.get((v & 0xFF) / 64)
        .is_some_and(|w| w & (1 << (v % 64)) != 0)
}

/// The most noise per character a D8 reading may have (common ideographs cost 0.1, other
/// letters 0.2, rare ideographs and symbols 1).
const MAX_NOISE: f64 = 0.4;

/// Issue 38 (D8): fewer units than this, in a window without a 00 byte or of odd length, are
/// too few to tell UTF-16 from chance.
const EVIDENCE_UNITS: u64 = 32;

/// Issue 38 (D8): the most a reading without evidence beyond chance may cost per byte: nearly
/// every character a common one (common ideographs cost 0.05 per byte).
const STRONG_COST: f64 = 0.06;

/// The D8 cost of a UTF-16 reading: the mean noise of its characters per unit.
fn utf16_cost(format: Format, window: &[u8]) -> f64 {
    let be = format == Format::Utf16Be;
    let units = window.as_chunks::<2>().0;
    let total: f64 = char::decode_utf16(units.iter().map(|u| {
        if be {
            u16::from_be_bytes(*u)
        } else {
            u16::from_le_bytes(*u)
        }
    }))
    .map(|c| c.map_or(1.0, noise))
    .sum();
    total / units.len().max(1) as f64
}

/// D8: after both D5 parsers turned the file down, a UTF-16 reading is accepted when it is
/// well-formed, has at most one unit in a hundred private use or a noncharacter, is not
/// binary, and is more plausible than every legacy reading of the same bytes.
/// `s`: the window's counts read as `format` (the same as D5's).
pub(super) fn utf16_beyond_latin(
    format: Format,
    window: &[u8],
    at_eof: bool,
    s: &Stats,
    legacy: &Assessment,
) -> Outcome {
    let units = (window.len() / 2) as u64;
    let mut figs = stat_figures(s);
    figs.extend([
        ("units", units),
        ("unpaired_surrogates", s.surrogates),
        ("unusual_units", s.unusual),
    ]);
    if units == 0 {
        return Outcome::new(
            false,
            "no_whole_unit",
            "fewer than 2 bytes: no whole unit".into(),
            figs,
        );
    }
    if s.surrogates > 0 {
        let reason = format!(
            "beyond Latin: {} unpaired surrogates in {units} units",
            s.surrogates
        );
        return Outcome::new(false, "utf16_ill_formed", reason, figs);
    }
    if s.unusual * 100 > units {
        let reason = format!(
            "beyond Latin: {} of the units are private use or noncharacters ({} of {units}; at most one in a hundred)",
            pct(s.unusual, units),
            s.unusual
        );
        return Outcome::new(false, "utf16_unusual_units", reason, figs);
    }
    if let Some((code, r)) = binary_reason(s) {
        return Outcome::new(false, code, r, figs);
    }
    // Both per byte on D12's scale (0 text, 1 noise), in thousandths for the figures.
    let own = utf16_cost(format, window) / 2.0;
    figs.push(("cost_milli", (own * 1000.0).round() as u64));
    figs.push(("max_cost_milli", (MAX_NOISE / 2.0 * 1000.0).round() as u64));
    // Bytes of ASCII text read in pairs give ideographs, some common: such a reading is Latin
    // text in a code page, not UTF-16 beyond Latin (CJK text has far fewer such units). Only
    // printable bytes count: TAB, LF and CR are the high bytes of Devanagari (U+09xx), Gurmukhi
    // (U+0Axx) and Malayalam (U+0Dxx), so Hindi, Marathi, Nepali, Punjabi and Malayalam in
    // UTF-16 were "two ASCII bytes" in nearly every unit (issue 38); Latin text has few.
    let ascii_pairs = window
        .as_chunks::<2>()
        .0
        .iter()
        .filter(|u| u.iter().all(|&b| matches!(b, 0x20..=0x7E)))
        .count() as u64;
    figs.push(("ascii_pair_units", ascii_pairs));
    if ascii_pairs * 10 > units * 6 {
        let reason = format!(
            "beyond Latin: {} of the units are two ASCII bytes ({ascii_pairs} of {units}; at most 60 %): ASCII text, not UTF-16",
            pct(ascii_pairs, units)
        );
        return Outcome::new(false, "utf16_less_plausible", reason, figs);
    }
    // Whatever legacy says, a reading that is mostly noise is not text: bytes of ASCII read in
    // pairs give rare ideographs, which is what Latin text in a code page looks like here.
    if own > MAX_NOISE / 2.0 {
        let reason = format!(
            "beyond Latin: well-formed, but its characters look like noise (cost {own:.3} per byte; at most {:.3})",
            MAX_NOISE / 2.0
        );
        return Outcome::new(false, "utf16_less_plausible", reason, figs);
    }
    // Issue 38 (D8, D13): a UTF-16 reading needs evidence beyond chance. A file of odd length
    // read as UTF-16 ends in a character cut short, and a short one with no 00 byte has no
    // ASCII character at all (no space, no line end): any run of bytes reads as some
    // ideographs. Such a reading is taken only when it is long enough to tell and nearly every
    // character is a common one (`café crème` read big-endian is five ideographs and a cut
    // byte).
    let odd = at_eof && window.len() % 2 == 1;
    let short = units < EVIDENCE_UNITS && !window.contains(&0);
    if (odd && units < EVIDENCE_UNITS) || ((odd || short) && own > STRONG_COST) {
        let reason = format!(
            "beyond Latin: {}, and its reading is not plausible enough to tell (cost {own:.3} per byte; such a file needs at most {STRONG_COST:.3})",
            if odd {
                format!("{} bytes, an odd number, would end in a character cut short", window.len())
            } else {
                format!("{units} units without a 00 byte hold no ASCII character")
            }
        );
        return Outcome::new(false, "utf16_less_plausible", reason, figs);
    }
    match legacy.cost_per_byte() {
        Some((page, other)) => {
            figs.push((
                "legacy_cost_milli",
                (other * 1000.0).round().max(0.0) as u64,
            ));
            if own < other {
                let reason = format!(
                    "beyond Latin: well-formed, and more plausible as text than the best legacy reading ({}): cost {:.3} against {:.3}",
                    page.name(),
                    own,
                    other
                );
                Outcome::new(true, "utf16_plausible", reason, figs)
            } else {
                let reason = format!(
                    "beyond Latin: well-formed, but less plausible as text than the legacy reading {}: cost {:.3} against {:.3}",
                    page.name(),
                    own,
                    other
                );
                Outcome::new(false, "utf16_less_plausible", reason, figs)
            }
        }
        None => {
            let reason =
                "beyond Latin: well-formed, and no legacy reading of the bytes is text".to_string();
            Outcome::new(true, "utf16_plausible", reason, figs)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_letter_table_is_the_standard_librarys() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                super::letter_or_digit(c),
                c.is_alphabetic() || c.is_numeric(),
                "{c:?}"
            );
        }
    }
}
