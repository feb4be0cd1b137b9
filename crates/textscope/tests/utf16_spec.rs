//! SPEC §8: every row of the I3 table, the I1 derivation seed, and the JSON shape (I1, I2).

use textscope::utf16::{check_bytes, check_units, inspect, ByteOrder, ErrorClass, Validation};

/// The headline (first error) of a unit string, as (class, position).
fn headline(input: &str) -> (ErrorClass, usize) {
    let v = check_units(input).expect("parses");
    assert!(!v.well_formed, "{input}");
    let h = v.headline.clone().expect("an error");
    assert_eq!(Some(&h), v.errors.first());
    (h.class, h.position)
}

#[test]
fn i3_d800_unpaired_high_surrogate_at_0() {
    assert_eq!(headline("D800"), (ErrorClass::UnpairedHighSurrogate, 0));
}

#[test]
fn i3_d83d_0041_expected_low_surrogate_at_1() {
    assert_eq!(headline("D83D 0041"), (ErrorClass::ExpectedLowSurrogate, 1));
}

#[test]
fn i3_dc00_unpaired_low_surrogate_at_0() {
    assert_eq!(headline("DC00"), (ErrorClass::UnpairedLowSurrogate, 0));
}

#[test]
fn i3_dc00_d83d_unpaired_low_surrogate_at_0() {
    assert_eq!(headline("DC00 D83D"), (ErrorClass::UnpairedLowSurrogate, 0));
    // Every error: the high surrogate at the end comes next (I2).
    let v = check_units("DC00 D83D").unwrap();
    assert_eq!(v.errors[1].class, ErrorClass::TruncatedSurrogatePair);
    assert_eq!(v.errors[1].position, 1);
}

#[test]
fn i3_d800_d800_expected_low_surrogate_at_1() {
    assert_eq!(headline("D800 D800"), (ErrorClass::ExpectedLowSurrogate, 1));
}

#[test]
fn i3_0041_d83d_truncated_surrogate_pair_at_1() {
    assert_eq!(
        headline("0041 D83D"),
        (ErrorClass::TruncatedSurrogatePair, 1)
    );
}

#[test]
fn i3_a_e_acute_euro_infinity() {
    let ins = inspect("Aé€∞");
    let units: Vec<&str> = ins
        .code_points
        .iter()
        .map(|c| c.utf16[0].as_str())
        .collect();
    assert_eq!(units, ["0041", "00E9", "20AC", "221E"]);
    let le: Vec<&str> = ins.code_points.iter().map(|c| c.utf16le.as_str()).collect();
    assert_eq!(le, ["41 00", "E9 00", "AC 20", "1E 22"]);
    assert!(ins
        .code_points
        .iter()
        .all(|c| c.utf16.len() == 1 && c.derivation.is_none()));
    assert!(ins.code_points.iter().all(|c| c.plane.abbr == Some("BMP")));
}

/// Checks one supplementary character of I3 both ways: text → units/bytes, and units → text.
fn supplementary(c: &str, cp: &str, units: &str, be: &str, le: &str) {
    let ins = inspect(c);
    assert_eq!(ins.code_points.len(), 1);
    let info = &ins.code_points[0];
    assert_eq!(info.code_point, cp);
    assert_eq!(info.utf16.join(" "), units);
    assert_eq!(info.utf16be, be);
    assert_eq!(info.utf16le, le);
    let d = info.derivation.as_ref().expect("a pair has a derivation");
    assert_eq!(d.check, info.value);
    assert_eq!(
        format!("{:04X} {:04X}", d.high_surrogate, d.low_surrogate),
        units
    );

    let back = check_units(units).unwrap();
    assert!(back.well_formed);
    assert_eq!(back.decoded.unwrap().text, c);
    for (bytes, order) in [(be, ByteOrder::Be), (le, ByteOrder::Le)] {
        let v = check_bytes(bytes, order).unwrap();
        assert!(v.well_formed, "{bytes}");
        assert_eq!(v.units.join(" "), units);
    }
}

#[test]
fn i3_grinning_face_u1f600() {
    supplementary("😀", "U+1F600", "D83D DE00", "D8 3D DE 00", "3D D8 00 DE");
}

#[test]
fn i3_linear_b_u10083() {
    supplementary("𐂃", "U+10083", "D800 DC83", "D8 00 DC 83", "00 D8 83 DC");
}

