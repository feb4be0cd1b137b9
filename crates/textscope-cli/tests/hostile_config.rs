//! Issue 15, item 1: a hostile `.editorconfig` or `textscope.toml` cannot exhaust a CI run.
//! Each case runs `textscope check` on a tree holding it and must finish quickly (the bound
//! here is loose, for a debug build on a loaded machine; `scripts/resource-bounds.sh` holds
//! the release build to 1 s and 64 MiB).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn check(dir: &Path, args: &[&str]) -> (i32, String, String, Duration) {
    let t = Instant::now();
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
        t.elapsed(),
    )
}

/// A tree with one text file (a long CRLF line) under the given `.editorconfig`.
fn tree(editorconfig: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".editorconfig"), editorconfig).unwrap();
    std::fs::write(dir.path().join("a.txt"), b"line\r\n").unwrap();
    dir
}

const LOOSE: Duration = Duration::from_secs(20);

#[test]
fn nested_numeric_ranges_are_not_expanded() {
    let dir = tree(
        "root = true\n[{1..9999}{1..9999}{1..9999}]\nend_of_line = lf\n[*.txt]\nend_of_line = lf\n",
    );
    std::fs::write(dir.path().join("123"), b"x\r\n").unwrap();
    let (code, out, err, took) = check(dir.path(), &[]);
    assert!(took < LOOSE, "{took:?}");
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("123:1:2: eol"), "{out}");
    assert!(out.contains("a.txt:1:5: eol"), "{out}");
}

#[test]
fn many_stars_do_not_backtrack() {
    let glob = format!("{}b", "*a".repeat(2000));
    let dir = tree(&format!("root = true\n[{glob}]\nend_of_line = lf\n"));
    std::fs::write(dir.path().join("a".repeat(200)), b"x\r\n").unwrap();
    let (code, out, err, took) = check(dir.path(), &[]);
    assert!(took < LOOSE, "{took:?}");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
}

#[test]
fn a_one_mebibyte_editorconfig_is_bounded() {
    // 500 sections of about 2 KiB each: every one is compiled, none may take long. Plain
    // names are accepted; globs that would need too much memory to match are refused.
    let mut plain = String::from("root = true\n");
    let mut wild = String::from("root = true\n");
    for i in 0..500 {
        plain.push_str(&format!(
            "[{}{i}.txt]\nend_of_line = crlf\n",
            "ab/".repeat(700)
        ));
        wild.push_str(&format!("[{}{i}]\nend_of_line = crlf\n", "*a?".repeat(700)));
    }
    assert!(plain.len() > 1 << 20 && wild.len() > 1 << 20);
    let dir = tree(&plain);
    let (code, _, err, took) = check(dir.path(), &[]);
    assert!(took < LOOSE, "{took:?}");
    assert_eq!(code, 0, "{err}");
    let dir = tree(&wild);
    let (code, _, err, took) = check(dir.path(), &[]);
    assert!(took < LOOSE, "{took:?}");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            ".editorconfig: line 16, column 2: its sections hold more than 10000 glob operators"
        ),
        "{err}"
    );
}

#[test]
fn too_many_sections_or_too_long_a_name_is_an_error_naming_the_file() {
    let many = "[x]\nend_of_line = lf\n".repeat(600);
    let dir = tree(&many);
    let (code, _, err, _) = check(dir.path(), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(".editorconfig: line 1025, column 2: more than 512 sections"),
        "{err}"
    );
    let long = format!("[{}]\nend_of_line = lf\n", "a".repeat(5000));
    let dir = tree(&long);
    let (code, _, err, _) = check(dir.path(), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("longer than 4096 bytes"), "{err}");
}

#[test]
fn hostile_textscope_toml_is_bounded() {
    // Deep nesting, and a 1 MiB file: a clear error or a result, quickly.
    let dir = tree("");
    let deep = format!(
        "[check]\ndeny = {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    std::fs::write(dir.path().join("textscope.toml"), deep).unwrap();
    let (code, _, err, took) = check(dir.path(), &["--no-editorconfig"]);
    assert!(took < LOOSE, "{took:?}");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("textscope.toml"), "{err}");
    let big = format!("# {}\n[check]\neol = \"lf\"\n", "x".repeat(1 << 20));
    std::fs::write(dir.path().join("textscope.toml"), big).unwrap();
    let (code, out, err, took) = check(dir.path(), &["--no-editorconfig"]);
    assert!(took < LOOSE, "{took:?}");
    assert_eq!(code, 1, "{out}{err}");
    let huge = "#".repeat(5 << 20);
    std::fs::write(dir.path().join("textscope.toml"), huge).unwrap();
    let (code, _, err, _) = check(dir.path(), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 4 MiB"), "{err}");
}
