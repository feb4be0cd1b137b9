//! The preview (V1) and the one sanitiser for everything shown from a file.
//!
//! Bad units become U+FFFD; control characters become control pictures (U+2400 …) or a
//! bracketed code point; bidi controls and invisible format characters become a bracketed code
//! point too, so that nothing from a file can drive a terminal or reorder what is shown.

/// True for characters that change the order or the visibility of text: the bidi embedding,
/// override and isolate controls (U+202A–U+202E, U+2066–U+2069), the marks U+200E/U+200F and
/// U+061C, the invisible format characters U+200B–U+200D, U+2060–U+2064 and U+FEFF, and the
/// hidden characters of `finding::is_hidden_character` (tags, Hangul fillers, U+00AD, U+180E).
pub fn is_bidi_or_invisible(c: char) -> bool {
    is_bidi_control(c)
        || is_invisible_format(c)
        || c == '\u{FEFF}'
        || crate::finding::is_hidden_character(c)
}

/// The bidi embedding, override and isolate controls: U+202A–U+202E and U+2066–U+2069
/// (finding `bidi_control`).
#[inline]
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The invisible format characters other than U+FEFF: U+200B–U+200F, U+2060–U+2064 and U+061C
/// (finding `invisible_character`).
#[inline]
pub fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{061C}')
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
        assert_eq!(visible("a\u{E0041}\u{3164}b"), "a[U+E0041][U+3164]b");
    }
}
