//! One test (at least) per SPEC rule, named after its id; each would fail if the rule broke.
//! Every input goes through the chunking harness, so U5 is tested everywhere.

mod common;
use common::*;
use textscope::{EndingKind, Format, Options, ProblemKind, Utf8Reason};

/// Forced UTF-8 (D10), for short inputs whose controls would make D7 call them binary.
fn forced_utf8(b: &[u8]) -> textscope::Report {
    analyze_every_way_with(b, &Options::default().force_encoding("utf-8").unwrap())
}

/// One item per problem (no runs), for the rules about single characters.
fn flat() -> Options {
    Options {
        group_runs: false,
        ..Options::default()
    }
}

// ---- §1 marks -------------------------------------------------------------------------------

#[test]
fn b1_mark_is_no_character_and_in_no_line() {
    let r = analyze_every_way(&hexb("EF BB BF 61 0A"));
    assert_eq!(r.bom.as_ref().unwrap().bytes, "EF BB BF");
    assert_eq!((r.characters, r.lines), (2, 1));
    assert_eq!(r.longest_line.unwrap().characters, 1);
}

#[test]
fn b1_lone_mark_is_zero_lines_for_each_format() {
    for (bytes, f) in [
        ("EF BB BF", Format::Utf8),
        ("FF FE", Format::Utf16Le),
        ("FE FF", Format::Utf16Be),
        ("FF FE 00 00", Format::Utf32Le),
        ("00 00 FE FF", Format::Utf32Be),
    ] {
        let r = analyze_every_way(&hexb(bytes));
        assert_eq!(r.format, f, "{bytes}");
        assert_eq!((r.lines, r.characters), (0, 0), "{bytes}");
        assert!(r.notes.is_empty() && r.problems.is_empty(), "{bytes}");
        assert!(r.longest_line.is_none());
    }
}

#[test]
fn b2_p4_feff_after_offset_zero_is_a_problem() {
    let r = analyze_every_way(b"\xEF\xBB\xBFone\n\xEF\xBB\xBFtwo\n");
    assert_eq!(kinds(&r), ["bom_in_text"]);
    let p = &r.problems[0];
    assert_eq!((p.offset, p.length, p.line, p.column), (7, 3, 2, 1));
    assert_eq!(r.characters, 9, "the second U+FEFF is a character");
    // Without a mark, U+FEFF at offset 0 of a UTF-16BE file forced as such is the mark;
    // a second one is text.
    let r = analyze_every_way(&hexb("FE FF 00 41 FE FF 00 42"));
    assert_eq!(kinds(&r), ["bom_in_text"]);
    assert_eq!(r.problems[0].offset, 4);
}

// ---- §2 detection ---------------------------------------------------------------------------

#[test]
fn d1_order_and_empty_and_binary() {
    assert_eq!(analyze_every_way(b"").format, Format::Empty);
    let r = analyze_every_way(b"plain");
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(
        r.detection.steps.len(),
        1,
        "utf-8 is tried first and decides"
    );
    let bin: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let r = analyze_every_way(&bin);
    assert_eq!(r.format, Format::Binary);
    let tried: Vec<Format> = r.detection.steps.iter().map(|s| s.format).collect();
    // D1 as amended: utf-16 beyond Latin (D8, each byte order) comes before legacy.
    let mut order = Format::PARSERS.to_vec();
    order.splice(5..5, [Format::Utf16Le, Format::Utf16Be]);
    assert_eq!(tried, order, "every parser tried in D1 order");
    assert!(r.detection.steps.iter().all(|s| !s.accepted));
}

#[test]
fn d2_ff_fe_00_00_is_utf32le_when_units_are_scalar() {
    let mut b = hexb("FF FE 00 00");
    b.extend(utf32le("hello\n"));
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf32Le);
    assert_eq!(r.bom.unwrap().length, 4);
}

#[test]
fn d2_ff_fe_00_00_goes_to_utf16le_when_over_one_in_ten_units_are_not_scalar() {
    // 10 units after the mark, 2 not scalar: more than one in ten.
    let mut b = hexb("FF FE 00 00");
    b.extend(utf32le("abcdefgh"));
    b.extend(hexb("00 00 11 00 00 00 11 00"));
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf16Le);
    // Exactly one in ten stays UTF-32LE.
    let mut b = hexb("FF FE 00 00");
    b.extend(utf32le("abcdefghi"));
    b.extend(hexb("00 00 11 00"));
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf32Le);
    assert_eq!(kinds(&r), ["invalid_code_point"]);
}

