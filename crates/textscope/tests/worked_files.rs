//! SPEC §9: the worked files F1–F6 must pass exactly, whole and in every chunking.

mod common;
use common::*;
use textscope::{EndingKind, Format, NoteKind, ProblemKind};

#[test]
fn f1_utf16le_mark_one_line_note() {
    let r = analyze_every_way(&hexb("FF FE 48 00 65 00"));
    assert_eq!(r.format, Format::Utf16Le);
    assert_eq!(r.bom.as_ref().unwrap().bytes, "FF FE");
    assert_eq!(r.lines, 1);
    assert_eq!(r.characters, 2);
    assert_eq!(r.problem_total(), 0);
    assert_eq!(r.notes.len(), 1);
    assert_eq!(r.notes[0].kind, NoteKind::NoFinalLineEnding);
    assert_eq!(r.notes[0].line, 1);
}

const F2: &str = "FF FE 43 00 61 00 66 00 E9 00 20 00 AC 20 34 00 0D 00 0A 00 2D 4E 87 65 20 00 3D D8 00 DE 0D 00 0A 00";

#[test]
fn f2_windows_notepad_utf16le() {
    let bytes = hexb(F2);
    assert_eq!(bytes.len(), 34);
    let r = analyze_every_way(&bytes);
    assert_eq!(r.format, Format::Utf16Le);
    assert_eq!(r.encoding, "UTF-16LE");
    assert!(r.bom.is_some());
    assert_eq!(r.lines, 2);
    assert_eq!(r.endings.crlf, 2);
    assert_eq!(r.endings.total(), 2);
    let l = r.longest_line.unwrap();
    assert_eq!((l.line, l.characters), (1, 7));
    assert_eq!(r.characters, 15);
    assert_eq!(r.problem_total(), 0);
    assert!(r.problems.is_empty());
    assert!(r.notes.is_empty());
}

#[test]
fn f2_structure_lines_and_text() {
    let bytes = hexb(F2);
    let mut a = textscope::Analyzer::new(textscope::Options {
        index_every: Some(1),
        ..Default::default()
    });
    a.feed(&bytes);
    let (_, index) = a.finish_with_index();
    let s = textscope::structure_of(&bytes, &index, 1, 2, Default::default());
    assert_eq!(s.lines.len(), 2);
    assert_eq!(s.lines[0].text, "Café €4");
    assert_eq!(s.lines[0].characters, 7);
    assert_eq!(s.lines[1].text, "中文 😀");
    assert_eq!(s.lines[1].characters, 4);
    let e = s.lines[0].ending.as_ref().unwrap();
    assert_eq!(e.kind, EndingKind::Crlf);
    assert_eq!(e.bytes, "0D 00 0A 00");
    let emoji = s.lines[1].chars.last().unwrap();
    assert_eq!(emoji.code_point.as_deref(), Some("U+1F600"));
    assert_eq!(emoji.bytes, "3D D8 00 DE");
    assert_eq!(emoji.units.as_deref(), Some("D83D DE00"));
}

#[test]
fn f3_utf32le_two_lines() {
    let r = analyze_every_way(&hexb(
        "FF FE 00 00 43 00 00 00 61 00 00 00 66 00 00 00 E9 00 00 00 20 00 00 00 AC 20 00 00 \
         34 00 00 00 0A 00 00 00 00 F6 01 00 0A 00 00 00",
    ));
    assert_eq!(r.format, Format::Utf32Le);
    assert_eq!(r.bom.as_ref().unwrap().length, 4);
    assert_eq!(r.lines, 2);
    assert_eq!(r.endings.lf, 2);
    assert_eq!(r.characters, 10);
    assert_eq!(r.longest_line.unwrap().characters, 7);
    assert_eq!(r.problem_total(), 0);
    assert!(r.notes.is_empty());
}

#[test]
fn f4_unpaired_high_surrogate() {
    let r = analyze_every_way(&hexb("FF FE 3D D8 41 00"));
    assert_eq!(r.format, Format::Utf16Le);
    assert_eq!(r.lines, 1);
    assert_eq!(r.characters, 2);
    assert_eq!(r.problems.len(), 1);
    let p = &r.problems[0];
    assert_eq!(p.kind, ProblemKind::UnpairedSurrogate);
    assert_eq!((p.offset, p.length, p.line, p.column), (2, 2, 1, 1));
    assert_eq!(p.bytes, "3D D8");
    assert_eq!(r.notes.len(), 1);
}

#[test]
fn f5_utf32_bad_units_are_one_character_each() {
    let mut bytes = hexb("FF FE 00 00");
    bytes.extend(utf32le("Good text, then "));
    bytes.extend(hexb("00 00 11 00"));
    bytes.extend(utf32le(" and "));
    bytes.extend(hexb("3D D8 00 00"));
    bytes.extend(utf32le(" in UTF-32LE.\n"));
    let r = analyze_every_way(&bytes);
    assert_eq!(r.format, Format::Utf32Le);
    assert_eq!(kinds(&r), ["invalid_code_point", "unpaired_surrogate"]);
    assert_eq!(r.problems[0].bytes, "00 00 11 00");
    assert_eq!(r.problems[1].bytes, "3D D8 00 00");
    let text_chars = "Good text, then  and  in UTF-32LE.\n".chars().count() as u64;
    assert_eq!(r.characters, text_chars + 2);
    // The preview shows U+FFFD for each.
    let mut a = textscope::Analyzer::new(textscope::Options {
        index_every: Some(1),
        ..Default::default()
    });
    a.feed(&bytes);
    let (_, index) = a.finish_with_index();
    let s = textscope::structure_of(&bytes, &index, 1, 1, Default::default());
    assert_eq!(
        s.lines[0].text,
        "Good text, then \u{FFFD} and \u{FFFD} in UTF-32LE."
    );
}

#[test]
fn f6_utf32_mark_that_is_utf16_then_nul() {
    let r = analyze_every_way(&hexb("FF FE 00 00 48 00 69 00"));
    assert_eq!(r.format, Format::Utf16Le);
    assert_eq!(r.bom.as_ref().unwrap().bytes, "FF FE");
    assert_eq!(r.lines, 1);
    assert_eq!(r.characters, 3);
    assert_eq!(kinds(&r), ["nul"]);
    assert_eq!(r.problems[0].offset, 2);
    assert_eq!((r.problems[0].line, r.problems[0].column), (1, 1));
    assert_eq!(r.notes.len(), 1);
    assert!(
        !r.detection.steps[0].accepted,
        "utf-32le turned down first (D9)"
    );
    assert_eq!(r.detection.steps[0].format, Format::Utf32Le);
}
