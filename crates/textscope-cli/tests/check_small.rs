//! Issue 15, item 10: `check` says why it skips an explicit FIFO or device, and counts the
//! findings it does not list in good English.

use std::path::Path;
use std::process::Command;

fn check(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn an_explicit_fifo_or_device_is_skipped_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let made = Command::new("mkfifo")
        .arg(dir.path().join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    let (code, out, err) = check(dir.path(), &["pipe", "/dev/null"]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(
        err.contains("textscope: pipe: skipped: a FIFO (named pipe), not a regular file"),
        "{err}"
    );
    assert!(
        err.contains("textscope: /dev/null: skipped: a character device, not a regular file"),
        "{err}"
    );
}

#[test]
fn one_more_finding_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.txt"),
        "some ordinary text, then a bell\u{7} and another\u{7} here\n",
    )
    .unwrap();
    let (code, _, err) = check(dir.path(), &["--max-problems", "1", "a.txt"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("textscope: a.txt: 1 more finding not listed (see --max-problems)"),
        "{err}"
    );
    std::fs::write(
        dir.path().join("b.txt"),
        "some ordinary text, a bell\u{7}, another\u{7} and a third\u{7} here\n",
    )
    .unwrap();
    let (_, _, err) = check(dir.path(), &["--max-problems", "1", "b.txt"]);
    assert!(err.contains("2 more findings not listed"), "{err}");
}