#[test]
fn d2_marked_utf32_must_pass_binary_test_marked_utf16_need_not() {
    // UTF-32LE mark, then mostly U+0001 controls: UTF-32 is binary, so UTF-16LE takes it.
    let mut b = hexb("FF FE 00 00");
    b.extend(utf32le("\u{1}\u{1}\u{1}\u{1}ab"));
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf16Le);
    assert!(!r.detection.steps[0].accepted);
    assert!(r.detection.steps[0].reason.contains("binary"));
    // A marked UTF-16 file full of NULs is still UTF-16.
    let r = analyze_every_way(&hexb("FF FE 00 00 00 00 00 00 00 00 41 00"));
    assert_eq!(r.format, Format::Utf16Le);
    assert_eq!(r.problem_counts.nul, 4);
    // Marked UTF-8 full of NULs is still UTF-8.
    let r = analyze_every_way(b"\xEF\xBB\xBF\0\0\0\0a");
    assert_eq!(r.format, Format::Utf8);
}

#[test]
fn d2_00_00_fe_ff_is_utf32be() {
    let mut b = hexb("00 00 FE FF");
    b.extend(utf32be("Straße\n"));
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf32Be);
    assert_eq!(r.lines, 1);
}

#[test]
fn d2_fe_ff_is_utf16be_and_ff_fe_is_utf16le() {
    let mut b = hexb("FE FF");
    b.extend(utf16be("中文\n"));
    assert_eq!(analyze_every_way(&b).format, Format::Utf16Be);
    let mut b = hexb("FF FE");
    b.extend(utf16le("中文\n"));
    assert_eq!(analyze_every_way(&b).format, Format::Utf16Le);
}

#[test]
fn d3_utf8_tolerance_is_one_invalid_per_ten_valid_multibyte() {
    let ten = "é".repeat(10);
    let r = analyze_every_way(format!("{ten}\u{0}").replace('\u{0}', "").as_bytes());
    assert_eq!(r.format, Format::Utf8);
    let mut ok = ten.clone().into_bytes();
    ok.push(0xFF);
    let r = analyze_every_way(&ok);
    assert_eq!(r.format, Format::Utf8, "1 invalid, 10 valid multi-byte");
    assert_eq!(r.problem_counts.invalid_utf8, 1);
    let mut bad = ten.into_bytes();
    bad.extend([0xFF, 0xFF]);
    let r = analyze_every_way(&bad);
    assert_ne!(r.format, Format::Utf8, "2 invalid, 10 valid");
    assert!(!r.detection.steps[0].accepted);
    assert!(r.detection.steps[0].reason.contains("2 invalid"));
    // No valid multi-byte sequence: any invalid one turns UTF-8 down.
    assert_eq!(analyze_every_way(b"abc\x80def").format, Format::Legacy);
}

#[test]
fn d3_pure_ascii_is_utf8_with_ascii_true() {
    let r = analyze_every_way(b"just ascii\n");
    assert_eq!(r.format, Format::Utf8);
    assert!(r.ascii);
    assert!(!analyze_every_way("é".as_bytes()).ascii);
}

#[test]
fn d3_sequence_cut_by_window_end_is_not_invalid() {
    // 65,535 ASCII bytes then a 2-byte sequence straddling the window's end.
    let mut b = vec![b'a'; textscope::WINDOW - 1];
    b.extend("é\n".as_bytes());
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(r.problem_total(), 0);
    assert_eq!(r.characters, textscope::WINDOW as u64 + 1);
}

#[test]
fn d3_sequence_cut_by_file_end_is_p5_not_rejection() {
    let r = analyze_every_way(b"abc \xE2\x82");
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(kinds(&r), ["truncated_character"]);
    assert_eq!(r.problems[0].bytes, "E2 82");
}

#[test]
fn d3_binary_utf8_is_turned_down() {
    let mut b = b"ab".repeat(40);
    b.extend([0u8; 10]);
    let r = analyze_every_way(&b);
    assert_ne!(r.format, Format::Utf8);
    assert!(r.detection.steps[0].reason.contains("U+0000"));
}

