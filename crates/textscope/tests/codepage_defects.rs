//! Decoding defects of issue 38 (item 5), each pinned by a test that failed before its fix
//! (SPEC U4, U5, D11, P8).

mod common;

use textscope::chars::{CharDecoder, Decoded};
use textscope::Options;

/// Every item (offset, bytes, decoded) of `bytes` decoded as `encoding`, fed whole.
fn items(encoding: &str, bytes: &[u8]) -> Vec<(u64, Vec<u8>, Decoded)> {
    let opts = Options::default().force_encoding(encoding).unwrap();
    let index = textscope::Detected::of(bytes, true, &opts).line_index();
    let mut d = CharDecoder::new(&index);
    let mut out = Vec::new();
    d.feed(bytes, |o, b, c| out.push((o, b.to_vec(), c)));
    d.finish(|o, b, c| out.push((o, b.to_vec(), c)));
    out
}

fn problems(encoding: &str, bytes: &[u8]) -> Vec<(textscope::ProblemKind, u64, u64)> {
    let r = textscope::analyze(bytes, Options::default().force_encoding(encoding).unwrap());
    r.problems
        .iter()
        .map(|p| (p.kind, p.offset, p.length))
        .collect()
}

fn text(items: &[(u64, Vec<u8>, Decoded)]) -> String {
    items
        .iter()
        .map(|(_, _, d)| match d {
            Decoded::Char(c) => *c,
            Decoded::Bad(_) => '\u{FFFD}',
        })
        .collect()
}

const P8: Decoded = Decoded::Bad(textscope::ProblemKind::UnmappedByte);

/// Issue 38 item 5.1: an unmapped pair in KS C 5601 (22 68) is one bad character of two bytes
/// (WHATWG's ISO-2022-JP trail state, which encoding_rs follows); 30 21 after it is 가.
#[test]
fn iso_2022_kr_unmapped_pair_is_one_character() {
    let b = b"\x1b$)C\x0e\x22\x68\x30\x21\x0f";
    let it = items("ISO-2022-KR", b);
    assert_eq!(
        it,
        vec![
            (0, b"\x1b$)C\x0e\x22\x68".to_vec(), P8),
            (7, b"\x30\x21".to_vec(), Decoded::Char('\u{AC00}')),
        ]
    );
}

/// The same in ISO-2022-CN's CNS plane 1 (22 24 is unassigned there; 44 63 is 中).
#[test]
fn iso_2022_cn_unmapped_pair_is_one_character() {
    let b = b"\x1b$)G\x0e\x22\x24\x44\x63\x0f";
    assert_eq!(text(&items("ISO-2022-CN", b)), "\u{FFFD}中");
    // A trail outside 21-7E ends the lead alone: the newline is read again as a newline.
    let b = b"\x1b$)G\x0e\x44\n";
    let it = items("ISO-2022-CN", b);
    assert_eq!(it.last(), Some(&(6, b"\n".to_vec(), Decoded::Char('\n'))));
}

/// An ESC that starts no sequence of the encoding is one bad byte, and the bytes after it are
/// read again as text (encoding_rs's ISO-2022-JP gives `a ESC $ ) x` as a, FFFD, `$)x`).
#[test]
fn iso_2022_kr_and_cn_bad_escape_is_one_byte() {
    let kr = b"\x78\x1b$)A\x79";
    assert_eq!(
        problems("ISO-2022-KR", kr),
        vec![(textscope::ProblemKind::UnmappedByte, 1, 1)]
    );
    assert_eq!(text(&items("ISO-2022-KR", kr)), "x\u{FFFD}$)Ay");
    let cn = b"\x78\x1b$)C\x79";
    assert_eq!(
        problems("ISO-2022-CN", cn),
        vec![(textscope::ProblemKind::UnmappedByte, 1, 1)]
    );
    assert_eq!(text(&items("ISO-2022-CN", cn)), "x\u{FFFD}$)Cy");
    // encoding_rs, the reference, on the ISO-2022-JP equivalent.
    let (jp, _) = encoding_rs::ISO_2022_JP.decode_without_bom_handling(b"\x78\x1b$)A\x79");
    assert_eq!(jp, "x\u{FFFD}$)Ay");
}

