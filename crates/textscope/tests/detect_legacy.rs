//! D12 on the project's own labelled samples (tests/data/legacy): the detector names a page
//! that decodes each file to the same text as its label, whole and in every chunking; every
//! name it gives can be forced (D10) and decodes alike in the report and the character pass.

mod common;
use common::*;
use textscope::chars::{CharDecoder, Decoded};
use textscope::{CodePage, Format, Options};

fn samples() -> Vec<(String, String, Vec<u8>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/legacy");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        let (lang, page) = stem.split_once('.').unwrap();
        out.push((
            lang.to_string(),
            page.to_string(),
            std::fs::read(&path).unwrap(),
        ));
    }
    out.sort();
    assert!(out.len() >= 40, "{}", out.len());
    out
}

/// The text of `bytes` decoded as `page`.
fn text(bytes: &[u8], page: &str) -> String {
    let opts = Options::default().force_encoding(page).unwrap();
    let index = textscope::Detected::of(bytes, true, &opts).line_index();
    let mut d = CharDecoder::new(&index);
    let mut s = String::new();
    let mut push = |_: u64, _: &[u8], c: Decoded| {
        s.push(match c {
            Decoded::Char(c) => c,
            Decoded::Bad(_) => '\u{FFFD}',
        })
    };
    d.feed(bytes, &mut push);
    d.finish(&mut push);
    s
}

#[test]
fn d12_names_a_page_that_gives_the_labelled_text() {
    let mut wrong = Vec::new();
    for (lang, page, bytes) in samples() {
        let r = whole(&bytes, &Options::default());
        assert_eq!(
            r.format,
            Format::Legacy,
            "{lang}.{page}: {:#?}",
            r.detection.steps
        );
        let truth = text(&bytes, &page);
        assert!(!truth.contains('\u{FFFD}'), "{lang}.{page}");
        if text(&bytes, &r.encoding) != truth {
            wrong.push(format!("{lang}.{page} named {}", r.encoding));
        }
        // Splits never change the report (every split point is tried on one file below).
        assert_eq!(chunked(&bytes, &Options::default(), &[1, 7, 4096]), r);
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn d12_report_fields_language_confidence_candidates() {
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/legacy/hu.windows-1250.txt"),
    )
    .unwrap();
    // `analyze_every_way` runs the chunking harness: whole, byte by byte, at every split point.
    let r = analyze_every_way(&bytes);
    assert_eq!(r.encoding, "windows-1250");
    assert_eq!(r.language.as_deref(), Some("hu"));
    let d = &r.detection;
    let c = d.confidence.unwrap();
    assert!((0.0..=1.0).contains(&c) && c > 0.5, "{c}");
    assert_eq!(d.candidates[0].encoding, "windows-1250");
    // ISO-8859-2 decodes this file to the same text: one answer, named by the commoner page.
    assert!(d.candidates[0].also.iter().any(|p| p == "ISO-8859-2"));
    assert!(d.candidates.len() > 1 && d.candidates[1].score < d.candidates[0].score);
    let step = d.steps.last().unwrap();
    assert_eq!(step.code, "legacy_scored");
    for k in [
        "high_bytes",
        "candidates",
        "winner_cost_milli",
        "confidence_percent",
    ] {
        assert!(step.figures.contains_key(k), "{k}");
    }
    // The JSON carries the new fields.
    let j: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(j["language"], "hu");
    assert!(j["detection"]["confidence"].is_number());
    assert_eq!(j["detection"]["candidates"][0]["encoding"], "windows-1250");
    assert_eq!(j["detection"]["steps"][0]["code"], "too_many_invalid");
}

#[test]
fn d12_windows_1252_named_before_iso_8859_1() {
    // No byte in 80–9F: the two decode alike, and the commoner page names the answer.
    let r = analyze_every_way(
        b"Caf\xE9 au lait, cr\xE8me br\xFBl\xE9e et g\xE2teau pour le go\xFBter.\n",
    );
    assert_eq!(r.encoding, "windows-1252");
    let first = &r.detection.candidates[0];
    assert!(first.also.iter().any(|p| p == "ISO-8859-1"), "{first:?}");
}

#[test]
fn d10_every_page_can_be_forced_and_names_itself() {
    let bytes: Vec<u8> = (0x20..=0xFFu8).collect();
    let mut n = 0;
    for cp in CodePage::all() {
        let opts = Options::default().force_encoding(cp.name()).unwrap();
        let r = analyze_every_way_with(&bytes, &opts);
        assert_eq!(r.format, Format::Legacy, "{}", cp.name());
        assert_eq!(r.encoding, cp.name());
        assert!(r.detection.forced);
        assert_eq!(r.detection.steps[0].code, "forced");
        n += 1;
    }
    assert!(n >= 90, "{n} code pages");
    for alias in [
        "cp866",
        "IBM-437",
        "mac_cyrillic",
        "ebcdic-cp-us",
        "KOI8-U",
        "euc-tw",
        "cp1361",
    ] {
        assert!(Options::default().force_encoding(alias).is_ok(), "{alias}");
    }
}

#[test]
fn u4_unmapped_bytes_of_generated_tables_are_p8() {
    // 0x81 is unmapped in windows-1252 (encoding_rs) and in ISO-8859-3 A5 is unmapped.
    let opts = Options::default().force_encoding("ISO-8859-3").unwrap();
    let r = analyze_every_way_with(b"a\xA5b", &opts);
    assert_eq!(r.problem_counts.unmapped_byte, 1);
    // IBM856-like gaps: Python's cp875 leaves some bytes unmapped; EBCDIC decodes letters.
    let opts = Options::default().force_encoding("IBM037").unwrap();
    let r = analyze_every_way_with(b"\xC8\x85\x93\x93\x96\x25", &opts);
    assert_eq!(r.lines, 1);
    assert_eq!(r.endings.lf, 1);
    assert_eq!(r.characters, 6);
}

#[test]
fn ebcdic_file_is_named_an_ebcdic_page() {
    // "Hello world, this is a line of text." in IBM037, three lines with NL (15).
    let line: Vec<u8> = "Hello world, this is a plain line of text from a mainframe."
        .chars()
        .map(|c| match c {
            'a'..='i' => 0x81 + (c as u8 - b'a'),
            'j'..='r' => 0x91 + (c as u8 - b'j'),
            's'..='z' => 0xA2 + (c as u8 - b's'),
            'H' => 0xC8,
            ' ' => 0x40,
            ',' => 0x6B,
            '.' => 0x4B,
            _ => 0x6F,
        })
        .chain([0x15])
        .collect();
    let bytes = line.repeat(3);
    let r = analyze_every_way(&bytes);
    assert_eq!(r.format, Format::Legacy);
    let cp = CodePage::for_label(&r.encoding).unwrap();
    assert_eq!(cp.family(), "EBCDIC", "{}", r.encoding);
    assert_eq!(r.endings.nel, 3);
    assert_eq!(r.lines, 3);
}
