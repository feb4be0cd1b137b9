//! The preview (V1) and the one sanitiser for everything shown from a file.
//!
//! Bad units become U+FFFD; control characters become control pictures (U+2400 …) or a
//! bracketed code point; bidi controls and invisible format characters become a bracketed code
//! point too, so that nothing from a file can drive a terminal or reorder what is shown.

pub use crate::class::{is_bidi_control, is_bidi_or_invisible};

/// The invisible characters (finding `invisible_character`); the same as
/// [`crate::class::is_invisible`], kept under this name for callers of the preview.
#[inline]
pub fn is_invisible_format(c: char) -> bool {
    crate::class::is_invisible(c)
}

/// Appends the visible form of `c` to `out`: the character itself when it is safe to show,
/// else a control picture (C0, DEL) or `[U+XXXX]` (C1, bidi, invisible, line and paragraph
/// separators, and the remaining format characters that terminals interpret).
pub fn push_visible(c: char, out: &mut String) {
    match c {
        '\t' => out.push('\t'),
        '\0'..='\u{1F}' => out.push(char::from_u32(0x2400 + c as u32).unwrap_or('\u{FFFD}')),
        '\u{7F}' => out.push('\u{2421}'),
        '\u{80}'..='\u{9F}' | '\u{2028}' | '\u{2029}' => {
            out.push_str(&format!("[U+{:04X}]", c as u32));
        }
        c if is_bidi_or_invisible(c) => out.push_str(&format!("[U+{:04X}]", c as u32)),
        c => out.push(c),
    }
}

/// The visible form of a whole string (see [`push_visible`]).
pub fn visible(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_visible(c, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v1_controls_become_pictures() {
        assert_eq!(visible("a\u{1B}[31mb"), "a\u{241B}[31mb");
        assert_eq!(visible("\u{7F}\u{0}"), "\u{2421}\u{2400}");
        assert_eq!(visible("x\u{9B}y"), "x[U+009B]y");
        assert_eq!(visible("\u{202E}abc"), "[U+202E]abc");
        assert_eq!(visible("tab\there"), "tab\there");
        assert_eq!(visible("Café 中文 😀"), "Café 中文 😀");
    }
}
