//! Issue 39 through the CLI: the four files of two encodings and of mojibake in
//! tests/data/mixed/ (tests/data/mixed/make.py), named in the first line, denied by `check`,
//! and converted to clean UTF-8 (each segment in its own encoding, mojibake repaired).

use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../tests/data/mixed/{name}"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn path(name: &str) -> String {
    data(name).to_string_lossy().into_owned()
}

const GERMAN: &str = "Die Brücke über den Fluß ist schön, sagte der Bürgermeister.\n";
const FRENCH: &str = "L'été dernier, nous avons goûté une crème brûlée à Créteil.\n";

#[test]
fn the_first_line_names_the_other_encoding_and_the_mojibake() {
    let (_, out, _) = run(&[&path("utf8-with-1252-lines.txt")]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("UTF-8 text, except lines 10–13 (windows-1252)"),
        "{out}"
    );
    let (_, out, _) = run(&[&path("1252-with-utf8-lines.txt")]);
    assert!(
        out.contains("windows-1252 text (legacy code page), except lines 6–8 (UTF-8)"),
        "{out}"
    );
    let (_, out, _) = run(&[&path("utf8-double-mojibake.txt")]);
    assert!(out.contains("UTF-8 text, mojibake on lines 8–11"), "{out}");
    assert!(
        out.contains("\"ÃƒÂ©\" is \"é\" (UTF-8 read as windows-1252 twice)"),
        "{out}"
    );
}

#[test]
fn check_denies_mojibake_and_mixed_encoding_by_name_only() {
    let dir = path("");
    let (code, out, _) = run(&[
        "check",
        "--deny",
        "mojibake,mixed_encoding",
        "--allow-rule",
        "problems",
        &dir,
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("utf8-double-mojibake.txt:8:3: mojibake:"),
        "{out}"
    );
    assert!(
        out.contains("utf8-with-1252-lines.txt:10:1: mixed_encoding:"),
        "{out}"
    );
    assert!(
        out.contains("utf16le-then-utf8.csv:7:1: mixed_encoding:"),
        "{out}"
    );
    let (_, out, _) = run(&["check", "--allow-rule", "problems", &dir]);
    assert!(
        !out.contains("mojibake:") && !out.contains("mixed_encoding:"),
        "{out}"
    );
}

fn convert(name: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["convert", "--to", "utf-8"];
    args.extend_from_slice(extra);
    let p = path(name);
    args.push(&p);
    run(&args)
}

#[test]
fn convert_decodes_each_segment_in_its_own_encoding() {
    let (code, out, err) = convert("utf8-with-1252-lines.txt", &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        GERMAN.repeat(9) + &FRENCH.repeat(4) + &GERMAN.repeat(7)
    );
    assert!(err.contains("1 stretch read in its own encoding"), "{err}");
    let (code, out, _) = convert("1252-with-utf8-lines.txt", &[]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        FRENCH.repeat(5) + &GERMAN.repeat(3) + &FRENCH.repeat(4)
    );
    let (code, out, _) = convert("utf16le-then-utf8.csv", &["--bom", "no"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("id,name,city\n1,José Martínez,Málaga\n"),
        "{out}"
    );
    assert!(
        out.ends_with("8,Łukasz Żak,Łódź\n9,Noël Garçon,Nîmes\n"),
        "{out}"
    );
    assert!(!out.contains('\u{FFFD}'));
}

#[test]
fn fix_mojibake_repairs_and_dry_run_shows_each_change() {
    let (code, out, err) = convert("utf8-double-mojibake.txt", &["--fix-mojibake"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        GERMAN.repeat(7) + &FRENCH.repeat(4) + &GERMAN.repeat(3)
    );
    assert!(err.contains("36 runs of mojibake repaired"), "{err}");
    let (code, out, err) = convert("utf8-double-mojibake.txt", &["--fix-mojibake", "--dry-run"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 36);
    assert_eq!(out.lines().next(), Some("8:3: ÃƒÂ© → é"));
    assert!(err.contains("dry run: nothing written"), "{err}");
    // Without --fix-mojibake the text is kept as it is.
    let (_, out, _) = convert("utf8-double-mojibake.txt", &[]);
    assert!(out.contains("ÃƒÂ©"));
}

#[test]
fn fix_mojibake_refuses_an_ambiguous_run() {
    // "Ăą" is ñ in ISO-8859-2 and ù in windows-1250 (M7): nothing on the line settles it.
    let dir = std::env::temp_dir().join(format!("textscope-mixed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("a.txt");
    std::fs::write(&f, "Espa\u{102}\u{105}a\n").unwrap();
    let p = f.to_string_lossy().into_owned();
    let (code, out, err) = run(&["convert", "--to", "utf-8", "--fix-mojibake", &p]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("line 1, column 5") && err.contains("more than one text"),
        "{err}"
    );
    assert!(out.is_empty());
}

#[test]
fn several_threads_give_the_segments_of_one() {
    // Larger than parallel.rs's MIN_PARALLEL (32 MiB), clean UTF-8 up to a windows-1252
    // paragraph near its end (G8): one thread and two give the same report.
    let dir = std::env::temp_dir().join(format!("textscope-mixed-j-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("big.txt");
    let mut bytes = GERMAN.repeat(34 * 1024 * 1024 / GERMAN.len()).into_bytes();
    for _ in 0..3 {
        bytes.extend_from_slice(
            b"L'\xE9t\xE9 dernier, nous avons go\xFBt\xE9 une cr\xE8me br\xFBl\xE9e.\n",
        );
    }
    bytes.extend(GERMAN.repeat(3).into_bytes());
    std::fs::write(&f, &bytes).unwrap();
    let p = f.to_string_lossy().into_owned();
    let (_, one, _) = run(&["--json", "-j", "1", &p]);
    let (_, two, _) = run(&["--json", "-j", "2", &p]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(one, two);
    let r: serde_json::Value = serde_json::from_str(one.lines().next().unwrap()).unwrap();
    let segs = r["segments"].as_array().expect("segments");
    assert_eq!(segs.len(), 3, "{segs:?}");
    assert_eq!(segs[1]["encoding"], "windows-1252");
}

/// G9: the UTF-8 export after a UTF-16LE one is read as UTF-8 lines by the report, the
/// preview and the structure, and through a saved index as well.
#[test]
fn a_utf8_export_after_a_utf16_one_is_read_as_its_own_lines() {
    let file = path("utf16le-then-utf8.csv");
    let (code, out, _) = run(&["--json", &file]);
    assert_eq!(code, 0);
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (r["lines"].as_u64(), r["problem_total"].as_u64()),
        (Some(11), Some(0))
    );
    let want = "id,name,city\n6,Jürgen Groß,Gießen\n7,Inês Simões,Évora\n8,Łukasz Żak,Łódź\n9,Noël Garçon,Nîmes\n";
    let (_, preview, _) = run(&["--preview", "--lines", "7..11", &file]);
    assert_eq!(preview, want);
    let dir = tempfile::tempdir().unwrap();
    let idx = dir.path().join("f.idx").to_string_lossy().into_owned();
    let (code, _, err) = run(&["--save-index", &idx, "--json", &file]);
    assert_eq!(code, 0, "{err}");
    let saved = std::fs::read_to_string(&idx).unwrap();
    assert!(
        saved.contains(r#""switches":[{"offset":226,"format":"utf-8""#),
        "{saved}"
    );
    let (code, preview, err) = run(&["--preview", "--lines", "9..10", "--index", &idx, &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(preview, "7,Inês Simões,Évora\n8,Łukasz Żak,Łódź\n");
}
