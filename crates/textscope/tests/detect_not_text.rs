//! SPEC D13 (issue 38): bytes that no code page reads as text come out `binary`, however they
//! fare against D7's thresholds, with the best code page's reading offered as the text
//! reading. The inputs are seeded noise and streams of the project's own text compressed with
//! Python's zlib (`tests/data/compressed`, made by `scripts/eval/make_compressed.py`).

mod common;
use common::*;
use textscope::{Format, Options};

/// xorshift64 from `seed`: the same bytes on every run.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

fn described(name: &str, r: &textscope::Report) -> String {
    format!(
        "{name}: {} {} {:?}",
        r.format.name(),
        r.encoding,
        r.detection.steps.last().map(|s| &s.reason)
    )
}

#[test]
fn d13_random_bytes_are_binary() {
    let mut text = Vec::new();
    let mut by_d13 = 0;
    for i in 0..200u64 {
        // 64 B to 4 KiB, spread over the sizes.
        let len = 64 + (i as usize * 4032) / 199;
        let bytes = noise(
            0x9E37_79B9_7F4A_7C15 ^ i.wrapping_mul(0x2545_F491_4F6C_DD1D),
            len,
        );
        let r = whole(&bytes, &Options::default());
        if r.format != Format::Binary {
            text.push(described(&format!("noise {i} ({len} B)"), &r));
        }
        by_d13 += usize::from(
            r.detection
                .steps
                .iter()
                .any(|s| s.code == "legacy_not_text"),
        );
    }
    assert!(text.is_empty(), "{text:#?}");
    // D6 alone turns down about half: D13 is what turns down the rest.
    assert!(by_d13 >= 20, "{by_d13}");
}

#[test]
fn d13_compressed_text_is_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/compressed");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    names.sort();
    assert!(names.len() >= 50, "{}", names.len());
    let mut text = Vec::new();
    for path in names {
        let bytes = std::fs::read(&path).unwrap();
        let r = whole(&bytes, &Options::default());
        if r.format != Format::Binary {
            text.push(described(&path.display().to_string(), &r));
        }
    }
    assert!(text.is_empty(), "{text:#?}");
}

/// D13: the text reading of noise that passed D6 is the best code page's.
#[test]
fn d13_offers_the_best_code_page_as_the_text_reading() {
    let found = (0..200u64).find_map(|i| {
        let bytes = noise(0x1234_5678 + i, 512);
        let r = analyze_every_way(&bytes);
        r.detection
            .steps
            .iter()
            .any(|s| s.code == "legacy_not_text")
            .then_some(r)
    });
    let r = found.expect("some noise passes D6");
    assert_eq!(r.format, Format::Binary);
    assert_eq!(r.encoding, "binary");
    assert_eq!(r.detection.confidence, None);
    let step = r
        .detection
        .steps
        .iter()
        .find(|s| s.code == "legacy_not_text")
        .unwrap();
    assert!(step.figures["winner_cost_milli"] > step.figures["max_cost_milli"]);
    let reading = r.text_reading.as_ref().expect("a text reading");
    assert_eq!(reading.format, Format::Legacy);
    assert_eq!(reading.encoding, r.detection.candidates[0].encoding);
}

/// D13 leaves real text alone, down to a short dense window: Cyrillic, Greek and a line of
/// Vietnamese of the kind the evaluation set holds.
#[test]
fn d13_real_dense_text_is_text() {
    for (bytes, page) in [
        (
            &b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0? \xc2\xf1\xb8 \xf5\xee\xf0\xee\xf8\xee.\n"[..],
            "windows-1251",
        ),
        (
            &b"\xca\xe1\xeb\xe7\xec\xdd\xf1\xe1, \xf4\xe9 \xea\xdc\xed\xe5\xe9\xf2; \xcc\xe9\xe1 \xf7\xe1\xf1\xdc.\n"[..],
            "windows-1253",
        ),
    ] {
        let r = whole(bytes, &Options::default());
        assert_eq!(r.format, Format::Legacy, "{}", described(page, &r));
        assert_eq!(r.encoding, page);
    }
}
