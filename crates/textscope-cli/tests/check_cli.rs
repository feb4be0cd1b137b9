//! End-to-end tests of `textscope check` over a repository tree generated in a temp dir.
//! They run the binary, so they need the `check` subcommand wired in main.rs.

use std::path::Path;
use std::process::Command;

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

/// One file per SPEC problem, plus what the walk must skip: ignored (root and nested
/// .gitignore), hidden, binary.
fn problems_tree(root: &Path) {
    write(root, ".gitignore", b"ignored/\n*.log\n");
    write(root, "good.txt", b"fine\n");
    write(root, "bin.dat", &[0u8; 300]);
    write(root, ".hidden.txt", b"a terminal bell:   \x07 ring\n");
    write(root, "ignored/bad.txt", b"a terminal bell:   \x07 ring\n");
    write(root, "x.log", b"a terminal bell:   \x07 ring\n");
    write(root, "sub/.gitignore", b"local.txt\n");
    write(root, "sub/local.txt", b"a terminal bell:   \x07 ring\n");
    let mut nul = b"x\0".to_vec();
    nul.extend(std::iter::repeat_n(b'y', 300));
    nul.push(b'\n');
    write(root, "p/nul.txt", &nul);
    write(root, "p/control.txt", b"a terminal bell:   \x07 ring\n");
    write(root, "p/bom_in_text.txt", "ab\u{FEFF}c\n".as_bytes());
    write(root, "p/truncated.txt", b"\xFF\xFEa\x00b");
    let mut utf8 = "héllo wörld ça très naïve café résumé fiancée élan über"
        .as_bytes()
        .to_vec();
    utf8.extend(b" \xFF\n");
    write(root, "p/invalid_utf8.txt", &utf8);
    // F5: a marked UTF-32LE file with a unit above 10FFFF and a surrogate unit.
    let mut u32le = vec![0xFF, 0xFE, 0, 0];
    // Enough good units that D2 keeps UTF-32 (at most one in ten bad).
    let units = "ABCDEFGHIJKLMNOPQRST".chars().map(|c| c as u32);
    for u in units.chain([0x0011_0000, 0xD83D, 0x0A]) {
        u32le.extend(u.to_le_bytes());
    }
    write(root, "p/sub/utf32.txt", &u32le);
    write(root, "p/mixed.txt", b"a\r\nb\n");
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// One file per policy rule.
fn policy_tree(root: &Path) {
    write(root, "bom.txt", b"\xEF\xBB\xBFhi\n");
    write(root, "latin.txt", b"caf\xE9 cr\xE8me br\xFBl\xE9e\n");
    write(root, "crlf.txt", b"one\r\ntwo\r\n");
    write(root, "nofinal.txt", b"no ending");
    write(root, "bidi.txt", "if x \u{202E} y\u{200B}\n".as_bytes());
    write(root, "long.txt", format!("{}\n", "a".repeat(30)).as_bytes());
    write(root, "ok.txt", b"fine\n");
}

const TEXT: &str = "\
p/bom_in_text.txt:1:3: bom_in_text: U+FEFF (byte order mark) inside the text; were two files joined?
p/control.txt:1:20: control_character: control character U+0007 (BEL)
p/invalid_utf8.txt:1:57: invalid_utf8: invalid UTF-8: byte never valid
p/mixed.txt:2:2: mixed_line_endings: mixed line endings (1 LF, 1 CRLF): line 2 ends with LF, most lines end with CRLF
p/nul.txt:1:2: nul: U+0000 (NUL) in the text
p/sub/utf32.txt:1:21: invalid_code_point: unit 00110000 is above 10FFFF
p/sub/utf32.txt:1:22: unpaired_surrogate: surrogate unit D83D is not a character in UTF-32
p/truncated.txt:1:2: truncated_character: the file ends inside a character (1 of its bytes present)
";

const JSON: &str = r#"{"path":"bin.dat","skipped":"binary","message":"binary, not checked; as utf-8: U+0000 is 100 % of the characters (300 of 300)"}
{"path":"p/bom_in_text.txt","line":1,"column":3,"offset":2,"rule":"bom_in_text","message":"U+FEFF (byte order mark) inside the text; were two files joined?"}
{"path":"p/control.txt","line":1,"column":20,"offset":19,"rule":"control_character","message":"control character U+0007 (BEL)"}
{"path":"p/invalid_utf8.txt","line":1,"column":57,"offset":67,"rule":"invalid_utf8","message":"invalid UTF-8: byte never valid"}
{"path":"p/mixed.txt","line":2,"column":2,"offset":4,"rule":"mixed_line_endings","message":"mixed line endings (1 LF, 1 CRLF): line 2 ends with LF, most lines end with CRLF"}
{"path":"p/nul.txt","line":1,"column":2,"offset":1,"rule":"nul","message":"U+0000 (NUL) in the text"}
{"path":"p/sub/utf32.txt","line":1,"column":21,"offset":84,"rule":"invalid_code_point","message":"unit 00110000 is above 10FFFF"}
{"path":"p/sub/utf32.txt","line":1,"column":22,"offset":88,"rule":"unpaired_surrogate","message":"surrogate unit D83D is not a character in UTF-32"}
{"path":"p/truncated.txt","line":1,"column":2,"offset":4,"rule":"truncated_character","message":"the file ends inside a character (1 of its bytes present)"}
{"summary":{"files":8,"skipped_binary":1,"findings":{"bom_in_text":1,"control_character":1,"invalid_code_point":1,"invalid_utf8":1,"mixed_line_endings":1,"nul":1,"truncated_character":1,"unpaired_surrogate":1},"errors":0}}
"#;

const GITHUB: &str = "\
::error file=p/mixed.txt,line=2,col=2,title=textscope mixed_line_endings::mixed line endings (1 LF, 1 CRLF): line 2 ends with LF, most lines end with CRLF
::error file=p/sub/utf32.txt,line=1,col=21,title=textscope invalid_code_point::unit 00110000 is above 10FFFF
::error file=p/sub/utf32.txt,line=1,col=22,title=textscope unpaired_surrogate::surrogate unit D83D is not a character in UTF-32
";

#[test]
fn problems_text_output_and_status() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    let (code, out, err) = run(dir.path(), &[]);
    assert_eq!(out, TEXT, "stderr: {err}");
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "textscope: bin.dat: skipped: binary, not checked; as utf-8: U+0000 is 100 % of the \
         characters (300 of 300)\ntextscope: 8 findings in 8 files, 1 skipped as binary\n"
    );
    // The same with several threads and with one: the order does not depend on the walk.
    assert_eq!(run(dir.path(), &["-j", "1"]).1, TEXT);
    assert_eq!(run(dir.path(), &["-j", "4", "."]).1, TEXT);
}

