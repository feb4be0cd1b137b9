//! End-to-end tests of `textscope convert`. They run the binary, so they need the `convert`
//! subcommand wired in main.rs.

use std::path::Path;
use std::process::{Command, Stdio};

fn run(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> (i32, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .arg("convert")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        if let Some(b) = stdin {
            input.write_all(b).unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn utf8_to_utf16le_on_stdout_then_back_with_o() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "Café\r\n😀\n").unwrap();
    let (code, out, err) = run(
        dir.path(),
        &["a.txt", "--to", "utf-16le", "--bom", "yes", "--eol", "lf"],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        [
            0xFF, 0xFE, 0x43, 0, 0x61, 0, 0x66, 0, 0xE9, 0, 0x0A, 0, 0x3D, 0xD8, 0x00, 0xDE, 0x0A,
            0
        ]
    );
    std::fs::write(dir.path().join("b.txt"), &out).unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["b.txt", "--to", "utf-8", "--bom", "no", "-o", "c.txt"],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        std::fs::read(dir.path().join("c.txt")).unwrap(),
        "Café\n😀\n".as_bytes()
    );
    assert!(!dir.path().join(".c.txt.textscope-tmp").exists());
}

#[test]
fn lossy_input_is_refused_then_replaced() {
    let dir = tempfile::tempdir().unwrap();
    // UTF-16LE: "A", an unpaired high surrogate, "B", LF, a lone low surrogate.
    let bytes = [
        0xFF, 0xFE, 0x41, 0, 0x3D, 0xD8, 0x42, 0, 0x0A, 0, 0x00, 0xDC,
    ];
    std::fs::write(dir.path().join("bad.txt"), bytes).unwrap();
    let (code, out, err) = run(
        dir.path(),
        &["bad.txt", "--to", "utf-8", "--in-place"],
        None,
    );
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "textscope: bad.txt: not converted: 2 bad units would be lost (use --replace to write U+FFFD for them)\n  \
         line 1, column 2 (offset 4): unpaired_surrogate: high surrogate D83D is not followed by a low surrogate\n  \
         line 2, column 1 (offset 10): unpaired_surrogate: low surrogate DC00 is not preceded by a high surrogate\n"
    );
    assert_eq!(std::fs::read(dir.path().join("bad.txt")).unwrap(), bytes);
    let (code, _, err) = run(
        dir.path(),
        &[
            "bad.txt",
            "--to",
            "utf-8",
            "--bom",
            "no",
            "--in-place",
            "--replace",
        ],
        None,
    );
    assert_eq!(
        (code, err.as_str()),
        (0, "textscope: bad.txt: replaced 2 bad units with U+FFFD\n")
    );
    assert_eq!(
        std::fs::read(dir.path().join("bad.txt")).unwrap(),
        "A\u{FFFD}B\n\u{FFFD}".as_bytes()
    );
}

#[test]
fn stdin_legacy_from_and_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, err) = run(
        dir.path(),
        &["-", "--from", "windows-1252", "--to", "utf-32be"],
        Some(b"\xE9\n"),
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, [0, 0, 0, 0xE9, 0, 0, 0, 0x0A]);
    let (code, _, err) = run(dir.path(), &["x", "--to", "windows-1252"], None);
    assert_eq!(code, 2);
    assert!(err.contains("not a Unicode format"), "{err}");
    let (code, _, err) = run(dir.path(), &["x", "y", "--to", "utf-8"], None);
    assert_eq!(code, 2);
    assert!(err.contains("several files need --in-place"), "{err}");
    let (code, _, err) = run(dir.path(), &["missing.txt", "--to", "utf-8"], None);
    assert_eq!(
        (code, err.as_str()),
        (2, "textscope: missing.txt: no such file\n")
    );
    std::fs::write(dir.path().join("bin"), [0u8; 100]).unwrap();
    let (code, _, err) = run(dir.path(), &["bin", "--to", "utf-8"], None);
    assert_eq!(code, 1);
    assert!(err.contains("the file is binary"), "{err}");
}

