//! The counting loops of `stats.rs` against the decoders, and a character's counts against
//! its classes.

use super::{decoded_stats, stats_in, Stats, ASCII_CONTROLS};
use crate::codepage::CodePage;
use crate::format::Format;

fn fields(s: &Stats) -> [u64; 10] {
    [
        s.chars,
        s.nul,
        s.controls,
        s.multibyte,
        s.invalid_utf8,
        s.surrogates,
        s.above_max,
        s.truncated,
        s.unmapped,
        s.unusual,
    ]
}

/// The counts of one character, worked out without a branch, are its classes: D7's
/// controls (`is_control_problem`), private use and noncharacters (D8), beyond ASCII.
#[test]
fn the_counts_are_the_classes() {
    for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
        let mut s = Stats::default();
        s.count(c, false, true);
        let v = u32::from(c);
        let unusual = ('\u{E000}'..='\u{F8FF}').contains(&c)
            || (0xFDD0..=0xFDEF).contains(&v)
            || v & 0xFFFE == 0xFFFE;
        assert_eq!(s.chars, 1);
        assert_eq!(s.nul == 1, c == '\0', "{v:X}");
        assert_eq!(
            s.controls == 1,
            crate::class::is_control_problem(c),
            "{v:X}"
        );
        assert_eq!(s.multibyte == 1, !c.is_ascii(), "{v:X}");
        assert_eq!(s.unusual == 1, unusual, "{v:X}");
        let mut quiet = Stats::default();
        quiet.count(c, true, false);
        assert_eq!((quiet.controls, quiet.multibyte), (0, 0), "{v:X}");
    }
    // The UTF-8 loop's set: the same below 80, ESC left to the scanner.
    for b in 0..0x80u8 {
        let control = crate::class::is_control_problem(char::from(b)) && b != 0x1B;
        assert_eq!(ASCII_CONTROLS >> b & 1 != 0, control, "{b:02X}");
    }
}