const CTRL: textscope::ProblemKind = textscope::ProblemKind::ControlCharacter;
const UNMAPPED: textscope::ProblemKind = textscope::ProblemKind::UnmappedByte;

/// Issue 38 item 5.2: a malformed gb18030 sequence gives back bytes read before (WHATWG's
/// decoder prepends them), and each of them is a character at its own offset (U4).
#[test]
fn gb18030_given_back_bytes_keep_their_offsets() {
    let b = b"\x81\x30\x01";
    assert_eq!(problems("gb18030", b), vec![(UNMAPPED, 0, 1), (CTRL, 2, 1)]);
    assert_eq!(
        items("gb18030", b),
        vec![
            (0, vec![0x81], P8),
            (1, vec![0x30], Decoded::Char('0')),
            (2, vec![0x01], Decoded::Char('\u{1}')),
        ]
    );
    let it = items("gb18030", b"\x81\x30\x0d\x0a");
    assert_eq!(
        it[1..],
        [
            (1, vec![0x30], Decoded::Char('0')),
            (2, vec![0x0D], Decoded::Char('\r')),
            (3, vec![0x0A], Decoded::Char('\n')),
        ]
    );
    // The CRLF is one ending at offset 2: no control character, no mixed endings.
    assert_eq!(
        problems("gb18030", b"\x81\x30\x0d\x0a"),
        vec![(UNMAPPED, 0, 1)]
    );
    // A four-byte sequence broken at its last byte: 81, then `0`, then the pair 81 40.
    assert_eq!(
        items("gb18030", b"\x81\x30\x81\x40"),
        vec![
            (0, vec![0x81], P8),
            (1, vec![0x30], Decoded::Char('0')),
            (2, vec![0x81, 0x40], Decoded::Char('丂')),
        ]
    );
    // Cut short by the end of the file, encoding_rs gives back nothing: one P5 of two bytes.
    assert_eq!(
        items("gb18030", b"x\x81\x30"),
        vec![
            (0, vec![b'x'], Decoded::Char('x')),
            (
                1,
                vec![0x81, 0x30],
                Decoded::Bad(textscope::ProblemKind::TruncatedCharacter)
            ),
        ]
    );
}

#[test]
fn gbk_given_back_bytes_keep_their_offsets() {
    let b = b"\x81\x30\x01z";
    assert_eq!(problems("GBK", b), vec![(UNMAPPED, 0, 1), (CTRL, 2, 1)]);
    assert_eq!(
        items("GBK", b)[1..],
        [
            (1, vec![0x30], Decoded::Char('0')),
            (2, vec![0x01], Decoded::Char('\u{1}')),
            (3, vec![b'z'], Decoded::Char('z')),
        ]
    );
}

/// ISO-2022-JP: `ESC $` then `)` is a bad ESC and `$)` given back, each at its own offset;
/// an escape sequence before a bad byte is shown with it (D11), not lost.
#[test]
fn iso_2022_jp_given_back_bytes_keep_their_offsets() {
    assert_eq!(
        items("ISO-2022-JP", b"a\x1b$)\x01"),
        vec![
            (0, vec![b'a'], Decoded::Char('a')),
            (1, vec![0x1B], P8),
            (2, vec![b'$'], Decoded::Char('$')),
            (3, vec![b')'], Decoded::Char(')')),
            (4, vec![0x01], Decoded::Char('\u{1}')),
        ]
    );
    assert_eq!(
        problems("ISO-2022-JP", b"a\x1b$)\x01"),
        vec![(UNMAPPED, 1, 1), (CTRL, 4, 1)]
    );
    assert_eq!(
        items("ISO-2022-JP", b"\x1b$Bx\x1b(By"),
        vec![
            (0, b"\x1b$Bx".to_vec(), P8),
            (4, b"\x1b(By".to_vec(), Decoded::Char('y')),
        ]
    );
}

mod every_item_is_its_bytes {
    use super::*;
    use proptest::prelude::*;

