//! The report for people: its first line and its details.

use super::*;
use textscope::{analyze, Container, Hint, Options};

const PLAIN: Style = Style { color: false };

/// A NUL-laden log as the core reports it in schema 3: binary, with its UTF-8 reading
/// (a run of 4,096 NULs among others) and a hint. Built by hand from real reports, so the
/// rendering is tested apart from the core's choice of reading.
fn nul_log() -> Report {
    let mut text = b"one\ntwo \x00 three\n".to_vec();
    text.extend(std::iter::repeat_n(0u8, 4096));
    text.extend(b"\n");
    let mut reading = analyze(
        &text,
        Options {
            force: Some(Format::Utf8),
            ..Options::default()
        },
    );
    // Group the long run as the core does (the first NUL's place, the run's length).
    let mut run = reading.problems[1].clone();
    run.count = 4096;
    run.length = 4096;
    run.message = "4,096 NULs (U+0000) in a row".into();
    reading.problems.truncate(1);
    reading.problems.push(run);
    let mut r = analyze(&text, Options::default());
    assert_eq!(r.format, Format::Binary);
    r.text_reading = Some(Box::new(reading));
    r.hints = vec![Hint {
        code: "try_encoding".into(),
        encoding: "utf-8".into(),
        reason: "binary_only".into(),
        figures: "nul_share=0.99".into(),
        message: "UTF-8 was turned down only for its NULs: try -e utf-8".into(),
    }];
    r
}

#[test]
fn a_binary_file_shows_its_text_reading_runs_and_the_command() {
    let out = full(&nul_log(), "my log.txt", PLAIN);
    let lines: Vec<&str> = out.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("  Read as UTF-8 text anyway: 3 lines, 4097 problems"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(lines[head].contains("(4097 nul)"), "{out}");
    assert!(lines[head + 1].trim_start().starts_with("2:5"), "{out}");
    // The run: one line, its byte range and its count.
    let run = lines[head + 2];
    assert!(run.trim_start().starts_with("3:1"), "{out}");
    assert!(
        run.contains("offset 16–4111") && run.contains("00 …"),
        "{run}"
    );
    assert!(run.ends_with("nul: 4,096 NULs (U+0000) in a row"), "{run}");
    assert_eq!(
        lines[head + 3],
        "  To read it so: textscope -e utf-8 'my log.txt'"
    );
    assert_eq!(
        *lines.last().unwrap(),
        "hint: UTF-8 was turned down only for its NULs: try -e utf-8"
    );
    assert_eq!(out.matches("nul:").count(), 2, "one line per run: {out}");
}

#[test]
fn a_container_is_named_in_words() {
    let mut r = analyze(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe", Options::default());
    r.container = Some(Container {
        name: "PNG".into(),
        mime: "image/png".into(),
        extension: "png".into(),
    });
    assert_eq!(describe(&r), "PNG image (image/png), binary data");
    assert!(brief(&r, "a.png", PLAIN).ends_with(": PNG image (image/png), binary data"));
    r.container = Some(Container {
        name: "ZIP".into(),
        mime: "application/zip".into(),
        extension: "zip".into(),
    });
    assert_eq!(describe(&r), "ZIP archive (application/zip), binary data");
    assert!(!full(&r, "a.zip", PLAIN).contains("Read as"));
}

#[test]
fn a_long_reading_lists_ten_items_then_says_how_many_more() {
    let mut r = nul_log();
    let t = r.text_reading.as_mut().unwrap();
    let first = t.problems[0].clone();
    t.problems = vec![first; 25];
    let out = full(&r, "x", PLAIN);
    assert_eq!(out.matches("    2:5").count(), 10, "{out}");
    assert!(out.contains("    … and 15 more items\n"), "{out}");
}

#[test]
fn shell_words() {
    assert_eq!(shell_word("a/b-c.txt"), "a/b-c.txt");
    assert_eq!(shell_word("it's here"), "'it'\\''s here'");
    assert_eq!(shell_word("$(x)"), "'$(x)'");
}
