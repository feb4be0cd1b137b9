//! Formats (SPEC vocabulary) and the legacy code page a report names.

use serde::{Deserialize, Serialize};

/// What a file is: one of the six text formats, or one of the verdicts `binary` and `empty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Format {
    /// UTF-8 (also pure ASCII).
    #[serde(rename = "utf-8")]
    Utf8,
    /// UTF-16, little-endian.
    #[serde(rename = "utf-16le")]
    Utf16Le,
    /// UTF-16, big-endian.
    #[serde(rename = "utf-16be")]
    Utf16Be,
    /// UTF-32, little-endian.
    #[serde(rename = "utf-32le")]
    Utf32Le,
    /// UTF-32, big-endian.
    #[serde(rename = "utf-32be")]
    Utf32Be,
    /// A pre-Unicode code page the file does not name (decoded with encoding_rs).
    #[serde(rename = "legacy")]
    Legacy,
    /// No parser accepted the file (D1).
    #[serde(rename = "binary")]
    Binary,
    /// A file of 0 bytes (D1).
    #[serde(rename = "empty")]
    Empty,
}

impl Format {
    /// The six text formats in the order D1 tries them.
    pub const PARSERS: [Format; 6] = [
        Format::Utf8,
        Format::Utf32Le,
        Format::Utf32Be,
        Format::Utf16Le,
        Format::Utf16Be,
        Format::Legacy,
    ];

    /// The SPEC's lower-case name, as in the JSON report (`utf-16le`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Utf8 => "utf-8",
            Format::Utf16Le => "utf-16le",
            Format::Utf16Be => "utf-16be",
            Format::Utf32Le => "utf-32le",
            Format::Utf32Be => "utf-32be",
            Format::Legacy => "legacy",
            Format::Binary => "binary",
            Format::Empty => "empty",
        }
    }

    /// Parses a SPEC name (`utf-16le`, also `utf16le`, `UTF-16LE`).
    pub fn from_name(name: &str) -> Option<Format> {
        let n: String = name
            .chars()
            .filter(|c| *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect();
        Some(match n.as_str() {
            "utf8" => Format::Utf8,
            "utf16le" => Format::Utf16Le,
            "utf16be" => Format::Utf16Be,
            "utf32le" => Format::Utf32Le,
            "utf32be" => Format::Utf32Be,
            "legacy" => Format::Legacy,
            _ => return None,
        })
    }

    /// Bytes in one code unit (SPEC vocabulary): 1, 2 or 4; 1 for the verdicts.
    pub fn unit_width(self) -> usize {
        match self {
            Format::Utf16Le | Format::Utf16Be => 2,
            Format::Utf32Le | Format::Utf32Be => 4,
            _ => 1,
        }
    }

    /// The bytes of this format's byte order mark (SPEC §1), if it has one.
    pub fn mark(self) -> Option<&'static [u8]> {
        match self {
            Format::Utf8 => Some(&[0xEF, 0xBB, 0xBF]),
            Format::Utf16Le => Some(&[0xFF, 0xFE]),
            Format::Utf16Be => Some(&[0xFE, 0xFF]),
            Format::Utf32Le => Some(&[0xFF, 0xFE, 0x00, 0x00]),
            Format::Utf32Be => Some(&[0x00, 0x00, 0xFE, 0xFF]),
            _ => None,
        }
    }

    /// True for the six formats that decode to text.
    pub fn is_text(self) -> bool {
        !matches!(self, Format::Binary | Format::Empty)
    }

    /// Encodes one scalar value in this format (the legacy and verdict formats get UTF-8).
    /// Used to show the bytes of a character the decoder handed over as a value.
    pub fn encode_char(self, c: char, out: &mut [u8; 4]) -> usize {
        let v = c as u32;
        match self {
            Format::Utf16Le | Format::Utf16Be => {
                let mut units = [0u16; 2];
                let units = c.encode_utf16(&mut units);
                let mut n = 0;
                for (u, slot) in units.iter().zip(out.as_chunks_mut::<2>().0) {
                    *slot = if self == Format::Utf16Le {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    };
                    n += 2;
                }
                n
            }
            Format::Utf32Le => {
                *out = v.to_le_bytes();
                4
            }
            Format::Utf32Be => {
                *out = v.to_be_bytes();
                4
            }
            _ => c.encode_utf8(out).len(),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The upper-case hex digit of a nibble (values above 15 give '?', which cannot happen here).
fn hex_digit(n: u8) -> char {
    char::from_digit(u32::from(n), 16).map_or('?', |c| c.to_ascii_uppercase())
}

/// Writes bytes as upper-case hex pairs separated by spaces ("3D D8"), as SPEC §6 asks.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push(hex_digit(b >> 4));
        s.push(hex_digit(b & 15));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Format::PARSERS {
            assert_eq!(Format::from_name(f.name()), Some(f));
        }
        assert_eq!(Format::from_name("UTF16LE"), Some(Format::Utf16Le));
        assert_eq!(Format::from_name("latin1"), None);
    }

    #[test]
    fn hex_is_upper_case_pairs() {
        assert_eq!(hex(&[0x3D, 0xD8]), "3D D8");
        assert_eq!(hex(&[]), "");
    }

    #[test]
    fn encode_char_each_format() {
        let mut b = [0; 4];
        let n = Format::Utf16Le.encode_char('😀', &mut b);
        assert_eq!(&b[..n], &[0x3D, 0xD8, 0x00, 0xDE]);
        let n = Format::Utf32Be.encode_char('A', &mut b);
        assert_eq!(&b[..n], &[0, 0, 0, 0x41]);
    }
}