/// Issue 42: files named one by one (the pre-commit hook's way) mixed with folders give what
/// the walk of the tree gives: the same lines in the same order, the same skipped files and
/// the same exit status, whatever the order of the arguments; a folder named is still walked
/// under its ignore rules (`sub/local.txt` stays ignored).
#[test]
fn files_and_folders_named_mixed_give_the_walks_output() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    let mixed = [
        "--",
        "p/mixed.txt",
        "p/sub",
        "good.txt",
        "sub",
        "bin.dat",
        "p/nul.txt",
        "p/truncated.txt",
        "p/control.txt",
        "p/invalid_utf8.txt",
        "p/bom_in_text.txt",
    ];
    let walked = run(dir.path(), &[]);
    assert_eq!(walked.1, TEXT);
    assert_eq!(run(dir.path(), &mixed), walked);
    assert_eq!(
        run(dir.path(), &[&["-j", "1"][..], &mixed].concat()),
        walked
    );
    let json = [&["--json"][..], &mixed].concat();
    let (code, out, err) = run(dir.path(), &json);
    assert_eq!((code, out.as_str(), err.as_str()), (1, JSON, ""));
}

#[test]
fn problems_json_output() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    let (code, out, err) = run(dir.path(), &["--json"]);
    assert_eq!(out, JSON);
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(run(dir.path(), &["--format", "json"]).1, JSON);
}

#[test]
fn github_output_for_explicit_paths() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    let (code, out, _) = run(dir.path(), &["--format", "github", "p/sub", "p/mixed.txt"]);
    assert_eq!(out, GITHUB);
    assert_eq!(code, 1);
}

