//! JSON that is safe to print on a terminal: serde_json escapes C0 controls, and this writer
//! also escapes DEL, the C1 controls (U+0080–U+009F, so no 8-bit CSI), the bidi and invisible
//! format characters and U+2028/U+2029 as `\uXXXX`. The JSON value is unchanged: any parser
//! reads the same strings back.

use crate::preview::is_bidi_or_invisible;
use serde::Serialize;
use std::io::Write;

/// The characters written as `\uXXXX` beyond serde_json's own escapes.
fn needs_escape(c: char) -> bool {
    matches!(c, '\u{7F}'..='\u{9F}' | '\u{2028}' | '\u{2029}') || is_bidi_or_invisible(c)
}

mod writer;

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
    let mut w = writer::Writer {
        out: String::with_capacity(4096),
    };
    value.serialize(&mut w)?;
    Ok(w.out)
}

#[cfg(test)]
mod tests;
