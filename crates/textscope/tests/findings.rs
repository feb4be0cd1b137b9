//! Findings (docs/findings.md): bidi controls and invisible characters, apart from SPEC's
//! problems. Every case runs through the chunking harness (whole, byte by byte, every split).

mod common;

use common::{analyze_every_way, analyze_every_way_with, utf16le, utf32be};
use textscope::{FindingKind, Options};

#[test]
fn trojan_source_bidi_controls_are_located() {
    // The "early return" example of the Trojan Source paper, shortened.
    let text = "if access_level != \"user\u{202E} \u{2066}// Check if admin\u{2069} \u{2066}\" {\n";
    let r = analyze_every_way(text.as_bytes());
    assert_eq!(r.finding_counts.bidi_control, 4);
    assert_eq!(r.finding_counts.invisible_character, 0);
    assert_eq!(r.problem_total(), 0, "findings are not SPEC problems");
    let first = &r.findings[0];
    assert_eq!(first.kind, FindingKind::BidiControl);
    assert_eq!(first.code_point, "U+202E");
    assert_eq!(first.bytes, "E2 80 AE");
    assert_eq!(first.offset, text.find('\u{202E}').unwrap() as u64);
    assert_eq!((first.line, first.column), (1, 25));
    assert_eq!(first.length, 3);
    assert!(first.message.contains("RIGHT-TO-LEFT OVERRIDE"));
    let cps: Vec<&str> = r.findings.iter().map(|f| f.code_point.as_str()).collect();
    assert_eq!(cps, ["U+202E", "U+2066", "U+2069", "U+2066"]);
    assert_eq!(r.findings_omitted, 0);
}

#[test]
fn every_bidi_control_and_invisible_character() {
    let bidi: Vec<char> = ('\u{202A}'..='\u{202E}')
        .chain('\u{2066}'..='\u{2069}')
        .collect();
    let invisible: Vec<char> = ('\u{200B}'..='\u{200F}')
        .chain('\u{2060}'..='\u{2064}')
        .chain(['\u{061C}'])
        .collect();
    let mut text = String::new();
    for c in bidi.iter().chain(&invisible) {
        text.push('x');
        text.push(*c);
        text.push('\n');
    }
    let r = analyze_every_way(text.as_bytes());
    assert_eq!(r.finding_counts.bidi_control, bidi.len() as u64);
    assert_eq!(r.finding_counts.invisible_character, invisible.len() as u64);
    for (i, f) in r.findings.iter().enumerate() {
        assert_eq!((f.line, f.column), (i as u64 + 1, 2));
    }
}

#[test]
fn bom_in_text_is_p4_not_a_finding() {
    let r = analyze_every_way("a\u{FEFF}b\u{200B}c\n".as_bytes());
    assert_eq!(r.problem_counts.bom_in_text, 1);
    assert_eq!(r.finding_counts.total(), 1);
    assert_eq!(r.findings[0].code_point, "U+200B");
}

#[test]
fn neighbours_are_not_findings() {
    // U+2029 (an ending), U+2065 (unassigned), U+2070, U+2010, U+202F: none is a finding.
    let r = analyze_every_way("a\u{2010}\u{202F}\u{2065}\u{2070}b\u{2029}".as_bytes());
    assert_eq!(r.finding_counts.total(), 0);
    assert!(r.findings.is_empty());
}

#[test]
fn findings_in_utf16_and_utf32() {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(utf16le("ab\u{202D}c\u{200D}\n"));
    let r = analyze_every_way(&bytes);
    assert_eq!(r.finding_counts.bidi_control, 1);
    assert_eq!(r.finding_counts.invisible_character, 1);
    assert_eq!(r.findings[0].offset, 6);
    assert_eq!(r.findings[0].bytes, "2D 20");
    assert_eq!(r.findings[0].column, 3);

    let mut bytes = vec![0x00, 0x00, 0xFE, 0xFF];
    bytes.extend(utf32be("\u{2067}x"));
    let r = analyze_every_way(&bytes);
    assert_eq!(r.finding_counts.bidi_control, 1);
    assert_eq!(r.findings[0].bytes, "00 00 20 67");
    assert_eq!(r.findings[0].offset, 4);
}

