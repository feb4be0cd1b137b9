//! `check`'s view of the lines and characters against the report's (`textscope --json`), on
//! the shared corpus (`../shared/corpus`, skipped when absent) and on generated files: the
//! endings `eol` counts (L1: CR LF is one), the lines `line-length` measures (L3, L5), where
//! `final-newline` stands (N1), and the characters `bidi` finds (the report's findings).
//! `check` reads its lines from the core's line machine and its characters from the core's
//! classes; this test is what would catch the two drifting apart.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn textscope(args: &[&str], file: &Path) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
    )
}

fn report(file: &Path) -> Value {
    let (_, out) = textscope(&["--json"], file);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{}: {e}: {out}", file.display()))
}

/// `check --json` with these rule settings: the findings (rule, line, column, offset,
/// message) and the exact counts by rule.
struct Checked {
    findings: Vec<(String, u64, u64, u64, String)>,
    counts: Value,
}

fn check(file: &Path, settings: &[&str]) -> Checked {
    let mut args = vec!["check", "--no-config", "--no-editorconfig", "--json"];
    args.extend(settings);
    let (code, out) = textscope(&args, file);
    assert!(code == 0 || code == 1, "{}: exit {code}", file.display());
    let mut c = Checked {
        findings: Vec::new(),
        counts: Value::Null,
    };
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        if let Some(s) = v.get("summary") {
            c.counts = s["findings"].clone();
            continue;
        }
        let n = |k: &str| v[k].as_u64().unwrap();
        let rule = v["rule"].as_str().unwrap().to_string();
        let message = v["message"].as_str().unwrap().to_string();
        c.findings
            .push((rule, n("line"), n("column"), n("offset"), message));
    }
    c
}

impl Checked {
    fn count(&self, rule: &str) -> u64 {
        self.counts.get(rule).and_then(Value::as_u64).unwrap_or(0)
    }

    fn of(&self, rule: &str) -> Vec<&(String, u64, u64, u64, String)> {
        self.findings.iter().filter(|f| f.0 == rule).collect()
    }
}

