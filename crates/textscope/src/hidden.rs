//! Hidden characters beyond the bidi controls and the invisible format characters of
//! `class.rs` (which asks this module): the tag characters, the Hangul fillers, U+00AD, U+180E, and the variation
//! selectors outside an emoji or ideographic sequence. At the bottom of the core beside
//! `class.rs`: the sanitiser, the findings and `check` all read them from here.

/// Invisible characters that are neither bidi controls nor the format characters above, and
/// that hide text or make identifiers look alike: U+00AD SOFT HYPHEN, U+115F and U+1160 (the
/// Hangul choseong and jungseong fillers), U+180E MONGOLIAN VOWEL SEPARATOR, U+3164 HANGUL
/// FILLER, U+FFA0 HALFWIDTH HANGUL FILLER, and the tag characters U+E0000–U+E007F (which can
/// carry a hidden ASCII message). Context-free: each is hidden wherever it stands, so the one
/// sanitiser escapes them too. The report lists them as `invisible_character` findings, and
/// `check`'s `bidi` rule finds them (see docs/findings.md).
#[inline]
pub fn is_hidden_character(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{115F}' | '\u{1160}' | '\u{180E}' | '\u{3164}' | '\u{FFA0}' | '\u{E0000}'
            ..='\u{E007F}'
    )
}

/// The variation selectors: VS1–VS16 (U+FE00–U+FE0F) and VS17–VS256 (U+E0100–U+E01EF).
#[inline]
pub fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Whether `c`, after `prev` (the character before it, `None` at the start of the input or
/// after a bad unit), is a hidden character the report lists as an `invisible_character`
/// finding: one of [`is_hidden_character`], or a variation selector outside an emoji or
/// ideographic sequence ([`in_variation_sequence`]).
#[inline]
pub fn is_hidden_finding(prev: Option<char>, c: char) -> bool {
    is_hidden_character(c) || (is_variation_selector(c) && !in_variation_sequence(prev, c))
}

fn is_ideograph(c: char) -> bool {
    matches!(
        c,
        '\u{3400}'..='\u{4DBF}'
            | '\u{4E00}'..='\u{9FFF}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{20000}'..='\u{3FFFF}'
    )
}

/// Whether the variation selector `vs` after `prev` (None at the start of a line or file)
/// belongs to an emoji or ideographic variation sequence, approximating Unicode's data files
/// by ranges: VS15/VS16 (U+FE0E, U+FE0F) after an emoji base (`#`, `*`, a digit, U+00A9,
/// U+00AE, the symbols U+203C–U+2BFF, U+3030, U+303D, U+3297, U+3299, U+1F000–U+1FAFF); VS1–VS14
/// after an ideograph, a mathematical operator (U+2200–U+22FF, U+2A00–U+2AFF), the digit 0, or
/// a Myanmar or Phags-pa letter; VS17–VS256 after an ideograph only. A selector after a
/// selector, or anywhere else, is not (one base takes one selector).
pub fn in_variation_sequence(prev: Option<char>, vs: char) -> bool {
    let Some(p) = prev else {
        return false;
    };
    if is_variation_selector(p) {
        return false;
    }
    match vs {
        '\u{FE0E}' | '\u{FE0F}' => matches!(
            p,
            '#' | '*'
                | '0'..='9'
                | '\u{00A9}'
                | '\u{00AE}'
                | '\u{203C}'..='\u{2BFF}'
                | '\u{3030}'
                | '\u{303D}'
                | '\u{3297}'
                | '\u{3299}'
                | '\u{1F000}'..='\u{1FAFF}'
        ),
        '\u{FE00}'..='\u{FE0D}' => {
            is_ideograph(p)
                || matches!(
                    p,
                    '0' | '\u{2200}'..='\u{22FF}'
                        | '\u{2A00}'..='\u{2AFF}'
                        | '\u{1000}'..='\u{109F}'
                        | '\u{A9E0}'..='\u{A9FF}'
                        | '\u{AA60}'..='\u{AA7F}'
                        | '\u{A840}'..='\u{A877}'
                )
        }
        _ => is_ideograph(p),
    }
}

/// The name of a hidden character or variation selector, for messages ("HANGUL FILLER",
/// "TAG LATIN CAPITAL LETTER A" is said "TAG 'A'", "VARIATION SELECTOR-16").
pub fn hidden_char_name(c: char) -> String {
    let n = c as u32;
    match c {
        '\u{00AD}' => "SOFT HYPHEN".into(),
        '\u{115F}' => "HANGUL CHOSEONG FILLER".into(),
        '\u{1160}' => "HANGUL JUNGSEONG FILLER".into(),
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR".into(),
        '\u{3164}' => "HANGUL FILLER".into(),
        '\u{FFA0}' => "HALFWIDTH HANGUL FILLER".into(),
        '\u{E0001}' => "LANGUAGE TAG".into(),
        '\u{E0020}' => "TAG SPACE".into(),
        '\u{E007F}' => "CANCEL TAG".into(),
        '\u{E0021}'..='\u{E007E}' => {
            format!("TAG '{}'", char::from_u32(n - 0xE0000).unwrap_or('?'))
        }
        '\u{E0000}'..='\u{E007F}' => "unassigned tag character".into(),
        '\u{FE00}'..='\u{FE0F}' => format!("VARIATION SELECTOR-{}", n - 0xFE00 + 1),
        '\u{E0100}'..='\u{E01EF}' => format!("VARIATION SELECTOR-{}", n - 0xE0100 + 17),
        _ => "invisible character".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_exactly_the_list() {
        for c in [
            '\u{00AD}',
            '\u{115F}',
            '\u{1160}',
            '\u{180E}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{E0000}',
            '\u{E0041}',
            '\u{E007F}',
        ] {
            assert!(is_hidden_character(c), "{:X}", c as u32);
        }
        for c in [
            '\u{00AC}',
            '\u{1161}',
            '\u{3165}',
            '\u{FFA1}',
            '\u{E0080}',
            'a',
            '\u{200B}',
        ] {
            assert!(!is_hidden_character(c), "{:X}", c as u32);
        }
        assert_eq!(hidden_char_name('\u{E0041}'), "TAG 'A'");
        assert_eq!(hidden_char_name('\u{FE0F}'), "VARIATION SELECTOR-16");
        assert_eq!(hidden_char_name('\u{E0100}'), "VARIATION SELECTOR-17");
        assert_eq!(hidden_char_name('\u{3164}'), "HANGUL FILLER");
    }

    #[test]
    fn variation_selectors_in_and_out_of_sequences() {
        assert!(in_variation_sequence(Some('\u{2764}'), '\u{FE0F}')); // ❤️
        assert!(in_variation_sequence(Some('1'), '\u{FE0F}')); // keycap base
        assert!(in_variation_sequence(Some('\u{1F600}'), '\u{FE0E}'));
        assert!(in_variation_sequence(Some('\u{845B}'), '\u{E0100}')); // 葛 + IVS
        assert!(in_variation_sequence(Some('\u{2229}'), '\u{FE00}'));
        assert!(!in_variation_sequence(None, '\u{FE0F}'));
        assert!(!in_variation_sequence(Some('a'), '\u{FE0F}'));
        assert!(!in_variation_sequence(Some('\u{FE0F}'), '\u{FE0F}'));
        assert!(!in_variation_sequence(Some('\u{2764}'), '\u{E0100}'));
        assert!(!in_variation_sequence(Some('x'), '\u{FE00}'));
        assert!(is_variation_selector('\u{E01EF}') && !is_variation_selector('\u{E01F0}'));
    }
}
