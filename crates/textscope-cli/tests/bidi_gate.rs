//! Issue 41, item 3: the bidi gate is bypassed. Each reproducer was a file `check` passed
//! (exit 0) that a compiler or an interpreter still reads as Trojan Source: (a) one `\xff`
//! makes detection pick a code page, where the bytes of U+202E are letters; (b) a `#!` script
//! or a template with NULs is skipped as binary; (c) `bidi` was opt-in. Now the bytes are
//! scanned when the verdict does not decode them as Unicode, `#!` files and templates are
//! text, and `trojan-source` (the reordering controls) is denied by default.

use std::path::Path;
use std::process::Command;

fn check(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The Trojan Source of the paper (commenting-out), in C.
const TROJAN: &str = "#include <stdio.h>\nint main(void) {\n    int admin = 0;\n    \
/*\u{202E} } \u{2066}if (admin)\u{2069} \u{2066} begin admins only */\n        \
puts(\"admin\");\n    /* end admins only \u{202E} { \u{2066}*/\n    return 0;\n}\n";

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(dir.join(name), bytes).unwrap();
}

/// (a) One `\xff` in a comment: detection picks a code page, the gate still finds the bidi
/// controls' UTF-8 bytes, at their lines (LF bytes) and offsets.
#[test]
fn one_invalid_byte_does_not_hide_bidi_controls() {
    let dir = tempfile::tempdir().unwrap();
    let src = TROJAN.replacen("int admin", "/* \u{0}caf\u{0} */ int admin", 1);
    let mut bytes = src.into_bytes();
    // The comment's two placeholders become one \xff (and a space).
    let at = bytes.iter().position(|&b| b == 0).unwrap();
    bytes[at] = 0xFF;
    let at = bytes.iter().position(|&b| b == 0).unwrap();
    bytes[at] = b' ';
    write(dir.path(), "t.c", &bytes);
    let (code, out) = check(dir.path(), &["--deny", "bidi", "t.c"]);
    assert_eq!(code, 1, "{out}");
    let rlo = out
        .lines()
        .filter(|l| l.contains("bidi control U+202E RIGHT-TO-LEFT OVERRIDE"))
        .count();
    assert_eq!(rlo, 2, "{out}");
    assert!(out.contains("t.c:4:7: bidi: bidi control U+202E"), "{out}");
    assert_eq!(out.matches("U+2066").count(), 3, "{out}");
    // And by default: the reordering controls are `trojan-source`.
    let (code, out) = check(dir.path(), &["t.c"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("t.c:4:7: trojan-source: bidi control U+202E"),
        "{out}"
    );
}

/// (b) A `#!` script without an extension, and templates, with 40 NULs in a comment: text to
/// `check` (`binary_in_text`), and their bidi controls found.
#[test]
fn scripts_and_templates_with_nuls_are_checked_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let nuls = "\0".repeat(40);
    let script = format!("#!/usr/bin/env node\n// {nuls}\nlet a = 1; // \u{202E} x\n");
    write(dir.path(), "run", script.as_bytes());
    for ext in ["hbs", "erb", "j2", "twig", "mdx"] {
        let t = format!("{{{{!-- {nuls} --}}}}\n<p>\u{202E}x</p>\n");
        write(dir.path(), &format!("page.{ext}"), t.as_bytes());
    }
    let (code, out) = check(dir.path(), &["."]);
    assert_eq!(code, 1, "{out}");
    for name in [
        "run",
        "page.hbs",
        "page.erb",
        "page.j2",
        "page.twig",
        "page.mdx",
    ] {
        assert!(
            out.contains(&format!("{name}:1:1: binary_in_text:")),
            "{name}: {out}"
        );
        assert_eq!(
            out.lines()
                .filter(|l| l.starts_with(&format!("{name}:"))
                    && l.contains("trojan-source: bidi control U+202E"))
                .count(),
            1,
            "{name}: {out}"
        );
    }
    assert!(out.contains("a script (#! first)"), "{out}");
}

/// (b) A file detected as binary and skipped: with `bidi` denied its bytes are still scanned.
#[test]
fn a_skipped_binary_file_is_scanned_when_bidi_is_denied() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = vec![0u8; 300];
    bytes.extend("x\n y\u{202E}z".as_bytes());
    write(dir.path(), "blob.dat", &bytes);
    let (code, out) = check(dir.path(), &["--deny", "bidi", "blob.dat"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("blob.dat:2:3: bidi: bidi control U+202E"),
        "{out}"
    );
    // Without `bidi`, a binary file is skipped as before (exit 0).
    let (code, out) = check(dir.path(), &["blob.dat"]);
    assert_eq!(code, 0, "{out}");
}

/// (c) By default the reordering controls fail `check`; allowing `trojan-source` (on the
/// command line or in textscope.toml) lets them pass; a zero-width space alone is `bidi`'s.
#[test]
fn trojan_source_is_denied_by_default() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "t.c", TROJAN.as_bytes());
    let (code, out) = check(dir.path(), &["t.c"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out.matches("trojan-source: bidi control").count(),
        6,
        "{out}"
    );
    assert!(
        out.contains("t.c:4:7: trojan-source: bidi control U+202E"),
        "{out}"
    );
    for allow in ["trojan-source", "bidi"] {
        let (code, out) = check(dir.path(), &["--allow-rule", allow, "t.c"]);
        assert_eq!(code, 0, "{allow}: {out}");
    }
    // With `bidi` denied the same characters are `bidi`'s findings, once each.
    let (code, out) = check(dir.path(), &["--deny", "bidi", "t.c"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("bidi: bidi control").count(), 6, "{out}");
    assert!(!out.contains("trojan-source"), "{out}");
    write(
        dir.path(),
        "textscope.toml",
        b"[check]\nallow = [\"trojan-source\"]\n",
    );
    let (code, out) = check(dir.path(), &["."]);
    assert_eq!(code, 0, "{out}");
    write(dir.path(), "textscope.toml", b"");
    write(dir.path(), "zw.txt", "a\u{200B}b\n".as_bytes());
    let (code, out) = check(dir.path(), &["zw.txt"]);
    assert_eq!(code, 0, "{out}");
}

/// A clean file passes, default and with `bidi` denied.
#[test]
fn a_clean_file_has_no_findings() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.c", b"int main(void) { return 0; }\n");
    for args in [&["ok.c"][..], &["--deny", "bidi", "ok.c"]] {
        let (code, out) = check(dir.path(), args);
        assert_eq!(code, 0, "{out}");
        assert_eq!(out, "", "{out}");
    }
}

/// A UTF-16LE file's bidi control is found once: by its decoding, not again by the gate.
#[test]
fn utf16le_bidi_control_is_found_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = vec![0xFF, 0xFE];
    for u in "let a = 1; // \u{202E} x\n".encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    write(dir.path(), "u.txt", &bytes);
    for (args, rule) in [
        (&["--deny", "bidi", "u.txt"][..], "bidi"),
        (&["u.txt"][..], "trojan-source"),
    ] {
        let (code, out) = check(dir.path(), args);
        assert_eq!(code, 1, "{out}");
        let found = format!("u.txt:1:15: {rule}: bidi control U+202E");
        assert_eq!(out.matches("U+202E").count(), 1, "{out}");
        assert!(out.contains(&found), "{out}");
    }
}
