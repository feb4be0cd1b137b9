//! Problems P1–P9 and note N1 (SPEC §5): what is wrong in a file is data, never an error.

use crate::class::{Class, EndingKind};
use crate::kinds::kinds;
use serde::{Deserialize, Serialize};

kinds! {
    /// The kind of a problem (SPEC §5). The serialised names are part of the JSON interface.
    pub enum ProblemKind;
    /// Exact counts of each problem kind (SPEC §5); every kind is always present.
    pub struct ProblemCounts;

    /// P1: half of a UTF-16 pair with no other half; a surrogate unit in UTF-32.
    UnpairedSurrogate => unpaired_surrogate,
    /// P2: U+0000 in the text.
    Nul => nul,
    /// P3: a C0 or C1 control character other than TAB, LF, FF, CR and NEL; DEL.
    ControlCharacter => control_character,
    /// P4: U+FEFF after offset 0.
    BomInText => bom_in_text,
    /// P5: a character cut short by the end of the file.
    TruncatedCharacter => truncated_character,
    /// P6: a UTF-32 unit above 10FFFF.
    InvalidCodePoint => invalid_code_point,
    /// P7: an ill-formed UTF-8 subpart.
    InvalidUtf8 => invalid_utf8,
    /// P8: a legacy byte the code page does not map.
    UnmappedByte => unmapped_byte,
    /// P9: more than one kind of line ending.
    MixedLineEndings => mixed_line_endings,
}

impl ProblemKind {
    /// The problem a character of `class` is by itself, if any (P2, P3, P4; the other kinds
    /// are bad units or P9). An exhaustive `match`: a new class must say whether it is one,
    /// and the tracker and the structure both ask here.
    #[inline]
    pub fn of_class(class: Class) -> Option<ProblemKind> {
        match class {
            Class::Nul => Some(ProblemKind::Nul),
            Class::Control => Some(ProblemKind::ControlCharacter),
            Class::ByteOrderMark => Some(ProblemKind::BomInText),
            Class::Ending(_) | Class::Bidi | Class::Invisible | Class::Plain => None,
        }
    }

    /// The SPEC id (`P1`).
    pub fn id(self) -> &'static str {
        match self {
            ProblemKind::UnpairedSurrogate => "P1",
            ProblemKind::Nul => "P2",
            ProblemKind::ControlCharacter => "P3",
            ProblemKind::BomInText => "P4",
            ProblemKind::TruncatedCharacter => "P5",
            ProblemKind::InvalidCodePoint => "P6",
            ProblemKind::InvalidUtf8 => "P7",
            ProblemKind::UnmappedByte => "P8",
            ProblemKind::MixedLineEndings => "P9",
        }
    }
}

/// Why a UTF-8 subpart is ill-formed (U3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Utf8Reason {
    /// A continuation byte (80–BF) where a sequence should start.
    UnexpectedContinuation,
    /// A lead that can only start an overlong form (C0, C1; E0 80–9F; F0 80–8F).
    Overlong,
    /// ED A0–BF: the encoding of a UTF-16 surrogate.
    EncodedSurrogate,
    /// F4 90–BF, F5–F7: a code point above 10FFFF.
    AboveMax,
    /// F8–FF: a byte that never occurs in UTF-8.
    NeverValid,
    /// A valid start cut off by a byte that cannot continue it.
    Interrupted,
}

impl Utf8Reason {
    /// Words for a message.
    pub fn describe(self) -> &'static str {
        match self {
            Utf8Reason::UnexpectedContinuation => "unexpected continuation byte",
            Utf8Reason::Overlong => "overlong form",
            Utf8Reason::EncodedSurrogate => "encoded surrogate",
            Utf8Reason::AboveMax => "above 10FFFF",
            Utf8Reason::NeverValid => "byte never valid",
            Utf8Reason::Interrupted => "sequence interrupted",
        }
    }
}

/// One problem, located to the byte (SPEC §5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// Absolute byte offset of the first byte.
    pub offset: u64,
    /// Length in bytes (of the whole run when `count` > 1).
    pub length: u64,
    /// How many characters (or bad units) the item stands for: more than 1 for a run of
    /// touching problems of one kind, whose other fields are its first character's.
    #[serde(default = "crate::problem::one")]
    pub count: u64,
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1, in characters.
    pub column: u64,
    /// The raw bytes, as upper-case hex pairs ("3D D8").
    pub bytes: String,
    /// The character or unit the problem is about, "U+0000" (P1 and P6: the unit; P2, P3,
    /// P4: the character); absent for the others.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub code_point: Option<String>,
    /// For P9, the kind of ending of the line it locates and the commonest kind (the counts
    /// of every kind are the report's `endings`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub mixed: Option<MixedEndings>,
    /// For P7, why the subpart is ill-formed.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub reason: Option<Utf8Reason>,
    /// A sentence for a person.
    pub message: String,
}

/// The default `count` of an item read from JSON written before runs were grouped.
pub(crate) fn one() -> u64 {
    1
}

/// P9's figures: which ending the located line has, and which most lines have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MixedEndings {
    /// The ending of the line P9 locates.
    pub ending: EndingKind,
    /// The commonest ending (the highest count; on a tie, the kind met first).
    pub commonest: EndingKind,
}

/// The kind of a note. Notes are not problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// N1: the last line has no ending.
    NoFinalLineEnding,
}

/// A note (N1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// What is noted.
    pub kind: NoteKind,
    /// The line it is about.
    pub line: u64,
    /// The byte offset where the line ends (the end of the file for N1).
    pub offset: u64,
    /// A sentence for a person.
    pub message: String,
}

#[cfg(test)]
mod kinds_tests {
    use super::*;

    /// The list's JSON names are the enum's serialised names and the counts' keys, in order.
    #[test]
    fn one_name_per_kind_everywhere() {
        let mut counts = ProblemCounts::default();
        for (i, k) in ProblemKind::ALL.into_iter().enumerate() {
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
        let names: Vec<&str> = ProblemKind::ALL.iter().map(|k| k.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(keys, sorted, "serde_json's map is sorted by key");
        for (i, k) in ProblemKind::ALL.into_iter().enumerate() {
            assert_eq!(json[k.name()], i as u64 + 1);
        }
        let n = ProblemKind::ALL.len() as u64;
        assert_eq!(counts.total(), n * (n + 1) / 2);
    }
}
