//! Findings: characters that are valid text but can make what a reader sees differ from what a
//! compiler or interpreter reads ("Trojan Source", CVE-2021-42574), reported apart from SPEC's
//! problems so that SPEC's problem counts are unchanged.
//!
//! - `bidi_control`: the embedding, override and isolate controls U+202A–U+202E and
//!   U+2066–U+2069, which reorder the text shown around them.
//! - `invisible_character`: U+200B–U+200F (zero-width space, non-joiner, joiner, the
//!   left-to-right and right-to-left marks), U+2060–U+2064 (word joiner, invisible operators)
//!   and U+061C (Arabic letter mark), which take no room on screen.
//!
//! U+FEFF after offset 0 is already problem P4 and is not reported again here. Findings are
//! capped per kind like problems (`max_problems_per_kind`), and their counts are exact.

use crate::preview::{is_bidi_control, is_invisible_format};
use serde::{Deserialize, Serialize};

/// The kind of a finding. The serialised names are part of the JSON interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// A bidi embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069).
    BidiControl,
    /// An invisible format character (U+200B–U+200F, U+2060–U+2064, U+061C).
    InvisibleCharacter,
}

impl FindingKind {
    /// Every kind, in report order.
    pub const ALL: [FindingKind; 2] = [FindingKind::BidiControl, FindingKind::InvisibleCharacter];

    /// The kind of finding `c` is, if any.
    #[inline]
    pub fn of(c: char) -> Option<FindingKind> {
        if is_bidi_control(c) {
            Some(FindingKind::BidiControl)
        } else if is_invisible_format(c) {
            Some(FindingKind::InvisibleCharacter)
        } else {
            None
        }
    }

    /// The JSON name (`bidi_control`).
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::BidiControl => "bidi_control",
            FindingKind::InvisibleCharacter => "invisible_character",
        }
    }

    /// Position in [`FindingKind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The name of a character a finding is about, for messages.
pub fn finding_char_name(c: char) -> &'static str {
    match c {
        '\u{061C}' => "ARABIC LETTER MARK",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        _ => "format character",
    }
}

/// Invisible characters that are neither bidi controls nor the format characters above, and
/// that hide text or make identifiers look alike: U+00AD SOFT HYPHEN, U+115F and U+1160 (the
/// Hangul choseong and jungseong fillers), U+180E MONGOLIAN VOWEL SEPARATOR, U+3164 HANGUL
/// FILLER, U+FFA0 HALFWIDTH HANGUL FILLER, and the tag characters U+E0000–U+E007F (which can
/// carry a hidden ASCII message). Context-free: each is hidden wherever it stands, so the one
/// sanitiser escapes them too. (`check`'s `bidi` rule finds them; see docs/findings.md.)
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

/// One finding, located to the byte.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// Absolute byte offset of the first byte.
    pub offset: u64,
    /// Length in bytes.
    pub length: u64,
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1, in characters.
    pub column: u64,
    /// The raw bytes, as upper-case hex pairs ("E2 80 AE").
    pub bytes: String,
    /// The character, "U+202E".
    pub code_point: String,
    /// A sentence for a person.
    pub message: String,
}

/// Exact counts of each finding kind, listed or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingCounts {
    /// Bidi controls.
    pub bidi_control: u64,
    /// Invisible format characters.
    pub invisible_character: u64,
}

impl FindingCounts {
    pub(crate) fn from_array([bidi_control, invisible_character]: [u64; 2]) -> FindingCounts {
        FindingCounts {
            bidi_control,
            invisible_character,
        }
    }

    /// The count of one kind.
    pub fn get(&self, kind: FindingKind) -> u64 {
        match kind {
            FindingKind::BidiControl => self.bidi_control,
            FindingKind::InvisibleCharacter => self.invisible_character,
        }
    }

    /// All findings together.
    pub fn total(&self) -> u64 {
        self.bidi_control + self.invisible_character
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