#[test]
fn d4_utf32_without_mark() {
    assert_eq!(
        analyze_every_way(&utf32le("hello world\n")).format,
        Format::Utf32Le
    );
    assert_eq!(
        analyze_every_way(&utf32be("hello world\n")).format,
        Format::Utf32Be
    );
    // One non-scalar unit and UTF-32 is turned down.
    let mut b = utf32le("hello world");
    b.extend(hexb("00 D8 00 00"));
    let r = analyze_every_way(&b);
    assert_ne!(r.format, Format::Utf32Le);
    assert!(!r.detection.steps[1].accepted);
}

#[test]
fn d5_utf16_without_mark_thresholds() {
    assert_eq!(
        analyze_every_way(&utf16le("hello\r\n")).format,
        Format::Utf16Le
    );
    assert_eq!(
        analyze_every_way(&utf16be("hello\r\n")).format,
        Format::Utf16Be
    );
    // Shorter than eight units.
    assert_eq!(analyze_every_way(&utf16le("hi")).format, Format::Utf16Le);
    // First eight units must be <= 00FF: a CJK start fails D5 (D8 then takes it).
    let r = analyze_every_way(&utf16le("中文中文中文中文abcdefghijklmnop"));
    let step = r
        .detection
        .steps
        .iter()
        .find(|s| s.format == Format::Utf16Le)
        .unwrap();
    assert!(step.reason.contains("first eight"), "{}", step.reason);
}

#[test]
fn d5_even_zero_bytes_limit() {
    // 'A' units plus U+0100 units (low byte 00 at even offsets): 20 odd zeros, then 2 even.
    let mut s: String = "ABCDEFGHIJKLMNOPQRST".into();
    s.push('\u{100}');
    s.push('\u{100}');
    let r = analyze_every_way(&utf16le(&s));
    let d5 = r
        .detection
        .steps
        .iter()
        .find(|s| s.format == Format::Utf16Le);
    assert!(
        !d5.unwrap().accepted,
        "2 even zeros against 20 odd: over 1/20 (D8 may take it after)"
    );
    s.pop();
    let r = analyze_every_way(&utf16le(&s));
    assert_eq!(
        r.format,
        Format::Utf16Le,
        "1 even zero against 20 odd: exactly 1/20"
    );
}

#[test]
fn d6_legacy_with_code_page_named() {
    let r =
        analyze_every_way(b"Caf\xE9 cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu, na\xEFve fa\xE7ade\n");
    assert_eq!(r.format, Format::Legacy);
    assert_eq!(r.encoding, "windows-1252");
    let last = r.detection.steps.last().unwrap();
    assert!(last.accepted && last.reason.contains("windows-1252"));
    // Legacy's own binary test is on bytes: 80-9F are printable.
    let r = analyze_every_way(&[0x80, 0x81, 0x82, 0x83, 0x84, b'a', b'b']);
    assert_eq!(r.format, Format::Legacy);
}

#[test]
fn d7_binary_thresholds_nul_and_controls() {
    // 1 NUL in 100 characters is not binary; 2 in 100 is.
    let mut b = vec![b'a'; 99];
    b.push(0);
    assert_eq!(analyze_every_way(&b).format, Format::Utf8);
    let mut b = vec![b'a'; 98];
    b.extend([0, 0]);
    assert_eq!(analyze_every_way(&b).format, Format::Binary);
    // Controls: 1 in 10 is not binary, 2 in 10 is (and legacy's byte test agrees).
    let mut b = vec![b'a'; 9];
    b.push(1);
    assert_eq!(analyze_every_way(&b).format, Format::Utf8);
    let mut b = vec![b'a'; 8];
    b.extend([1, 2]);
    assert_eq!(analyze_every_way(&b).format, Format::Binary);
}

#[test]
fn d9_explanation_lists_each_parser_with_figures() {
    let r = analyze_every_way(&utf16le("hello\r\n"));
    let steps = &r.detection.steps;
    assert_eq!(
        steps.iter().map(|s| s.format).collect::<Vec<_>>(),
        [
            Format::Utf8,
            Format::Utf32Le,
            Format::Utf32Be,
            Format::Utf16Le
        ]
    );
    assert!(steps[0].reason.contains("U+0000 is"), "{}", steps[0].reason);
    assert!(steps[0].figures["nul"] > 0);
    assert!(steps[3].accepted);
    assert_eq!(r.detection.window, 14);
}

