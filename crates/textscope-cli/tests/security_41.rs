//! Issue 41: nothing textscope writes can damage the machine. Each test is a reproducer of
//! the issue, run without harm (devices made with `mknod` inside a temporary folder).

#![cfg(unix)]

use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Waits for `child` at most 60 s; kills it and fails the test when it takes longer (a run
/// blocked on a FIFO must fail, not hang the suite).
fn finish(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish within 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    if let Some(mut o) = child.stdout.take() {
        o.read_to_end(&mut stdout).unwrap();
    }
    if let Some(mut e) = child.stderr.take() {
        e.read_to_end(&mut stderr).unwrap();
    }
    Output {
        status,
        stdout,
        stderr,
    }
}

fn run(mut cmd: Command) -> Output {
    let what = format!("{cmd:?}");
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, &what)
}

fn textscope(dir: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_textscope"));
    cmd.args(args).current_dir(dir);
    run(cmd)
}

/// Starts `cat FIFO`, which waits for a writer; its output is the bytes the FIFO received.
fn fifo_reader(dir: &Path, fifo: &str) -> Child {
    Command::new("cat")
        .arg(fifo)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Makes `name` in `dir` a character device like /dev/null (1, 3); `false` (having said why)
/// when the system does not let us (not root, or a container without CAP_MKNOD).
fn mknod_null(dir: &Path, name: &str) -> bool {
    let out = Command::new("mknod")
        .args(["-m", "666", name, "c", "1", "3"])
        .current_dir(dir)
        .output()
        .unwrap();
    if out.status.success() {
        return true;
    }
    let err = text(&out.stderr);
    assert!(
        err.contains("Operation not permitted"),
        "mknod failed for another reason than EPERM: {err}"
    );
    eprintln!("skipped: mknod is not permitted here (EPERM): {err}");
    false
}

fn mkfifo(dir: &Path, name: &str) {
    let st = Command::new("mkfifo")
        .arg(name)
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(st.success());
}

fn is_char_device(p: &Path) -> bool {
    std::fs::symlink_metadata(p)
        .unwrap()
        .file_type()
        .is_char_device()
}

#[test]
fn convert_output_to_a_character_device_writes_through_it() {
    let dir = tempfile::tempdir().unwrap();
    if !mknod_null(dir.path(), "nul") {
        return;
    }
    std::fs::write(dir.path().join("f.txt"), "hello\n").unwrap();
    let out = textscope(
        dir.path(),
        &["convert", "--to", "utf-16le", "-o", "nul", "f.txt"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(is_char_device(&dir.path().join("nul")), "nul was replaced");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 2, "a temporary file was left: {left:?}");
}

#[test]
fn convert_output_to_a_link_to_a_device_keeps_both() {
    let dir = tempfile::tempdir().unwrap();
    if !mknod_null(dir.path(), "nul") {
        return;
    }
    std::os::unix::fs::symlink("nul", dir.path().join("link")).unwrap();
    std::fs::write(dir.path().join("f.txt"), "hello\n").unwrap();
    let out = textscope(
        dir.path(),
        &["convert", "--to", "utf-8", "-o", "link", "f.txt"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(dir.path().join("link"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(is_char_device(&dir.path().join("nul")));
}

#[test]
fn save_index_to_a_character_device_writes_through_it() {
    let dir = tempfile::tempdir().unwrap();
    if !mknod_null(dir.path(), "nul") {
        return;
    }
    std::fs::write(dir.path().join("f.txt"), "one\ntwo\n").unwrap();
    let out = textscope(dir.path(), &["--json", "--save-index", "nul", "f.txt"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(is_char_device(&dir.path().join("nul")), "nul was replaced");
}

#[test]
fn convert_output_to_a_fifo_reaches_its_reader() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(dir.path(), "pipe");
    std::fs::write(dir.path().join("f.txt"), "hi\n").unwrap();
    let reader = fifo_reader(dir.path(), "pipe");
    let out = textscope(
        dir.path(),
        &["convert", "--to", "utf-16le", "-o", "pipe", "f.txt"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got = finish(reader, "the FIFO's reader").stdout;
    assert_eq!(got, b"h\0i\0\n\0");
    assert!(std::fs::symlink_metadata(dir.path().join("pipe"))
        .unwrap()
        .file_type()
        .is_fifo());
}

#[test]
fn save_index_to_a_fifo_reaches_its_reader() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(dir.path(), "pipe");
    std::fs::write(dir.path().join("f.txt"), "one\ntwo\n").unwrap();
    let reader = fifo_reader(dir.path(), "pipe");
    let out = textscope(dir.path(), &["--json", "--save-index", "pipe", "f.txt"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got = text(&finish(reader, "the FIFO's reader").stdout);
    assert!(got.starts_with("{\"textscope_index\":2,"), "{got}");
    assert!(std::fs::symlink_metadata(dir.path().join("pipe"))
        .unwrap()
        .file_type()
        .is_fifo());
}

// Item 2: config files are never followed out of the checked root, only regular files are
// read, under one size cap.

/// `textscope check ARGS` in `dir`, with an empty environment but `CI_SECRET`, under a
/// virtual memory limit of 1 GiB (so that a run that grows a buffer without bound fails
/// quickly instead of taking the machine's memory).
fn check_confined(dir: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new("/bin/sh");
    cmd.arg("-c")
        .arg("ulimit -v 1048576; exec \"$0\" check \"$@\"")
        .arg(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("CI_SECRET", "s3cr3t");
    run(cmd)
}

#[test]
fn a_textscope_toml_linked_to_the_environment_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", dir.path().join("textscope.toml")).unwrap();
    std::fs::write(dir.path().join("a.txt"), "fine\n").unwrap();
    let out = check_confined(dir.path(), &["."]);
    let err = text(&out.stderr);
    assert!(
        !err.contains("s3cr3t"),
        "the environment was printed: {err}"
    );
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("textscope.toml: a symbolic link that leads out of the checked tree"),
        "{err}"
    );
}

#[test]
fn a_gitignore_linked_to_dev_zero_is_refused_not_read() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join(".gitignore")).unwrap();
    std::fs::write(dir.path().join("a.txt"), "mixed\r\nendings\n").unwrap();
    let out = check_confined(dir.path(), &["."]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(".gitignore: a symbolic link that leads out of the checked tree"),
        "{err}"
    );
    // The rest is still checked.
    assert!(text(&out.stdout).contains("a.txt"), "{}", text(&out.stdout));
}

#[test]
fn an_ignore_file_that_is_a_device_or_a_fifo_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    // A FIFO with no writer: opening it for reading would block the run for ever.
    mkfifo(dir.path(), ".ignore");
    std::fs::write(dir.path().join("a.txt"), "fine\n").unwrap();
    let out = check_confined(dir.path(), &["."]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(".ignore: a FIFO (named pipe), not a regular file: not read"),
        "{err}"
    );
}

#[test]
fn editorconfig_and_gitattributes_linked_out_of_the_tree_are_refused() {
    for name in [".editorconfig", ".gitattributes"] {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/proc/self/environ", dir.path().join(name)).unwrap();
        // Not text by its name, so that .gitattributes is asked.
        std::fs::write(dir.path().join("a.dat"), "fine\n").unwrap();
        let out = check_confined(dir.path(), &["."]);
        let err = text(&out.stderr);
        assert!(!err.contains("s3cr3t"), "{err}");
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!(
                "{name}: a symbolic link that leads out of the checked tree"
            )),
            "{err}"
        );
    }
}

#[test]
fn config_links_inside_the_tree_are_followed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("shared")).unwrap();
    std::fs::write(d.join("shared/ignore"), "skipped.txt\n").unwrap();
    std::fs::write(d.join("shared/toml"), "[check]\neol = \"lf\"\n").unwrap();
    std::os::unix::fs::symlink("shared/ignore", d.join(".gitignore")).unwrap();
    std::os::unix::fs::symlink("shared/toml", d.join("textscope.toml")).unwrap();
    std::fs::write(d.join("skipped.txt"), "bad\r\n").unwrap();
    std::fs::write(d.join("checked.txt"), "bad\r\n").unwrap();
    let out = check_confined(d, &["."]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(stdout.contains("checked.txt"), "{stdout}");
    assert!(!stdout.contains("skipped.txt"), "{stdout}");
}

#[test]
fn gitignore_rules_still_apply_nearest_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("sub/deep")).unwrap();
    std::fs::write(d.join(".gitignore"), "*.log\nbuild/\n").unwrap();
    std::fs::write(d.join("sub/.gitignore"), "!keep.log\n").unwrap();
    std::fs::write(d.join("sub/deep/.ignore"), "x.txt\n").unwrap();
    for f in [
        "a.log",
        "sub/keep.log",
        "sub/other.log",
        "sub/deep/x.txt",
        "sub/deep/y.txt",
    ] {
        std::fs::write(d.join(f), "bad\r\n").unwrap();
    }
    std::fs::create_dir(d.join("build")).unwrap();
    std::fs::write(d.join("build/b.txt"), "bad\r\n").unwrap();
    let out = check_confined(d, &["--eol", "lf", "."]);
    let stdout = text(&out.stdout);
    let mut named: Vec<&str> = stdout.lines().filter_map(|l| l.split(':').next()).collect();
    named.dedup();
    assert_eq!(named, ["sub/deep/y.txt", "sub/keep.log"], "{stdout}");
}

// Item 3: config errors never print a terminal escape (or any C0 control but the line feed).

fn assert_no_controls(what: &str, err: &str) {
    let bad: Vec<char> = err
        .chars()
        .filter(|&c| (c < ' ' && c != '\n') || c == '\u{7f}' || ('\u{80}'..'\u{a0}').contains(&c))
        .collect();
    assert!(bad.is_empty(), "{what}: controls {bad:?} in {err:?}");
}

const ESCAPES: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";
/// The same, as TOML string escapes (a TOML string cannot hold them raw).
const TOML_ESCAPES: &str = "\\u001b]0;PWNED\\u0007\\u001b[2J";

#[test]
fn config_errors_print_no_terminal_escapes() {
    let cases: [(&str, &str, String, &str); 6] = [
        (
            "TOML syntax",
            "textscope.toml",
            format!("[check]\ndeny = [\"bidi\"] {ESCAPES}\n"),
            "textscope.toml: TOML parse error at line 2, column 17 ",
        ),
        (
            "unknown rule",
            "textscope.toml",
            format!("[check]\ndeny = [\"bidi\", \"x{TOML_ESCAPES}\"]\n"),
            "textscope.toml: line 2, column 17: ",
        ),
        (
            "unknown encoding",
            "textscope.toml",
            format!("[check]\nencodings = [\n  \"x{TOML_ESCAPES}\"]\n"),
            "textscope.toml: line 3, column 3: ",
        ),
        (
            "bad text glob",
            "textscope.toml",
            format!(
                "[check]\ntext = [\"x{TOML_ESCAPES}{}{}\"]\n",
                "{a,".repeat(70),
                "}".repeat(70)
            ),
            "textscope.toml: line 2, column 9: ",
        ),
        (
            "editorconfig section",
            ".editorconfig",
            format!(
                "root = true\n[x{ESCAPES}{}{}]\nend_of_line = lf\n",
                "{a,".repeat(70),
                "}".repeat(70)
            ),
            ".editorconfig: line 2, column 2: ",
        ),
        (
            "gitattributes glob",
            ".gitattributes",
            format!("*.c text\n x{ESCAPES}]{{ text\n"),
            ".gitattributes: line 2, column 2: ",
        ),
    ];
    for (what, name, content, want) in cases {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(name), content).unwrap();
        std::fs::write(dir.path().join("a.dat"), "fine\n").unwrap();
        let out = textscope(dir.path(), &["check", "."]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert_no_controls(what, &err);
        assert!(!err.as_bytes().contains(&0x1b), "{what}: {err:?}");
        assert!(err.contains(want), "{what}: want {want:?} in {err:?}");
    }
}

// Item 4: the pre-commit hook passes file names after `--`.

#[test]
fn the_pre_commit_hook_ends_its_options_before_the_file_names() {
    let hooks = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.pre-commit-hooks.yaml"),
    )
    .unwrap();
    let entries: Vec<&str> = hooks
        .lines()
        .filter_map(|l| l.trim().strip_prefix("entry:"))
        .map(str::trim)
        .collect();
    assert!(!entries.is_empty());
    for e in entries {
        assert!(
            e.ends_with(" --"),
            "entry `{e}` lets a file name be read as an option"
        );
    }
}

