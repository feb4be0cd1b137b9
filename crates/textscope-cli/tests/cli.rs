//! The `textscope` binary end to end: the report, --brief, --json, --structure, --preview,
//! --encoding, standard input, errors and exit statuses. Outputs are compared exactly.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name);
    p.to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data"))
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn report_of_f2_is_exact() {
    let (out, err, code) = run(&["f2-notes-utf16le.txt"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "\
f2-notes-utf16le.txt: UTF-16LE text, with byte order mark, CRLF line endings, 2 lines, longest 7 characters
  encoding   UTF-16LE, byte order mark FF FE
  detection  utf-16le: accepted: byte order mark FF FE
  size       34 bytes
  lines      2 (longest: line 1, 7 characters)
  characters 15
  endings    2 CRLF
  problems   none
"
    );
}

#[test]
fn report_lists_problems_and_notes() {
    let (out, _, code) = run(&["f4.txt"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "\
f4.txt: UTF-16LE text, with byte order mark, no line endings, 1 line, longest 2 characters, 1 problem
  encoding   UTF-16LE, byte order mark FF FE
  detection  utf-16le: accepted: byte order mark FF FE
  size       6 bytes
  lines      1 (longest: line 1, 2 characters)
  characters 2
  endings    none
  problems   1 (1 unpaired_surrogate)
    1:1        offset 2        3D D8          unpaired_surrogate: high surrogate D83D is not followed by a low surrogate
  notes      line 1 has no line ending
"
    );
}

#[test]
fn brief_is_one_line_per_file_like_file1() {
    let (out, _, code) = run(&[
        "--brief",
        "ascii-crlf.txt",
        "mixed-endings.txt",
        "empty.txt",
        "binary.bin",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "\
ascii-crlf.txt: ASCII text, CRLF line endings, 3 lines, longest 5 characters
mixed-endings.txt: ASCII text, mixed line endings (2 LF, 1 CRLF, 1 CR), 5 lines, longest 10 characters, 1 problem
empty.txt: empty
binary.bin: binary data (no text format accepted it)
"
    );
}

#[test]
fn json_is_the_library_report_with_path() {
    let (out, _, code) = run(&["--json", "f4.txt", "hello-utf8.txt"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "JSON Lines: one object per file");
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["path"], "f4.txt");
    assert_eq!(v["schema"], 3);
    assert_eq!(v["format"], "utf-16le");
    assert_eq!(v["problems"][0]["kind"], "unpaired_surrogate");
    assert_eq!(v["problems"][0]["bytes"], "3D D8");
    assert_eq!(v["notes"][0]["kind"], "no_final_line_ending");
    let bytes = std::fs::read(data("f4.txt")).unwrap();
    let mut lib = textscope::analyze(&bytes, textscope::Options::default());
    lib.path = Some("f4.txt".into());
    assert_eq!(lines[0], lib.to_json());
}

#[test]
fn structure_view_of_f2() {
    let (out, _, code) = run(&["--structure", "--lines", "2", "f2-notes-utf16le.txt"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "\
f2-notes-utf16le.txt: UTF-16LE text, with byte order mark
mark offset 0 length 2 bytes FF FE
line 2 offset 20 bytes 10 chars 4 ending CRLF at 30 (0D 00 0A 00)
  │ 中文 😀
  ├ 20         2D 4E        中    U+4E2D    units 4E2D
  ├ 22         87 65        文    U+6587    units 6587
  ├ 24         20 00             U+0020    units 0020
  ├ 26         3D D8 00 DE  😀    U+1F600   units D83D DE00
"
    );
}

#[test]
fn structure_json_streams_one_object() {
    let (out, _, code) = run(&["--structure", "--json", "--lines", "1..2", "f4.txt"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["format"], "utf-16le");
    assert_eq!(v["bom"]["bytes"], "FF FE");
    assert_eq!(v["lines"].as_array().unwrap().len(), 1);
    let c = &v["lines"][0]["chars"][0];
    assert_eq!(c["problem"], "unpaired_surrogate");
    assert_eq!(c["code_point"], serde_json::Value::Null);
    assert_eq!(c["text"], "\u{FFFD}");
}

/// S1: a range past the last line shows nothing (exit 0, as `sed -n` does) and says on
/// stderr how many lines the file has; a range that reaches the end says nothing.
#[test]
fn lines_past_the_end_are_named_on_stderr() {
    let (out, err, code) = run(&["--structure", "--lines", "9..12", "f2-notes-utf16le.txt"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "f2-notes-utf16le.txt: UTF-16LE text, with byte order mark\nmark offset 0 length 2 bytes FF FE\n"
    );
    assert_eq!(
        err,
        "textscope: f2-notes-utf16le.txt: no line 9: the file has 2 lines\n"
    );
    let (out, err, code) = run(&["--structure", "--json", "--lines", "4", "f1.txt"]);
    assert_eq!(code, 0);
    assert!(out.contains("\"lines\":[]"), "{out}");
    assert!(
        err.starts_with("textscope: f1.txt: no line 4: the file has "),
        "{err}"
    );
    let (out, err, code) = run(&["--preview", "--lines", "5", "f1.txt"]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert!(
        err.starts_with("textscope: f1.txt: no line 5: the file has "),
        "{err}"
    );
    let (_, err, code) = run(&["--structure", "--lines", "2..99", "f2-notes-utf16le.txt"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn preview_is_safe_text() {
    let (out, _, code) = run(&["--preview", "nul-and-controls.txt", "--lines", "1..2"]);
    assert_eq!(code, 0);
    assert_eq!(out, "log line␀ with NUL\nbell␇ and escape␛[31m red\n");
}

#[test]
fn forced_encoding_d10() {
    let (out, _, _) = run(&["--brief", "-e", "utf-8", "windows-1252.txt"]);
    assert!(out.contains("UTF-8 text"), "{out}");
    assert!(out.contains("problems"), "{out}");
    let (_, err, code) = run(&["-e", "klingon", "f4.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown encoding 'klingon'"), "{err}");
}

#[test]
fn standard_input_dash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(["--brief", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"from a pipe\r\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "(standard input): ASCII text, CRLF line endings, 1 line, longest 11 characters\n"
    );
}

#[test]
fn unreadable_files_get_one_line_each_and_status_2() {
    let (out, err, code) = run(&["--brief", "no-such-file", "f1.txt", "."]);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "f1.txt: UTF-16LE text, with byte order mark, no line endings, 1 line, longest 2 characters\n"
    );
    assert_eq!(
        err,
        "textscope: no-such-file: no such file\ntextscope: .: is a directory\n"
    );
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let (out, _, _) = run(&["--brief", "f4.txt"]);
    assert!(!out.contains('\u{1b}'));
    let (out, _, _) = run(&["--brief", "--color", "always", "f4.txt"]);
    assert!(out.contains("\u{1b}[1m"));
}

#[test]
fn broken_pipe_ends_quietly() {
    // Enough output that writing must fail once the reader is gone.
    let path = std::env::temp_dir().join(format!("textscope-pipe-{}.txt", std::process::id()));
    std::fs::write(&path, "a line of text for the pipe\n".repeat(200_000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(["--preview", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(0), "no panic, no signal death");
    assert!(String::from_utf8_lossy(&out.stderr).is_empty());
}

#[test]
fn utf16_subcommand_exit_statuses_i2() {
    let (out, _, code) = run(&["utf16", "😀"]);
    assert_eq!(code, 0);
    assert!(out.contains("D800 + 03D = D83D"), "{out}");
    let (out, _, code) = run(&["utf16", "--units", "D83D 0041"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("not well-formed: EXPECTED_LOW_SURROGATE at unit 1"),
        "{out}"
    );
    let (out, _, code) = run(&["utf16", "--units", "0xD83D,0xDE00", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["well_formed"], true);
    let (_, err, code) = run(&["utf16", "--units", "D83D G"]);
    assert_eq!(code, 2);
    assert!(err.contains("\"G\""), "{err}");
    let (_, _, code) = run(&["utf16", "--bytes", "3D D8 00 DE", "--le"]);
    assert_eq!(code, 0);
}

#[test]
fn threads_give_the_same_report_as_one_thread() {
    // Over parallel::MIN_PARALLEL (32 MiB), with problems spread through the file.
    let path = std::env::temp_dir().join(format!("textscope-par-{}.txt", std::process::id()));
    let mut text = String::new();
    for i in 0..600_000 {
        text.push_str(match i % 7 {
            0 => "plain ascii line of some length\n",
            1 => "café crème brûlée, 中文, 😀\r\n",
            2 => "a NUL \u{0} and a bell \u{7} here\n",
            _ => "more text, more text, more text\n",
        });
    }
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let (one, _, c1) = run(&["--json", "-j", "1", "--max-problems", "50", p]);
    let (four, _, c4) = run(&["--json", "-j", "4", "--max-problems", "50", p]);
    std::fs::remove_file(&path).ok();
    assert_eq!((c1, c4), (0, 0));
    assert_eq!(one, four);
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["lines"], 600_000);
    assert_eq!(v["problem_counts"]["mixed_line_endings"], 1);
}