#[test]
fn d10_forced_format_skips_detection() {
    let opts = Options::default().force_encoding("utf-16be").unwrap();
    let r = analyze_every_way_with(b"\x00A\x00B", &opts);
    assert_eq!(r.format, Format::Utf16Be);
    assert!(r.detection.forced);
    assert_eq!(r.characters, 2);
    let opts = Options::default().force_encoding("utf-8").unwrap();
    let r = analyze_every_way_with(&textscope_corpus_like_stress(), &opts);
    assert_eq!(r.format, Format::Utf8);
    assert!(r.problem_counts.invalid_utf8 > 0);
    // WHATWG's meaning: latin1 is windows-1252 (ISO-8859-1 by its own name).
    let opts = Options::default().force_encoding("latin1").unwrap();
    let r = analyze_every_way_with(b"\xE9", &opts);
    assert_eq!(
        (r.format, r.encoding.as_str()),
        (Format::Legacy, "windows-1252")
    );
    assert!(Options::default().force_encoding("klingon").is_err());
}

fn textscope_corpus_like_stress() -> Vec<u8> {
    b"\xC0\x80 \xED\xA0\x80 \xF8\x88\x80\x80\x80 \xFE\xFF".to_vec()
}

// ---- §3 decoding ----------------------------------------------------------------------------

#[test]
fn u1_utf16_unpaired_high_low_and_odd_byte() {
    let mut b = hexb("FF FE");
    b.extend(hexb("00 DC 41 00 00 D8 00 D8 00 DC 42"));
    let r = analyze_every_way(&b);
    // low alone, A, high not followed by low, then a good pair, then an odd byte.
    assert_eq!(
        kinds(&r),
        [
            "unpaired_surrogate",
            "unpaired_surrogate",
            "truncated_character"
        ]
    );
    assert_eq!(r.problems[0].offset, 2);
    assert!(r.problems[0].message.contains("low surrogate DC00"));
    assert_eq!(r.problems[1].offset, 6);
    assert!(r.problems[1].message.contains("high surrogate D800"));
    assert_eq!((r.problems[2].offset, r.problems[2].length), (12, 1));
    assert_eq!(r.characters, 5);
    // A pair straddling the window's end decodes whole.
    let mut b = hexb("FF FE");
    b.extend(utf16le(&"a".repeat(textscope::WINDOW / 2 - 2)));
    b.extend(utf16le("😀\n"));
    assert_eq!(b[textscope::WINDOW - 2..textscope::WINDOW], [0x3D, 0xD8]);
    let r = analyze_every_way(&b);
    assert_eq!(r.problem_total(), 0);
}

#[test]
fn u2_utf32_above_max_surrogate_and_leftover_bytes() {
    let mut b = hexb("FF FE 00 00");
    b.extend(utf32le("abcdefghijklmnopqrst"));
    b.extend(hexb("00 00 11 00 00 DC 00 00 41 00"));
    let r = analyze_every_way(&b);
    assert_eq!(r.format, Format::Utf32Le);
    assert_eq!(
        kinds(&r),
        [
            "invalid_code_point",
            "unpaired_surrogate",
            "truncated_character"
        ]
    );
    assert_eq!(r.problems[2].length, 2);
    assert_eq!(r.characters, 23);
}

#[test]
fn u3_maximal_subparts() {
    let valid = "é".repeat(40);
    let case = |bad: &[u8]| {
        let mut b = valid.clone().into_bytes();
        b.extend(bad);
        b.push(b'\n');
        let r = analyze_every_way_with(&b, &flat());
        assert_eq!(r.format, Format::Utf8);
        r
    };
    let r = case(b"\xED\xA0\x80");
    assert_eq!(r.problem_counts.invalid_utf8, 3);
    assert_eq!(r.problems[0].reason, Some(Utf8Reason::EncodedSurrogate));
    assert_eq!(
        r.problems[1].reason,
        Some(Utf8Reason::UnexpectedContinuation)
    );
    assert_eq!(r.characters, 40 + 3 + 1);
    let r = case(b"\xC0\x80");
    assert_eq!(r.problem_counts.invalid_utf8, 2);
    assert_eq!(r.problems[0].reason, Some(Utf8Reason::Overlong));
    let r = case(b"\xF4\x90\x80\x80");
    assert_eq!(r.problem_counts.invalid_utf8, 4);
    assert_eq!(r.problems[0].reason, Some(Utf8Reason::AboveMax));
    let r = case(b"\xE2\x82\x41");
    assert_eq!(r.problem_counts.invalid_utf8, 1);
    assert_eq!(r.problems[0].bytes, "E2 82");
    assert_eq!(r.problems[0].reason, Some(Utf8Reason::Interrupted));
    assert_eq!(r.characters, 40 + 2 + 1, "one subpart then A");
    let r = case(b"\xFF");
    assert_eq!(r.problems[0].reason, Some(Utf8Reason::NeverValid));
    let r = case(b"\xE0\x80");
    assert_eq!(r.problems[0].reason, Some(Utf8Reason::Overlong));
    assert_eq!(r.problem_counts.invalid_utf8, 2);
}