#[test]
fn clean_tree_exits_0_and_allowed_rules_are_silent() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    let (code, out, err) = run(dir.path(), &["good.txt"]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "", "textscope: 0 findings in 1 file\n")
    );
    let (code, out, _) = run(dir.path(), &["--allow-rule", "problems", "p"]);
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, out, _) = run(
        dir.path(),
        &["--allow-rule", "p9,nul", "p/mixed.txt", "p/nul.txt"],
    );
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn hidden_ignored_and_binary_files_on_request() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    let (_, out, _) = run(
        dir.path(),
        &[
            "--hidden",
            "--allow-rule",
            "problems",
            "--deny",
            "control_character",
        ],
    );
    assert_eq!(
        out,
        "\
.hidden.txt:1:20: control_character: control character U+0007 (BEL)
p/control.txt:1:20: control_character: control character U+0007 (BEL)
"
    );
    let (_, out, _) = run(
        dir.path(),
        &[
            "--no-ignore",
            "--allow-rule",
            "problems",
            "--deny",
            "control_character",
        ],
    );
    assert_eq!(
        out,
        "\
ignored/bad.txt:1:20: control_character: control character U+0007 (BEL)
p/control.txt:1:20: control_character: control character U+0007 (BEL)
sub/local.txt:1:20: control_character: control character U+0007 (BEL)
x.log:1:20: control_character: control character U+0007 (BEL)
"
    );
    let (code, out, err) = run(dir.path(), &["--include-binary", "--json", "bin.dat"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(r#"{"path":"bin.dat","line":1,"column":1,"offset":0,"rule":"nul","#),
        "{out}{err}"
    );
    assert!(out.ends_with("{\"summary\":{\"files\":1,\"skipped_binary\":0,\"findings\":{\"nul\":300},\"errors\":0}}\n"), "{out}");
}

#[test]
fn unreadable_paths_are_named_and_the_rest_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    problems_tree(dir.path());
    #[cfg(unix)]
    std::os::unix::fs::symlink("nowhere", dir.path().join("dangling.txt")).unwrap();
    let mut args = vec!["missing.txt", "p/nul.txt"];
    if cfg!(unix) {
        args.push("dangling.txt");
    }
    let (code, out, err) = run(dir.path(), &args);
    assert_eq!(code, 2);
    assert_eq!(out, "p/nul.txt:1:2: nul: U+0000 (NUL) in the text\n");
    assert!(
        err.contains("textscope: missing.txt: no such file or directory\n"),
        "{err}"
    );
    if cfg!(unix) {
        assert!(
            err.contains("textscope: dangling.txt: dangling symbolic link\n"),
            "{err}"
        );
    }
}

const POLICY: &str = "\
bidi.txt:1:6: bidi: bidi control U+202E RIGHT-TO-LEFT OVERRIDE
bidi.txt:1:9: bidi: invisible character U+200B ZERO WIDTH SPACE
bom.txt:1:1: bom: byte order mark EF BB BF (utf-8) at the start of the file
crlf.txt:1:4: eol: CRLF line ending where LF is required (2 such endings in the file)
latin.txt:1:1: encoding: legacy code page windows-1252 is not an allowed encoding (allowed: utf-8)
long.txt:1:21: line-length: line is 30 characters long, more than 20
nofinal.txt:1:10: final-newline: no line ending at the end of the file
";

#[test]
fn one_file_per_policy_rule_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    policy_tree(dir.path());
    let (code, out, _) = run(dir.path(), &["--deny", "policy", "--max-line-length", "20"]);
    assert_eq!((code, out.as_str()), (1, POLICY));
    let flags = [
        "--deny",
        "bidi",
        "--forbid-bom",
        "--allow",
        "utf-8",
        "--eol",
        "lf",
        "--max-line-length",
        "20",
        "--final-newline",
    ];
    assert_eq!(run(dir.path(), &flags).1, POLICY);
    let (_, out, _) = run(
        dir.path(),
        &[
            "--require-bom",
            "--allow",
            "utf-8,latin1",
            "bom.txt",
            "latin.txt",
        ],
    );
    assert_eq!(
        out,
        "latin.txt:1:1: bom: no byte order mark at the start of the file\n"
    );
}

#[test]
fn config_file_and_editorconfig_with_precedence() {
    let dir = tempfile::tempdir().unwrap();
    policy_tree(dir.path());
    write(
        dir.path(),
        "textscope.toml",
        b"[check]\ndeny = [\"bidi\"]\nmax_line_length = 20\nbom = \"forbid\"\n",
    );
    write(
        dir.path(),
        ".editorconfig",
        b"root = true\n[*]\nend_of_line = lf\ninsert_final_newline = true\nmax_line_length = 5\n[{crlf,bom}.txt]\nend_of_line = crlf\n",
    );
    let (code, out, err) = run(dir.path(), &[]);
    assert_eq!(
        out,
        "\
bidi.txt:1:6: bidi: bidi control U+202E RIGHT-TO-LEFT OVERRIDE
bidi.txt:1:9: bidi: invisible character U+200B ZERO WIDTH SPACE
bom.txt:1:1: bom: byte order mark EF BB BF (utf-8) at the start of the file
bom.txt:1:3: eol: LF line ending where CRLF is required (1 such ending in the file)
long.txt:1:21: line-length: line is 30 characters long, more than 20
nofinal.txt:1:10: final-newline: no line ending at the end of the file
",
        "{err}"
    );
    assert_eq!(code, 1);
    // The command line beats both files.
    let (code, out, _) = run(
        dir.path(),
        &[
            "--allow-rule",
            "policy",
            "--deny",
            "line-length",
            "--max-line-length",
            "29",
        ],
    );
    assert_eq!(
        (code, out.as_str()),
        (
            1,
            "long.txt:1:30: line-length: line is 30 characters long, more than 29\n"
        )
    );
    // --config names another file; --no-config and --no-editorconfig turn them off.
    write(dir.path(), "other.toml", b"[check]\nallow = [\"policy\"]\n");
    let (code, out, _) = run(dir.path(), &["--config", "other.toml", "--no-editorconfig"]);
    assert_eq!((code, out.as_str()), (0, ""));
    // Without them only the defaults hold, and `trojan-source` is one (issue 41, item 3):
    // bidi.txt's U+202E reorders what follows it.
    let (_, out, _) = run(dir.path(), &["--no-config", "--no-editorconfig"]);
    assert_eq!(
        out,
        "bidi.txt:1:6: trojan-source: bidi control U+202E RIGHT-TO-LEFT OVERRIDE\n"
    );
}

