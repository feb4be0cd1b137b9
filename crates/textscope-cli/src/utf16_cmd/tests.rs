//! `textscope utf16`: arguments, tables, JSON and exit statuses.

use super::*;
use clap::Parser;

/// The statuses of `textscope utf16` (its help says them).
const EXIT_WELL_FORMED: u8 = 0;
const EXIT_NOT_WELL_FORMED: u8 = 1;
const EXIT_UNPARSEABLE: u8 = 2;

/// A stand-in for the real `textscope` command, wiring `utf16` as main.rs will.
#[derive(Parser, Debug)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Subcommand, Debug)]
enum Cmd {
    Utf16(Utf16Args),
}

fn parse(argv: &[&str]) -> Result<Utf16Args, clap::Error> {
    let mut full = vec!["textscope", "utf16"];
    full.extend_from_slice(argv);
    Cli::try_parse_from(full).map(|c| match c.cmd {
        Cmd::Utf16(a) => a,
    })
}

fn run_args(argv: &[&str]) -> Rendered {
    render(&parse(argv).expect("arguments parse"), false)
}

#[test]
fn i1_text_table_has_units_bytes_and_derivation() {
    let r = run_args(&["😀A"]);
    assert_eq!(r.status, EXIT_WELL_FORMED);
    let out = &r.stdout;
    assert!(
        out.contains("U+1F600     GRINNING FACE           1 SMP"),
        "{out}"
    );
    assert!(
        out.contains("D83D DE00  D8 3D DE 00  3D D8 00 DE  😀"),
        "{out}"
    );
    assert!(out.contains("1 SMP"), "{out}");
    assert!(out.contains("high surrogate  D800 + 03D = D83D"), "{out}");
    assert!(out.contains("check           (D83D − D800) × 400 + (DE00 − DC00) + 10000 = 1F600"));
    assert!(out.contains("totals 2 code points, 3 UTF-16 units, 6 bytes, 2 grapheme clusters"));
}

#[test]
fn i3_e_acute_and_zwj_totals_in_the_table() {
    let r = run_args(&["e\u{301}"]);
    assert!(r
        .stdout
        .contains("2 code points, 2 UTF-16 units, 4 bytes, 1 grapheme cluster\n"));
    let r = run_args(&["👩\u{200D}💻"]);
    assert!(r
        .stdout
        .contains("3 code points, 5 UTF-16 units, 10 bytes, 1 grapheme cluster\n"));
    // The ZWJ itself is shown visibly, not as an invisible joiner.
    assert!(r.stdout.contains("[U+200D]"), "{}", r.stdout);
}

#[test]
fn v1_user_text_is_made_visible() {
    let r = run_args(&["a\u{1B}[31m\u{202E}b"]);
    assert!(!r.stdout.contains('\u{1B}'), "{}", r.stdout);
    assert!(!r.stdout.contains('\u{202E}'), "{}", r.stdout);
    assert!(r.stdout.contains("<control-001B>"));
    let r = run_args(&["--json", "a\u{1B}\u{202E}\u{85}b"]);
    assert!(!r.stdout.contains('\u{1B}') && !r.stdout.contains('\u{202E}'));
    assert!(!r.stdout.contains('\u{85}'));
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["text"], "a\u{1B}\u{202E}\u{85}b"); // same value, escaped
}

#[test]
fn i3_units_exit_status_and_headline() {
    let r = run_args(&["--units", "D83D 0041"]);
    assert_eq!(r.status, EXIT_NOT_WELL_FORMED);
    assert!(r
        .stdout
        .starts_with("not well-formed: EXPECTED_LOW_SURROGATE at unit 1\n"));
    assert!(
        r.stdout.contains("units [0] D83D  [1] 0041\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("as text \"\u{FFFD}A\""), "{}", r.stdout);

    let r = run_args(&["--units", "0xD83D,0xDE00"]);
    assert_eq!(r.status, EXIT_WELL_FORMED);
    assert!(r
        .stdout
        .starts_with("well-formed: 2 units → 1 code point\n"));
    assert!(r.stdout.contains("GRINNING FACE"));
}