#[test]
fn u3_agrees_with_std_lossy_decoding_on_subpart_count() {
    // std's from_utf8_lossy also replaces maximal subparts (Unicode ch. 3).
    let inputs: [&[u8]; 6] = [
        b"\xED\xA0\x80",
        b"\xC0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE2\x82A",
        b"\xF0\x9F\x98",
        b"a\x80\x80\xBFb\xF5",
    ];
    for bad in inputs {
        let mut b = "é".repeat(60).into_bytes();
        b.extend(bad);
        b.extend(b" end");
        let r = analyze_every_way(&b);
        let fffd = String::from_utf8_lossy(&b).matches('\u{FFFD}').count() as u64;
        assert_eq!(
            r.problem_counts.invalid_utf8 + r.problem_counts.truncated_character,
            fffd,
            "{bad:02X?}"
        );
    }
}

#[test]
fn u4_legacy_unmapped_bytes() {
    // windows-1252 leaves 81, 8D, 8F, 90, 9D unmapped in the WHATWG table? No: encoding_rs
    // maps them to C1 controls. Shift_JIS has truly unmapped bytes: A0 and FD-FF as leads.
    let opts = Options::default().force_encoding("shift_jis").unwrap();
    let r = analyze_every_way_with(b"ab\xFDcd\n", &opts);
    assert_eq!(kinds(&r), ["unmapped_byte"]);
    assert_eq!((r.problems[0].offset, r.problems[0].column), (2, 3));
    assert_eq!(r.characters, 6);
    // A multi-byte character and a lead cut short by the end of the file.
    let r = analyze_every_way_with(
        "日本".as_bytes(),
        &Options::default().force_encoding("utf-8").unwrap(),
    );
    assert_eq!(r.characters, 2);
    let mut sj = encoding_rs::SHIFT_JIS.encode("日本語").0.into_owned();
    sj.push(0x93);
    let r = analyze_every_way_with(&sj, &opts);
    assert_eq!(r.characters, 4);
    assert_eq!(kinds(&r), ["truncated_character"]);
    assert_eq!(r.problems[0].offset, 6);
    // windows-1252's 81 is a C1 control for encoding_rs: P3, not P8.
    let opts = Options::default().force_encoding("windows-1252").unwrap();
    let r = analyze_every_way_with(b"a\x81b", &opts);
    assert_eq!(kinds(&r), ["control_character"]);
}

#[test]
fn u4_legacy_decoding_follows_encoding_rs() {
    for (label, text) in [
        ("shift_jis", "日本語のテキスト、半角ｶﾀｶﾅ\n"),
        ("euc-kr", "한국어 텍스트입니다\n"),
        ("big5", "繁體中文的文字\n"),
        ("gbk", "简体中文文本\n"),
        ("euc-jp", "日本語のテキスト\n"),
        ("iso-2022-jp", "日本語 text\n"),
        ("koi8-r", "Привет, мир\n"),
        ("windows-1251", "Привет, мир\n"),
    ] {
        let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        let bytes = enc.encode(text).0.into_owned();
        let opts = Options::default().force_encoding(label).unwrap();
        let r = analyze_every_way_with(&bytes, &opts);
        assert_eq!(r.characters, text.chars().count() as u64, "{label}");
        assert_eq!(r.problem_total(), 0, "{label}");
        assert_eq!(r.lines, 1);
    }
}

