//! Files of two encodings (docs/mojibake.md G1–G7), from text written for these tests. (The
//! parallel parts of one file, `textscope::Segment`, are tested in segments.rs.)

use proptest::prelude::*;
use textscope::chars::decode_segments;
use textscope::segments::{segments_of, Segment, Segmenter};
use textscope::Format;

const GERMAN: &str = "Die Brücke über den Fluß ist schön, sagte der Bürgermeister.\n";
const FRENCH_1252: &[u8] =
    b"L'\xE9t\xE9 dernier, nous avons go\xFBt\xE9 une cr\xE8me br\xFBl\xE9e \xE0 Cr\xE9teil.\n";

fn utf8_with_legacy_lines() -> Vec<u8> {
    // Lines 1-9 and 14-20 UTF-8, lines 10-13 windows-1252.
    let mut f = Vec::new();
    for _ in 0..9 {
        f.extend(GERMAN.as_bytes());
    }
    for _ in 0..4 {
        f.extend(FRENCH_1252);
    }
    for _ in 0..7 {
        f.extend(GERMAN.as_bytes());
    }
    f
}

fn utf16le(s: &str, bom: bool) -> Vec<u8> {
    let mut out = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
    for u in s.encode_utf16() {
        out.extend(u.to_le_bytes());
    }
    out
}

fn lines_and(segs: &[Segment]) -> Vec<(u64, u64, &str)> {
    segs.iter()
        .map(|s| (s.first_line, s.last_line, s.encoding.as_str()))
        .collect()
}

fn covers(segs: &[Segment], len: usize) {
    let mut at = 0;
    for s in segs {
        assert_eq!(s.offset, at);
        at += s.length;
    }
    assert_eq!(at, len as u64);
}

#[test]
fn g2_legacy_lines_inside_utf8() {
    let f = utf8_with_legacy_lines();
    let segs = segments_of(&f);
    assert_eq!(
        lines_and(&segs),
        [(1, 9, "UTF-8"), (10, 13, "windows-1252"), (14, 20, "UTF-8")]
    );
    covers(&segs, f.len());
    assert_eq!(segs[1].format, Format::Legacy);
    assert_eq!(segs[1].offset, 9 * GERMAN.len() as u64);
    assert!(segs
        .iter()
        .all(|s| s.confidence > 0.5 && s.confidence <= 1.0));
    let text = decode_segments(&f, &segs);
    assert!(text.contains("L'été dernier, nous avons goûté une crème brûlée à Créteil."));
    assert!(text.starts_with(GERMAN));
    assert!(!text.contains('\u{FFFD}'));
}

#[test]
fn g2_utf8_paragraph_inside_legacy() {
    let mut f = Vec::new();
    for _ in 0..6 {
        f.extend(FRENCH_1252);
    }
    f.extend(b"\n");
    f.extend(
        "Ein Absatz auf Deutsch: Größe, Maß, Übung und Ärger.\n"
            .repeat(2)
            .as_bytes(),
    );
    f.extend(b"\n");
    for _ in 0..5 {
        f.extend(FRENCH_1252);
    }
    let segs = segments_of(&f);
    assert_eq!(
        lines_and(&segs),
        [
            (1, 7, "windows-1252"),
            (8, 9, "UTF-8"),
            (10, 15, "windows-1252")
        ]
    );
    covers(&segs, f.len());
    let text = decode_segments(&f, &segs);
    assert!(text.contains("Größe, Maß, Übung und Ärger."));
    assert!(text.contains("goûté une crème"));
}

#[test]
fn g1_utf16le_export_with_utf8_appended_at_720() {
    let mut text16 = String::new();
    while utf16le(&text16, true).len() < 720 - 44 {
        text16.push_str("Zeile mit Umlaut: Käse\r\n");
    }
    let mut f = utf16le(&text16, true);
    while f.len() < 718 {
        f.extend(utf16le(" ", false));
    }
    f.truncate(718);
    f.extend(utf16le("\n", false));
    assert_eq!(f.len(), 720);
    let tail = "Nachtrag in UTF-8: Grüße, Käse, Öl und Straße.\n".repeat(3);
    f.extend(tail.as_bytes());
    let segs = segments_of(&f);
    assert_eq!(segs.len(), 2, "{segs:?}");
    assert_eq!((segs[0].offset, segs[0].length), (0, 720));
    assert_eq!(segs[0].format, Format::Utf16Le);
    assert!(segs[0].mark);
    assert_eq!(segs[1].offset, 720);
    assert_eq!(segs[1].encoding, "UTF-8");
    let out = decode_segments(&f, &segs);
    assert!(out.starts_with("Zeile mit Umlaut: Käse\r\n"));
    assert!(out.ends_with(&tail));
}

#[test]
fn g3_a_mark_in_the_middle_starts_a_new_encoding() {
    let mut f = Vec::new();
    for _ in 0..3 {
        f.extend(FRENCH_1252);
    }
    let joined = f.len() as u64;
    f.extend(b"\xEF\xBB\xBF");
    f.extend("Zweite Datei: schön und grün.\n".as_bytes());
    let segs = segments_of(&f);
    assert_eq!(lines_and(&segs), [(1, 3, "windows-1252"), (4, 4, "UTF-8")]);
    assert_eq!(segs[1].offset, joined);
    assert!(segs[1].mark);
    let out = decode_segments(&f, &segs);
    assert!(out.ends_with("Zweite Datei: schön und grün.\n"));
    assert!(!out.contains('\u{FEFF}'));
}