#[test]
fn a_file_named_like_an_option_after_double_dash_is_a_file() {
    let dir = tempfile::tempdir().unwrap();
    // Mixed line endings: denied by default, and --allow-rule=all would allow them.
    std::fs::write(dir.path().join("--allow-rule=all"), b"mixed\r\nendings\n").unwrap();
    std::fs::write(dir.path().join("-q"), b"fine\n").unwrap();
    let out = textscope(dir.path(), &["check", "--", "--allow-rule=all", "-q"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("--allow-rule=all"),
        "{}",
        text(&out.stdout)
    );
}

// Item 6: `--in-place` never rewrites a short guess.

#[test]
fn in_place_refuses_short_unmarked_guesses() {
    for (name, bytes) in [
        ("resume.txt", &b"r\xe9sum\xe9"[..]),
        ("naive.txt", &b"na\xefve"[..]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let out = textscope(
            dir.path(),
            &["convert", "--to", "utf-8", "--in-place", name],
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.starts_with(&format!("textscope: {name}: not converted in place: ")),
            "{err}"
        );
        assert!(err.contains("guess") && err.contains("--from"), "{err}");
        assert_eq!(std::fs::read(dir.path().join(name)).unwrap(), bytes);
        // Named, it converts.
        let out = textscope(
            dir.path(),
            &[
                "convert",
                "--to",
                "utf-8",
                "--from",
                "windows-1252",
                "--in-place",
                name,
            ],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let want = encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned();
        assert_eq!(
            std::fs::read_to_string(dir.path().join(name)).unwrap(),
            want
        );
    }
}

#[test]
fn in_place_never_refuses_utf8_or_a_marked_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("u8.txt"), "résumé").unwrap();
    std::fs::write(d.join("u16.txt"), b"\xff\xfer\0\xe9\0").unwrap();
    std::fs::write(d.join("ascii.txt"), "plain").unwrap();
    for f in ["u8.txt", "u16.txt", "ascii.txt"] {
        let out = textscope(d, &["convert", "--to", "utf-16be", "--in-place", f]);
        assert!(out.status.success(), "{f}: {}", text(&out.stderr));
    }
    assert_eq!(
        std::fs::read(d.join("u16.txt")).unwrap(),
        b"\xfe\xff\0r\0\xe9"
    );
}

// Item 7: a signal ignored by the parent (nohup) stays ignored.

#[test]
fn sighup_ignored_by_the_parent_stays_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let big = "some text to convert, line after line\r\n".repeat(1 << 20); // 39 MiB
    std::fs::write(dir.path().join("big.txt"), big).unwrap();
    // `trap '' HUP` sets SIGHUP to SIG_IGN, which exec keeps: what nohup does.
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg("trap '' HUP; exec \"$0\" convert --to utf-32le -o out.txt big.txt")
        .arg(env!("CARGO_BIN_EXE_textscope"))
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let temporary = || {
        std::fs::read_dir(dir.path()).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".textscope-tmp")
        })
    };
    while !temporary() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file appeared"
        );
        if child.try_wait().unwrap().is_some() {
            panic!("convert finished before the signal could be sent");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let kill = Command::new("kill")
        .args(["-HUP", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = finish(child, "convert under an ignored SIGHUP");
    assert!(
        out.status.success(),
        "{:?} {}",
        out.status,
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::metadata(dir.path().join("out.txt")).unwrap().len(),
        4 * 39 * (1 << 20)
    );
}

// Item 1, links: a write through a link to a regular file replaces that file, never the link
// (`-o /dev/stdout` with standard output redirected to a file would have put a regular file
// in /dev).

#[test]
fn outputs_through_a_link_replace_the_linked_file_and_keep_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("f.txt"), "hi\n").unwrap();
    for (args, link, real) in [
        (
            &["convert", "--to", "utf-16le", "-o", "out", "f.txt"][..],
            "out",
            "real.out",
        ),
        (
            &["--json", "--save-index", "idx", "f.txt"][..],
            "idx",
            "real.idx",
        ),
    ] {
        std::fs::write(d.join(real), "old").unwrap();
        std::os::unix::fs::symlink(real, d.join(link)).unwrap();
        let out = textscope(d, args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            std::fs::symlink_metadata(d.join(link))
                .unwrap()
                .file_type()
                .is_symlink(),
            "{link} was replaced"
        );
        assert_ne!(std::fs::read(d.join(real)).unwrap(), b"old");
    }
    assert_eq!(std::fs::read(d.join("real.out")).unwrap(), b"h\0i\0\n\0");
}

