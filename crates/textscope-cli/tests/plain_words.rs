//! Plain words for users (issue #14 part 5): no SPEC rule id (D7, S1, V1, D10, §8, N1, P5,
//! "SPEC") in any text a user reads — the `--help` of every subcommand, the report in every
//! form, the `message` strings of the JSON, `check`'s lines and `convert`'s and `utf16`'s
//! errors. Rule ids stay in docs, tests, code comments and the JSON's `rule`/`id` fields.

mod common;

use common::textscope;
use std::path::Path;
use std::process::Output;

fn text(o: &Output) -> String {
    let mut s = String::from_utf8_lossy(&o.stdout).into_owned();
    s.push_str(&String::from_utf8_lossy(&o.stderr));
    s
}

/// The SPEC rule ids in `s`: "SPEC", "§", and a letter of SPEC's rule families (B, D, I, L, N,
/// P, S, U, V) with one or two digits standing as a word of its own — except a bare B0–B9 or
/// D0–D9 between spaces, which is a byte in hex ("3D D8 00 DE", a problem's bytes); a rule id
/// in prose has punctuation beside it ("(D7)", "P1,", "D10:").
fn rule_ids(s: &str) -> Vec<String> {
    let mut found = Vec::new();
    if s.contains("SPEC") {
        found.push("SPEC".to_string());
    }
    if s.contains('§') {
        found.push("§".to_string());
    }
    let c: Vec<char> = s.chars().collect();
    let alnum = |i: usize| c.get(i).is_some_and(|ch| ch.is_alphanumeric());
    let space_or_end =
        |i: Option<usize>| i.and_then(|i| c.get(i)).is_none_or(|ch| ch.is_whitespace());
    for i in 0..c.len() {
        if !"BDILNPSUV".contains(c[i]) || (i > 0 && (alnum(i - 1) || c[i - 1] == '+')) {
            continue;
        }
        let digits = c[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        if !(1..=2).contains(&digits) || alnum(i + 1 + digits) {
            continue;
        }
        let bare = space_or_end(i.checked_sub(1)) && space_or_end(Some(i + 1 + digits));
        if digits == 1 && "BD".contains(c[i]) && bare {
            continue;
        }
        found.push(c[i..=i + digits].iter().collect());
    }
    found
}

#[test]
fn the_checker_finds_rule_ids_and_passes_hex() {
    assert_eq!(rule_ids("the file is binary (D7)"), ["D7"]);
    assert_eq!(rule_ids("Print the structure (S1): the"), ["S1"]);
    assert_eq!(rule_ids("(SPEC §8)"), ["SPEC", "§"]);
    assert_eq!(rule_ids("bad unit (P1, P5, P6)"), ["P1", "P5", "P6"]);
    assert_eq!(rule_ids("skips detection, D10: a"), ["D10"]);
    assert!(rule_ids("e.g. \"3D D8 00 DE\", \"D83D DE00\", U+D83D, 0xD83D").is_empty());
    assert!(rule_ids("UTF-8, C1 control, ISO-8859-1, U+0000, DB40 E1 85 9F").is_empty());
    assert!(rule_ids("offset 4      B0 invalid_utf8").is_empty());
    assert_eq!(rule_ids("rejected by D7:"), ["D7"]);
}

fn assert_plain(what: &str, s: &str) {
    let ids = rule_ids(s);
    assert!(ids.is_empty(), "{what} shows rule ids {ids:?}:\n{s}");
}

const SUBCOMMANDS: [&str; 6] = ["", "check", "convert", "utf16", "serve", "site"];

#[test]
fn help_of_every_subcommand_is_in_plain_words() {
    for sub in SUBCOMMANDS {
        for flag in ["--help", "-h"] {
            let args: Vec<&str> = [sub, flag].into_iter().filter(|a| !a.is_empty()).collect();
            let o = textscope(&args);
            assert_eq!(o.status.code(), Some(0), "{args:?}");
            let out = text(&o);
            assert!(out.contains("Usage"), "{args:?}: {out}");
            assert_plain(&format!("textscope {}", args.join(" ")), &out);
        }
        if !sub.is_empty() {
            assert_plain(&format!("help {sub}"), &text(&textscope(&["help", sub])));
        }
    }
    assert_plain(
        "check --list-rules",
        &text(&textscope(&["check", "--list-rules"])),
    );
    assert_plain("--version", &text(&textscope(&["--version"])));
}

fn data_files() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let mut v: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        // The test files, not their notes (SOURCES.md and make.py cite the rules themselves,
        // and --preview shows a file's own text).
        .filter(|p| {
            p.is_file() && !matches!(p.extension().and_then(|e| e.to_str()), Some("md" | "py"))
        })
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    v.sort();
    assert!(v.len() > 15, "{v:?}");
    v
}

/// Every string of a JSON value that a person reads: all but the machine fields (`rule`, `id`,
/// `code` and the like, which keep the ids on purpose, and the raw `bytes`).
fn json_strings(v: &serde_json::Value, key: &str, out: &mut Vec<String>) {
    const MACHINE: [&str; 5] = ["rule", "id", "code", "bytes", "rules"];
    match v {
        serde_json::Value::String(s) if !MACHINE.contains(&key) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| json_strings(x, key, out)),
        serde_json::Value::Object(m) => m.iter().for_each(|(k, x)| json_strings(x, k, out)),
        _ => {}
    }
}

#[test]
fn reports_and_messages_of_every_test_file_are_in_plain_words() {
    for f in data_files() {
        for mode in [&[][..], &["--brief"], &["--structure"], &["--preview"]] {
            let mut args = mode.to_vec();
            args.push(&f);
            assert_plain(&format!("{args:?}"), &text(&textscope(&args)));
        }
        for force in ["utf-8", "utf-16le", "windows-1252"] {
            assert_plain(
                &format!("-e {force} {f}"),
                &text(&textscope(&["-e", force, &f])),
            );
        }
        let o = textscope(&["--json", &f]);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let mut strings = Vec::new();
        json_strings(&v, "", &mut strings);
        for s in strings {
            assert_plain(&format!("--json {f}"), &s);
        }
        let o = textscope(&["check", "--deny", "all", &f]);
        assert_plain(&format!("check --deny all {f}"), &text(&o));
        let o = textscope(&["check", "--deny", "all", "--format", "github", &f]);
        assert_plain(&format!("check --format github {f}"), &text(&o));
        let out = std::env::temp_dir().join(format!("textscope-plain-{}", std::process::id()));
        let o = textscope(&[
            "convert",
            "--to",
            "utf-16le",
            "-o",
            out.to_str().unwrap(),
            &f,
        ]);
        assert_plain(&format!("convert {f}"), &text(&o));
        let _ = std::fs::remove_file(&out);
    }
}

#[test]
fn errors_are_in_plain_words() {
    for args in [
        &["-e", "no-such-encoding", "x"][..],
        &["--lines", "9..1", "--preview", "x"],
        &["utf16", "--units", "D800"],
        &["utf16", "--bytes", "3D D8", "--le"],
        &["utf16", "--units", "zz"],
        &["convert", "--to", "latin1", "x"],
        &["check", "--deny", "nonsense"],
        &["no-such-file-here"],
    ] {
        assert_plain(&format!("{args:?}"), &text(&textscope(args)));
    }
}
