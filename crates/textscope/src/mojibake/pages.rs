//! The code pages of the mojibake chains (docs/mojibake.md M1): each byte's character, and the
//! way back from a character to its byte.

use std::sync::OnceLock;

/// The upper half of IBM437 (bytes 80–FF), which encoding_rs does not have.
const IBM437_HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}";

/// The pages a run is tried in, in order of priority (the first is the best when two agree).
/// Names are the core's (`CodePage::name`).
pub(crate) const PAGES: [&str; 7] = [
    "windows-1252",
    "ISO-8859-1",
    "windows-1250",
    "ISO-8859-2",
    "windows-1251",
    "macintosh",
    "IBM437",
];

/// One page: the character of each byte 80–FF, and the reverse map sorted by character.
pub(crate) struct Table {
    pub name: &'static str,
    #[cfg_attr(not(test), allow(dead_code))]
    high: [Option<char>; 128],
    back: Vec<(char, u8)>,
    /// The byte of each character below [`BITS`] (0: none), so that the scanner's many
    /// lookups are one load each rather than a binary search (issue 42).
    low: Vec<u8>,
}

impl Table {
    /// The byte `c` is written as in this page, for characters above U+007F.
    pub fn byte_of(&self, c: char) -> Option<u8> {
        if let Some(&b) = self.low.get(c as usize) {
            return (b != 0).then_some(b);
        }
        self.back
            .binary_search_by_key(&c, |&(k, _)| k)
            .ok()
            .and_then(|i| self.back.get(i))
            .map(|&(_, b)| b)
    }

    /// The character byte `b` (80–FF) stands for.
    #[cfg(test)]
    pub fn char_of(&self, b: u8) -> Option<char> {
        self.high
            .get(usize::from(b.wrapping_sub(0x80)))
            .copied()
            .flatten()
    }
}

fn build(name: &'static str) -> Table {
    let mut high = [None; 128];
    for (i, slot) in high.iter_mut().enumerate() {
        let b = 0x80 + i as u32;
        *slot = match name {
            // ISO-8859-1 proper: every byte is the code point of the same value (C1 included).
            "ISO-8859-1" => char::from_u32(b),
            "IBM437" => IBM437_HIGH.chars().nth(i),
            _ => encoding_of(name).and_then(|e| {
                e.decode_without_bom_handling_and_without_replacement(&[b as u8])
                    .and_then(|s| s.chars().next())
            }),
        };
    }
    let mut back: Vec<(char, u8)> = high
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| (c, 0x80 + i as u8)))
        .collect();
    back.sort_unstable();
    back.dedup_by_key(|p| p.0);
    let mut low = vec![0u8; BITS];
    for &(c, b) in &back {
        if let Some(slot) = low.get_mut(c as usize) {
            *slot = b;
        }
    }
    Table {
        name,
        high,
        back,
        low,
    }
}

fn encoding_of(name: &str) -> Option<&'static encoding_rs::Encoding> {
    encoding_rs::Encoding::for_label(name.as_bytes())
}

/// The tables, in [`PAGES`] order, built once.
pub(crate) fn tables() -> &'static [Table] {
    static T: OnceLock<Vec<Table>> = OnceLock::new();
    T.get_or_init(|| PAGES.iter().map(|n| build(n)).collect())
}

/// The characters below this are looked up in a bit set; the few the pages write beyond it
/// (macintosh's ﬁ, ﬂ and U+F8FF) in a short list.
const BITS: usize = 0x2600;

/// True when some page writes `c` (above U+007F) as one byte: it may be part of mojibake.
/// Asked for every character beyond ASCII that the scanner is given, so it is one bit of a set
/// made once (issue 42: seven binary searches a character were half the scanner's time over
/// Cyrillic and CJK text).
pub(crate) fn in_some_page(c: char) -> bool {
    static ANY: OnceLock<(Vec<u64>, Vec<char>)> = OnceLock::new();
    let (bits, beyond) = ANY.get_or_init(|| {
        let mut bits = vec![0u64; BITS / 64];
        let mut beyond = Vec::new();
        for t in tables() {
            for &(k, _) in &t.back {
                match bits.get_mut(k as usize / 64) {
                    Some(w) => *w |= 1 << (k as usize % 64),
                    None => beyond.push(k),
                }
            }
        }
        beyond.sort_unstable();
        beyond.dedup();
        (bits, beyond)
    });
    let i = c as usize;
    if c.is_ascii() {
        false
    } else if i < BITS {
        bits.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
    } else {
        beyond.binary_search(&c).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m1_pages_are_the_cores_names_and_tables() {
        for t in tables() {
            let cp = crate::CodePage::for_label(t.name).map(crate::CodePage::name);
            assert_eq!(cp, Some(t.name));
            assert!(
                t.high.iter().filter(|c| c.is_some()).count() >= 123,
                "{}",
                t.name
            );
        }
        // The direct table agrees with the sorted one, for every character.
        for t in tables() {
            for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
                let slow = t
                    .back
                    .binary_search_by_key(&c, |&(k, _)| k)
                    .ok()
                    .map(|i| t.back[i].1);
                assert_eq!(t.byte_of(c), slow, "{} {c:?}", t.name);
            }
        }
        // The set agrees with the tables, for every character.
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let any = !c.is_ascii() && tables().iter().any(|t| t.byte_of(c).is_some());
            assert_eq!(in_some_page(c), any, "{c:?}");
        }
        let w = &tables()[0];
        assert_eq!(w.byte_of('€'), Some(0x80));
        assert_eq!(w.byte_of('\u{81}'), Some(0x81));
        assert_eq!(w.char_of(0xC3), Some('Ã'));
        let latin1 = &tables()[1];
        assert_eq!(latin1.byte_of('\u{89}'), Some(0x89));
        assert_eq!(latin1.byte_of('€'), None);
        let dos = &tables()[6];
        assert_eq!(dos.byte_of('├'), Some(0xC3));
        assert_eq!(dos.byte_of('⌐'), Some(0xA9));
        let mac = &tables()[5];
        assert_eq!(mac.byte_of('√'), Some(0xC3));
    }

    /// The way back is the naive one: every byte's character comes back to the byte, and for
    /// encoding_rs pages the encoder agrees.
    #[test]
    fn m1_every_byte_round_trips() {
        for t in tables() {
            for b in 0x80..=0xFFu8 {
                let Some(c) = t.char_of(b) else { continue };
                assert_eq!(t.byte_of(c), Some(b), "{} {b:02X}", t.name);
                if let Some(e) = encoding_of(t.name).filter(|_| t.name != "ISO-8859-1") {
                    let text = c.to_string();
                    let (bytes, _, bad) = e.encode(&text);
                    if !bad {
                        assert_eq!(&*bytes, [b], "{} {b:02X}", t.name);
                    }
                }
            }
        }
    }
}