/// The number in "line is N characters long, more than M".
fn length_in(message: &str) -> u64 {
    let rest = message.strip_prefix("line is ").unwrap();
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// The number in "… where LF is required (N such endings in the file)".
fn others_in(message: &str) -> u64 {
    let i = message.rfind('(').unwrap();
    message[i + 1..].split(' ').next().unwrap().parse().unwrap()
}

/// Compares the two views of one file; returns false when the file is not text to both.
fn agree(file: &Path) -> bool {
    let r = report(file);
    let name = file.display().to_string();
    let format = r["format"].as_str().unwrap();
    if format == "binary" {
        return false;
    }
    let u = |v: &Value| v.as_u64().unwrap();
    let endings = &r["endings"];
    let total: u64 = ["lf", "crlf", "cr", "nel", "ls", "ps"]
        .iter()
        .map(|k| u(&endings[*k]))
        .sum();
    let longest = r["longest_line"]["characters"].as_u64().unwrap_or(0);
    let longest_at = r["longest_line"]["line"].as_u64().unwrap_or(0);

    // Every line measured: the longest and where it is; with the exact count of lines that
    // hold a character, and (when all are listed) their characters add up to the report's.
    let every = check(
        file,
        &[
            "--eol",
            "lf",
            "--max-line-length",
            "0",
            "--deny",
            "bidi,final-newline",
        ],
    );
    let listed = every.of("line-length");
    assert!(every.count("line-length") <= u(&r["lines"]), "{name}");
    if longest > 0 {
        let max = listed.iter().map(|f| length_in(&f.4)).max().unwrap();
        if every.count("line-length") == listed.len() as u64 {
            let chars: u64 = listed.iter().map(|f| length_in(&f.4)).sum();
            // L4: CR LF is two characters, one ending.
            assert_eq!(
                chars + total + u(&endings["crlf"]),
                u(&r["characters"]),
                "{name}: characters"
            );
            assert_eq!(max, longest, "{name}: longest line");
        }
    } else {
        assert!(listed.is_empty(), "{name}");
    }

    // The longest line, and only it and its equals, over a limit one below it.
    if longest > 0 {
        let over = check(
            file,
            &[
                "--eol",
                "crlf",
                "--max-line-length",
                &(longest - 1).to_string(),
            ],
        );
        let first = over.of("line-length")[0];
        assert_eq!(
            (first.1, length_in(&first.4)),
            (longest_at, longest),
            "{name}"
        );
        assert!(over
            .of("line-length")
            .iter()
            .all(|f| length_in(&f.4) == longest));
        assert_eq!(
            eol_others(&over),
            total - u(&endings["crlf"]),
            "{name}: crlf"
        );
    }
    assert_eq!(eol_others(&every), total - u(&endings["lf"]), "{name}: lf");

    // N1: the line without an ending is the report's last.
    let notes = r["notes"].as_array().unwrap();
    let finals = every.of("final-newline");
    assert_eq!(finals.len(), notes.len(), "{name}: final-newline");
    if let (Some(f), Some(n)) = (finals.first(), notes.first()) {
        assert_eq!((f.1, f.3), (u(&n["line"]), u(&n["offset"])), "{name}");
        assert_eq!(f.1, u(&r["lines"]), "{name}");
    }

    // The characters `bidi` finds are the report's findings, at the same places.
    let counts = &r["finding_counts"];
    let found = u(&counts["bidi_control"]) + u(&counts["invisible_character"]);
    assert_eq!(every.count("bidi"), found, "{name}: bidi");
    let bidi = every.of("bidi");
    if bidi.len() as u64 == found {
        for f in r["findings"].as_array().unwrap() {
            if ["ansi_escape", "mojibake", "mixed_encoding"]
                .contains(&f["kind"].as_str().unwrap_or(""))
            {
                continue;
            }
            let at = (u(&f["line"]), u(&f["column"]), u(&f["offset"]));
            assert!(
                bidi.iter().any(|b| (b.1, b.2, b.3) == at),
                "{name}: finding at {at:?} not found by check"
            );
            let kind = f["kind"].as_str().unwrap();
            let said = &bidi.iter().find(|b| (b.1, b.2, b.3) == at).unwrap().4;
            let word = if kind == "bidi_control" {
                "bidi control"
            } else {
                "invisible character"
            };
            assert!(
                said.starts_with(word) || said.starts_with("variation selector"),
                "{name}: {kind} said as {said}"
            );
        }
    }
    true
}

/// How many endings `eol` says are not the required kind (0 when it found none).
fn eol_others(c: &Checked) -> u64 {
    let eol = c.of("eol");
    assert!(eol.len() <= 1);
    eol.first().map_or(0, |f| others_in(&f.4))
}

fn corpus_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut files = Vec::new();
    for sub in ["real", "unicode"] {
        let Ok(dir) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        for e in dir.flatten() {
            let p = e.path();
            if p.is_file() && p.extension().is_none_or(|x| x != "md") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn check_sees_the_corpus_as_the_report_does() {
    let files = corpus_files();
    if files.is_empty() {
        eprintln!("note: ../shared/corpus is absent; corpus agreement skipped");
        return;
    }
    let text = files.iter().filter(|f| agree(f)).count();
    assert!(text >= 20, "only {text} text files in the corpus");
}

/// A small deterministic generator (xorshift), so a failure names a reproducible seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Text made of what the two views could disagree on: every ending, CR LF split by other
/// characters, bidi controls, the marks U+200E/U+200F/U+061C, hidden characters, variation
/// selectors in and out of sequences, terminal escapes, ill-formed bytes, a cut character.
fn random_file(rng: &mut Rng) -> Vec<u8> {
    const PIECES: &[&[u8]] = &[
        b"a",
        b"xyz ",
        b"\t",
        b"\n",
        b"\r",
        b"\r\n",
        b"\n\r",
        "\u{85}".as_bytes(),
        "\u{2028}".as_bytes(),
        "\u{2029}".as_bytes(),
        "\u{202E}".as_bytes(),
        "\u{2066}".as_bytes(),
        "\u{200E}".as_bytes(),
        "\u{200F}".as_bytes(),
        "\u{061C}".as_bytes(),
        "\u{200B}".as_bytes(),
        "\u{00AD}".as_bytes(),
        "\u{E0041}".as_bytes(),
        "\u{FE0F}".as_bytes(),
        "\u{2764}\u{FE0F}".as_bytes(),
        "\u{845B}\u{E0100}".as_bytes(),
        "é".as_bytes(),
        "中文".as_bytes(),
        "😀".as_bytes(),
        b"\x1b[31m",
        b"\x1b]0;t\x07",
        b"\xFF",
        b"\xC3",
        b"\x0B",
        b"\x0C",
        "\u{FEFF}".as_bytes(),
    ];
    let n = 1 + rng.next() % 300;
    let mut out = Vec::new();
    for _ in 0..n {
        let p = PIECES[(rng.next() % PIECES.len() as u64) as usize];
        out.extend_from_slice(p);
    }
    match rng.next() % 4 {
        0 => out.extend_from_slice(b"\xE2\x82"),
        1 => out.push(b'\n'),
        _ => {}
    }
    out
}

/// The same text in UTF-16LE with its mark (its bad bytes dropped by the lossy decode).
fn utf16(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0xFF, 0xFE];
    for u in String::from_utf8_lossy(bytes).encode_utf16() {
        out.extend(u.to_le_bytes());
    }
    out
}

#[test]
fn check_sees_random_text_as_the_report_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut text = 0;
    for i in 0..40 {
        let bytes = random_file(&mut rng);
        let bytes = if i % 4 == 3 { utf16(&bytes) } else { bytes };
        let p = dir.path().join(format!("random-{i}.txt"));
        std::fs::write(&p, &bytes).unwrap();
        if agree(&p) {
            text += 1;
        }
    }
    assert!(text >= 30, "only {text} of 40 random files were text");
}
