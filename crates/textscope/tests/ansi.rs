//! Terminal escape sequences (issue 14): a recognised sequence is one `ansi_escape` finding,
//! not P3 and not part of D7's control share; every split of the input gives the same report.

mod common;
use common::*;
use textscope::ansi::Effect;
use textscope::{FindingKind, Format, Options, ProblemKind};

#[test]
fn a_coloured_build_log_is_utf8_text_with_escape_findings() {
    let bytes = data("colour-build.log");
    let esc = bytes.iter().filter(|&&b| b == 0x1b).count() as u64;
    assert!(
        esc * 10 > bytes.len() as u64,
        "more than 10 % ESC: D7 alone would call it binary"
    );
    let r = analyze_every_way(&bytes);
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(r.problem_counts.control_character, 0);
    assert_eq!(
        r.finding_counts.ansi_escape, esc,
        "every ESC starts one sequence here"
    );
    let first = &r.findings[0];
    assert_eq!(first.kind, FindingKind::AnsiEscape);
    assert_eq!((first.offset, first.line, first.column), (0, 1, 1));
    assert_eq!(first.effect, Some(Effect::Sgr));
    assert_eq!(first.dangerous, Some(false));
    assert_eq!(first.count, 2, "ESC[1m ESC[32m touch: one run");
    assert_eq!(first.length, 9);
    assert_eq!(first.sequence.as_deref(), Some("\\e[1m"));
    assert!(
        first.message.contains("2 terminal escape sequences"),
        "{}",
        first.message
    );
    let effects: Vec<_> = r.findings.iter().filter_map(|f| f.effect).collect();
    assert!(effects.contains(&Effect::Cursor) && effects.contains(&Effect::Erase));
    let erase = r
        .findings
        .iter()
        .find(|f| f.effect == Some(Effect::Erase))
        .unwrap();
    assert_eq!(erase.dangerous, Some(true));
    let listed: u64 = r.findings.iter().map(|f| f.count).sum();
    assert_eq!(listed, esc);
}

#[test]
fn hostile_sequences_are_named_and_the_c1_csi_stays_a_control() {
    let r = analyze_every_way(&data("hostile-ansi.txt"));
    assert_eq!(r.format, Format::Utf8);
    let seqs: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::AnsiEscape)
        .map(|f| {
            (
                f.line,
                f.effect.unwrap(),
                f.count,
                f.sequence.clone().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seqs,
        vec![
            (1, Effect::Sgr, 1, "\\e[31m".to_string()),
            (1, Effect::Sgr, 1, "\\e[0m".to_string()),
            (2, Effect::Erase, 1, "\\e[2J".to_string()),
            (2, Effect::Cursor, 1, "\\e[H".to_string()),
            (3, Effect::Clipboard, 1, "\\e]52;c;aGVsbG8=\\a".to_string()),
            (4, Effect::Title, 1, "\\e]0;pwned\\a".to_string()),
        ]
    );
    let clip = r
        .findings
        .iter()
        .find(|f| f.effect == Some(Effect::Clipboard))
        .unwrap();
    assert_eq!(clip.dangerous, Some(true));
    assert!(clip.message.contains("clipboard write"), "{}", clip.message);
    // U+009B (the one-character CSI) is not an ESC sequence: still a control character.
    assert_eq!(r.problem_counts.control_character, 1);
    assert_eq!(r.problems[0].code_point.as_deref(), Some("U+009B"));
}

#[test]
fn an_esc_that_starts_nothing_stays_p3_at_its_place() {
    let bytes = b"a\x1b b\n\x1b[12\nc\x1b]0;t\x1b[1m";
    let opts = Options::default().force_encoding("utf-8").unwrap();
    let r = analyze_every_way_with(bytes, &opts);
    let p3: Vec<_> = r
        .problems
        .iter()
        .filter(|p| p.kind == ProblemKind::ControlCharacter)
        .map(|p| (p.offset, p.line, p.column))
        .collect();
    assert_eq!(p3, vec![(1, 1, 2), (5, 2, 1), (11, 3, 2)]);
    assert_eq!(
        r.finding_counts.ansi_escape, 1,
        "the ESC[1m after the broken OSC"
    );
    assert_eq!(r.findings[0].offset, 16);
}

#[test]
fn sequences_split_at_every_point_in_every_format() {
    let text = "x\u{1b}[38;5;208mcolour\u{1b}[0m \u{1b}]8;;http://e.example/\u{1b}\\link\u{1b}]8;;\u{1b}\\\n\u{1b}7\u{1b}8\u{1b}\n";
    for f in [
        Format::Utf8,
        Format::Utf16Le,
        Format::Utf16Be,
        Format::Utf32Le,
        Format::Utf32Be,
    ] {
        let bytes = encode(text, f, true);
        // analyze_every_way_with feeds whole, byte by byte, at every split point and with every kernel.
        let r = analyze_every_way_with(&bytes, &Options::default());
        assert_eq!(r.format, f);
        let effects: Vec<_> = r
            .findings
            .iter()
            .map(|f| (f.effect.unwrap(), f.count))
            .collect();
        assert_eq!(
            effects,
            vec![
                (Effect::Sgr, 1),
                (Effect::Sgr, 1),
                (Effect::Hyperlink, 1),
                (Effect::Hyperlink, 1),
                (Effect::Cursor, 2)
            ],
            "{f:?}"
        );
        assert_eq!(
            r.problem_counts.control_character, 1,
            "the last ESC, before LF"
        );
    }
}

#[test]
fn long_sequences_in_long_text_take_the_slow_path_only_while_pending() {
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!(
            "line {i} \u{1b}[1;3{}mword\u{1b}[0m plain text after it\n",
            i % 8
        ));
    }
    let r = analyze_every_way(text.as_bytes());
    assert_eq!(r.format, Format::Utf8);
    assert_eq!(r.finding_counts.ansi_escape, 6000);
    assert_eq!(r.lines, 3000);
    assert_eq!(r.problem_total, 0);
}

