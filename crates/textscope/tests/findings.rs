//! Findings (docs/findings.md): bidi controls and invisible characters, apart from SPEC's
//! problems. Every case runs through the chunking harness (whole, byte by byte, every split).

mod common;

use common::{analyse, analyse_with, utf16le, utf32be};
use textscope::{FindingKind, Options};

#[test]
fn trojan_source_bidi_controls_are_located() {
    // The "early return" example of the Trojan Source paper, shortened.
    let text = "if access_level != \"user\u{202E} \u{2066}// Check if admin\u{2069} \u{2066}\" {\n";
    let r = analyse(text.as_bytes());
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
    let r = analyse(text.as_bytes());
    assert_eq!(r.finding_counts.bidi_control, bidi.len() as u64);
    assert_eq!(r.finding_counts.invisible_character, invisible.len() as u64);
    for (i, f) in r.findings.iter().enumerate() {
        assert_eq!((f.line, f.column), (i as u64 + 1, 2));
    }
}

#[test]
fn bom_in_text_is_p4_not_a_finding() {
    let r = analyse("a\u{FEFF}b\u{200B}c\n".as_bytes());
    assert_eq!(r.problem_counts.bom_in_text, 1);
    assert_eq!(r.finding_counts.total(), 1);
    assert_eq!(r.findings[0].code_point, "U+200B");
}

#[test]
fn neighbours_are_not_findings() {
    // U+2029 (an ending), U+2065 (unassigned), U+2070, U+2010, U+202F: none is a finding.
    let r = analyse("a\u{2010}\u{202F}\u{2065}\u{2070}b\u{2029}".as_bytes());
    assert_eq!(r.finding_counts.total(), 0);
    assert!(r.findings.is_empty());
}

#[test]
fn findings_in_utf16_and_utf32() {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(utf16le("ab\u{202D}c\u{200D}\n"));
    let r = analyse(&bytes);
    assert_eq!(r.finding_counts.bidi_control, 1);
    assert_eq!(r.finding_counts.invisible_character, 1);
    assert_eq!(r.findings[0].offset, 6);
    assert_eq!(r.findings[0].bytes, "2D 20");
    assert_eq!(r.findings[0].column, 3);

    let mut bytes = vec![0x00, 0x00, 0xFE, 0xFF];
    bytes.extend(utf32be("\u{2067}x"));
    let r = analyse(&bytes);
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
    let r = analyse_with(text.as_bytes(), &opts);
    assert_eq!(r.finding_counts.bidi_control, 50);
    assert_eq!(r.finding_counts.invisible_character, 50);
    assert_eq!(r.findings.len(), 6);
    assert_eq!(r.findings_omitted, 94);
    // File order, both kinds interleaved.
    assert!(r.findings.windows(2).all(|w| w[0].offset < w[1].offset));
}

#[test]
fn findings_in_json() {
    let r = analyse("\u{202E}\n".as_bytes());
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
