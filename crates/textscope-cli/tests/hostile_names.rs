//! Issue 15, items 4 and 9: one escaping for file names in every output format of every
//! subcommand. A tree of hostile names (a terminal escape, bidi override, zero-width space, a
//! C1 control, a tag character, a Hangul filler, a newline, a byte that is not UTF-8) goes
//! through the report (human, brief, JSON, structure, preview), `check` (text, JSON, GitHub)
//! and `convert` (its messages); no raw byte of any of them may reach the output.

#![cfg(unix)]

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::Command;

fn names() -> Vec<OsString> {
    let mut v: Vec<OsString> = [
        "esc\u{1B}[31mred.txt",
        "rlo\u{202E}txt.exe.txt",
        "zw\u{200B}sp.txt",
        "c1\u{9B}x.txt",
        "tag\u{E0041}.txt",
        "filler\u{3164}.txt",
        "nl\nname.txt",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    v.push(OsString::from_vec(b"bad\xFF.txt".to_vec()));
    v
}

/// Byte sequences that must never appear in any output.
const FORBIDDEN: &[&[u8]] = &[
    b"\x1B",
    "\u{202E}".as_bytes(),
    "\u{200B}".as_bytes(),
    "\u{9B}".as_bytes(),
    "\u{E0041}".as_bytes(),
    "\u{3164}".as_bytes(),
    b"\xFF",
];

fn tree() -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for n in names() {
        let p = dir.path().join(&n);
        // A control character (P3), so `check` has a finding to print with the name.
        std::fs::write(&p, b"hello world, this is some text\x07\n").unwrap();
        files.push(p);
    }
    (dir, files)
}

fn run(dir: &Path, args: &[OsString]) -> (Vec<u8>, Vec<u8>) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (out.stdout, out.stderr)
}

fn assert_clean(what: &str, bytes: &[u8]) {
    for f in FORBIDDEN {
        assert!(
            !bytes.windows(f.len()).any(|w| w == *f),
            "{what}: raw {f:02X?} in {}",
            String::from_utf8_lossy(bytes)
        );
    }
    let text = String::from_utf8(bytes.to_vec()).expect("output is UTF-8");
    assert!(
        !text.lines().any(|l| l.starts_with("name.txt")),
        "{what}: a newline in a name split a line: {text}"
    );
}

fn os(v: &[&str]) -> Vec<OsString> {
    v.iter().map(OsString::from).collect()
}

#[test]
fn every_format_of_every_subcommand_escapes_names() {
    let (dir, files) = tree();
    let rel: Vec<OsString> = names();
    let mut missing = rel.clone();
    for m in &mut missing {
        m.push(".missing");
    }
    let mut runs: Vec<(String, Vec<OsString>)> = Vec::new();
    for mode in [
        &[][..],
        &["--brief"],
        &["--json"],
        &["--structure"],
        &["--preview"],
    ] {
        let mut a = os(mode);
        a.extend(rel.iter().cloned());
        a.extend(missing.iter().cloned());
        runs.push((format!("report {mode:?}"), a));
    }
    for format in ["text", "json", "github"] {
        runs.push((
            format!("check {format}"),
            os(&["check", "--format", format, "."]),
        ));
        let mut a = os(&["check", "--format", format]);
        a.extend(missing.iter().cloned());
        runs.push((format!("check {format} missing"), a));
    }
    for (i, f) in files.iter().enumerate() {
        let mut out = f.clone().into_os_string();
        out.push(".utf16");
        let a = vec![
            "convert".into(),
            "--to".into(),
            "utf-16le".into(),
            "-o".into(),
            out,
            f.clone().into_os_string(),
        ];
        runs.push((format!("convert {i}"), a));
        let mut a = os(&["convert", "--to", "utf-8"]);
        a.push(missing[i].clone());
        runs.push((format!("convert missing {i}"), a));
    }
    for (what, args) in runs {
        let (out, err) = run(dir.path(), &args);
        assert_clean(&format!("{what} (stdout)"), &out);
        assert_clean(&format!("{what} (stderr)"), &err);
        if what.contains("json") {
            for line in String::from_utf8(out).unwrap().lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                assert!(v.is_object(), "{line}");
            }
        }
    }
}

#[test]
fn names_are_shown_the_same_way_everywhere() {
    let (dir, _) = tree();
    let bad = OsString::from_vec(b"bad\xFF.txt".to_vec());
    let (out, _) = run(dir.path(), std::slice::from_ref(&bad));
    assert!(String::from_utf8(out)
        .unwrap()
        .starts_with("bad\\xFF.txt: "));
    let (out, _) = run(dir.path(), &["--json".into(), bad.clone()]);
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["path"], "bad\\xFF.txt");
    let (out, _) = run(dir.path(), &os(&["check", "--format", "json", "."]));
    let text = String::from_utf8(out).unwrap();
    let paths: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["path"].as_str().map(str::to_string))
        .collect();
    assert!(paths.contains(&"bad\\xFF.txt".to_string()), "{text}");
    assert!(
        paths.contains(&"rlo\u{202E}txt.exe.txt".to_string()),
        "{text}"
    );
    assert!(text.contains("rlo\\u202Etxt"), "{text}");
    assert!(text.contains("tag\\uDB40\\uDC41"), "{text}");
    let (out, _) = run(dir.path(), &os(&["check", "."]));
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("rlo[U+202E]txt.exe.txt:1:31: control_character"),
        "{text}"
    );
    assert!(text.contains("nl\u{240A}name.txt:1:31"), "{text}");
    assert!(bad.as_bytes().contains(&0xFF));
}