    const PAGES: &[&str] = &[
        "GBK",
        "gb18030",
        "ISO-2022-JP",
        "Big5",
        "Shift_JIS",
        "EUC-JP",
        "EUC-KR",
        "ISO-2022-KR",
        "ISO-2022-CN",
        "Johab",
        "EUC-TW",
    ];

    /// Bytes that make and break the pages' sequences, and any byte.
    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop_oneof![
            3 => any::<u8>(),
            3 => prop::sample::select(vec![
                0x81u8, 0x30, 0x39, 0x40, 0xA1, 0xFE, 0x8E, 0x8F, 0x1B, b'$', b'(', b')', b'*',
                b'B', b'J', b'I', b'@', b'A', b'C', b'G', b'H', b'N', 0x0E, 0x0F, 0x21, 0x7E,
                b'\n', b'\r', 0x01,
            ]),
            1 => prop::sample::select(vec![
                b"\x1b$B".to_vec(), b"\x1b(B".to_vec(), b"\x1b(J".to_vec(), b"\x1b(I".to_vec(),
                b"\x1b$)C\x0e".to_vec(), b"\x1b$)A\x0e".to_vec(), b"\x1b$)G\x0e".to_vec(),
                b"\x1b$*H\x1bN".to_vec(), b"\x81\x30\x81\x30".to_vec(),
            ]).prop_map(|v| v[0]),
        ];
        let piece = prop_oneof![
            6 => byte.prop_map(|b| vec![b]),
            1 => prop::sample::select(vec![
                b"\x1b$B".to_vec(), b"\x1b(B".to_vec(), b"\x1b(J".to_vec(), b"\x1b(I".to_vec(),
                b"\x1b$)C\x0e".to_vec(), b"\x1b$)A\x0e".to_vec(), b"\x1b$)G\x0e".to_vec(),
                b"\x1b$*H\x1bN".to_vec(), b"\x81\x30\x81\x30".to_vec(),
            ]),
        ];
        proptest::collection::vec(piece, 0..60).prop_map(|v| v.concat())
    }

    fn decode(page: &str, bytes: &[u8], sizes: &[usize]) -> (u64, Vec<(u64, Vec<u8>, Decoded)>) {
        let opts = Options::default().force_encoding(page).unwrap();
        let index = textscope::Detected::of(bytes, true, &opts).line_index();
        let mut d = CharDecoder::new(&index);
        let mut out = Vec::new();
        let mut rest = &bytes[index.mark_len as usize..];
        let mut i = 0;
        while !rest.is_empty() {
            let n = sizes[i % sizes.len()].clamp(1, rest.len());
            d.feed(&rest[..n], |o, b, c| out.push((o, b.to_vec(), c)));
            rest = &rest[n..];
            i += 1;
        }
        d.finish(|o, b, c| out.push((o, b.to_vec(), c)));
        (index.mark_len, out)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// Each character's offset follows the one before, its bytes are the input's there,
        /// and all of them make the input (U4), fed whole or in any chunks (U5); the text is
        /// encoding_rs's where encoding_rs has the page. Only escapes and shifts left at the
        /// very end, with no character after them, are shown nowhere.
        #[test]
        fn offsets_are_contiguous_and_bytes_make_the_input(
            bytes in bytes(),
            sizes in proptest::collection::vec(1usize..9, 1..5),
        ) {
            for page in PAGES {
                let (mark, whole) = decode(page, &bytes, &[usize::MAX]);
                let mut at = mark;
                let mut all = Vec::new();
                for (offset, b, _) in &whole {
                    if b.is_empty() {
                        // Big5's two-character pairs: the second shows no bytes.
                        prop_assert!(*offset + 2 >= at && *offset <= at, "{page} {offset}");
                        continue;
                    }
                    prop_assert_eq!(*offset, at, "{} {:02X?}", page, whole);
                    prop_assert_eq!(&bytes[at as usize..at as usize + b.len()], &b[..], "{}", page);
                    at += b.len() as u64;
                    all.extend_from_slice(b);
                }
                let input = &bytes[mark as usize..];
                let left = &input[all.len()..];
                let stateful = page.starts_with("ISO-2022");
                prop_assert!(
                    left.is_empty() || (stateful && matches!(left[0], 0x1B | 0x0E | 0x0F)),
                    "{} left {:02X?} of {:02X?}", page, left, input
                );
                let rs = encoding_rs::Encoding::for_label(page.as_bytes())
                    .filter(|e| *e != encoding_rs::REPLACEMENT);
                if let Some(enc) = rs {
                    let (want, _) = enc.decode_without_bom_handling(input);
                    prop_assert_eq!(text(&whole), want.into_owned(), "{}", page);
                }
                prop_assert_eq!(&decode(page, &bytes, &sizes), &(mark, whole), "{} chunked", page);
            }
        }
    }
}