#[test]
fn findings_are_capped_with_exact_counts() {
    let text = "\u{202E}\u{200B}".repeat(50);
    let opts = Options {
        max_problems_per_kind: 3,
        ..Options::default()
    };
    let r = analyze_every_way_with(text.as_bytes(), &opts);
    assert_eq!(r.finding_counts.bidi_control, 50);
    assert_eq!(r.finding_counts.invisible_character, 50);
    assert_eq!(r.findings.len(), 6);
    assert_eq!(r.findings_omitted, 94);
    // File order, both kinds interleaved.
    assert!(r.findings.windows(2).all(|w| w[0].offset < w[1].offset));
}

#[test]
fn findings_in_json() {
    let r = analyze_every_way("\u{202E}\n".as_bytes());
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(v["finding_counts"]["bidi_control"], 1);
    assert_eq!(v["finding_counts"]["invisible_character"], 0);
    assert_eq!(v["findings_omitted"], 0);
    let f = &v["findings"][0];
    assert_eq!(f["kind"], "bidi_control");
    assert_eq!(f["offset"], 0);
    assert_eq!(f["length"], 3);
    assert_eq!(f["line"], 1);
    assert_eq!(f["column"], 1);
    assert_eq!(f["bytes"], "E2 80 AE");
    assert_eq!(f["code_point"], "U+202E");
    // The old shape (no findings fields) still deserialises.
    let mut old = v.clone();
    for k in ["finding_counts", "findings", "findings_omitted"] {
        old.as_object_mut().unwrap().remove(k);
    }
    let back: textscope::Report = serde_json::from_value(old).unwrap();
    assert_eq!(back.finding_counts.total(), 0);
}

/// The hidden characters of `textscope::hidden` (issue #15): tag characters, the Hangul
/// fillers, U+00AD, U+180E, and the variation selectors outside a sequence.
const HIDDEN: [char; 11] = [
    '\u{00AD}',
    '\u{115F}',
    '\u{1160}',
    '\u{180E}',
    '\u{3164}',
    '\u{FFA0}',
    '\u{E0000}',
    '\u{E0041}',
    '\u{E007F}',
    '\u{FE0F}',
    '\u{E0100}',
];

#[test]
fn hidden_characters_are_invisible_character_findings_in_every_unicode_format() {
    // Each on its own line, after an ASCII letter (so no variation sequence), at column 4.
    let mut text = String::new();
    for c in HIDDEN {
        text.push_str("ab ");
        text.push(c);
        text.push_str(" z\n");
    }
    let encodings: [(&str, Vec<u8>, Vec<u8>); 5] = [
        ("utf-8", vec![], text.as_bytes().to_vec()),
        ("utf-16le", vec![0xFF, 0xFE], utf16le(&text)),
        ("utf-16be", vec![0xFE, 0xFF], common::utf16be(&text)),
        ("utf-32le", vec![0xFF, 0xFE, 0, 0], common::utf32le(&text)),
        ("utf-32be", vec![0, 0, 0xFE, 0xFF], utf32be(&text)),
    ];
    for (name, bom, body) in encodings {
        let mut bytes = bom.clone();
        bytes.extend(&body);
        let r = analyze_every_way(&bytes);
        assert_eq!(r.finding_counts.bidi_control, 0, "{name}");
        assert_eq!(
            r.finding_counts.invisible_character,
            HIDDEN.len() as u64,
            "{name}"
        );
        assert_eq!(r.problem_total(), 0, "{name}");
        for (i, (f, c)) in r.findings.iter().zip(HIDDEN).enumerate() {
            assert_eq!(f.kind, FindingKind::InvisibleCharacter, "{name}");
            assert_eq!((f.line, f.column), (i as u64 + 1, 4), "{name} {c:?}");
            assert_eq!(f.code_point, format!("U+{:04X}", c as u32), "{name}");
            assert!(
                f.message.contains(&format!("U+{:04X}", c as u32))
                    && f.message.contains(&textscope::hidden_char_name(c)),
                "{name}: {}",
                f.message
            );
            // The offset points at the character's own bytes.
            let w = f.length as usize;
            let at = f.offset as usize;
            assert_eq!(textscope::hex(&bytes[at..at + w]), f.bytes, "{name}");
        }
    }
}

