//! Findings: characters that are valid text but can make what a reader sees differ from what a
//! compiler or interpreter reads ("Trojan Source", CVE-2021-42574), reported apart from SPEC's
//! problems so that SPEC's problem counts are unchanged.
//!
//! - `bidi_control`: the embedding, override and isolate controls U+202A–U+202E and
//!   U+2066–U+2069, which reorder the text shown around them.
//! - `invisible_character`: U+200B–U+200F (zero-width space, non-joiner, joiner, the
//!   left-to-right and right-to-left marks), U+2060–U+2064 (word joiner, invisible operators)
//!   and U+061C (Arabic letter mark), which take no room on screen; and the hidden characters
//!   of [`crate::hidden`]: the tag characters, the Hangul fillers, U+00AD, U+180E, and a
//!   variation selector outside an emoji or ideographic sequence.
//!
//! U+FEFF after offset 0 is already problem P4 and is not reported again here. Findings are
//! capped per kind like problems (`max_problems_per_kind`), and their counts are exact.

use crate::class::{class_of, format_char_name, Class};
pub use crate::hidden::{
    hidden_char_name, in_variation_sequence, is_hidden_character, is_hidden_finding,
    is_variation_selector,
};
use crate::kinds::kinds;
use serde::{Deserialize, Serialize};

kinds! {
    /// The kind of a finding. The serialised names are part of the JSON interface.
    pub enum FindingKind;
    /// Exact counts of each finding kind, listed or not.
    pub struct FindingCounts;

    /// A bidi embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069).
    BidiControl => bidi_control,
    /// An invisible format character (U+200B–U+200F, U+2060–U+2064, U+061C).
    InvisibleCharacter => invisible_character,
    /// A terminal escape sequence ([`crate::ansi`]): CSI, OSC or a two-character one (each
    /// sequence counts once).
    AnsiEscape => #[serde(default)] ansi_escape,
    /// A run of mojibake (docs/mojibake.md M1–M9): UTF-8 text that was read in another code
    /// page and saved again as UTF-8, with its repair.
    Mojibake => #[serde(default)] mojibake,
    /// Where a segment in another encoding starts (docs/mojibake.md G1–G8): the file is two
    /// encodings at once.
    MixedEncoding => #[serde(default)] mixed_encoding,
}

impl FindingKind {
    /// The kind of finding `c` is, if any. A variation selector is a finding only outside an
    /// emoji or ideographic sequence ([`is_hidden_finding`] decides with the character before);
    /// alone, it is named here as one that may be.
    #[inline]
    pub fn of(c: char) -> Option<FindingKind> {
        FindingKind::of_class(class_of(c)).or((is_hidden_character(c) || is_variation_selector(c))
            .then_some(FindingKind::InvisibleCharacter))
    }

    /// The finding a character of `class` is by itself, if any (the hidden characters are
    /// plain: whether one is a finding may depend on the character before it). A new class
    /// is placed by the exhaustive [`crate::ProblemKind::of_class`]; one that is a finding
    /// comes with a finding kind, added here beside the list above.
    #[inline]
    pub fn of_class(class: Class) -> Option<FindingKind> {
        match class {
            Class::Bidi => Some(FindingKind::BidiControl),
            Class::Invisible => Some(FindingKind::InvisibleCharacter),
            _ => None,
        }
    }

    /// The kind of finding `c` is where it stands, after `prev` (the character before it, `None`
    /// at the start of the input or after a bad unit): what the report lists for it. A
    /// variation selector is one only outside an emoji or ideographic sequence.
    #[inline]
    pub fn at(prev: Option<char>, c: char) -> Option<FindingKind> {
        FindingKind::at_class(class_of(c), prev, c)
    }

    /// [`FindingKind::at`] for a character whose class is known: the one rule the report's
    /// tracker and `check` share.
    #[inline]
    pub fn at_class(class: Class, prev: Option<char>, c: char) -> Option<FindingKind> {
        FindingKind::of_class(class).or_else(|| {
            (class == Class::Plain && !c.is_ascii() && is_hidden_finding(prev, c))
                .then_some(FindingKind::InvisibleCharacter)
        })
    }
}

/// The name of a character a finding is about, for messages (the names are those of
/// [`crate::class::BIDI_CONTROLS`] and [`crate::class::INVISIBLE`]).
pub fn finding_char_name(c: char) -> &'static str {
    format_char_name(c).unwrap_or("format character")
}

/// One finding, located to the byte.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// Absolute byte offset of the first byte.
    pub offset: u64,
    /// Length in bytes (of the whole run, or the whole escape sequence).
    pub length: u64,
    /// How many characters (escape sequences for `ansi_escape`) the item stands for: more
    /// than 1 for a run of touching findings of one kind, whose other fields are its first's.
    #[serde(default = "crate::problem::one")]
    pub count: u64,
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1, in characters.
    pub column: u64,
    /// The raw bytes of the (first) character, as upper-case hex pairs ("E2 80 AE").
    pub bytes: String,
    /// The character, "U+202E" (for `ansi_escape`, its ESC: "U+001B").
    pub code_point: String,
    /// `ansi_escape`: what the (first) sequence does.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub effect: Option<crate::ansi::Effect>,
    /// `ansi_escape`: true when showing it on a terminal does more than style text.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub dangerous: Option<bool>,
    /// `ansi_escape`: the (first) sequence as visible text, ESC as `\e` (at most 80 chars).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub sequence: Option<String>,
    /// `mojibake`: the run's chain of encodings and its repair.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub repair: Option<Repair>,
    /// A sentence for a person.
    pub message: String,
}

/// How a run of mojibake came about and what it was meant to say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repair {
    /// The encodings the text went through, first to last (`["utf-8", "windows-1252",
    /// "utf-8"]`).
    pub chain: Vec<String>,
    /// The text as it stands.
    pub original: String,
    /// The text as it was meant.
    pub repaired: String,
    /// Another chain reads it as differently and as plausibly: not repaired without asking.
    pub ambiguous: bool,
}

#[cfg(test)]
mod kinds_tests {
    use super::*;

    /// The list's JSON names are the enum's serialised names and the counts' keys, in order.
    #[test]
    fn one_name_per_kind_everywhere() {
        let mut counts = FindingCounts::default();
        for (i, k) in FindingKind::ALL.into_iter().enumerate() {
            assert_eq!(k.index(), i);
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.name())
            );
            *counts.get_mut(k) = i as u64 + 1;
        }
        let json = serde_json::to_value(counts).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let names: Vec<&str> = FindingKind::ALL.iter().map(|k| k.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(keys, sorted, "serde_json's map is sorted by key");
        for (i, k) in FindingKind::ALL.into_iter().enumerate() {
            assert_eq!(json[k.name()], i as u64 + 1);
        }
        let n = FindingKind::ALL.len() as u64;
        assert_eq!(counts.total(), n * (n + 1) / 2);
    }
}
