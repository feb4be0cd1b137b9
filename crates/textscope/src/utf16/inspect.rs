//! From text: each code point's units, bytes, plane, name and pair derivation (I1).

use serde::Serialize;
use unicode_segmentation::UnicodeSegmentation;

use super::unit_hex;

/// What the inspector reports about a text (I1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Inspection {
    /// The text inspected (raw; show it through `preview::visible`).
    pub text: String,
    /// One entry per code point, in order.
    pub code_points: Vec<CodePointInfo>,
    /// Counts over the whole text.
    pub totals: Totals,
}

/// Counts over a text (I1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Code points (Unicode scalar values).
    pub code_points: usize,
    /// UTF-16 code units.
    pub utf16_units: usize,
    /// UTF-16 bytes (the same in either byte order, no mark): twice the units.
    pub bytes: usize,
    /// Extended grapheme clusters (UAX #29, crate `unicode-segmentation`).
    pub graphemes: usize,
}

/// One code point of an inspected text (I1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CodePointInfo {
    /// 0-based index among the text's code points.
    pub index: usize,
    /// 0-based index of its first UTF-16 unit in the text.
    pub unit_offset: usize,
    /// 0-based index of the extended grapheme cluster it belongs to.
    pub grapheme: usize,
    /// The character itself (raw; show it through `preview::push_visible`).
    pub character: char,
    /// `U+XXXX` (at least four upper-case hex digits).
    pub code_point: String,
    /// The scalar value as a number.
    pub value: u32,
    /// The Unicode Name property, `None` for characters without one (controls, private use,
    /// noncharacters, unassigned).
    pub name: Option<String>,
    /// The name, or else the Unicode code point label (`<control-0009>`, `<private-use-E000>`,
    /// `<noncharacter-FFFE>`, `<reserved-50000>`); see [`label`].
    pub label: String,
    /// The plane it lies in.
    pub plane: Plane,
    /// Its UTF-16 units, upper-case hex: `["D83D", "DE00"]`.
    pub utf16: Vec<String>,
    /// Its UTF-16BE bytes as upper-case hex pairs: `"D8 3D DE 00"`.
    pub utf16be: String,
    /// Its UTF-16LE bytes as upper-case hex pairs: `"3D D8 00 DE"`.
    pub utf16le: String,
    /// For a supplementary character (U+10000 and above), how its surrogate pair is derived.
    pub derivation: Option<Derivation>,
}

/// A Unicode plane (I1): 0 BMP, 1 SMP, 2 SIP, 3 TIP, 14 SSP, 15–16 private use; 4–13 unassigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Plane {
    /// 0–16.
    pub number: u8,
    /// The customary abbreviation (`BMP`, `SMP`, `SIP`, `TIP`, `SSP`, `SPUA-A`, `SPUA-B`), `None`
    /// for the unassigned planes 4–13.
    pub abbr: Option<&'static str>,
    /// The plane's name, `unassigned` for planes 4–13.
    pub name: &'static str,
}

/// How a supplementary character becomes a surrogate pair (I1), with the check back.
///
/// For U+1F600: C − 10000 = F600; high ten bits 03D, low ten bits 200; D800 + 03D = D83D,
/// DC00 + 200 = DE00; (D83D − D800) × 400 + (DE00 − DC00) + 10000 = 1F600.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Derivation {
    /// C − 0x10000, a 20-bit value.
    pub offset: u32,
    /// The 20 bits as two groups of ten binary digits, high then low: `"0000111101 1000000000"`.
    pub bits: String,
    /// The high ten bits, `offset >> 10`.
    pub high_ten_bits: u16,
    /// The low ten bits, `offset & 0x3FF`.
    pub low_ten_bits: u16,
    /// 0xD800 + high ten bits.
    pub high_surrogate: u16,
    /// 0xDC00 + low ten bits.
    pub low_surrogate: u16,
    /// The code point computed back from the pair; always equals the character.
    pub check: u32,
    /// The same, as readable steps in hex.
    pub steps: Vec<DerivationStep>,
}