#[test]
fn u5_straddling_crlf_pair_and_sequence() {
    // The harness splits at every point; these inputs have CRLF, a pair and a 4-byte sequence.
    let r = analyze_every_way("a\r\n😀\r\nb".as_bytes());
    assert_eq!(r.endings.crlf, 2);
    let mut b = hexb("FF FE");
    b.extend(utf16le("a\r\n😀\r\nb"));
    assert_eq!(analyze_every_way(&b).endings.crlf, 2);
    // A UTF-8 sequence straddling the window's end.
    let mut b = vec![b'x'; textscope::WINDOW - 2];
    b.extend("😀\n".as_bytes());
    let r = analyze_every_way(&b);
    assert_eq!(r.problem_total(), 0);
    assert_eq!(r.characters, textscope::WINDOW as u64 - 2 + 2);
}

// ---- §4 lines -------------------------------------------------------------------------------

#[test]
fn l1_all_six_endings_and_vt_ff_do_not_end_lines() {
    let r = analyze_every_way("a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g\u{B}h\u{C}i".as_bytes());
    let e = r.endings;
    assert_eq!((e.lf, e.crlf, e.cr, e.nel, e.ls, e.ps), (1, 1, 1, 1, 1, 1));
    assert_eq!(r.lines, 7);
    assert_eq!(r.problem_counts.control_character, 1, "VT is P3, FF is not");
}

#[test]
fn l1_cr_then_lf_in_next_chunk_is_one_crlf() {
    let mut a = textscope::Analyzer::default();
    a.feed(b"x\r");
    a.feed(b"\ny");
    let r = a.finish();
    assert_eq!((r.endings.crlf, r.endings.cr, r.endings.lf), (1, 0, 0));
    // And in UTF-16, the CR and LF units in separate chunks, split inside a unit too.
    let mut b = hexb("FF FE");
    b.extend(utf16le("x\r\ny"));
    let r = analyze_every_way(&b);
    assert_eq!(r.endings.crlf, 1);
}

#[test]
fn l2_line_count() {
    assert_eq!(analyze_every_way(b"a\nb\n").lines, 2);
    assert_eq!(analyze_every_way(b"a\nb").lines, 2);
    assert_eq!(analyze_every_way(b"").lines, 0);
    assert_eq!(analyze_every_way(b"\n").lines, 1);
    assert_eq!(analyze_every_way(b"\n\n").lines, 2);
    assert_eq!(analyze_every_way(b"\r").lines, 1);
}

#[test]
fn l3_lines_and_columns_from_one_in_characters() {
    let r = forced_utf8("é€😀\0\nab\x07".as_bytes());
    let p: Vec<(u64, u64)> = r.problems.iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(p, [(1, 4), (2, 3)]);
}

#[test]
fn l4_characters_count_endings_crlf_as_two_mark_excluded() {
    let r = analyze_every_way(b"\xEF\xBB\xBFab\r\ncd\n");
    assert_eq!(r.characters, 7);
    assert_eq!(r.longest_line.unwrap().characters, 2);
}

#[test]
fn l5_longest_line_first_on_tie() {
    let r = analyze_every_way(b"abc\nxyz\nab\n");
    assert_eq!(r.longest_line.unwrap().line, 1);
    let r = analyze_every_way(b"ab\nxyz\nabc\n");
    assert_eq!(r.longest_line.unwrap().line, 2);
    let r = analyze_every_way(b"ab\r\nabcd");
    assert_eq!(
        r.longest_line.unwrap().line,
        2,
        "a last line without ending counts"
    );
}

#[test]
fn l6_p9_at_first_line_not_of_commonest_kind() {
    let r = analyze_every_way(b"a\r\nb\nc\nd\r\ne\n");
    let p = r
        .problems
        .iter()
        .find(|p| p.kind == ProblemKind::MixedLineEndings)
        .unwrap();
    assert_eq!(p.line, 1, "LF is commonest (3 vs 2): line 1 ends with CRLF");
    assert_eq!((p.offset, p.length, p.column), (1, 2, 2));
    assert_eq!(p.bytes, "0D 0A");
    assert_eq!(r.problem_counts.mixed_line_endings, 1);
}