#[test]
fn a_leftover_from_a_crash_does_not_block_in_place() {
    // Issue 15: a leftover under the old fixed temporary name made every later run fail with
    // "File exists"; temporary names are now unique, so it is simply not in the way.
    let dir = tempfile::tempdir().unwrap();
    let original = "one\r\ntwo\r\n".repeat(100);
    std::fs::write(dir.path().join("f.txt"), &original).unwrap();
    std::fs::create_dir(dir.path().join(".f.txt.textscope-tmp")).unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["f.txt", "--to", "utf-16be", "--in-place"],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        std::fs::read(dir.path().join("f.txt")).unwrap().len(),
        original.len() * 2
    );
    assert!(dir.path().join(".f.txt.textscope-tmp").is_dir());
}

#[test]
fn in_place_failure_leaves_the_original_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let original = "one\r\ntwo\r\n".repeat(100);
    std::fs::write(dir.path().join("f.txt"), &original).unwrap();
    // -o into a directory that does not exist: no temporary file can be made.
    let (code, _, err) = run(
        dir.path(),
        &["f.txt", "--to", "utf-16be", "-o", "nowhere/g.txt"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("textscope: nowhere/g.txt: cannot create a temporary file beside it"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(dir.path().join("f.txt")).unwrap(),
        original.as_bytes()
    );
}

#[test]
fn in_place_several_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a"), "a\r\n").unwrap();
    std::fs::write(dir.path().join("b"), "b\n").unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["a", "b", "--to", "utf-8", "--eol", "crlf", "--in-place"],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(std::fs::read(dir.path().join("a")).unwrap(), b"a\r\n");
    assert_eq!(std::fs::read(dir.path().join("b")).unwrap(), b"b\r\n");
}

/// `--strip-ansi` removes the terminal escape sequences `textscope::ansi` recognises (CSI,
/// OSC, two-character ESC sequences), in any chunking of the input, and keeps every other
/// byte: a lone ESC, one that starts no sequence, an unfinished sequence at the end, and the
/// text of an OSC cut by another ESC.
#[test]
fn strip_ansi_removes_escape_sequences_only() {
    let dir = tempfile::tempdir().unwrap();
    let input =
        "a\x1b[1m\x1b[32mgreen\x1b[0m b\x1b]0;title\x07c\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \
                 d\x1b e \x1b]2;x\x1b[31mf\x1b[0m é😀\r\nend\x1b[";
    std::fs::write(dir.path().join("in.txt"), input).unwrap();
    let (code, out, err) = run(
        dir.path(),
        &["in.txt", "--from", "utf-8", "--to", "utf-8", "--strip-ansi"],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "agreen bclink d\x1b e \x1b]2;xf é😀\r\nend\x1b["
    );
    // To UTF-16LE with LF endings: the same characters.
    let (code, out, _) = run(
        dir.path(),
        &[
            "in.txt",
            "--from",
            "utf-8",
            "--to",
            "utf-16le",
            "--eol",
            "lf",
            "--strip-ansi",
        ],
        None,
    );
    assert_eq!(code, 0);
    let units: Vec<u16> = out
        .chunks(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    assert_eq!(
        String::from_utf16(&units).unwrap(),
        "agreen bclink d\x1b e \x1b]2;xf é😀\nend\x1b["
    );
    // Without the flag, nothing is removed.
    let (_, out, _) = run(
        dir.path(),
        &["in.txt", "--from", "utf-8", "--to", "utf-8"],
        None,
    );
    assert_eq!(out, input.as_bytes());
}

#[test]
fn strip_ansi_on_the_coloured_build_log() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/colour-build.log");
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(&data).unwrap();
    assert!(bytes.contains(&0x1B));
    std::fs::write(dir.path().join("log"), &bytes).unwrap();
    let (code, out, err) = run(
        dir.path(),
        &["log", "--from", "utf-8", "--to", "utf-8", "--strip-ansi"],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(!out.contains(&0x1B), "{}", String::from_utf8_lossy(&out));
    assert_eq!(out, textscope::ansi::strip(&bytes));
    assert!(String::from_utf8(out)
        .unwrap()
        .starts_with("Compiling libc\n"));
}
