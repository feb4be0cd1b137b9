//! The amended and new detection rules: D11 (ISO-2022), D2's mark test, D5's whole unit,
//! D8 (BOM-less UTF-16 beyond Latin) and the step codes of D9.

mod common;
use common::*;
use textscope::{Format, ProblemKind};

#[test]
fn d11_iso_2022_jp_escapes_are_no_problem() {
    // 日本 in ISO-2022-JP: ESC $ B 46 7C 4B 5C ESC ( B.
    let bytes = b"Tokyo \x1b$BF|K\\\x1b(B ok\n";
    let r = analyze_every_way(bytes);
    assert_eq!(
        (r.format, r.encoding.as_str()),
        (Format::Legacy, "ISO-2022-JP")
    );
    assert_eq!(r.problem_total(), 0, "{:?}", r.problems);
    assert_eq!(r.language.as_deref(), Some("ja"));
    assert_eq!(r.detection.steps[0].code, "iso2022_escapes");
    assert_eq!(r.detection.steps[0].figures["escapes"], 1);
}

#[test]
fn d11_iso_2022_kr_is_not_binary() {
    // The header designation, then 한국 between SO and SI, on several lines.
    let line = b"\x0eGQ19\x0f abc\n";
    let mut bytes = b"\x1b$)C".to_vec();
    for _ in 0..4 {
        bytes.extend_from_slice(line);
    }
    let r = analyze_every_way(&bytes);
    assert_eq!(
        (r.format, r.encoding.as_str()),
        (Format::Legacy, "ISO-2022-KR")
    );
    assert_eq!(r.problem_counts.get(ProblemKind::ControlCharacter), 0);
    assert_eq!(r.lines, 4);
    assert_eq!(r.characters, 4 * 7);
}

#[test]
fn d11_iso_2022_cn_decoded() {
    let bytes = b"\x1b$)A\x0eVPND\x0f.\n";
    let r = analyze_every_way(bytes);
    assert_eq!(
        (r.format, r.encoding.as_str()),
        (Format::Legacy, "ISO-2022-CN")
    );
    assert_eq!(r.problem_total(), 0);
    assert_eq!(r.characters, 4);
}

#[test]
fn d11_lone_esc_stays_utf8_with_p3() {
    let r = analyze_every_way(b"plain \x1b text\n");
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(r.problem_counts.get(ProblemKind::ControlCharacter), 1);
    // A byte above 7F: not ISO-2022 even with an escape.
    let r = analyze_every_way(b"\x1b$B caf\xE9\n");
    assert_ne!(r.encoding, "ISO-2022-JP");
}

#[test]
fn d2_utf16_mark_is_never_taken_by_unmarked_utf32() {
    // FF FE 0D 00 read as UTF-32LE would be U+DFEFF... but D2 gives it to UTF-16LE.
    let r = analyze_every_way(&hexb("FF FE 0D 00 0A 00"));
    assert_eq!(r.format, Format::Utf16Le);
    assert!(r
        .detection
        .steps
        .iter()
        .all(|s| !matches!(s.format, Format::Utf32Le | Format::Utf32Be) || !s.accepted));
    let r = analyze_every_way(&hexb("FE FF 00 0D 00 0A"));
    assert_eq!(r.format, Format::Utf16Be);
    assert_eq!(r.detection.steps[0].code, "bom");
}

#[test]
fn d5_needs_one_whole_unit() {
    let r = analyze_every_way(&[0x00]);
    assert_eq!(r.format, Format::Binary);
    let be = r
        .detection
        .steps
        .iter()
        .find(|s| s.format == Format::Utf16Be)
        .unwrap();
    assert_eq!(be.code, "no_whole_unit");
    assert_eq!(be.figures["units"], 0);
}

#[test]
fn d8_bomless_utf16_cjk_is_recognised_before_legacy() {
    let text = "中文的文字处理和编码问题是一个很重要的话题，我们今天来讨论一下。";
    for (bytes, f) in [
        (utf16le(text), Format::Utf16Le),
        (utf16be(text), Format::Utf16Be),
    ] {
        let r = analyze_every_way(&bytes);
        assert_eq!(r.format, f, "{:#?}", r.detection.steps);
        let last = r.detection.steps.last().unwrap();
        assert_eq!(last.code, "utf16_plausible");
        assert!(last.figures.contains_key("cost_milli"));
        assert_eq!(r.problem_total(), 0);
    }
    // Cyrillic without a mark: its 04 bytes make legacy binary; D8 reads it.
    let r = analyze_every_way(&utf16le("Привет, как дела? Всё хорошо."));
    assert_eq!(r.format, Format::Utf16Le);
}

#[test]
fn d8_turns_down_ill_formed_and_noise() {
    // A lone high surrogate in the middle.
    let mut b = utf16le("中文中文");
    b.extend([0x00, 0xD8]);
    b.extend(utf16le("中文中文"));
    let r = analyze_every_way(&b);
    assert_ne!(r.format, Format::Utf16Le);
    let s = r
        .detection
        .steps
        .iter()
        .find(|s| s.code == "utf16_ill_formed");
    assert!(s.is_some(), "{:#?}", r.detection.steps);
    // Latin text in a code page read as UTF-16 is noise: it stays legacy.
    let r =
        analyze_every_way(b"Caf\xE9 cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu, na\xEFve fa\xE7ade\n");
    assert_eq!(r.format, Format::Legacy);
}

#[test]
fn d9_every_step_has_a_documented_code() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json-schema.md"),
    )
    .unwrap();
    let inputs: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"plain".to_vec(),
        b"caf\xC3\xA9".to_vec(),
        b"Caf\xE9 cr\xE8me br\xFBl\xE9e\n".to_vec(),
        (0..=255u8).cycle().take(4096).collect(),
        utf16le("hello"),
        hexb("FF FE 00 00 48 00 69 00"),
        b"\x1b$BF|\x1b(B".to_vec(),
        utf16le("中文的文字处理和编码问题"),
        vec![0],
    ];
    for b in inputs {
        for s in analyze_every_way(&b).detection.steps {
            assert!(!s.code.is_empty(), "{s:?}");
            assert!(
                doc.contains(&format!("`{}`", s.code)),
                "undocumented code {}",
                s.code
            );
        }
    }
}