/// One step of a [`Derivation`], in hex: `what`: `expression` = `result`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DerivationStep {
    /// What the step computes, e.g. `high surrogate`.
    pub what: &'static str,
    /// The computation, e.g. `D800 + 03D`.
    pub expression: String,
    /// Its result, e.g. `D83D`.
    pub result: String,
}

/// Inspects a text (I1): every code point, and the totals.
pub fn inspect(text: &str) -> Inspection {
    let mut code_points = Vec::with_capacity(text.len());
    let mut units = 0;
    let mut graphemes = 0;
    for (g, cluster) in text.graphemes(true).enumerate() {
        graphemes = g + 1;
        for c in cluster.chars() {
            code_points.push(code_point_info(c, code_points.len(), units, g));
            units += c.len_utf16();
        }
    }
    let totals = Totals {
        code_points: code_points.len(),
        utf16_units: units,
        bytes: units * 2,
        graphemes,
    };
    Inspection {
        text: text.to_owned(),
        code_points,
        totals,
    }
}

fn code_point_info(c: char, index: usize, unit_offset: usize, grapheme: usize) -> CodePointInfo {
    let mut buf = [0u16; 2];
    let units: &[u16] = c.encode_utf16(&mut buf);
    let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
    let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    CodePointInfo {
        index,
        unit_offset,
        grapheme,
        character: c,
        code_point: format!("U+{:04X}", c as u32),
        value: c as u32,
        name: name(c),
        label: label(c),
        plane: plane(c as u32),
        utf16: units.iter().map(|&u| unit_hex(u)).collect(),
        utf16be: crate::hex(&be),
        utf16le: crate::hex(&le),
        derivation: derive(c),
    }
}

/// The plane of a code point (I1); values above 10FFFF are clamped to plane 16.
pub fn plane(code_point: u32) -> Plane {
    let number = (code_point >> 16).min(16) as u8;
    let (abbr, name) = match number {
        0 => (Some("BMP"), "Basic Multilingual Plane"),
        1 => (Some("SMP"), "Supplementary Multilingual Plane"),
        2 => (Some("SIP"), "Supplementary Ideographic Plane"),
        3 => (Some("TIP"), "Tertiary Ideographic Plane"),
        14 => (Some("SSP"), "Supplementary Special-purpose Plane"),
        15 => (Some("SPUA-A"), "Supplementary Private Use Area-A"),
        16 => (Some("SPUA-B"), "Supplementary Private Use Area-B"),
        _ => (None, "unassigned"),
    };
    Plane { number, abbr, name }
}

/// The Unicode Name property of `c` (Unicode 17.0 tables of crate `unicode_names2`), `None`
/// when it has none.
pub fn name(c: char) -> Option<String> {
    unicode_names2::name(c).map(|n| n.to_string())
}

/// The name of `c`, or else its Unicode code point label (The Unicode Standard §4.8):
/// `<control-XXXX>`, `<private-use-XXXX>`, `<noncharacter-XXXX>`, or `<reserved-XXXX>` for a
/// code point the name tables do not know (unassigned as of Unicode 17.0).
pub fn label(c: char) -> String {
    if let Some(n) = name(c) {
        return n;
    }
    let v = c as u32;
    let kind = if c.is_control() {
        "control"
    } else if matches!(v, 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD) {
        "private-use"
    } else if is_noncharacter(v) {
        "noncharacter"
    } else {
        "reserved"
    };
    format!("<{kind}-{v:04X}>")
}

/// True for the 66 noncharacters: FDD0–FDEF and the last two code points of every plane.
pub(crate) fn is_noncharacter(v: u32) -> bool {
    (0xFDD0..=0xFDEF).contains(&v) || (v & 0xFFFE == 0xFFFE && v <= 0x10_FFFF)
}