// Item 7: a name holding the text `\xFF` never prints like one holding the byte FF.

#[test]
fn a_literal_backslash_x_in_a_name_is_told_from_a_byte() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let byte = std::ffi::OsStr::from_bytes(b"n\xff.txt");
    std::fs::write(d.join(byte), "mixed\r\nendings\n").unwrap();
    std::fs::write(d.join("n\\xFF.txt"), "mixed\r\nendings\n").unwrap();
    let out = textscope(d, &["check", "."]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let names: Vec<&str> = stdout.lines().filter_map(|l| l.split(':').next()).collect();
    assert_eq!(names, ["n\\\\xFF.txt", "n\\xFF.txt"], "{stdout}");
    let json = |name: &std::ffi::OsStr| {
        let o = Command::new(env!("CARGO_BIN_EXE_textscope"))
            .arg("--json")
            .arg(name)
            .current_dir(d)
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v["path"].as_str().unwrap().to_string()
    };
    assert_eq!(json(byte), "n\\xFF.txt");
    assert_eq!(json(std::ffi::OsStr::new("n\\xFF.txt")), "n\\\\xFF.txt");
}

// Minor items: a tampered index, files of /proc and /sys, and textscope.toml's text globs.

/// A file of 40 numbered lines and its index (a checkpoint on every line), in `dir`.
fn indexed_file(dir: &Path) -> String {
    let body: String = (1..=40).map(|i| format!("line {i}\n")).collect();
    std::fs::write(dir.join("f.txt"), body).unwrap();
    let out = textscope(
        dir,
        &[
            "--save-index",
            "f.idx",
            "--index-every",
            "1",
            "--json",
            "f.txt",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::read_to_string(dir.join("f.idx")).unwrap()
}

#[test]
fn a_tampered_index_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let good = indexed_file(dir.path());
    let preview = |dir: &Path| {
        textscope(
            dir,
            &[
                "--preview",
                "--lines",
                "30..31",
                "--index",
                "f.idx",
                "f.txt",
            ],
        )
    };
    let ok = preview(dir.path());
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert!(text(&ok.stdout).contains("line 30"), "{}", text(&ok.stdout));
    // Every line is 7 or 8 bytes: the line deltas all 1, the offsets 0, 7 … Moving one
    // checkpoint's line number (still increasing, still within the line count, raised to
    // match) used to give wrong lines with exit 0.
    let edited = good
        .replacen("\"line_deltas\":[1,1,1", "\"line_deltas\":[1,2,1", 1)
        .replacen("\"lines\":40,", "\"lines\":45,", 1);
    assert!(edited.contains("\"lines\":45,"), "{good}");
    assert_ne!(edited, good, "{good}");
    std::fs::write(dir.path().join("f.idx"), &edited).unwrap();
    let out = preview(dir.path());
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}{}", text(&out.stdout));
    assert!(
        err.starts_with("textscope: f.idx: the index was changed after it was written"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    // And the offsets.
    let edited = good.replacen("\"offset_deltas\":[0,7,7", "\"offset_deltas\":[0,8,6", 1);
    assert_ne!(edited, good, "{good}");
    std::fs::write(dir.path().join("f.idx"), &edited).unwrap();
    let out = preview(dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("f.idx: the index was changed"));
}

#[test]
fn an_index_whose_checkpoint_is_not_a_line_start_is_refused() {
    // Same size, same time, same first 64 KiB: only the content check can tell. The file is
    // one long first line and then short ones, past the first 64 KiB.
    let dir = tempfile::tempdir().unwrap();
    let mut body = "x".repeat(70_000);
    body.push('\n');
    for i in 0..100 {
        body.push_str(&format!("row {i:03}\n"));
    }
    let f = dir.path().join("f.txt");
    std::fs::write(&f, &body).unwrap();
    let out = textscope(
        dir.path(),
        &[
            "--save-index",
            "f.idx",
            "--index-every",
            "1",
            "--json",
            "f.txt",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = |dir: &Path| {
        textscope(
            dir,
            &["--preview", "--lines", "50", "--index", "f.idx", "f.txt"],
        )
    };
    assert!(text(&lines(dir.path()).stdout).contains("row 048"));
    // Rewrite the tail (after the hashed head) so that the lines move by 3 bytes, keeping
    // the size and the time: the index's checkpoints now fall inside lines.
    let meta = std::fs::metadata(&f).unwrap();
    let mut moved = body.clone().into_bytes();
    let tail = moved.split_off(70_001);
    moved.extend_from_slice(b"ab\n");
    moved.extend_from_slice(&tail[..tail.len() - 3]);
    std::fs::write(&f, &moved).unwrap();
    let when = meta.modified().unwrap();
    std::fs::File::options()
        .write(true)
        .open(&f)
        .unwrap()
        .set_modified(when)
        .unwrap();
    let out = lines(dir.path());
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}{}", text(&out.stdout));
    assert!(err.starts_with("textscope: f.idx: checkpoint "), "{err}");
    assert!(err.contains("is not at a line start of f.txt"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn proc_and_sys_files_are_read_to_their_end() {
    // /proc/version says it is empty; /sys files say 4096 bytes. Both are read to the end.
    let dir = tempfile::tempdir().unwrap();
    for p in [
        "/proc/version",
        "/proc/self/status",
        "/sys/kernel/mm/transparent_hugepage/enabled",
    ] {
        if std::fs::File::open(p).is_err() {
            eprintln!("{p}: not on this machine, skipped");
            continue;
        }
        let out = textscope(dir.path(), &["--json", p]);
        let err = text(&out.stderr);
        assert!(out.status.success(), "{p}: {err}");
        assert!(!err.contains("changed while it was read"), "{p}: {err}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["size"].as_u64().unwrap() > 0, "{p}: {v}");
        let out = textscope(dir.path(), &["check", "--", p]);
        assert!(
            !text(&out.stderr).contains("changed while it was read"),
            "{p}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn text_globs_are_held_to_the_glob_limits() {
    let dir = tempfile::tempdir().unwrap();
    let globs: Vec<String> = (0..40)
        .map(|i| format!("\"{}{i}\"", "*a?".repeat(700)))
        .collect();
    std::fs::write(
        dir.path().join("textscope.toml"),
        format!("[check]\ntext = [{}]\n", globs.join(", ")),
    )
    .unwrap();
    std::fs::write(dir.path().join("a.txt"), "fine\n").unwrap();
    let out = check_confined(dir.path(), &["--no-editorconfig", "."]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("textscope.toml"), "{err}");
    assert!(
        err.contains("the text globs hold more than 10000 glob operators"),
        "{err}"
    );
    // Heavy but few: under the limits, accepted.
    std::fs::write(
        dir.path().join("textscope.toml"),
        format!("[check]\ntext = [{}]\n", globs[..2].join(", ")),
    )
    .unwrap();
    let out = check_confined(dir.path(), &["--no-editorconfig", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
