//! Property tests for the UTF-16 inspector and validator (I1, I2), against `std` as the
//! independent reference (`char::encode_utf16`, `char::decode_utf16`).

use proptest::prelude::*;
use textscope::utf16::{
    check_units, inspect, parse_units, units_from_bytes, validate, validate_bytes, ByteOrder,
    ErrorClass,
};

/// Edges of the scalar values: ends of the planes, around the surrogates, noncharacters, the
/// replacement character, the mark, the first and last supplementary values.
const EDGES: &[u32] = &[
    0x0, 0x7F, 0x80, 0xFF, 0x100, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xF8FF, 0xFDD0, 0xFDEF, 0xFEFF,
    0xFFFD, 0xFFFE, 0xFFFF, 0x1_0000, 0x1_03FF, 0x1_0400, 0x1_FFFF, 0x2_0000, 0xE_FFFF, 0xF_0000,
    0x10_0000, 0x10_FC00, 0x10_FFFE, 0x10_FFFF,
];

/// I1 then I2: a scalar value encodes, validates as well-formed and decodes back.
fn round_trip(c: char) {
    let ins = inspect(&c.to_string());
    let info = &ins.code_points[0];
    let mut buf = [0u16; 2];
    let std_units = c.encode_utf16(&mut buf);
    let want: Vec<String> = std_units.iter().map(|u| format!("{u:04X}")).collect();
    assert_eq!(info.utf16, want);
    assert_eq!(info.plane.number as u32, c as u32 >> 16);
    assert_eq!(info.derivation.is_some(), std_units.len() == 2);
    if let Some(d) = &info.derivation {
        assert_eq!([d.high_surrogate, d.low_surrogate], std_units);
        assert_eq!(d.check, c as u32);
    }

    let v = validate(std_units);
    assert!(v.well_formed, "{:04X}", c as u32);
    assert_eq!(v.decoded.as_ref().unwrap().code_points[0].value, c as u32);
    assert_eq!(v.decoded.unwrap().text, c.to_string());
    // The same through the hex text and through the bytes of both orders.
    assert!(check_units(&info.utf16.join(" ")).unwrap().well_formed);
    let be: Vec<u8> = std_units.iter().flat_map(|u| u.to_be_bytes()).collect();
    let le: Vec<u8> = std_units.iter().flat_map(|u| u.to_le_bytes()).collect();
    assert!(validate_bytes(&be, ByteOrder::Be).well_formed);
    assert!(validate_bytes(&le, ByteOrder::Le).well_formed);
}

#[test]
fn i1_i2_round_trip_at_the_edges() {
    for &v in EDGES {
        round_trip(char::from_u32(v).unwrap());
    }
}

/// The independent check: the position of each unpaired surrogate, from `char::decode_utf16`.
fn std_bad_positions(units: &[u16]) -> Vec<usize> {
    let mut at = 0;
    let mut bad = Vec::new();
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => at += c.len_utf16(),
            Err(_) => {
                bad.push(at);
                at += 1;
            }
        }
    }
    bad
}

/// Our errors mapped onto the surrogate each one is about: `EXPECTED_LOW_SURROGATE` is placed at
/// the follower (I2), so its surrogate is the unit before; the others are at their surrogate.
fn our_bad_positions(units: &[u16]) -> Vec<usize> {
    let mut bad: Vec<usize> = validate(units)
        .errors
        .iter()
        .map(|e| match e.class {
            ErrorClass::ExpectedLowSurrogate => e.position - 1,
            _ => e.position,
        })
        .collect();
    bad.sort_unstable();
    bad
}

/// Units with surrogates over-represented, so that pairs, lone halves and runs all occur.
fn unit() -> impl Strategy<Value = u16> {
    prop_oneof![
        3 => 0xD800u16..=0xDBFF,
        3 => 0xDC00u16..=0xDFFF,
        2 => any::<u16>(),
        1 => Just(0x0041u16),
        1 => prop::sample::select(vec![0xD7FFu16, 0xE000, 0xFFFE, 0xFFFF, 0xFEFF, 0]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn i1_i2_every_scalar_round_trips(v in prop_oneof![
        0u32..0xD800,
        0xE000u32..0x1_0000,
        0x1_0000u32..=0x10_FFFF,
    ]) {
        round_trip(char::from_u32(v).unwrap());
    }

    #[test]
    fn i2_bad_positions_agree_with_std_decode_utf16(units in prop::collection::vec(unit(), 0..16)) {
        prop_assert_eq!(our_bad_positions(&units), std_bad_positions(&units));
        let v = validate(&units);
        prop_assert_eq!(v.well_formed, char::decode_utf16(units.iter().copied()).all(|r| r.is_ok()));
        prop_assert_eq!(v.headline.as_ref(), v.errors.first());
        // Classes from the reference's point of view: a lone low is UNPAIRED_LOW at itself.
        for p in std_bad_positions(&units) {
            let class_here = v.errors.iter().find(|e| e.position == p).map(|e| e.class);
            if (0xDC00..=0xDFFF).contains(&units[p]) {
                prop_assert_eq!(class_here, Some(ErrorClass::UnpairedLowSurrogate));
            }
        }
        // Left to right.
        let positions: Vec<usize> = v.errors.iter().map(|e| e.position).collect();
        let mut sorted = positions.clone();
        sorted.sort_unstable();
        prop_assert_eq!(positions, sorted);
    }

    #[test]
    fn i2_bytes_agree_with_units(bytes in prop::collection::vec(any::<u8>(), 0..24), le in any::<bool>()) {
        let order = if le { ByteOrder::Le } else { ByteOrder::Be };
        let (units, odd) = units_from_bytes(&bytes, order);
        prop_assert_eq!(units.len(), bytes.len() / 2);
        prop_assert_eq!(odd.is_some(), bytes.len() % 2 == 1);
        let v = validate_bytes(&bytes, order);
        let unit_errors: Vec<_> = v.errors.iter().filter(|e| e.class != ErrorClass::OddByteCount).cloned().collect();
        let plain = validate(&units);
        prop_assert_eq!(unit_errors.len(), plain.errors.len());
        for (a, b) in unit_errors.iter().zip(&plain.errors) {
            prop_assert_eq!((a.class, a.position), (b.class, b.position));
            prop_assert_eq!(a.byte_offset, Some(a.position * 2));
        }
        let odd_errors = v.errors.iter().filter(|e| e.class == ErrorClass::OddByteCount).count();
        prop_assert_eq!(odd_errors, usize::from(odd.is_some()));
        prop_assert_eq!(v.well_formed, plain.well_formed && odd.is_none());
    }

    #[test]
    fn i2_unit_text_round_trips(
        units in prop::collection::vec(any::<u16>(), 1..12),
        seps in prop::collection::vec(prop::sample::select(vec![" ", ",", ", ", "\t", " ,\n"]), 12),
        prefixes in prop::collection::vec(prop::sample::select(vec!["", "0x", "0X", "U+", "u+"]), 12),
        lower in any::<bool>(),
    ) {
        let mut text = String::new();
        for (i, u) in units.iter().enumerate() {
            if i > 0 {
                text.push_str(seps[i]);
            }
            text.push_str(prefixes[i]);
            let hex = format!("{u:04X}");
            text.push_str(&if lower { hex.to_lowercase() } else { hex });
        }
        prop_assert_eq!(parse_units(&text).unwrap(), units);
    }
}
