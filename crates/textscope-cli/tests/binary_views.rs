//! Issue #14 part 1: a binary verdict is never a dead end. `--preview` and `--structure` of a
//! binary file show its best text reading and say so on stderr, never empty output.

mod common;

use common::{data, textscope};

#[test]
fn preview_and_structure_of_binary_files_show_a_text_reading() {
    for name in ["nul-log.txt", "many-faults.txt", "binary.bin"] {
        let p = data(name);
        let p = p.to_str().unwrap();
        let report = textscope(&["--json", p]);
        let v: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
        assert_eq!(v["format"], "binary", "{name} is binary");
        for view in ["--preview", "--structure"] {
            let o = textscope(&[view, p]);
            assert_eq!(o.status.code(), Some(0), "{name} {view}");
            let out = String::from_utf8_lossy(&o.stdout);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(out.lines().count() >= 2, "{name} {view}: {out}");
            assert!(
                err.contains(": binary; shown read as ") && err.contains(" text anyway"),
                "{name} {view}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    // The NUL log's lines are there, made safe.
    let o = textscope(&[
        "--preview",
        "--lines",
        "1",
        data("nul-log.txt").to_str().unwrap(),
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with("2026-12-04T05:00:00Z api[4711]: GET /items/0"),
        "{out}"
    );
    // --json of --structure too: lines, not an empty list.
    let o = textscope(&[
        "--structure",
        "--json",
        data("nul-log.txt").to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["lines"].as_array().is_some_and(|l| l.len() > 10), "{v}");
}

#[test]
fn a_text_file_says_nothing_on_stderr() {
    let o = textscope(&["--preview", data("hello-utf8.txt").to_str().unwrap()]);
    assert!(o.stderr.is_empty());
    assert!(!o.stdout.is_empty());
}

#[test]
fn a_forced_format_is_not_second_guessed() {
    let o = textscope(&[
        "--preview",
        "-e",
        "utf-16le",
        data("nul-log.txt").to_str().unwrap(),
    ]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("shown read as"));
}
