//! The quick walk over encoding_rs's text makes the same calls as the byte-at-a-time decoder:
//! on every window where it runs, the two tallies are equal to the bit. And the shortcuts
//! together (the walk, giving up after the first piece that shows too many bad sequences)
//! give every page the tally, or the verdict of too many bad sequences, that decoding the
//! whole window first and then every byte gave.

use super::read::{tally, too_bad, walk, Shape};
use super::Tally;
use crate::codepage::CodePage;

const PAGES: [&str; 6] = ["Shift_JIS", "EUC-JP", "GBK", "gb18030", "Big5", "EUC-KR"];

/// Every page [`tally`] takes, those decoded without encoding_rs included.
const ALL_PAGES: [&str; 9] = [
    "Shift_JIS",
    "EUC-JP",
    "ISO-2022-JP",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-KR",
    "Johab",
    "EUC-TW",
];

/// [`tally`] as it was before its shortcuts: the window decoded whole by encoding_rs (its
/// last 4 bytes left out unless it is the whole file) and turned down with too many bad
/// sequences, then decoded a byte at a time.
fn reference(page: CodePage, window: &[u8], at_eof: bool) -> Option<Tally<'_>> {
    if let crate::codepage::Kind::Rs(enc) = page.kind() {
        let body = if at_eof {
            window
        } else {
            window
                .get(..window.len().saturating_sub(4))
                .unwrap_or(window)
        };
        let (text, _) = enc.decode_without_bom_handling(body);
        let bad = text.matches('\u{FFFD}').count() as u64;
        let multi = text.bytes().filter(|&b| b >= 0xC0).count() as u64;
        if too_bad(bad, multi) {
            return None;
        }
    }
    let mut t = Tally::new(window, page);
    let mut d = crate::decode::Decoder::new(crate::format::Format::Legacy, page, 0);
    for piece in window.chunks(512) {
        d.feed(piece, &mut t);
        if too_bad(t.bad, t.multi) {
            return None;
        }
    }
    if at_eof {
        d.finish(&mut t);
    }
    Some(t)
}