#[test]
fn without_grouping_each_sequence_is_an_item() {
    let opts = Options {
        group_runs: false,
        ..Options::default()
    };
    let r = analyze_every_way_with(b"\x1b[1m\x1b[32mok\x1b[0m\n", &opts);
    assert_eq!(r.findings.len(), 3);
    assert!(r.findings.iter().all(|f| f.count == 1));
}

#[test]
fn ebcdic_has_no_escape_sequences() {
    // In IBM037, 1B is not ESC; the bytes are whatever the page maps them to.
    let opts = Options::default().force_encoding("IBM037").unwrap();
    let r = analyze_every_way_with(b"\x27\xad\xf3\xf1\x94", &opts);
    assert_eq!(r.finding_counts.ansi_escape, 0);
}

/// The structure view marks as control characters exactly the characters the report lists as
/// P3: the ESC and BEL of a recognised sequence are no problem there either, a lone ESC is.
#[test]
fn the_structure_marks_the_same_control_characters_as_the_report() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("colour-build.log", data("colour-build.log")),
        ("hostile-ansi.txt", data("hostile-ansi.txt")),
        (
            "broken",
            b"a\x1b b\n\x1b[12\nc\x1b]0;t\x1b[1m\n\x07\x1b]2;x\x07y\r\x1b[K\r\n".to_vec(),
        ),
    ];
    for (name, bytes) in cases {
        let opts = Options {
            group_runs: false,
            max_problems_per_kind: usize::MAX,
            index_every: Some(64),
            ..Options::default().force_encoding("utf-8").unwrap()
        };
        let mut a = textscope::Analyzer::new(opts);
        a.feed(&bytes);
        let (report, index) = a.finish_with_index();
        let want: Vec<u64> = report
            .problems
            .iter()
            .filter(|p| p.kind == ProblemKind::ControlCharacter)
            .map(|p| p.offset)
            .collect();
        let s = textscope::structure_of(
            &bytes,
            &index,
            1,
            u64::MAX,
            textscope::StructureOptions {
                all_chars: true,
                ..Default::default()
            },
        );
        let got: Vec<u64> = s
            .lines
            .iter()
            .flat_map(|l| l.chars.iter())
            .filter(|c| c.problem == Some(ProblemKind::ControlCharacter))
            .map(|c| c.offset)
            .collect();
        assert_eq!(got, want, "{name}");
        for l in &s.lines {
            let has = l
                .chars
                .iter()
                .any(|c| c.problem == Some(ProblemKind::ControlCharacter));
            assert_eq!(
                l.problems.contains(&ProblemKind::ControlCharacter),
                has,
                "{name}: line {}",
                l.number
            );
        }
    }
}
