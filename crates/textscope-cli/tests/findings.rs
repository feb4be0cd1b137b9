//! Findings in the CLI: the human report's "findings" section (made visible) and the JSON.

use std::process::Command;

fn run(args: &[&str], file: &std::path::Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn findings_in_the_human_report_and_json() {
    let file = std::env::temp_dir().join(format!("textscope-findings-{}.rs", std::process::id()));
    std::fs::write(&file, "let a\u{200B} = 1; // \u{202E}evil\u{202C}\n").unwrap();
    let human = run(&[], &file);
    assert!(
        human.contains("findings   3 (2 bidi_control, 1 invisible_character)"),
        "{human}"
    );
    assert!(human.contains("1:6        offset 5        E2 80 8B       invisible_character: U+200B ZERO WIDTH SPACE"), "{human}");
    assert!(
        human.contains("bidi_control: U+202E RIGHT-TO-LEFT OVERRIDE"),
        "{human}"
    );
    assert!(
        human.contains("problems   none"),
        "findings are not problems: {human}"
    );
    assert!(!human.contains('\u{202E}') && !human.contains('\u{200B}'));

    let json: serde_json::Value = serde_json::from_str(run(&["--json"], &file).trim()).unwrap();
    assert_eq!(json["finding_counts"]["bidi_control"], 2);
    assert_eq!(json["finding_counts"]["invisible_character"], 1);
    assert_eq!(json["findings"][0]["code_point"], "U+200B");
    assert_eq!(json["findings"][0]["offset"], 5);
    assert_eq!(json["findings_omitted"], 0);
    let _ = std::fs::remove_file(&file);
}
