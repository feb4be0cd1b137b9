//! Issue 15, items 6–8: `convert` on a shared machine. The temporary file is private and
//! removed on a signal; `--in-place` refuses an uncertain legacy guess unless `--from` names
//! the encoding; symbolic links are followed; hard links are refused unless `--force`.

#![cfg(unix)]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .arg("convert")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".textscope-tmp"))
        .collect()
}

#[test]
fn uncertain_legacy_guess_is_not_rewritten_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let text = "日本語のテキストです。これはテストの文章で、変換が正しく行われるか確認します。\n"
        .repeat(3);
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
    let mut bytes = sjis.to_vec();
    bytes.splice(20..20, [0x85, 0x20]); // one bad sequence: no longer valid Shift_JIS
    std::fs::write(dir.path().join("jp.txt"), &bytes).unwrap();
    let (code, _, err) = run(dir.path(), &["--to", "utf-8", "--in-place", "jp.txt"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.starts_with("textscope: jp.txt: not converted in place: the code page ")
            && err.contains(" is a guess of low confidence ("),
        "{err}"
    );
    assert!(err.contains("--from"), "{err}");
    assert_eq!(std::fs::read(dir.path().join("jp.txt")).unwrap(), bytes);
    let (code, _, err) = run(
        dir.path(),
        &[
            "--to",
            "utf-8",
            "--in-place",
            "--from",
            "shift_jis",
            "--replace",
            "jp.txt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let out = std::fs::read_to_string(dir.path().join("jp.txt")).unwrap();
    assert!(out.contains("日本語のテキスト"), "{out}");
}

#[test]
fn a_symbolic_link_is_followed_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("real.txt"), "a\r\nb\r\n").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.path().join("link.txt")).unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["--to", "utf-8", "--eol", "lf", "--in-place", "link.txt"],
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let link = std::fs::symlink_metadata(dir.path().join("link.txt")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is kept");
    assert_eq!(
        std::fs::read(dir.path().join("real.txt")).unwrap(),
        b"a\nb\n"
    );
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn a_hard_link_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "x\r\n").unwrap();
    std::fs::hard_link(dir.path().join("a.txt"), dir.path().join("b.txt")).unwrap();
    let args = ["--to", "utf-8", "--eol", "lf", "--in-place", "a.txt"];
    let (code, _, err) = run(dir.path(), &args);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        "textscope: a.txt: not converted in place: it has 1 other name (hard links), which \
         would keep the old text; --force converts this name only\n"
    );
    assert_eq!(std::fs::read(dir.path().join("a.txt")).unwrap(), b"x\r\n");
    let mut forced = args.to_vec();
    forced.push("--force");
    let (code, _, err) = run(dir.path(), &forced);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(std::fs::read(dir.path().join("a.txt")).unwrap(), b"x\n");
    assert_eq!(std::fs::read(dir.path().join("b.txt")).unwrap(), b"x\r\n");
}

#[test]
fn a_new_output_takes_the_private_mode_of_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("secret.txt");
    std::fs::write(&src, "private\n").unwrap();
    std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["--to", "utf-16le", "-o", "out.txt", "secret.txt"],
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let m = std::fs::metadata(dir.path().join("out.txt")).unwrap();
    assert_eq!(m.mode() & 0o777, 0o600);
}

#[test]
fn sigterm_removes_the_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let big = "some text to convert, line after line\r\n".repeat(1 << 20); // 39 MiB
    std::fs::write(dir.path().join("big.txt"), big).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(["convert", "--to", "utf-32le", "-o", "out.txt", "big.txt"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while temporaries(dir.path()).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file appeared"
        );
        if child.try_wait().unwrap().is_some() {
            panic!("convert finished before it could be interrupted");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + 15));
    assert!(
        temporaries(dir.path()).is_empty(),
        "{:?}",
        temporaries(dir.path())
    );
    assert!(!dir.path().join("out.txt").exists());
}