/// The surrogate-pair derivation of a supplementary character (I1), `None` for a BMP one.
pub fn derive(c: char) -> Option<Derivation> {
    let v = c as u32;
    if v < 0x1_0000 {
        return None;
    }
    let offset = v - 0x1_0000;
    let high = (offset >> 10) as u16;
    let low = (offset & 0x3FF) as u16;
    let hs = 0xD800 + high;
    let ls = 0xDC00 + low;
    let check = (u32::from(hs - 0xD800) << 10) + u32::from(ls - 0xDC00) + 0x1_0000;
    let step = |what, expression: String, result: String| DerivationStep {
        what,
        expression,
        result,
    };
    let steps = vec![
        step(
            "C − 10000",
            format!("{v:04X} − 10000"),
            format!("{offset:05X}"),
        ),
        step(
            "high ten bits",
            format!("{offset:05X} >> 10"),
            format!("{high:03X}"),
        ),
        step(
            "low ten bits",
            format!("{offset:05X} & 3FF"),
            format!("{low:03X}"),
        ),
        step("high surrogate", format!("D800 + {high:03X}"), unit_hex(hs)),
        step("low surrogate", format!("DC00 + {low:03X}"), unit_hex(ls)),
        step(
            "check",
            format!("({hs:04X} − D800) × 400 + ({ls:04X} − DC00) + 10000"),
            format!("{check:04X}"),
        ),
    ];
    Some(Derivation {
        offset,
        bits: format!("{high:010b} {low:010b}"),
        high_ten_bits: high,
        low_ten_bits: low,
        high_surrogate: hs,
        low_surrogate: ls,
        check,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i1_derivation_seed_u1f600() {
        let d = derive('😀').unwrap();
        assert_eq!(d.offset, 0xF600);
        assert_eq!(d.high_ten_bits, 0x03D);
        assert_eq!(d.low_ten_bits, 0x200);
        assert_eq!(d.high_surrogate, 0xD83D);
        assert_eq!(d.low_surrogate, 0xDE00);
        assert_eq!(d.check, 0x1F600);
        assert_eq!(d.bits, "0000111101 1000000000");
        let results: Vec<&str> = d.steps.iter().map(|s| s.result.as_str()).collect();
        assert_eq!(results, ["0F600", "03D", "200", "D83D", "DE00", "1F600"]);
    }

    #[test]
    fn i1_no_derivation_in_the_bmp() {
        assert!(derive('A').is_none());
        assert!(derive('\u{FFFF}').is_none());
    }

    #[test]
    fn i1_planes() {
        let abbr = |v| plane(v).abbr;
        assert_eq!(abbr(0x41), Some("BMP"));
        assert_eq!(abbr(0x1F600), Some("SMP"));
        assert_eq!(abbr(0x2A6A5), Some("SIP"));
        assert_eq!(abbr(0x30000), Some("TIP"));
        assert_eq!(abbr(0xE0001), Some("SSP"));
        assert_eq!(abbr(0xF0000), Some("SPUA-A"));
        assert_eq!(abbr(0x10FFFD), Some("SPUA-B"));
        for p in 4..=13u32 {
            assert_eq!(
                plane(p << 16),
                Plane {
                    number: p as u8,
                    abbr: None,
                    name: "unassigned"
                }
            );
        }
    }

    #[test]
    fn i1_names_and_labels() {
        assert_eq!(name('A').as_deref(), Some("LATIN CAPITAL LETTER A"));
        assert_eq!(label('😀'), "GRINNING FACE");
        assert_eq!(label('中'), "CJK UNIFIED IDEOGRAPH-4E2D");
        assert_eq!(label('\u{0}'), "<control-0000>");
        assert_eq!(label('\u{9F}'), "<control-009F>");
        assert_eq!(label('\u{E000}'), "<private-use-E000>");
        assert_eq!(label('\u{10FFFD}'), "<private-use-10FFFD>");
        assert_eq!(label('\u{FDD0}'), "<noncharacter-FDD0>");
        assert_eq!(label('\u{1FFFF}'), "<noncharacter-1FFFF>");
        assert_eq!(label('\u{50000}'), "<reserved-50000>");
    }

    #[test]
    fn i1_grapheme_index_per_code_point() {
        let ins = inspect("e\u{301}x");
        let g: Vec<usize> = ins.code_points.iter().map(|c| c.grapheme).collect();
        assert_eq!(g, [0, 0, 1]);
        assert_eq!(ins.totals.graphemes, 2);
        assert_eq!(inspect("").totals.graphemes, 0);
    }
}