#[test]
fn bad_config_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "textscope.toml",
        b"[check]\ndeny = [\"no-such-rule\"]\n",
    );
    write(dir.path(), "a.txt", b"ok\n");
    let (code, out, err) = run(dir.path(), &[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("textscope: ")
            && err.contains("textscope.toml: line 2, column 9: unknown rule 'no-such-rule'"),
        "{err}"
    );
}

/// Every skipped file is named with its reason, one line each (issue #14 part 6), and
/// `--deny binary` makes a skipped-as-binary file a failure; `all` does not include it.
#[test]
fn skipped_files_are_named_and_deny_binary_fails_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "ok.txt", b"fine\n");
    write(root, "zeros.dat", &[0u8; 300]);
    write(
        root,
        "image.bin",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe\xfd\0\0\0\0\x01\x02",
    );
    let (code, out, err) = run(root, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out, "");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("textscope: image.bin: skipped: binary, not checked; as "));
    assert!(lines[1].starts_with(
        "textscope: zeros.dat: skipped: binary, not checked; as utf-8: U+0000 is 100 %"
    ));
    assert_eq!(
        lines[2],
        "textscope: 0 findings in 1 file, 2 skipped as binary"
    );

    // `all` is about what files hold: it does not deny reading binary files.
    assert_eq!(run(root, &["--deny", "all"]).0, 0);

    for args in [&["--deny", "binary"][..], &["--deny", "all,binary"]] {
        let (code, out, err) = run(root, args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert!(
            out.starts_with("image.bin:1:1: binary: binary, not checked; as "),
            "{out}"
        );
        assert!(
            out.contains("\nzeros.dat:1:1: binary: binary, not checked; as utf-8: "),
            "{out}"
        );
        assert!(!err.contains("skipped"), "{err}");
    }
    let (code, out, _) = run(root, &["--deny", "binary", "--format", "github"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("::error file=zeros.dat,line=1,col=1,title=textscope binary::"),
        "{out}"
    );

    // JSON: one object per skipped file, on stdout, before the summary.
    let (code, out, _) = run(root, &["--json"]);
    assert_eq!(code, 0);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["path"], "image.bin");
    assert_eq!(first["skipped"], "binary");

    // A file checked with --include-binary is not skipped, so not denied either.
    let (code, out, err) = run(root, &["--deny", "binary", "--include-binary", "image.bin"]);
    assert!(!out.contains(": binary:"), "{out}{err}");
    let _ = code;
}

#[cfg(unix)]
#[test]
fn an_explicit_fifo_is_named_as_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let ok = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        return;
    }
    let (code, _, err) = run(dir.path(), &["pipe"]);
    assert_eq!(code, 0);
    assert!(
        err.starts_with("textscope: pipe: skipped: a FIFO (named pipe), not a regular file"),
        "{err}"
    );
    let (_, out, _) = run(dir.path(), &["--json", "pipe"]);
    assert!(
        out.starts_with(r#"{"path":"pipe","skipped":"special","message":"a FIFO"#),
        "{out}"
    );
}

/// `check --allow cp437` names a code page as `--encoding` does (the core's label resolver):
/// before, it ended with "unknown encoding" and exit 2.
#[test]
fn allow_takes_every_name_that_encoding_takes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.txt", b"plain ascii\n");
    let (code, _, err) = run(dir.path(), &["--allow", "cp437", "."]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(dir.path(), &["--allow", "no-such-page", "."]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown encoding 'no-such-page'"), "{err}");
}