#[test]
fn variation_selectors_inside_a_sequence_are_not_findings() {
    // A heart with VS16, a keycap digit (the digit at the end of an ASCII run, on the slow
    // path and on the fast path alike), an ideograph with VS17, a text-style emoji.
    let long = "x".repeat(200);
    for text in [
        "I \u{2764}\u{FE0F} it\n".to_string(),
        "press 1\u{FE0F}\u{20E3} now\n".to_string(),
        format!("{long}1\u{FE0F}\u{20E3}\n"),
        format!("{long}#\u{FE0F}\u{20E3}\n"),
        "\u{845B}\u{E0100}\u{8FBB}\u{E0101}\n".to_string(),
        format!("{long}\u{1F600}\u{FE0E}\n"),
        "\u{2229}\u{FE00}\n".to_string(),
    ] {
        let r = analyze_every_way(text.as_bytes());
        assert_eq!(r.finding_counts.total(), 0, "{text:?}: {:?}", r.findings);
        for bytes in [utf16le(&text), utf32be(&text)] {
            let opts = Options {
                force: Some(if bytes.len() == 4 * text.chars().count() {
                    textscope::Format::Utf32Be
                } else {
                    textscope::Format::Utf16Le
                }),
                ..Options::default()
            };
            let r = analyze_every_way_with(&bytes, &opts);
            assert_eq!(r.finding_counts.total(), 0, "{text:?}");
        }
    }
}

#[test]
fn variation_selectors_outside_a_sequence_are_findings() {
    let long = "y".repeat(130);
    for (text, line, column) in [
        ("a\u{FE0F}\n".to_string(), 1, 2),
        ("\u{FE0F} at the start\n".to_string(), 1, 1),
        ("ok\n\u{FE0F} after an ending\n".to_string(), 2, 1),
        ("\u{2764}\u{FE0F}\u{FE0F}\n".to_string(), 1, 3), // a second selector
        ("\u{2764}\u{E0100}\n".to_string(), 1, 2),        // VS17 after a non-ideograph
        (format!("{long}x\u{FE00}\n"), 1, 132),
        (format!("{long}\u{FFFD}\u{FE0F}\n"), 1, 132),
    ] {
        let r = analyze_every_way(text.as_bytes());
        assert_eq!(r.finding_counts.invisible_character, 1, "{text:?}");
        let f = &r.findings[0];
        assert_eq!((f.line, f.column), (line, column), "{text:?}");
        assert!(f.message.contains("VARIATION SELECTOR"), "{}", f.message);
    }
    // After a bad byte there is no base.
    let opts = Options {
        force: Some(textscope::Format::Utf8),
        ..Options::default()
    };
    let r = analyze_every_way_with(b"1\xFF\xEF\xB8\x8F\n", &opts);
    assert_eq!(r.finding_counts.invisible_character, 1);
    assert_eq!(r.findings[0].column, 3);
}

#[test]
fn soft_hyphen_in_a_single_byte_code_page() {
    let opts = Options::default().force_encoding("windows-1252").unwrap();
    let mut bytes = b"hy".repeat(40);
    bytes.extend_from_slice(b"\xADphen\n");
    let r = analyze_every_way_with(&bytes, &opts);
    assert_eq!(r.finding_counts.invisible_character, 1);
    assert_eq!((r.findings[0].line, r.findings[0].column), (1, 81));
    assert_eq!(r.findings[0].code_point, "U+00AD");
}

#[test]
fn hidden_neighbours_are_not_findings() {
    // Next to each hidden character, in every format's fast path: nothing.
    let text = "\u{00AC}\u{00AE}\u{115E}\u{1161}\u{180D}\u{180F}\u{3163}\u{3165}\u{FF9F}\u{FFA1}\u{FE10}\u{FDFF}\u{E0080}\u{E01F0}\u{1F3F3}\u{D55C}\u{314B}\n";
    let long = format!("{}{text}", "k".repeat(100));
    for t in [text.to_string(), long] {
        let c = analyze_every_way(t.as_bytes()).finding_counts;
        assert_eq!(c.invisible_character + c.bidi_control, 0);
        let r = analyze_every_way_with(
            &utf16le(&t),
            &Options {
                force: Some(textscope::Format::Utf16Le),
                ..Options::default()
            },
        );
        assert_eq!(r.finding_counts.total(), 0);
        let r = analyze_every_way_with(
            &utf32be(&t),
            &Options {
                force: Some(textscope::Format::Utf32Be),
                ..Options::default()
            },
        );
        assert_eq!(r.finding_counts.total(), 0);
    }
}
