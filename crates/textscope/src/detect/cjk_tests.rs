//! The quick walk over encoding_rs's text makes the same calls as the byte-at-a-time decoder:
//! on every window where it runs, the two tallies are equal to the bit.

use super::{walk, Shape, Tally};
use crate::codepage::CodePage;

const PAGES: [&str; 6] = ["Shift_JIS", "EUC-JP", "GBK", "gb18030", "Big5", "EUC-KR"];

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
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/legacy");
    for name in [
        "ja.Shift_JIS",
        "ja.EUC-JP",
        "zh.GBK",
        "zt.Big5",
        "ko.EUC-KR",
    ] {
        out.push(std::fs::read(dir.join(format!("{name}.txt"))).unwrap_or_default());
    }
    // Big5's sequences that decode to two characters, between ASCII letters.
    out.push(b"ab\x88\x62cd\x88\xA3 x\x88\x64\x88\xA5\nA\xA4\x40".repeat(3));
    // Noise, and text with stray bytes: the walk must step aside or agree.
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    out.push(
        (0..3000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 32) as u8
            })
            .collect(),
    );
    out
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
        for bytes in windows(page) {
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
