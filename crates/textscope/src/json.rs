//! JSON that is safe to print on a terminal: serde_json escapes C0 controls, and this writer
//! also escapes DEL, the C1 controls (U+0080–U+009F, so no 8-bit CSI), the bidi and invisible
//! format characters and U+2028/U+2029 as `\uXXXX`. The JSON value is unchanged: any parser
//! reads the same strings back.

use crate::preview::is_bidi_or_invisible;
use serde::Serialize;
use std::io::{self, Write};

/// serde_json's compact formatter with the extra escapes.
struct SafeFormatter;

fn needs_escape(c: char) -> bool {
    matches!(c, '\u{7F}'..='\u{9F}' | '\u{2028}' | '\u{2029}') || is_bidi_or_invisible(c)
}

impl serde_json::ser::Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // ASCII below 7F never needs an escape here (serde_json escapes the controls before
        // this is called): the plain head of a fragment, most often all of it, goes out whole.
        let plain = fragment
            .bytes()
            .position(|b| b >= 0x7F)
            .unwrap_or(fragment.len());
        let (head, mut rest) = fragment.split_at(plain);
        writer.write_all(head.as_bytes())?;
        while let Some((i, c)) = rest.char_indices().find(|&(_, c)| needs_escape(c)) {
            let (head, tail) = rest.split_at(i);
            writer.write_all(head.as_bytes())?;
            // Beyond the BMP (the tag characters), JSON needs the UTF-16 surrogate pair.
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write!(writer, "\\u{:04X}", u)?;
            }
            rest = tail.get(c.len_utf8()..).unwrap_or_default();
        }
        writer.write_all(rest.as_bytes())
    }
}

/// Writes `value` as one line of compact JSON with the terminal-safe escapes.
pub fn to_writer<W: Write, T: ?Sized + Serialize>(writer: W, value: &T) -> serde_json::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(writer, SafeFormatter);
    value.serialize(&mut ser)
}

/// As [`to_writer`], into a string.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<String> {
    let mut out = Vec::new();
    to_writer(&mut out, value)?;
    // serde_json writes UTF-8, and the escapes are ASCII.
    String::from_utf8(out).map_err(|e| serde::ser::Error::custom(e.to_string()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_c1_bidi_and_del_and_round_trips() {
        let s = "a\u{1B}b\u{9B}c\u{202E}d\u{7F}e\u{2028}f é 中 😀";
        let j = super::to_string(&s).unwrap();
        assert_eq!(j, "\"a\\u001bb\\u009Bc\\u202Ed\\u007Fe\\u2028f é 中 😀\"");
        let back: String = serde_json::from_str(&j).unwrap();
        assert_eq!(back, s);
        let tag = "x\u{E0041}\u{3164}";
        let j = super::to_string(&tag).unwrap();
        assert_eq!(j, "\"x\\uDB40\\uDC41\\u3164\"");
        assert_eq!(serde_json::from_str::<String>(&j).unwrap(), tag);
        // At the very start, at the very end, alone, and never.
        for (text, want) in [
            ("\u{7F}x", "\"\\u007Fx\""),
            ("x\u{202E}", "\"x\\u202E\""),
            ("\u{2029}", "\"\\u2029\""),
            ("plain ASCII ~", "\"plain ASCII ~\""),
        ] {
            assert_eq!(super::to_string(&text).unwrap(), want, "{text:?}");
        }
    }
}