/// Issue 38 item 5.3: ISO-2022-CN's `ESC $ ) A` is GB 2312, not GBK: codes GBK adds in
/// A1-FE × A1-FE are unmapped (P8), GB 2312's own still decode.
#[test]
fn iso_2022_cn_gb2312_is_not_gbk() {
    let cn = |pair: &[u8]| {
        let mut b = b"\x1b$)A\x0e".to_vec();
        b.extend_from_slice(pair);
        b.extend_from_slice(b"\x0f");
        text(&items("ISO-2022-CN", &b))
    };
    // Rows 10-15 are empty in GB 2312 (GBK: user-defined area, U+E000 at AA A1).
    assert_eq!(cn(b"\x2a\x21"), "\u{FFFD}");
    assert_eq!(cn(b"\x2f\x7e"), "\u{FFFD}");
    // Row 55 ends at cell 89 (byte 79): 57 7A-7E are GBK's, not GB 2312's.
    assert_eq!(cn(b"\x57\x79"), "\u{5EA7}");
    assert_eq!(cn(b"\x57\x7a"), "\u{FFFD}");
    // Row 2's gaps (22 21 is GBK's ⅰ, U+2170) and rows 88-94.
    assert_eq!(cn(b"\x22\x21"), "\u{FFFD}");
    assert_eq!(cn(b"\x78\x21"), "\u{FFFD}");
    // GB 2312's own: 中文, the first symbol (U+3000) and the last hanzi (77 7E, U+9F44).
    assert_eq!(cn(b"\x56\x50\x4e\x44"), "中文");
    assert_eq!(cn(b"\x21\x21"), "\u{3000}");
    assert_eq!(cn(b"\x77\x7e"), "\u{9F44}");
    // Every code: 7,445 decode (GB 2312's count), each as GBK decodes it.
    let mut mapped = 0;
    for a in 0x21..0x7Fu8 {
        for b in 0x21..0x7Fu8 {
            let t = cn(&[a, b]);
            if t != "\u{FFFD}" {
                mapped += 1;
                let pair = [a | 0x80, b | 0x80];
                let (gbk, _) = encoding_rs::GBK.decode_without_bom_handling(&pair);
                assert_eq!(t, gbk, "{a:02X} {b:02X}");
            }
        }
    }
    assert_eq!(mapped, 7445);
}

/// The reports of the inputs above do not depend on how they are fed (U5): whole, byte by
/// byte, at every split, with every kernel.
#[test]
fn the_defect_inputs_report_alike_in_any_chunks() {
    let cases: &[(&str, &[u8])] = &[
        ("ISO-2022-KR", b"\x1b$)C\x0e\x22\x68\x30\x21\x0f ok\n"),
        ("ISO-2022-KR", b"\x78\x1b$)A\x79\n"),
        (
            "ISO-2022-CN",
            b"\x1b$)A\x0e\x2a\x21\x56\x50\x0f\x78\x1b$)C\x79\n",
        ),
        ("gb18030", b"\x81\x30\x01\x81\x30\x0d\x0a\x81\x30\x81\x40 x"),
        ("GBK", b"a\x81\x30\x01z\r\n"),
        ("ISO-2022-JP", b"a\x1b$)\x01\x1b$Bx\x1b(By\n"),
    ];
    for (page, bytes) in cases {
        let opts = Options::default().force_encoding(page).unwrap();
        common::analyze_every_way_with(bytes, &opts);
    }
}
