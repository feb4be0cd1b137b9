//! Issue 15, item 2: no way around the gate. A file the walk treats as text (a known source
//! extension, a `textscope.toml` include, git's `text` attribute) that detection calls binary
//! is the finding `binary_in_text`, and its bytes are still checked as UTF-8.

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

/// Trojan Source (CVE-2021-42574): an early return hidden in a comment by U+202E and U+2066,
/// behind fifty NULs that make detection call the file binary (gcc still compiles it).
fn trojan_c() -> Vec<u8> {
    let mut b = vec![0u8; 50];
    b.extend(
        "#include <stdio.h>\nint main() {\n    int is_admin = 0;\n    \
         /*\u{202E} } \u{2066}if (is_admin)\u{2069} \u{2066} begin admins only */\n    \
         puts(\"admin\");\n    /* end admins only \u{202E} { \u{2066}*/\n    return 0;\n}\n"
            .as_bytes(),
    );
    b
}

#[test]
fn trojan_source_behind_nuls_fails_check() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("trojan.c"), trojan_c()).unwrap();
    let (code, out, err) = check(dir.path(), &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("trojan.c:1:1: binary_in_text: detected as binary (as utf-8: "),
        "{out}"
    );
    assert!(out.contains("a .c file is checked as text"), "{out}");
    assert!(!err.contains("skipped as binary"), "{err}");
    let (code, out, _) = check(dir.path(), &["--deny", "bidi"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("bidi: bidi control U+202E RIGHT-TO-LEFT OVERRIDE"),
        "{out}"
    );
    // Allowing the new rule still leaves the bidi findings.
    let (code, out, _) = check(
        dir.path(),
        &["--deny", "bidi", "--allow-rule", "binary_in_text,nul"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        !out.contains("binary_in_text") && out.contains("U+2066"),
        "{out}"
    );
}

#[test]
fn git_text_attribute_and_config_include_count_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    std::fs::write(root.join(".gitattributes"), "*.dat text\n").unwrap();
    std::fs::write(
        root.join("textscope.toml"),
        "[check]\ntext = [\"*.blob\"]\n",
    )
    .unwrap();
    let nuls = [0u8; 300];
    std::fs::write(root.join("a.dat"), nuls).unwrap();
    std::fs::write(root.join("b.blob"), nuls).unwrap();
    std::fs::write(root.join("c.bin"), nuls).unwrap();
    let (code, out, err) = check(root, &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("a.dat:1:1: binary_in_text:") && out.contains("marked text in .gitattributes"),
        "{out}"
    );
    assert!(
        out.contains("b.blob:1:1: binary_in_text:")
            && out.contains("included as text by textscope.toml (*.blob)"),
        "{out}"
    );
    assert!(!out.contains("c.bin"), "{out}");
    assert!(err.contains("1 skipped as binary"), "{err}");
}
