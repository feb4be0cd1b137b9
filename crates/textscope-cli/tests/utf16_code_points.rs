//! `textscope utf16 U+XXXX`: a code point typed as U+XXXX is the character it names (issue 16),
//! the same as the UTF-16 page's inspector; `--literal` inspects the characters typed.

use std::process::Command;

fn utf16(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .arg("utf16")
        .args(args)
        .output()
        .expect("textscope runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_code_point_is_inspected_as_its_character() {
    let (status, out, _) = utf16(&["--json", "U+1F600"]);
    assert_eq!(status, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["text"], "😀");
    assert_eq!(v["code_points"][0]["code_point"], "U+1F600");
    assert_eq!(v["code_points"][0]["utf16"][0], "D83D");
    assert_eq!(v["code_points"][0]["utf16"][1], "DE00");
    assert_eq!(v["totals"]["code_points"], 1);
    // The same as typing the character itself.
    assert_eq!(out, utf16(&["--json", "😀"]).1);
}

#[test]
fn several_code_points_and_the_literal_text() {
    let (_, out, _) = utf16(&["--json", "U+0041,U+00E9 u+1f600"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["text"], "Aé😀");
    let (_, out, _) = utf16(&["--json", "--literal", "U+1F600"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["text"], "U+1F600");
    assert_eq!(v["totals"]["code_points"], 7);
}

#[test]
fn a_surrogate_or_a_value_above_10ffff_is_unparseable_input() {
    for (arg, words) in [("U+D83D", "surrogate"), ("U+110000", "above U+10FFFF")] {
        let (status, out, err) = utf16(&[arg]);
        assert_eq!(status, 2, "{arg}");
        assert!(out.is_empty(), "{arg}: {out}");
        assert_eq!(err.lines().count(), 1, "{arg}: {err}");
        assert!(err.contains(words), "{arg}: {err}");
    }
}
