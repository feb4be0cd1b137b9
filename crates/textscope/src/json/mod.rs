//! JSON that is safe to print on a terminal: serde_json escapes C0 controls, and this module
//! also escapes DEL, the C1 controls (U+0080–U+009F, so no 8-bit CSI), the bidi and invisible
//! format characters and U+2028/U+2029 as `\uXXXX`. The JSON value is unchanged: any parser
//! reads the same strings back.
//!
//! How (decision 97): `serde_json::to_string`, then one pass over its output. serde_json
//! writes nothing but ASCII below DEL outside strings, so every byte from 7F up is inside a
//! string and every character found there is one of a string's own; where no byte is 7F or
//! above, which is most reports, the pass is one scan and copies nothing.

use crate::preview::is_bidi_or_invisible;
use serde::Serialize;
use std::io::Write;

/// The characters written as `\uXXXX` beyond serde_json's own escapes.
fn needs_escape(c: char) -> bool {
    matches!(c, '\u{7F}'..='\u{9F}' | '\u{2028}' | '\u{2029}') || is_bidi_or_invisible(c)
}

/// Writes `value` as one line of compact JSON with the terminal-safe escapes.
pub fn to_writer<W: Write, T: ?Sized + Serialize>(
    mut writer: W,
    value: &T,
) -> serde_json::Result<()> {
    let s = to_string(value)?;
    writer
        .write_all(s.as_bytes())
        .map_err(serde_json::Error::io)
}

/// As [`to_writer`], into a string.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> serde_json::Result<String> {
    let json = serde_json::to_string(value)?;
    Ok(escape_unsafe(json))
}

/// `json` with each character of [`needs_escape`] written as `\uXXXX`, capital digits, one per
/// UTF-16 unit.
fn escape_unsafe(json: String) -> String {
    let Some(first) = json.bytes().position(|b| b >= 0x7F) else {
        return json;
    };
    let mut out = String::with_capacity(json.len() + 16);
    let (head, tail) = json.split_at(first);
    out.push_str(head);
    let mut start = 0;
    for (i, c) in tail.char_indices() {
        if c < '\u{7F}' || !needs_escape(c) {
            continue;
        }
        out.push_str(tail.get(start..i).unwrap_or_default());
        start = i + c.len_utf8();
        let mut units = [0u16; 2];
        for &u in c.encode_utf16(&mut units).iter() {
            out.push_str(&format!("\\u{u:04X}"));
        }
    }
    out.push_str(tail.get(start..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests;
