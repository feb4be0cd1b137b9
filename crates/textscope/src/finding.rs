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
