//! Segments and mojibake in the report (docs/mojibake.md G8, M9), on the files of
//! tests/data/mixed/ (made by its make.py from text written for this project) and on large
//! files built here.

use proptest::prelude::*;
use textscope::chars::{CharDecoder, Decoded};
use textscope::{
    analyze, structure_of, Analyzer, FindingKind, Format, LineIndex, Options, Report,
    StructureOptions, Switch,
};

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
        // G9: and the lines and problems read across a change of layout.
        prop_assert_eq!(part.to_json(), whole.to_json());
        let (a, b) = (indexed(&f, cut).1, indexed(&f, f.len()).1);
        prop_assert_eq!(a, b);
    }
}

/// The report and index of `bytes`, with a checkpoint at nearly every line start.
fn indexed(bytes: &[u8], cut: usize) -> (Report, LineIndex) {
    let mut a = Analyzer::new(Options {
        index_every: Some(16),
        ..Options::default()
    });
    for c in bytes.chunks(cut.max(1)) {
        a.feed(c);
    }
    a.finish_with_index()
}

/// The text of lines `first..=last` as the structure shows them.
fn texts(bytes: &[u8], index: &LineIndex, first: u64, last: u64) -> Vec<String> {
    structure_of(bytes, index, first, last, StructureOptions::default())
        .lines
        .into_iter()
        .map(|l| l.text)
        .collect()
}

const UTF8_EXPORT: [&str; 5] = [
    "id,name,city",
    "6,Jürgen Groß,Gießen",
    "7,Inês Simões,Évora",
    "8,Łukasz Żak,Łódź",
    "9,Noël Garçon,Nîmes",
];

#[test]
fn g9_a_utf8_export_after_a_utf16_one_is_read_as_utf8_lines() {
    let f = data("utf16le-then-utf8.csv");
    let (r, index) = indexed(&f, f.len());
    // Six UTF-16 lines, then the five lines of the UTF-8 export: no line of CJK-looking
    // characters, no invisible-character findings made of pairs of ASCII letters.
    assert_eq!((r.lines, r.endings.lf), (11, 11));
    assert_eq!(r.problem_total, 0, "{:?}", r.problems);
    let kinds: Vec<_> = r.findings.iter().map(|f| (f.kind, f.offset)).collect();
    assert_eq!(kinds, [(FindingKind::MixedEncoding, 226)]);
    assert_eq!(
        index.switches,
        [Switch {
            offset: 226,
            format: Format::Utf8,
            encoding: "UTF-8".to_string(),
            mark_len: 0,
        }]
    );
    assert_eq!(texts(&f, &index, 7, 11), UTF8_EXPORT);
    assert_eq!(texts(&f, &index, 6, 7)[0], "5,Chloé Dupré,Besançon");
    // From a checkpoint inside the UTF-8 part, and from one before the switch.
    assert!(index
        .checkpoints
        .iter()
        .any(|c| c.offset > 226 && c.line < 10));
    assert_eq!(texts(&f, &index, 10, 10), [UTF8_EXPORT[3]]);
    let line_of = |offset: u64| {
        let mut l = index.locate(offset);
        l.feed(f.get(usize::try_from(l.start_offset()).unwrap()..).unwrap());
        l.finish()
    };
    let lukasz = 226
        + UTF8_EXPORT[..3]
            .iter()
            .map(|l| l.len() as u64 + 1)
            .sum::<u64>();
    assert_eq!(line_of(lukasz), Some(10));
    assert_eq!(line_of(224), Some(6));
    // The characters one decoder gives are the text that is there.
    let mut d = CharDecoder::new(&index);
    let mut text = String::new();
    let mut push = |_: u64, _: &[u8], c: Decoded| match c {
        Decoded::Char(c) => text.push(c),
        Decoded::Bad(_) => text.push('\u{FFFD}'),
    };
    for piece in f[2..].chunks(7) {
        d.feed(piece, &mut push);
    }
    d.finish(&mut push);
    assert!(text.ends_with(&(UTF8_EXPORT.join("\n") + "\n")), "{text}");
    // Forced, the file is read as the user says.
    let forced = analyze(&f, Options::default().force_encoding("utf-16le").unwrap());
    assert_eq!(forced.lines, 7);
}

#[test]
fn g9_a_utf16_export_with_its_mark_after_a_utf8_one() {
    let mut f = Vec::new();
    for line in UTF8_EXPORT {
        f.extend_from_slice(format!("{line}\n").as_bytes());
    }
    let at = f.len() as u64;
    f.extend_from_slice(&[0xFF, 0xFE]);
    for line in ["1,Chloé Dupré,Besançon\n", "2,Ana Görög,Győr\n"] {
        f.extend(line.encode_utf16().flat_map(u16::to_le_bytes));
    }
    let (r, index) = indexed(&f, 5);
    assert_eq!(r.lines, 7, "{r:#?}");
    assert_eq!(r.problem_total, 0, "{:?}", r.problems);
    // The mark that starts the second export is its mark, not a character of the text.
    assert_eq!(r.problem_counts.bom_in_text, 0);
    let w: Vec<_> = index.switches.iter().map(|s| s.offset).collect();
    assert!(
        w == [at] || w == [0, at] || w.contains(&at),
        "{:?}",
        index.switches
    );
    assert_eq!(
        texts(&f, &index, 6, 7),
        ["1,Chloé Dupré,Besançon", "2,Ana Görög,Győr"]
    );
}

/// G1: UTF-16 text of CJK lines with few zero bytes (a few ASCII words, U+3000 whose low byte
/// is zero, U+4E0A whose low byte is 0A) is one segment, in either byte order, with a mark or
/// none: no line of it is read as 8-bit text.
#[test]
fn g1_cjk_lines_in_utf16_stay_utf16() {
    let text = "東京の上野公園で、桜が咲きました。\n\
        天気は晴れ　気温は十八度です（Tokyo 18°C）。\n\
        上野駅から歩いて五分、一日中にぎやかでした。\n\
        「また来年も来たい」と、皆が言いました。\n\
        上海にも一度行ってみたいです、と彼は言った。\n";
    for be in [false, true] {
        for mark in [false, true] {
            let mut f = Vec::new();
            if mark {
                f.extend_from_slice(if be { &[0xFE, 0xFF] } else { &[0xFF, 0xFE] });
            }
            for u in text.encode_utf16() {
                f.extend_from_slice(&if be { u.to_be_bytes() } else { u.to_le_bytes() });
            }
            let r = report(&f);
            let want = if be { Format::Utf16Be } else { Format::Utf16Le };
            assert_eq!((r.format, r.lines), (want, 5), "be={be} mark={mark}");
            assert!(
                r.segments.is_empty(),
                "be={be} mark={mark}: {:?}",
                r.segments
            );
            assert_eq!(r.finding_counts.mixed_encoding, 0);
        }
    }
}

/// M3 (i): a capital and a small letter of one script start a word: Russian and Ukrainian
/// prose is no mojibake (its "Её" and "Ві" read through windows-1251 are "Ÿ" and "³"), while
/// Russian mojibake on the same page still is.
#[test]
fn m3_title_case_cyrillic_is_no_mojibake() {
    let clean = "Её нет дома. Её брат ушёл на работу.\nВі тут, а Її немає.\n";
    let r = report(clean.as_bytes());
    assert_eq!(r.finding_counts.mojibake, 0, "{:?}", r.findings);
    let moji = "Р—РґСЂР°РІСЃС‚РІСѓР№С‚Рµ, РјРёСЂ!\n";
    assert!(report(moji.as_bytes()).finding_counts.mojibake > 0);
}