/// Text in every script the pages hold, ASCII words, controls, and Big5's two-character
/// sequences; each page encodes what it can.
fn texts() -> Vec<String> {
    let lines = [
        "日本語のテキストです。カタカナも。",
        "中文文本，简体和繁體。",
        "한국어 텍스트입니다 CD를 샀다",
        "Привет, как дела",
        "Ελληνικά κείμενα",
        "plain ascii log line status=200\ttab",
        "ｶﾀｶﾅ half-width, €, ①②, 髙橋, Ê̄ ê̌",
        "\r\n",
    ];
    let mut out = Vec::new();
    for n in 1..lines.len() {
        out.push(
            lines
                .iter()
                .cycle()
                .skip(n)
                .take(9)
                .copied()
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    out.push(lines.concat().repeat(30));
    out
}

fn windows(page: CodePage) -> Vec<Vec<u8>> {
    let Some(enc) = encoding_rs::Encoding::for_label(page.name().as_bytes()) else {
        panic!("{} is encoding_rs's", page.name());
    };
    let mut out = Vec::new();
    for text in texts() {
        let (bytes, _, _) = enc.encode(&text);
        out.push(bytes.into_owned());
    }
    out.extend(samples(&[
        "ja.Shift_JIS",
        "ja.EUC-JP",
        "zh.GBK",
        "zt.Big5",
        "ko.EUC-KR",
    ]));
    // Big5's sequences that decode to two characters, between ASCII letters.
    out.push(b"ab\x88\x62cd\x88\xA3 x\x88\x64\x88\xA5\nA\xA4\x40".repeat(3));
    // Noise, and text with stray bytes: the walk must step aside or agree.
    out.push(crate::detect::noise(0x2545_F491_4F6C_DD1D, 3000));
    out
}

/// The project's labelled samples (tests/data/legacy) of these names.
fn samples(names: &[&str]) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/legacy");
    names
        .iter()
        .map(|name| std::fs::read(dir.join(format!("{name}.txt"))).unwrap_or_default())
        .collect()
}

fn same(a: &Tally, b: &Tally) -> bool {
    a.cost.to_bits() == b.cost.to_bits()
        && (a.chars, a.multi, a.bad, a.kana, a.han, a.text)
            == (b.chars, b.multi, b.bad, b.kana, b.han, b.text)
}

#[test]
fn the_walk_is_the_decoder_call_for_call() {
    let mut walked = 0;
    for name in PAGES {
        let Some(page) = CodePage::for_label(name) else {
            panic!("{name} is a page");
        };
        let Some(shape) = Shape::of(page) else {
            panic!("{name} has a shape");
        };
        let Some(enc) = encoding_rs::Encoding::for_label(name.as_bytes()) else {
            panic!("{name} is encoding_rs's");
        };
        // Each page's own text, and the others' read through it.
        let all: Vec<Vec<u8>> = PAGES
            .iter()
            .filter_map(|n| CodePage::for_label(n))
            .flat_map(windows)
            .collect();
        for bytes in all {
            for cut in (1..bytes.len().min(200)).chain([bytes.len() / 2, bytes.len()]) {
                let window = bytes.get(..cut).unwrap_or_default();
                for at_eof in [false, true] {
                    let mut decoder = enc.new_decoder_without_bom_handling();
                    let mut text = String::with_capacity(window.len() * 3 + 16);
                    let (_, _, replaced) = decoder.decode_to_string(window, &mut text, at_eof);
                    if replaced {
                        continue;
                    }
                    let mut quick = Tally::new(window, page);
                    assert!(
                        walk(&mut quick, shape, window, &text, at_eof),
                        "{name}: the walk stepped aside on {window:02X?}"
                    );
                    let mut slow = Tally::new(window, page);
                    assert!(slow.through_decoder(window, at_eof));
                    assert!(
                        same(&quick, &slow),
                        "{name}, at_eof {at_eof}: {window:02X?}"
                    );
                    walked += 1;
                }
            }
        }
    }
    assert!(walked > 5000, "{walked}");
}

#[test]
fn the_shortcuts_give_every_page_the_tally_it_had() {
    let mut windows = Vec::new();
    for name in PAGES {
        windows.extend(self::windows(CodePage::for_label(name).expect("a page")));
    }
    // Single-byte text, whose bad sequences in these pages show after a piece or more.
    windows.extend(samples(&[
        "ru.windows-1251",
        "de.windows-1252",
        "el.ISO-8859-7",
        "ja.ISO-2022-JP",
    ]));
    let latin = "Grüße aus Köln, schöne Straße. ".repeat(40);
    windows.push(encoding_rs::WINDOWS_1252.encode(&latin).0.into_owned());
    // CJK text after a long stretch of Latin text with accents, and the other way round.
    let japanese = "日本語のテキストです。".repeat(60);
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&japanese);
    let latin = encoding_rs::WINDOWS_1252.encode(&latin).0.into_owned();
    windows.push([latin.clone(), sjis.to_vec()].concat());
    windows.push([sjis.to_vec(), latin].concat());
    // Three bad bytes, then Shift_JIS half-width kana (one byte each): too many bad ones for
    // the first bytes, but not by the end of the first piece of 512, where the decoder
    // looks; a page must not be given up before.
    windows.push([&[0xA0, 0xFD, 0xFE][..], &[0xB1; 700][..]].concat());
    let (mut agreed, mut turned_down) = (0, 0);
    for name in ALL_PAGES {
        let page = CodePage::for_label(name).expect("a page");
        for bytes in &windows {
            for cut in [
                7,
                100,
                130,
                300,
                511,
                512,
                513,
                700,
                1000,
                1024,
                1500,
                bytes.len(),
            ] {
                let window = bytes.get(..cut.min(bytes.len())).unwrap_or_default();
                for at_eof in [false, true] {
                    match (tally(page, window, at_eof), reference(page, window, at_eof)) {
                        (Some(a), Some(b)) => {
                            assert!(same(&a, &b), "{name}, at_eof {at_eof}: {window:02X?}");
                            agreed += 1;
                        }
                        (None, None) => turned_down += 1,
                        (a, _) => panic!(
                            "{name}, at_eof {at_eof}: tallied {} against {}: {window:02X?}",
                            a.is_some(),
                            a.is_none()
                        ),
                    }
                }
            }
        }
    }
    assert!(agreed > 300 && turned_down > 300, "{agreed} {turned_down}");
}

