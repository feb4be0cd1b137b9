//! Terminal safety: whatever a file holds, and whatever its name holds, nothing that reaches
//! standard output or standard error can drive a terminal or reorder what is shown. Checked
//! for every view (report, --brief, --json, --structure, --preview, --structure --json) on
//! tests/data/hostile-ansi.txt and on a generated file full of escape sequences, in UTF-8,
//! UTF-16LE and windows-1252, under a file name that is itself an escape sequence.

use std::path::{Path, PathBuf};
use std::process::Command;

/// ANSI/OSC sequences and other hostile characters.
const HOSTILE: &[&str] = &[
    "\x1b[31mred\x1b[0m",                                     // SGR colour
    "\x1b[2J\x1b[H\x1b[10;10H\x1b[1A\x1b[K", // clear screen, cursor moves, erase line
    "\x1b]52;c;aGVsbG8=\x07",                // OSC 52: write the clipboard (BEL ends it)
    "\x1b]52;c;aGVsbG8=\x1b\\",              // … ST ends it
    "\x1b]0;pwned\x07\x1b]2;title\x1b\\",    // window title
    "\x1b]8;;http://example.invalid\x1b\\link\x1b]8;;\x1b\\", // OSC 8 hyperlink
    "\x1bP+q544e\x1b\\",                     // DCS (terminfo query)
    "\u{9B}31m\u{9D}0;t\u{9C}\u{90}\u{85}",  // C1: CSI, OSC, ST, DCS as code points (and NEL)
    "\x07\x08\x7f\x00\x0b\x0c\x0e\x1a",      // BEL, BS, DEL, NUL, VT, FF, SO, SUB
    "\u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{2067}\u{2068}\u{202A}\u{202B}\u{202D}",
    "\u{200B}\u{200C}\u{200D}\u{200E}\u{200F}\u{2060}\u{2061}\u{2062}\u{2063}\u{2064}\u{061C}",
    "a\u{2028}b\u{2029}c\u{FEFF}d",
];

fn hostile_text() -> String {
    let mut s = String::new();
    for (i, h) in HOSTILE.iter().enumerate() {
        s.push_str(&format!("line {i} {h} end\n"));
    }
    s
}

/// The hostile name: an OSC title change, a CSI, a C1 CSI and a bidi override.
const NAME: &str = "name-\x1b]0;owned\x07-\x1b[2J-\u{9B}1m-\u{202E}txt.evil";

/// A fresh directory for one test: the tests run on parallel threads of one process, so the
/// test's own tag keeps them from clearing each other's files.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("textscope-term-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every offending character in `bytes` (which must be UTF-8), with its position.
fn offences(bytes: &[u8]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    // A raw C1 byte or ESC/BEL outside UTF-8 would be caught here first.
    let Ok(s) = std::str::from_utf8(bytes) else {
        let e = std::str::from_utf8(bytes).unwrap_err();
        return vec![(e.valid_up_to(), "invalid UTF-8 in the output".to_string())];
    };
    for (i, c) in s.char_indices() {
        let bad = match c {
            '\n' | '\t' => false,
            '\0'..='\u{1F}' | '\u{7F}'..='\u{9F}' => true,
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => true,
            '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{061C}' | '\u{FEFF}' => true,
            '\u{2028}' | '\u{2029}' => true,
            _ => false,
        };
        if bad {
            found.push((i, format!("U+{:04X}", c as u32)));
        }
    }
    found
}

fn check(args: &[&str], file: &Path) {
    let o = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    for (what, bytes) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
        let bad = offences(bytes);
        assert!(
            bad.is_empty(),
            "{args:?} on {file:?}: {what} carries {bad:?}:\n{}",
            String::from_utf8_lossy(bytes)
        );
        // The raw bytes themselves, whatever the decoding: ESC, BEL, and C2 9B (U+009B).
        assert!(
            !bytes.contains(&0x1B) && !bytes.contains(&0x07),
            "{what}: ESC or BEL"
        );
        assert!(
            !bytes.windows(2).any(|w| w == [0xC2, 0x9B]),
            "{what}: C1 CSI"
        );
    }
    assert!(!o.stdout.is_empty() || !o.stderr.is_empty());
}

const VIEWS: &[&[&str]] = &[
    &[],
    &["--brief"],
    &["--json"],
    &["--structure"],
    &["--structure", "--all-chars"],
    &["--structure", "--json"],
    &["--preview"],
    &["--color", "never"],
];

#[test]
fn hostile_ansi_test_file() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/hostile-ansi.txt");
    for view in VIEWS {
        check(view, &file);
    }
}

#[test]
fn generated_hostile_files_under_a_hostile_name() {
    let dir = scratch("generated");
    let text = hostile_text();
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    // windows-1252 puts C1 bytes (9B, 9D …) where UTF-8 would have none.
    let legacy: Vec<u8> = text
        .chars()
        .map(|c| if (c as u32) < 0x100 { c as u8 } else { b'?' })
        .collect();
    let cases: [(&str, Vec<u8>, &[&str]); 4] = [
        ("utf8", text.clone().into_bytes(), &[]),
        ("utf16", utf16, &[]),
        ("cp1252", legacy.clone(), &["--encoding", "windows-1252"]),
        ("latin1-detected", legacy, &[]),
    ];
    for (tag, bytes, extra) in cases {
        let file = dir.join(format!("{NAME}-{tag}"));
        std::fs::write(&file, &bytes).unwrap();
        for view in VIEWS {
            let args: Vec<&str> = extra.iter().chain(view.iter()).copied().collect();
            check(&args, &file);
        }
    }
}

#[test]
fn hostile_names_in_error_messages() {
    let dir = scratch("errors").join("errors");
    std::fs::create_dir_all(&dir).unwrap();
    // A missing file, a directory and a dangling link, each named with escape sequences.
    let missing = dir.join(format!("{NAME}-missing"));
    let sub = dir.join(format!("{NAME}-dir"));
    std::fs::create_dir_all(&sub).unwrap();
    let link = dir.join(format!("{NAME}-link"));
    std::os::unix::fs::symlink(dir.join("gone"), &link).unwrap();
    for p in [&missing, &sub, &link] {
        for view in VIEWS {
            check(view, p);
        }
    }
}
