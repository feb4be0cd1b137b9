//! Segments and mojibake in the report (docs/mojibake.md G8, M9), on the files of
//! tests/data/mixed/ (made by its make.py from text written for this project) and on large
//! files built here.

use proptest::prelude::*;
use textscope::{analyze, Analyzer, FindingKind, Format, Options, Report};

fn data(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../../tests/data/mixed/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn report(bytes: &[u8]) -> Report {
    analyze(bytes, Options::default())
}

fn chunked(bytes: &[u8], cut: usize) -> Report {
    let mut a = Analyzer::new(Options::default());
    for c in bytes.chunks(cut.max(1)) {
        a.feed(c);
    }
    a.finish()
}

fn foreign(r: &Report) -> Vec<(u64, u64, String)> {
    r.segments
        .iter()
        .filter(|s| s.encoding != r.encoding)
        .map(|s| (s.first_line, s.last_line, s.encoding.clone()))
        .collect()
}

const GERMAN: &str = "Die Brücke über den Fluß ist schön, sagte der Bürgermeister.\n";
const FRENCH_1252: &[u8] =
    b"L'\xE9t\xE9 dernier, nous avons go\xFBt\xE9 une cr\xE8me br\xFBl\xE9e \xE0 Cr\xE9teil.\n";

#[test]
fn g8_utf8_with_a_windows_1252_paragraph_is_utf8_with_a_segment() {
    let r = report(&data("utf8-with-1252-lines.txt"));
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(foreign(&r), [(10, 13, "windows-1252".to_string())]);
    let steps: Vec<&str> = r.detection.steps.iter().map(|s| s.code.as_str()).collect();
    assert!(steps.contains(&"utf8_with_segments"), "{steps:?}");
    let f: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::MixedEncoding)
        .collect();
    assert_eq!((f.len(), f[0].line, f[0].offset), (1, 10, 594));
    assert_eq!(r.finding_counts.mixed_encoding, 1);
}

#[test]
fn g8_utf8_lines_of_a_windows_1252_file_are_named_and_do_not_vote_for_its_page() {
    let r = report(&data("1252-with-utf8-lines.txt"));
    assert_eq!(r.encoding, "windows-1252");
    assert_eq!(foreign(&r), [(6, 8, "UTF-8".to_string())]);
}

#[test]
fn g8_a_utf8_export_appended_to_a_utf16_one_starts_where_its_bytes_do() {
    let r = report(&data("utf16le-then-utf8.csv"));
    assert_eq!(r.format, Format::Utf16Le);
    let s: Vec<_> = r.segments.iter().map(|s| (s.offset, s.format)).collect();
    assert_eq!(s, [(0, Format::Utf16Le), (226, Format::Utf8)]);
    assert_eq!(r.finding_counts.mixed_encoding, 1);
}

#[test]
fn m9_double_mojibake_is_found_on_its_lines_with_its_repair() {
    let r = report(&data("utf8-double-mojibake.txt"));
    let runs: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::Mojibake)
        .collect();
    assert_eq!(r.finding_counts.mojibake, 36);
    assert!(runs.iter().all(|f| (8..=11).contains(&f.line)));
    let fix = runs[0].repair.as_ref().unwrap();
    assert_eq!(
        (fix.original.as_str(), fix.repaired.as_str()),
        ("ÃƒÂ©", "é")
    );
    assert_eq!(
        fix.chain,
        ["utf-8", "windows-1252", "utf-8", "windows-1252", "utf-8"]
    );
    assert_eq!(r.problem_total, 0);
    assert!(r.segments.is_empty());
}

#[test]
fn g4_clean_files_have_no_segments_nor_mojibake() {
    for bytes in [
        GERMAN.repeat(30).into_bytes(),
        FRENCH_1252.repeat(30),
        "Grüße, café, São Paulo, ÃO, naïve — “quoted” 25 °C\n"
            .repeat(3)
            .into_bytes(),
        b"plain ascii\n".repeat(10),
    ] {
        let r = report(&bytes);
        assert!(r.segments.is_empty(), "{:?}", r.segments);
        assert_eq!(
            r.finding_counts.mojibake + r.finding_counts.mixed_encoding,
            0
        );
    }
}

/// A clean UTF-8 file longer than the window with a windows-1252 paragraph near its end.
fn long_utf8_with_late_paragraph(lines: usize) -> Vec<u8> {
    let mut f = GERMAN.repeat(lines).into_bytes();
    for _ in 0..3 {
        f.extend_from_slice(FRENCH_1252);
    }
    f.extend(GERMAN.repeat(5).into_bytes());
    f
}

#[test]
fn g8_a_paragraph_far_beyond_the_window_is_found() {
    let f = long_utf8_with_late_paragraph(5_000);
    assert!(f.len() > 4 * textscope::WINDOW);
    let r = chunked(&f, 65_536);
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(foreign(&r), [(5_001, 5_003, "windows-1252".to_string())]);
}

#[test]
fn m9_mojibake_beyond_the_window_is_read_when_the_window_had_some() {
    let moji = "Caf\u{C3}\u{A9} cr\u{C3}\u{A8}me, d\u{C3}\u{A9}j\u{C3}\u{A0} vu.\n";
    let mut f = moji.repeat(2);
    f.push_str(&GERMAN.repeat(3_000));
    f.push_str(moji);
    let r = chunked(f.as_bytes(), 10_000);
    assert_eq!(r.finding_counts.mojibake, 12);
    let last = r
        .findings
        .iter()
        .rev()
        .find(|f| f.kind == FindingKind::Mojibake);
    assert_eq!(last.map(|f| f.line), Some(3_003));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// G8: where the chunks are cut never changes the segments of a long file.
    #[test]
    fn g8_chunking_never_changes_the_segments_of_a_long_file(
        lines in 1_200usize..1_400,
        cut in prop_oneof![1usize..200, 4_000usize..70_000],
    ) {
        let f = long_utf8_with_late_paragraph(lines);
        let whole = report(&f);
        prop_assert_eq!(&chunked(&f, cut).segments, &whole.segments);
        prop_assert_eq!(foreign(&whole).len(), 1);
    }

    /// G8, M9: the same for the files of tests/data/mixed/ (each shorter than the window).
    #[test]
    fn g8_chunking_never_changes_the_segments_of_a_short_file(cut in 1usize..300, which in 0usize..4) {
        let name = ["utf8-with-1252-lines.txt", "1252-with-utf8-lines.txt",
            "utf8-double-mojibake.txt", "utf16le-then-utf8.csv"][which];
        let f = data(name);
        let whole = report(&f);
        let part = chunked(&f, cut);
        prop_assert_eq!(&part.segments, &whole.segments);
        prop_assert_eq!(&part.findings, &whole.findings);
    }
}