/// The memo of [`super::Memo`]: GBK and gb18030 tally every window alike (one decoder, one
/// pricing), so one tally serves both.
#[test]
fn gbk_and_gb18030_tally_alike() {
    let gbk = CodePage::for_label("GBK").expect("GBK");
    let gb18030 = CodePage::for_label("gb18030").expect("gb18030");
    let mut compared = 0;
    for name in PAGES {
        for bytes in windows(CodePage::for_label(name).expect("a page")) {
            for cut in [3, 200, 700, bytes.len()] {
                let window = bytes.get(..cut.min(bytes.len())).unwrap_or_default();
                for at_eof in [false, true] {
                    match (tally(gbk, window, at_eof), tally(gb18030, window, at_eof)) {
                        (Some(a), Some(b)) => assert!(same(&a, &b), "{window:02X?}"),
                        (None, None) => {}
                        _ => panic!("one turned down, not the other: {window:02X?}"),
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

/// Issue 38: the letters of tags, entities and URLs are not counted; the text's are.
#[test]
fn letters_outside_markup_skip_tags_entities_and_links() {
    use super::letters_outside_markup as count;
    assert_eq!(count(b"plain words"), 10);
    assert_eq!(count(b"<title lang=\"hu\">Hello</title>"), 5);
    assert_eq!(count(b"a &amp; b &#233; c"), 3);
    assert_eq!(count(b"see https://example.com/path here"), 7);
    assert_eq!(count(b"<a href=\"http://x.org\">link</a> &nbsp;ok"), 6);
}

#[test]
fn without_markup_blanks_tags_entities_and_links_but_keeps_high_bytes() {
    use super::without_markup as strip;
    assert_eq!(strip(b"plain words"), None);
    // Fewer than four tags: not markup.
    assert_eq!(strip(b"<a href=\"x\">sz\xe9p</a>"), None);
    let got = strip(b"<a href=\"x\">sz\xe9p</a> &amp; http://ex.hu/a k\xf6nyv\n<b></b>").unwrap();
    let mut want = vec![b' '; 12];
    want.extend_from_slice(b"sz\xe9p");
    want.extend_from_slice(&[b' '; 26]);
    want.extend_from_slice(b"k\xf6nyv\n");
    want.extend_from_slice(&[b' '; 7]);
    assert_eq!(got, want);
    // A high byte inside a tag stays (an attribute value can be text); the length is kept.
    let got = strip(b"<t v=\"\xe9\">x</t><p></p>").unwrap();
    assert_eq!(got, b"      \xe9  x           ".to_vec());
}

/// Johab's common syllables are KS X 1001's 2,350: 가 and 힝 among them, 똠 (famously left
/// out of KS X 1001) and 갂 not.
#[test]
fn johab_common_syllables_are_ks_x_1001() {
    let all = ('\u{AC00}'..='\u{D7A3}')
        .filter(|&c| super::ks_x_1001_syllable(c))
        .count();
    assert_eq!(all, 2350);
    assert!(super::ks_x_1001_syllable('가') && super::ks_x_1001_syllable('힝'));
    assert!(!super::ks_x_1001_syllable('똠') && !super::ks_x_1001_syllable('갂'));
    assert!(!super::ks_x_1001_syllable('A') && !super::ks_x_1001_syllable('中'));
}
