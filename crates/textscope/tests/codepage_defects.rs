//! Decoding defects of issue 38 (item 5), each pinned by a test that failed before its fix
//! (SPEC U4, U5, D11, P8).

use textscope::chars::{CharDecoder, Decoded};
use textscope::Options;

/// Every item (offset, bytes, decoded) of `bytes` decoded as `encoding`, fed whole.
fn items(encoding: &str, bytes: &[u8]) -> Vec<(u64, Vec<u8>, Decoded)> {
    let opts = Options::default().force_encoding(encoding).unwrap();
    let (index, _) = textscope::detect_window(bytes, true, &opts);
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
