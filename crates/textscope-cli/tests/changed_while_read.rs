//! Issue 15, item 3: a file that grows while it is read is an error on every path (one
//! thread, several threads, `check`, `convert`): exit status 2 and one line naming the file,
//! never a short report with exit status 0. A writer thread appends to the file from before
//! textscope starts until it exits, so the size textscope saw at opening always differs from
//! the size after its read.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn growing(path: &Path, mib: usize) {
    let line = "0123456789abcdef".repeat(4) + "\n";
    let lines = (mib << 20) / line.len();
    std::fs::write(path, line.repeat(lines)).unwrap();
}

/// Runs textscope with `args` while another thread keeps appending to `file`.
fn run_while_growing(file: &Path, args: &[&str]) -> (i32, String, String) {
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        let file = file.to_path_buf();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().append(true).open(file).unwrap();
            while !stop.load(Ordering::Relaxed) {
                f.write_all(b"more text\n").unwrap();
                // Without a pause: a large file is mapped (decision 52) and read at several
                // GB/s, and the test threads share two cores, so any sleep could span the
                // whole read.
                std::thread::yield_now();
            }
        })
    };
    std::thread::sleep(Duration::from_millis(5));
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_changed(name: &str, code: i32, err: &str) {
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("changed while it was read"))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with(&format!(
            "textscope: {name}: the file changed while it was read ("
        )),
        "{err}"
    );
}

#[test]
fn report_on_several_threads() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("big.txt");
    growing(&f, 40);
    let name = f.to_str().unwrap();
    let (code, out, err) = run_while_growing(&f, &["--json", "-j", "2", name]);
    assert_changed(name, code, &err);
    assert_eq!(out, "", "no report for a file that changed");
}

#[test]
fn report_on_one_thread() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("small.txt");
    growing(&f, 32);
    let name = f.to_str().unwrap();
    let (code, out, err) = run_while_growing(&f, &["--json", "-j", "1", name]);
    assert_changed(name, code, &err);
    assert_eq!(out, "");
}

#[test]
fn check_and_convert() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c.txt");
    growing(&f, 32);
    let name = f.to_str().unwrap();
    let (code, _, err) = run_while_growing(&f, &["check", name]);
    assert_changed(name, code, &err);
    let out = dir.path().join("out.txt");
    let (code, _, err) = run_while_growing(
        &f,
        &[
            "convert",
            "--to",
            "utf-16le",
            "-o",
            out.to_str().unwrap(),
            name,
        ],
    );
    assert_changed(name, code, &err);
    assert!(!out.exists(), "no output from a file that changed");
}