/// The loop over UTF-8, maximal subparts and all, counts what the UTF-8 decoder hands
/// over: text, every kind of ill-formed sequence, sequences cut by the end, terminal
/// escape sequences, UTF-16 and noise.
#[test]
fn the_utf8_split_counts_as_the_decoder() {
    let mut windows: Vec<Vec<u8>> = vec![
        "Grüße, Привет 日本語 😀\u{0}\u{1}\u{7f}\u{85}\u{E000}\u{FDD0}\u{FFFE} x\r\n"
            .as_bytes()
            .to_vec(),
        b"\x1b[31mred\x1b[0m \x1b\x1b[ \xC3\xA9 \x1b]0;title\x07 y \x1b[1;2\x01\xC3z".to_vec(),
        b"\x80 \xBF \xC0\xAF \xC1 \xC2 \xC2\x41 \xE0\x80\x80 \xE0\xA0 \xED\xA0\x80 \xEF\xBF \xF0\x8F \xF0\x90\x80 \xF4\x90\x80\x80 \xF5 \xF8 \xFF \xE2\x82".to_vec(),
        "\u{1b}[31mred\u{1b}[0m é".as_bytes().to_vec(),
        "UTF-16 é 日".encode_utf16().flat_map(u16::to_le_bytes).collect(),
    ];
    windows.push(crate::detect::noise(0x2545_F491_4F6C_DD1D, 3000));
    // Windows without ESC that are not valid UTF-8 (decision 64's sums): noise without its
    // ESCs, and text in a code page with a cut lead at the end.
    let mut quiet = crate::detect::noise(0x5851_F42D_4C95_7F2D, 3000);
    quiet.retain(|&b| b != 0x1B);
    windows.push(quiet);
    windows.push(
        b"Caf\xE9 cr\xE8me br\xFBl\xE9e, na\xEFve \x80 \x93quoted\x94\x00\x01 done\xC3".to_vec(),
    );
    // UTF-32 text: bytes above 7F that start nothing, leads with and without their
    // continuation bytes, at every place in the 64-byte chunks and in the tail after them.
    let text = "Grüße 日本語 한국어 😀 \u{E9}\u{80}\u{C3A9}\u{A9C3}\u{82E2}\u{F09F}\u{10FFFF} Ω\n";
    for be in [false, true] {
        let mut w: Vec<u8> = Vec::new();
        for c in text.chars().cycle().take(700) {
            let v = u32::from(c);
            w.extend(if be { v.to_be_bytes() } else { v.to_le_bytes() });
        }
        for cut in [w.len(), w.len() - 1, w.len() - 5, 130, 63] {
            windows.push(w.get(..cut).unwrap().to_vec());
            windows.push(w.get(1..cut).unwrap().to_vec());
        }
    }
    // Long ASCII runs (the loop's 16-byte blocks) with NULs, controls and escape
    // sequences at every alignment.
    let mut runs = Vec::new();
    for k in 0..40u8 {
        runs.extend_from_slice(b"plain text, ");
        runs.extend(std::iter::repeat_n(b'a', usize::from(k % 17)));
        runs.extend_from_slice(match k % 5 {
            0 => b"\0\x01".as_slice(),
            1 => b"\x1b[1m".as_slice(),
            2 => b"\x7f\x0b\x0c".as_slice(),
            3 => "é".as_bytes(),
            _ => b"\x1b".as_slice(),
        });
    }
    windows.push(runs);
    let page = CodePage::windows_1252();
    let mut compared = 0;
    for w in &windows {
        for cut in 0..=w.len() {
            let part = w.get(..cut).unwrap_or_default();
            for at_eof in [false, true] {
                let fast = stats_in(Format::Utf8, page, part, at_eof);
                let slow = decoded_stats(Format::Utf8, page, part, at_eof);
                assert_eq!(fields(&fast), fields(&slow), "{at_eof} {part:02X?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 6_000, "{compared}");
}

/// The sums over a valid window without ESC (`utf8_valid.rs`) count what the UTF-8 decoder
/// hands over: every control, C1 control, private use character and noncharacter, each of
/// the leads the sums look at twice, at every place of their 255-byte blocks, with the window
/// cut after every byte (a character cut at the end).
#[test]
fn the_sums_over_valid_utf8_count_as_the_decoder() {
    let specials = concat!(
        "\u{0}\u{1}\u{8}\t\n\u{B}\u{C}\r\u{E}\u{1F} ~\u{7F}\u{80}\u{85}\u{9F}\u{A0}\u{BF}é",
        "\u{E000}\u{EFFF}\u{F000}\u{F8FF}\u{F900}\u{FDCF}\u{FDD0}\u{FDEF}\u{FDF0}\u{FFFD}",
        "\u{FFFE}\u{FFFF}\u{10000}\u{1FFFD}\u{1FFFE}\u{1FFFF}\u{F0000}\u{10FFFD}\u{10FFFE}",
        "\u{10FFFF}Я日😀 text "
    );
    let page = CodePage::windows_1252();
    let mut compared = 0;
    for shift in 0..8 {
        let text = "a".repeat(shift * 37) + &specials.repeat(8);
        let w = text.as_bytes();
        assert!(w.len() > 3 * 255);
        for cut in 0..=w.len() {
            let part = w.get(..cut).unwrap_or_default();
            for at_eof in [false, true] {
                let sums = super::utf8_valid::valid(part, at_eof).expect("valid, no ESC");
                let slow = decoded_stats(Format::Utf8, page, part, at_eof);
                assert_eq!(fields(&sums), fields(&slow), "{at_eof} {part:02X?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
    // ESC, or a bad byte before the end, leave the window to the loop over characters.
    assert!(super::utf8_valid::valid(b"a\x1b[1mb", true).is_none());
    assert!(super::utf8_valid::valid(b"a\xC3b", true).is_none());
    assert!(super::utf8_valid::valid(b"ab\xE6\x97", true).is_some());
}

/// The loops over UTF-16 and UTF-32 units count what the decoders hand over: text,
/// surrogate pairs and lone halves, controls, private use, noncharacters, NULs, odd
/// lengths, terminal escape sequences whole and broken, and noise (units above 10FFFF
/// among it).
#[test]
fn the_utf16_and_utf32_loops_count_as_the_decoders() {
    let text = concat!(
        "Grüße, Привет 日本語 😀\u{0}\u{1}\u{85}\u{E000}\u{FDD0}\u{FFFE}\u{10FFFF} x\r\n",
        "\u{1b}[31mred\u{1b}[0m \u{1b}\u{1b}[ é \u{1b}]0;title\u{7} y \u{1b}[1;2\u{1}z"
    );
    let mut windows: Vec<Vec<u8>> = Vec::new();
    for be in [false, true] {
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut w: Vec<u8> = Vec::new();
        for u in units
            .iter()
            .chain(&[0xD800, 0x41, 0xDC00, 0xDBFF, 0xDFFF, 0xD83D])
        {
            w.extend(if be { u.to_be_bytes() } else { u.to_le_bytes() });
        }
        windows.push(w.clone());
        w.push(0x41);
        windows.push(w);
        let mut w: Vec<u8> = Vec::new();
        for v in text.chars().map(u32::from).chain([0xD800, 0x11_0000, 0x41]) {
            w.extend(if be { v.to_be_bytes() } else { v.to_le_bytes() });
        }
        w.extend([0x41, 0]);
        windows.push(w);
    }
    windows.push(
        "\u{1b}[31mred\u{1b}[0m"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect(),
    );
    windows.push(crate::detect::noise(0x9E37_79B9_7F4A_7C15, 4001));
    windows.push(b"plain ASCII read as UTF-16, odd".to_vec());
    // No 00 byte (decision 64: every UTF-32 unit is above 10FFFF).
    let mut full = crate::detect::noise(0xD1B5_4A32_D192_ED03, 2001);
    full.retain(|&b| b != 0);
    windows.push(full);
    // Every kind of character at every place in the UTF-16 loop's blocks, and a block
    // that ends with a high surrogate.
    let plain = concat!(
        "ab\u{0}\u{1}\u{B}\u{C}\u{1F}\u{7F}\u{80}\u{85}\u{9F}\u{A0}é",
        "\u{E000}\u{F8FF}\u{FDD0}\u{FDEF}\u{FFFE}\u{FFFF}Я"
    );
    for shift in 0..16 {
        let text: String = "x".repeat(shift) + plain + plain + "😀" + plain;
        let units: Vec<u16> = text.encode_utf16().collect();
        windows.push(units.iter().flat_map(|u| u.to_le_bytes()).collect());
        windows.push(units.iter().flat_map(|u| u.to_be_bytes()).collect());
    }
    // The same for UTF-32's blocks, with units that are no scalar value among them.
    let odd_units = [
        0x1B,
        0xD800,
        0xDFFF,
        0x11_0000,
        0x10_FFFE,
        0x10_FFFF,
        0xFFFF_FFFF,
    ];
    for shift in 0..16 {
        let mut units: Vec<u32> = std::iter::repeat_n(u32::from('x'), shift)
            .chain(plain.chars().map(u32::from))
            .collect();
        units.extend(odd_units);
        units.extend(plain.chars().map(u32::from));
        units.extend([0x1B, u32::from('['), u32::from('1'), u32::from('m')]);
        units.extend(plain.chars().chain("😀".chars()).map(u32::from));
        windows.push(units.iter().flat_map(|u| u.to_le_bytes()).collect());
        windows.push(units.iter().flat_map(|u| u.to_be_bytes()).collect());
    }
    let page = CodePage::windows_1252();
    let mut compared = 0;
    for w in &windows {
        for cut in 0..=w.len() {
            let part = w.get(..cut).unwrap_or_default();
            for format in [
                Format::Utf16Le,
                Format::Utf16Be,
                Format::Utf32Le,
                Format::Utf32Be,
            ] {
                for at_eof in [false, true] {
                    let fast = stats_in(format, page, part, at_eof);
                    let slow = decoded_stats(format, page, part, at_eof);
                    assert_eq!(
                        fields(&fast),
                        fields(&slow),
                        "{format:?} {at_eof} {part:02X?}"
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}
