//! `detect_only` stops at the verdict: on every input it must give what the full report says
//! about the format (D1), the code page (D12), the mark (B1), the language and the confidence,
//! for short inputs (the window is the whole input) and long ones (the window is the start).

use textscope::{analyze, detect_only, Format, Options, WINDOW};

fn check(name: &str, data: &[u8]) {
    let report = analyze(data, Options::default());
    let d = detect_only(data, data.len() < WINDOW);
    assert_eq!(d.format, report.format, "{name}");
    if d.format == Format::Legacy {
        assert_eq!(d.code_page.name(), report.encoding, "{name}");
    }
    let mark = report.bom.as_ref().map_or(0, |m| m.length);
    assert_eq!(d.mark_len as u64, mark, "{name}");
    assert_eq!(d.language.map(str::to_string), report.language, "{name}");
    assert_eq!(d.confidence, report.detection.confidence, "{name}");
}

fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn agrees_with_the_report_on_the_test_data() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = files(&root.join("../../tests/data"));
    all.extend(files(&root.join("tests/data/legacy")));
    assert!(all.len() > 60, "{}", all.len());
    for (name, data) in &all {
        check(name, data);
    }
}

#[test]
fn agrees_with_the_report_around_the_window() {
    let ascii = b"plain ascii line\n".repeat(WINDOW / 17 + 1);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("exactly the window", ascii[..WINDOW].to_vec()),
        ("one short of the window", ascii[..WINDOW - 1].to_vec()),
        (
            "ascii window, UTF-8 after",
            [&ascii[..], "café\n".as_bytes()].concat(),
        ),
        (
            "ascii window, Latin-1 after",
            [&ascii[..], b"caf\xE9\n"].concat(),
        ),
        ("UTF-8 cut at the window's end", {
            let mut v = ascii[..WINDOW - 1].to_vec();
            v.extend_from_slice("é and more\n".as_bytes());
            v
        }),
        ("UTF-16LE mark, long", {
            let mut v = vec![0xFF, 0xFE];
            for u in "Grüße\n".repeat(8000).encode_utf16() {
                v.extend_from_slice(&u.to_le_bytes());
            }
            v
        }),
        (
            "windows-1251, long",
            b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0\n".repeat(6000),
        ),
    ];
    for (name, data) in &cases {
        check(name, data);
    }
}