#[test]
fn unparseable_input_is_exit_2_with_one_line() {
    let r = run_args(&["--units", "D83D ZZ"]);
    assert_eq!(r.status, EXIT_UNPARSEABLE);
    assert!(r.stdout.is_empty());
    assert_eq!(r.stderr.lines().count(), 1);
    assert!(r.stderr.contains("\"ZZ\""), "{}", r.stderr);
    let r = run_args(&["--bytes", "3D \u{1B}", "--le"]);
    assert_eq!(r.status, EXIT_UNPARSEABLE);
    assert!(!r.stderr.contains('\u{1B}'));
}

#[test]
fn bytes_in_both_orders_and_odd_count() {
    let r = run_args(&["--bytes", "3D D8 00 DE", "--le"]);
    assert_eq!(r.status, EXIT_WELL_FORMED);
    assert!(
        r.stdout.contains("bytes 4, LE\nunits [0] D83D  [1] DE00\n"),
        "{}",
        r.stdout
    );
    let r = run_args(&["--bytes", "D8 3D DE 00", "--be", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["input"], "bytes");
    assert_eq!(v["byte_order"], "BE");
    assert_eq!(v["decoded"]["code_points"][0]["utf16le"], "3D D8 00 DE");
    let r = run_args(&["--bytes", "3D D8 00", "--le"]);
    assert_eq!(r.status, EXIT_NOT_WELL_FORMED);
    assert!(
        r.stdout.contains("ODD_BYTE_COUNT at unit 1, byte 2"),
        "{}",
        r.stdout
    );
}

#[test]
fn json_is_one_object_tagged_by_input() {
    for (argv, tag) in [
        (&["--json", "A"][..], "text"),
        (&["--json", "--units", "DC00"][..], "units"),
    ] {
        let r = run_args(argv);
        assert_eq!(r.stdout.lines().count(), 1);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        assert_eq!(v["input"], tag);
    }
    let r = run_args(&["--json", "--units", "DC00"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["headline"]["class"], "UNPAIRED_LOW_SURROGATE");
    assert_eq!(r.status, EXIT_NOT_WELL_FORMED);
}

#[test]
fn code_points_typed_as_u_plus() {
    assert_eq!(code_points("U+1F600").unwrap(), "😀");
    assert_eq!(
        code_points("u+41, U+00E9 U+10FFFF").unwrap(),
        "Aé\u{10FFFF}"
    );
    // Anything else is text, inspected as typed.
    assert_eq!(code_points("U+1F600 and more").unwrap(), "U+1F600 and more");
    assert_eq!(code_points("U+").unwrap(), "U+");
    assert_eq!(code_points("U+1234567").unwrap(), "U+1234567");
    assert_eq!(code_points("").unwrap(), "");
    assert!(code_points("U+D83D")
        .unwrap_err()
        .to_string()
        .contains("surrogate"));
    assert!(code_points("U+110000")
        .unwrap_err()
        .to_string()
        .contains("above U+10FFFF"));
    let r = run_args(&["U+1F600"]);
    assert!(r.stdout.contains("D83D DE00"), "{}", r.stdout);
    let r = run_args(&["--literal", "U+1F600"]);
    assert!(r.stdout.contains("7 code points"), "{}", r.stdout);
    let r = run_args(&["U+DC00"]);
    assert_eq!(r.status, EXIT_UNPARSEABLE);
    assert_eq!(r.stderr.lines().count(), 1);
}

#[test]
fn clap_args_need_one_input_and_an_order_for_bytes() {
    assert!(parse(&[]).is_err());
    assert!(parse(&["A", "--units", "41"]).is_err());
    assert!(parse(&["--bytes", "41 00"]).is_err()); // no byte order
    assert!(parse(&["--bytes", "41 00", "--le", "--be"]).is_err());
    assert!(parse(&["--units", "41", "--le"]).is_err()); // --le goes with --bytes
    assert!(parse(&["A", "--be"]).is_err());
    assert!(parse(&["--le"]).is_err());
    assert!(parse(&["--bytes", "41 00", "--be"]).is_ok());
    assert!(parse(&["--literal", "--units", "41"]).is_err()); // --literal goes with TEXT
}

#[test]
fn color_only_when_asked() {
    let args = parse(&["--units", "DC00"]).unwrap();
    assert!(!render(&args, false).stdout.contains('\u{1B}'));
    assert!(render(&args, true).stdout.contains("\u{1B}[31m"));
}