#[test]
fn i3_cjk_ext_b_u2a6a5() {
    supplementary("𪚥", "U+2A6A5", "D869 DEA5", "D8 69 DE A5", "69 D8 A5 DE");
    assert_eq!(inspect("𪚥").code_points[0].plane.abbr, Some("SIP"));
}

#[test]
fn i3_e_combining_acute_totals() {
    let t = inspect("e\u{0301}").totals;
    assert_eq!(
        (t.code_points, t.utf16_units, t.bytes, t.graphemes),
        (2, 2, 4, 1)
    );
}

#[test]
fn i3_woman_technologist_zwj_totals() {
    let s = "\u{1F469}\u{200D}\u{1F4BB}";
    assert_eq!(s, "👩‍💻");
    let t = inspect(s).totals;
    assert_eq!(
        (t.code_points, t.utf16_units, t.bytes, t.graphemes),
        (3, 5, 10, 1)
    );
}

#[test]
fn i1_derivation_seed_u1f600_steps() {
    let ins = inspect("😀");
    let d = ins.code_points[0].derivation.as_ref().unwrap();
    assert_eq!(
        (
            d.offset,
            d.high_ten_bits,
            d.low_ten_bits,
            d.high_surrogate,
            d.low_surrogate
        ),
        (0xF600, 0x03D, 0x200, 0xD83D, 0xDE00)
    );
    let lines: Vec<String> = d
        .steps
        .iter()
        .map(|s| format!("{}: {} = {}", s.what, s.expression, s.result))
        .collect();
    assert_eq!(
        lines,
        [
            "C − 10000: 1F600 − 10000 = 0F600",
            "high ten bits: 0F600 >> 10 = 03D",
            "low ten bits: 0F600 & 3FF = 200",
            "high surrogate: D800 + 03D = D83D",
            "low surrogate: DC00 + 200 = DE00",
            "check: (D83D − D800) × 400 + (DE00 − DC00) + 10000 = 1F600",
        ]
    );
}

#[test]
fn i2_input_forms_agree() {
    let a = check_units("D83D DE00").unwrap();
    let b = check_units("0xD83D,0xDE00").unwrap();
    let c = check_units("U+D83D U+DE00").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
}

#[test]
fn i2_unparseable_input_names_the_token() {
    let e = check_units("D83D DE00 ZZ").unwrap_err();
    assert_eq!((e.token.as_str(), e.index, e.offset), ("ZZ", 2, 10));
    assert!(e.to_string().contains("\"ZZ\""), "{e}");
    let e = check_bytes("3D D8 0Q", ByteOrder::Le).unwrap_err();
    assert_eq!((e.token.as_str(), e.index), ("0Q", 2));
}

#[test]
fn bytes_odd_count_is_reported_not_ignored() {
    let v = check_bytes("3D D8 00 DE 41", ByteOrder::Le).unwrap();
    assert!(!v.well_formed);
    assert_eq!(v.units, ["D83D", "DE00"]);
    let h = v.headline.unwrap();
    assert_eq!(
        (h.class, h.position, h.byte_offset),
        (ErrorClass::OddByteCount, 2, Some(4))
    );
}

fn json(v: &Validation) -> serde_json::Value {
    serde_json::to_value(v).unwrap()
}

#[test]
fn json_shape_of_a_validation() {
    let j = json(&check_units("D83D 0041").unwrap());
    assert_eq!(j["well_formed"], false);
    assert_eq!(j["headline"]["class"], "EXPECTED_LOW_SURROGATE");
    assert_eq!(j["headline"]["position"], 1);
    assert_eq!(j["errors"].as_array().unwrap().len(), 1);
    assert_eq!(j["decoded"], serde_json::Value::Null);

    let j = json(&check_bytes("3D D8 00 DE", ByteOrder::Le).unwrap());
    assert_eq!(j["byte_order"], "LE");
    let cp = &j["decoded"]["code_points"][0];
    assert_eq!(cp["code_point"], "U+1F600");
    assert_eq!(cp["name"], "GRINNING FACE");
    assert_eq!(cp["plane"]["abbr"], "SMP");
    assert_eq!(cp["utf16be"], "D8 3D DE 00");
    assert_eq!(cp["derivation"]["high_surrogate"], 0xD83D);
    assert_eq!(j["decoded"]["totals"]["graphemes"], 1);
}