#[test]
fn g3_utf16be_export_then_utf16le_export() {
    let mut f = vec![0xFE, 0xFF];
    for u in "Erste Datei, große Zeile\n".repeat(4).encode_utf16() {
        f.extend(u.to_be_bytes());
    }
    let at = f.len() as u64;
    f.extend(utf16le(&"Zweite Datei, kleine Zeile\n".repeat(4), true));
    let segs = segments_of(&f);
    assert_eq!(segs.len(), 2, "{segs:?}");
    assert_eq!(segs[0].format, Format::Utf16Be);
    assert_eq!(segs[1].format, Format::Utf16Le);
    assert_eq!(segs[1].offset, at);
    let out = decode_segments(&f, &segs);
    assert!(out.contains("große Zeile\nZweite Datei"));
}

#[test]
fn g4_one_stray_byte_is_no_segment() {
    let mut f = GERMAN.repeat(10).into_bytes();
    f.extend(b"Preis: 5\x80 netto\n");
    f.extend(GERMAN.repeat(10).as_bytes());
    assert_eq!(segments_of(&f), []);
}

#[test]
fn g4_one_encoding_is_no_segment() {
    assert_eq!(segments_of(GERMAN.repeat(20).as_bytes()), []);
    assert_eq!(segments_of(&FRENCH_1252.repeat(20)), []);
    assert_eq!(segments_of(&utf16le(&GERMAN.repeat(5), true)), []);
    assert_eq!(segments_of(b"plain ascii\nonly\n"), []);
    assert_eq!(segments_of(b""), []);
}

#[test]
fn g4_a_small_legacy_run_is_absorbed() {
    // Two bytes above 7F in one line: below the thresholds, it stays with UTF-8.
    let mut f = GERMAN.repeat(5).into_bytes();
    f.extend(b"caf\xE9 na\xEFve\n");
    f.extend(GERMAN.repeat(5).as_bytes());
    assert_eq!(segments_of(&f), []);
}

#[test]
fn g6_too_many_segments_is_one_inconsistent_encoding() {
    let mut f = Vec::new();
    for _ in 0..20 {
        f.extend(GERMAN.repeat(2).as_bytes());
        f.extend(FRENCH_1252);
    }
    assert_eq!(segments_of(&f), []);
}

#[test]
fn g7_decode_without_segments_is_the_whole() {
    assert_eq!(decode_segments(GERMAN.as_bytes(), &[]), GERMAN);
}

#[test]
fn g1_a_foreign_paragraph_far_into_the_file_in_bounded_memory() {
    // 8 MiB of UTF-8 fed in 64 KiB chunks, then a windows-1252 paragraph, then UTF-8 again.
    let block = GERMAN.repeat(1000);
    let mut s = Segmenter::new();
    let mut fed = 0u64;
    let mut lines = 0u64;
    while fed < 8 << 20 {
        s.feed(block.as_bytes());
        fed += block.len() as u64;
        lines += 1000;
    }
    for _ in 0..3 {
        s.feed(FRENCH_1252);
    }
    s.feed(block.as_bytes());
    let segs = s.finish();
    assert_eq!(segs.len(), 3);
    assert_eq!(segs[1].offset, fed);
    assert_eq!(
        (segs[1].first_line, segs[1].last_line),
        (lines + 1, lines + 3)
    );
}

fn mixed_file() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop_oneof![
        Just(GERMAN.as_bytes().to_vec()),
        Just(FRENCH_1252.to_vec()),
        Just(b"ascii only line\n".to_vec()),
        Just(utf16le("Käse und Brot\n", false)),
        Just(b"\xEF\xBB\xBFmark then text \xC3\xA9\xC3\xA8\n".to_vec()),
        Just(utf16le("mit Marke\n", true)),
        Just(b"stray \x80 byte\n".to_vec()),
    ];
    proptest::collection::vec(pieces, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// G1: the segments are the same for any chunking.
    #[test]
    fn g1_chunking_never_changes_segments(
        f in mixed_file(),
        sizes in proptest::collection::vec(1usize..40, 1..20),
    ) {
        let whole = segments_of(&f);
        let mut s = Segmenter::new();
        let mut at = 0;
        let mut k = 0;
        while at < f.len() {
            let n = sizes[k % sizes.len()].min(f.len() - at);
            s.feed(&f[at..at + n]);
            at += n;
            k += 1;
        }
        prop_assert_eq!(s.finish(), whole.clone());
        if !whole.is_empty() {
            covers(&whole, f.len());
            prop_assert!(whole.len() >= 2 && whole.len() <= textscope::segments::MAX_SEGMENTS);
            for w in whole.windows(2) {
                prop_assert_ne!(&w[0].encoding, &w[1].encoding);
            }
        }
    }

    /// G7: decoding never panics and gives one string.
    #[test]
    fn g7_decode_any_file(f in mixed_file()) {
        let segs = segments_of(&f);
        let _ = decode_segments(&f, &segs);
    }
}

#[test]
fn g1_utf32le_export_then_utf8() {
    let mut f = vec![0xFF, 0xFE, 0x00, 0x00];
    for c in "Zeile eins, schön\nZeile zwei, grün\n".chars() {
        f.extend((c as u32).to_le_bytes());
    }
    let at = f.len() as u64;
    f.extend("Anhang: Größe, Maß, Übung.\n".repeat(2).as_bytes());
    let segs = segments_of(&f);
    assert_eq!(segs.len(), 2, "{segs:?}");
    assert_eq!((segs[0].format, segs[0].length), (Format::Utf32Le, at));
    assert_eq!((segs[0].first_line, segs[0].last_line), (1, 2));
    assert_eq!((segs[1].offset, segs[1].first_line), (at, 3));
    let out = decode_segments(&f, &segs);
    assert_eq!(
        out,
        "Zeile eins, schön\nZeile zwei, grün\nAnhang: Größe, Maß, Übung.\nAnhang: Größe, Maß, Übung.\n"
    );
}
