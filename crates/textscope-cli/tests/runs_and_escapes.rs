//! Issue #14 parts 2 and 3 on the command line: runs are one item (the 4,096-NUL run is one
//! line in the report and in `check`), `--no-group` lists every character, a coloured log is
//! UTF-8 text with its escape sequences, and `check --deny ansi_escape` acts on them.

mod common;

use common::{data, textscope};
use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn the_nul_run_is_one_line_and_no_group_lists_each() {
    let log = data("nul-log.txt");
    let log = log.to_str().unwrap();
    let out = stdout(&textscope(&["-e", "utf-8", log]));
    let nul: Vec<&str> = out.lines().filter(|l| l.contains(" nul: ")).collect();
    assert!(nul.len() < 20, "{out}");
    let big: Vec<&&str> = nul.iter().filter(|l| l.contains("4,096 NULs")).collect();
    assert_eq!(big.len(), 1, "{out}");
    // Its byte range: 4,096 bytes.
    let range = big[0]
        .split("offset ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let (a, b) = range.split_once('–').unwrap();
    assert_eq!(
        b.parse::<u64>().unwrap() - a.parse::<u64>().unwrap() + 1,
        4096
    );

    let out = stdout(&textscope(&["-e", "utf-8", "--no-group", log]));
    let each = out.lines().filter(|l| l.contains(" nul: ")).count();
    assert_eq!(each, 1000, "capped at --max-problems, one per character");
    assert!(!out.contains("in a row"));

    // JSON: the run is one item with its count; the counts stay exact.
    let o = textscope(&["--json", "-e", "utf-8", log]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let runs: Vec<&serde_json::Value> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["count"] == 4096)
        .collect();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["length"], 4096);
    assert!(v["problem_counts"]["nul"].as_u64().unwrap() > 4096);

    // check (binary files are checked on request): one line per run.
    let o = textscope(&["check", "--include-binary", log]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        out.lines().filter(|l| l.contains("4,096 NULs")).count(),
        1,
        "{out}"
    );
    assert!(out.lines().count() < 20, "{out}");
}

#[test]
fn a_coloured_log_is_text_with_escape_findings_and_check_acts_on_them() {
    let log = data("colour-build.log");
    let log = log.to_str().unwrap();
    let o = textscope(&["--json", log]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["format"], "utf-8");
    let n = v["finding_counts"]["ansi_escape"].as_u64().unwrap();
    assert!(n > 10, "{v}");
    let out = stdout(&textscope(&[log]));
    assert!(out.contains("ansi_escape: "), "{out}");
    assert!(out.contains("(SGR colour)"), "{out}");
    assert!(!out.contains('\x1b'), "never live");

    // By default check lists only the dangerous sequences (the log erases a line); colours
    // too when ansi_escape is denied by name.
    let o = textscope(&["check", log]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let dangerous = stdout(&o);
    assert!(
        dangerous.lines().all(|l| l.contains(": ansi_escape: ")
            && l.contains("a terminal that shows the file acts on")),
        "{dangerous}"
    );
    assert!(!dangerous.contains("SGR"), "{dangerous}");
    let o = textscope(&["check", "--deny", "ansi_escape", log]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let listed = out
        .lines()
        .filter(|l| l.contains(": ansi_escape: "))
        .count();
    assert!(
        listed > dangerous.lines().count() && listed as u64 <= n,
        "{out}"
    );
    assert!(out.contains("SGR colour"), "{out}");
    assert!(!out.contains('\x1b'));

    // A window title is dangerous: denied by default.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("title.txt");
    std::fs::write(&f, "before\n\x1b]0;owned\x07after\n").unwrap();
    let o = textscope(&["check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains(":2:1: ansi_escape: "), "{}", stdout(&o));
    let o = textscope(&["check", "--allow-rule", "ansi_escape", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
}