#[test]
fn l6_tie_for_commonest_goes_to_kind_met_first() {
    let r = analyze_every_way(b"a\nb\r\nc\r\nd\n");
    let p = r
        .problems
        .iter()
        .find(|p| p.kind == ProblemKind::MixedLineEndings)
        .unwrap();
    assert_eq!(
        p.line, 2,
        "LF met first wins the tie; CRLF on line 2 differs"
    );
    let r = analyze_every_way(b"a\r\nb\nc\nd\r\n");
    let p = r
        .problems
        .iter()
        .find(|p| p.kind == ProblemKind::MixedLineEndings)
        .unwrap();
    assert_eq!(p.line, 2, "CRLF met first wins; LF on line 2 differs");
    assert!(
        p.message.contains("most lines end with CRLF"),
        "{}",
        p.message
    );
}

#[test]
fn l6_one_kind_is_not_mixed() {
    assert_eq!(analyze_every_way(b"a\r\nb\r\n").problem_total(), 0);
}

#[test]
fn l7_n1_last_line_without_ending_is_a_note() {
    let r = analyze_every_way(b"a\nb");
    assert_eq!(r.notes.len(), 1);
    assert_eq!((r.notes[0].line, r.notes[0].offset), (2, 3));
    assert_eq!(r.problem_total(), 0, "N1 is a note, not a problem");
    assert!(analyze_every_way(b"a\n").notes.is_empty());
    assert!(analyze_every_way(b"").notes.is_empty());
}

// ---- §5 problems ----------------------------------------------------------------------------

#[test]
fn p1_to_p9_each_kind_with_fields() {
    let r = analyze_every_way_with(
        b"a\0b\x01c\x7f\xC2\x80\xC2\x85\t\x0c\n",
        &flat().force_encoding("utf-8").unwrap(),
    );
    assert_eq!(
        kinds(&r),
        [
            "nul",
            "control_character",
            "control_character",
            "control_character",
            "mixed_line_endings"
        ]
    );
    let p = &r.problems[0];
    assert_eq!(
        (p.offset, p.length, p.line, p.column, p.bytes.as_str()),
        (1, 1, 1, 2, "00")
    );
    assert_eq!(r.problems[3].bytes, "C2 80");
    assert_eq!(r.endings.nel, 1, "U+0085 is NEL, an ending, not P3");
}

#[test]
fn p2_nul_units_at_the_end_too() {
    let mut b = hexb("FF FE");
    b.extend(utf16le("ab\0\0"));
    let r = analyze_every_way_with(&b, &flat());
    assert_eq!(r.problem_counts.nul, 2);
    assert_eq!(r.problems[1].offset, 8);
}

#[test]
fn p3_the_control_set() {
    for c in (0u32..0x20).chain([0x7F]).chain(0x80..0xA0) {
        let ch = char::from_u32(c).unwrap();
        let s = format!("ab{ch}cd");
        let r = forced_utf8(s.as_bytes());
        // ESC c is a terminal escape sequence (a reset): a finding, not P3.
        let expect = !matches!(c, 0 | 9 | 0xA | 0xC | 0xD | 0x85 | 0x1B);
        assert_eq!(r.problem_counts.control_character == 1, expect, "U+{c:04X}");
        assert_eq!(r.finding_counts.ansi_escape == 1, c == 0x1B, "U+{c:04X}");
    }
}

#[test]
fn problem_cap_keeps_counts_exact() {
    let b = b"\x01x".repeat(50);
    let opts = Options {
        max_problems_per_kind: 7,
        ..Options::default().force_encoding("utf-8").unwrap()
    };
    let r = analyze_every_way_with(&b, &opts);
    assert_eq!(r.problem_counts.control_character, 50);
    assert_eq!(r.problems.len(), 7);
    assert_eq!(r.problems_omitted, 43);
}

#[test]
fn problems_are_in_file_order() {
    let r = forced_utf8(b"\x01\r\n\0\n\x01\0");
    let offsets: Vec<u64> = r.problems.iter().map(|p| p.offset).collect();
    let mut sorted = offsets.clone();
    sorted.sort();
    assert_eq!(offsets, sorted);
}

#[test]
fn endings_json_names() {
    let r = analyze_every_way(b"a\r\n");
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(v["endings"]["crlf"], 1);
    assert_eq!(v["format"], "utf-8");
    assert_eq!(v["problem_counts"]["mixed_line_endings"], 0);
    assert_eq!(EndingKind::Crlf.name(), "crlf");
}
