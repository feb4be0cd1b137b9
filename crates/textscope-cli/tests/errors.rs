//! Operational errors: each file that cannot be read gets one clear line on standard error
//! naming it, the exit status is 2, and the other files on the same command line are still
//! reported.

mod common;

use common::textscope;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("textscope-errors-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn good_file(dir: &Path) -> String {
    let p = dir.join("good.txt");
    std::fs::write(&p, "hello\n").unwrap();
    p.to_str().unwrap().to_string()
}

fn stderr_lines(o: &Output) -> Vec<String> {
    String::from_utf8(o.stderr.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The one error line for `path`, and the good file still reported on stdout.
fn assert_error_then_good(o: &Output, path: &str, cause: &str, good: &str) {
    assert_eq!(o.status.code(), Some(2), "exit status");
    let lines = stderr_lines(o);
    assert_eq!(lines.len(), 1, "one line on stderr: {lines:?}");
    assert_eq!(lines[0], format!("textscope: {path}: {cause}"));
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(
        out.contains(&format!("{good}: ASCII text, LF line endings, 1 line")),
        "the other file is still reported: {out}"
    );
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

#[test]
fn a_directory() {
    let dir = scratch("dir");
    let good = good_file(&dir);
    let d = dir.to_str().unwrap();
    let o = textscope(&["--brief", d, &good]);
    assert_error_then_good(&o, d, "is a directory", &good);
}

#[test]
fn a_dangling_symlink() {
    let dir = scratch("dangling");
    let good = good_file(&dir);
    let link = dir.join("link");
    std::os::unix::fs::symlink(dir.join("gone"), &link).unwrap();
    let l = link.to_str().unwrap();
    let o = textscope(&["--brief", l, &good]);
    assert_error_then_good(&o, l, "dangling symbolic link", &good);
}

#[test]
fn a_missing_file() {
    let dir = scratch("missing");
    let good = good_file(&dir);
    let m = dir.join("nothing-here");
    let m = m.to_str().unwrap();
    let o = textscope(&["--brief", m, &good]);
    assert_error_then_good(&o, m, "no such file", &good);
}

#[test]
fn dev_zero_with_max_bytes() {
    let dir = scratch("zero");
    let good = good_file(&dir);
    let o = textscope(&["--brief", "--max-bytes", "1000000", "/dev/zero", &good]);
    assert_error_then_good(
        &o,
        "/dev/zero",
        "larger than the limit of 1000000 bytes (--max-bytes)",
        &good,
    );
}

#[test]
fn a_file_without_read_permission() {
    let dir = scratch("perm");
    let good = good_file(&dir);
    if is_root() {
        // Root reads a mode-000 file anyway, so the permission case cannot be shown here.
        // Instead: a path whose open fails for another reason (a regular file used as a
        // directory, ENOTDIR), which takes the same error path in `input::open`.
        let f = dir.join("plain");
        std::fs::write(&f, "x").unwrap();
        let p = f.join("inside");
        let p = p.to_str().unwrap();
        let o = textscope(&["--brief", p, &good]);
        assert_error_then_good(&o, p, "not a directory", &good);
    } else {
        use std::os::unix::fs::PermissionsExt;
        let f = dir.join("secret");
        std::fs::write(&f, "x").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o000)).unwrap();
        let p = f.to_str().unwrap();
        let o = textscope(&["--brief", p, &good]);
        assert_error_then_good(&o, p, "permission denied", &good);
    }
}

#[test]
fn a_fifo_is_read_as_a_stream() {
    let dir = scratch("fifo");
    let good = good_file(&dir);
    let fifo = dir.join("pipe");
    let ok = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(ok.success(), "mkfifo");
    let writer = {
        let fifo = fifo.clone();
        // Opening a FIFO for writing blocks until the reader (textscope) opens it.
        std::thread::spawn(move || std::fs::write(fifo, "one\r\ntwo\r\n").unwrap())
    };
    let missing = dir.join("missing");
    let f = fifo.to_str().unwrap();
    let o = textscope(&["--brief", f, missing.to_str().unwrap(), &good]);
    writer.join().unwrap();
    assert_eq!(o.status.code(), Some(2), "the missing file makes it 2");
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(
        out.contains(&format!("{f}: ASCII text, CRLF line endings, 2 lines")),
        "{out}"
    );
    assert!(out.contains(&format!("{good}: ASCII text")), "{out}");
    assert_eq!(stderr_lines(&o).len(), 1);
}

#[test]
fn a_file_truncated_while_it_is_read() {
    // A big file that another thread truncates while textscope reads it. Whether the
    // truncation lands before the open, during the read, or after it is up to the scheduler,
    // so each outcome is checked for what it must be: the "changed" error naming the file, or
    // a correct report of whatever size was read. (The comparison itself is unit-tested in
    // report.rs: `changed_while_reading`.)
    let dir = scratch("truncate");
    let good = good_file(&dir);
    let big = dir.join("big.txt");
    let line = "0123456789abcdef".repeat(4) + "\n";
    std::fs::write(&big, line.repeat(1 << 20)).unwrap(); // 65 MiB
    let b = big.to_str().unwrap().to_string();
    let child = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(["--json", &b, &good])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(1000)
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    let reports: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    if o.status.code() == Some(2) {
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!(
                "textscope: {b}: the file changed while it was read ("
            )),
            "{err}"
        );
        assert_eq!(reports.len(), 1, "the good file is still reported");
    } else {
        assert_eq!(o.status.code(), Some(0), "{err}");
        assert_eq!(reports.len(), 2);
        let size = reports[0]["size"].as_u64().unwrap();
        assert!(size == 1000 || size == line.len() as u64 * (1 << 20));
    }
    assert_eq!(reports.last().unwrap()["path"], good.as_str());
}
