//! Character classes: the one table every stage asks what a character is (line ending, P2–P4
//! problem, finding, something to show in brackets). It sits at the bottom of the pipeline and
//! knows no other stage, so detection, the line machine (`lines.rs`), the tracker, the
//! structure, the preview and the CLI's `check` and `convert` all read the same answers.
//!
//! One naming is settled here: the marks U+200E, U+200F and U+061C are **invisible
//! characters**, not bidi controls. They only set the direction of the neutral characters next
//! to them and embed or isolate nothing; the bidi class is the embedding, override and isolate
//! controls (U+202A–U+202E, U+2066–U+2069), which reorder whole runs of text.

use serde::{Deserialize, Serialize};

/// Kinds of line ending (L1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndingKind {
    /// U+000A.
    Lf,
    /// U+000D U+000A.
    Crlf,
    /// U+000D alone.
    Cr,
    /// U+0085.
    Nel,
    /// U+2028.
    Ls,
    /// U+2029.
    Ps,
}

impl EndingKind {
    /// All kinds, in the order of the report's `endings` object.
    pub const ALL: [EndingKind; 6] = [
        EndingKind::Lf,
        EndingKind::Crlf,
        EndingKind::Cr,
        EndingKind::Nel,
        EndingKind::Ls,
        EndingKind::Ps,
    ];

    /// Upper-case label for people ("CRLF").
    pub fn label(self) -> &'static str {
        match self {
            EndingKind::Lf => "LF",
            EndingKind::Crlf => "CRLF",
            EndingKind::Cr => "CR",
            EndingKind::Nel => "NEL",
            EndingKind::Ls => "LS",
            EndingKind::Ps => "PS",
        }
    }

    /// The JSON name ("crlf").
    pub fn name(self) -> &'static str {
        match self {
            EndingKind::Lf => "lf",
            EndingKind::Crlf => "crlf",
            EndingKind::Cr => "cr",
            EndingKind::Nel => "nel",
            EndingKind::Ls => "ls",
            EndingKind::Ps => "ps",
        }
    }

    /// Position in [`EndingKind::ALL`] (an exhaustive match: a new kind must be placed).
    pub fn index(self) -> usize {
        match self {
            EndingKind::Lf => 0,
            EndingKind::Crlf => 1,
            EndingKind::Cr => 2,
            EndingKind::Nel => 3,
            EndingKind::Ls => 4,
            EndingKind::Ps => 5,
        }
    }
}

/// What a character is, for every stage (see [`class_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A character that ends a line (L1): LF, NEL, LS, PS; CR, which may be the first half of a
    /// CR LF (the line machine decides).
    Ending(EndingKind),
    /// U+0000 (P2).
    Nul,
    /// A control character of P3.
    Control,
    /// U+FEFF (P4 after offset 0).
    ByteOrderMark,
    /// A bidi embedding, override or isolate control (finding `bidi_control`).
    Bidi,
    /// An invisible character (finding `invisible_character`): see [`INVISIBLE`].
    Invisible,
    /// Anything else: TAB and FF included (counted, never reported).
    Plain,
}

/// The class of `c`.
#[inline]
pub fn class_of(c: char) -> Class {
    match c {
        '\n' => Class::Ending(EndingKind::Lf),
        '\r' => Class::Ending(EndingKind::Cr),
        '\u{85}' => Class::Ending(EndingKind::Nel),
        '\u{2028}' => Class::Ending(EndingKind::Ls),
        '\u{2029}' => Class::Ending(EndingKind::Ps),
        '\0' => Class::Nul,
        c if is_control_problem(c) => Class::Control,
        ' '..='~' | '\t' | '\u{C}' => Class::Plain,
        '\u{FEFF}' => Class::ByteOrderMark,
        c if is_bidi_control(c) => Class::Bidi,
        c if is_invisible(c) => Class::Invisible,
        _ => Class::Plain,
    }
}

/// The line ending `c` is by itself (L1), if any: CR is [`EndingKind::Cr`] here, and becomes
/// part of a CR LF only in the line machine (`lines::LineMachine`).
#[inline]
pub fn ending_of(c: char) -> Option<EndingKind> {
    match c {
        '\n' => Some(EndingKind::Lf),
        '\r' => Some(EndingKind::Cr),
        '\u{85}' => Some(EndingKind::Nel),
        '\u{2028}' => Some(EndingKind::Ls),
        '\u{2029}' => Some(EndingKind::Ps),
        _ => None,
    }
}

/// P3's set: C0 other than TAB, LF, FF, CR (VT is one); DEL; C1 other than NEL.
#[inline]
pub fn is_control_problem(c: char) -> bool {
    matches!(c, '\u{1}'..='\u{8}' | '\u{B}' | '\u{E}'..='\u{1F}' | '\u{7F}' | '\u{80}'..='\u{84}' | '\u{86}'..='\u{9F}')
}

/// The name of a control character, for messages.
pub fn control_name(c: char) -> &'static str {
    const C0: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF",
        "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
        "SUB", "ESC", "FS", "GS", "RS", "US",
    ];
    match c as u32 {
        v @ 0..=0x1F => C0.get(v as usize).copied().unwrap_or("control"),
        0x7F => "DEL",
        0x85 => "NEL",
        0x80..=0x9F => "C1 control",
        _ => "control",
    }
}

/// The bidi embedding, override and isolate controls (finding `bidi_control`), sorted, with
/// their names.
pub const BIDI_CONTROLS: &[(char, &str)] = &[
    ('\u{202A}', "LEFT-TO-RIGHT EMBEDDING"),
    ('\u{202B}', "RIGHT-TO-LEFT EMBEDDING"),
    ('\u{202C}', "POP DIRECTIONAL FORMATTING"),
    ('\u{202D}', "LEFT-TO-RIGHT OVERRIDE"),
    ('\u{202E}', "RIGHT-TO-LEFT OVERRIDE"),
    ('\u{2066}', "LEFT-TO-RIGHT ISOLATE"),
    ('\u{2067}', "RIGHT-TO-LEFT ISOLATE"),
    ('\u{2068}', "FIRST STRONG ISOLATE"),
    ('\u{2069}', "POP DIRECTIONAL ISOLATE"),
];

/// The invisible characters (finding `invisible_character`), sorted, with their names: the
/// characters that take no room on screen. U+FEFF is not here (it is P4). To add one, add it
/// here in order and to [`is_invisible`]; the vector kernels stop on it only if their stop
/// classes cover it too (`fast/kernel.rs`; `tests/kernels.rs` checks every kernel against the
/// reference).
pub const INVISIBLE: &[(char, &str)] = &[
    ('\u{061C}', "ARABIC LETTER MARK"),
    ('\u{200B}', "ZERO WIDTH SPACE"),
    ('\u{200C}', "ZERO WIDTH NON-JOINER"),
    ('\u{200D}', "ZERO WIDTH JOINER"),
    ('\u{200E}', "LEFT-TO-RIGHT MARK"),
    ('\u{200F}', "RIGHT-TO-LEFT MARK"),
    ('\u{2060}', "WORD JOINER"),
    ('\u{2061}', "FUNCTION APPLICATION"),
    ('\u{2062}', "INVISIBLE TIMES"),
    ('\u{2063}', "INVISIBLE SEPARATOR"),
    ('\u{2064}', "INVISIBLE PLUS"),
];

fn lookup(table: &[(char, &'static str)], c: char) -> Option<&'static str> {
    table
        .binary_search_by_key(&c, |&(x, _)| x)
        .ok()
        .and_then(|i| table.get(i))
        .map(|&(_, name)| name)
}

/// True for the bidi embedding, override and isolate controls ([`BIDI_CONTROLS`]).
#[inline]
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// True for the invisible characters ([`INVISIBLE`]; `invisible_predicate_is_the_table`
/// keeps the two alike). A match, not a search of the table: zero-width joiners inside emoji
/// sequences made the search a tenth of the time of multilingual text.
#[inline]
pub fn is_invisible(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}')
}

/// True for what the sanitiser shows as `[U+XXXX]` rather than as itself because it changes
/// the order or the visibility of text: [`BIDI_CONTROLS`], [`INVISIBLE`], U+FEFF and the hidden
/// characters of [`crate::hidden::is_hidden_character`] (tags, Hangul fillers, U+00AD, U+180E).
#[inline]
pub fn is_bidi_or_invisible(c: char) -> bool {
    is_bidi_control(c)
        || is_invisible(c)
        || c == '\u{FEFF}'
        || crate::hidden::is_hidden_character(c)
}

/// The name of a bidi control or an invisible character, for messages.
pub fn format_char_name(c: char) -> Option<&'static str> {
    lookup(BIDI_CONTROLS, c).or_else(|| lookup(INVISIBLE, c))
}

/// True for the 66 noncharacters: U+FDD0–U+FDEF and the last two code points of every plane.
#[inline]
pub fn is_noncharacter(c: char) -> bool {
    let v = c as u32;
    (0xFDD0..=0xFDEF).contains(&v) || v & 0xFFFE == 0xFFFE
}

/// "U+00E9": the notation for a code point (four hex digits at least).
pub fn code_point(c: char) -> String {
    code_point_of(c as u32)
}

/// "U+D83D": the same notation for any value, a unit that is no character included.
pub fn code_point_of(v: u32) -> String {
    format!("U+{v:04X}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_so_lookups_find_every_entry() {
        for table in [BIDI_CONTROLS, INVISIBLE] {
            assert!(table.windows(2).all(|w| w[0].0 < w[1].0));
            for &(c, name) in table {
                assert_eq!(format_char_name(c), Some(name));
            }
        }
    }

    #[test]
    fn bidi_predicate_is_the_table() {
        for v in 0..0x11_0000u32 {
            if let Some(c) = char::from_u32(v) {
                assert_eq!(
                    is_bidi_control(c),
                    lookup(BIDI_CONTROLS, c).is_some(),
                    "{v:X}"
                );
            }
        }
    }

    #[test]
    fn invisible_predicate_is_the_table() {
        for v in 0..0x11_0000u32 {
            if let Some(c) = char::from_u32(v) {
                assert_eq!(is_invisible(c), lookup(INVISIBLE, c).is_some(), "{v:X}");
            }
        }
    }

    #[test]
    fn marks_are_invisible_not_bidi() {
        for c in ['\u{200E}', '\u{200F}', '\u{061C}'] {
            assert_eq!(class_of(c), Class::Invisible);
        }
        assert_eq!(class_of('\u{202E}'), Class::Bidi);
    }

    #[test]
    fn p3_and_l1_classes() {
        assert_eq!(class_of('\u{B}'), Class::Control);
        assert_eq!(class_of('\u{C}'), Class::Plain);
        assert_eq!(class_of('\t'), Class::Plain);
        assert_eq!(class_of('\u{85}'), Class::Ending(EndingKind::Nel));
        assert_eq!(class_of('\u{86}'), Class::Control);
        assert_eq!(class_of('\u{FEFF}'), Class::ByteOrderMark);
        assert_eq!(ending_of('\u{2029}'), Some(EndingKind::Ps));
        assert_eq!(ending_of('\u{B}'), None);
        assert!(is_noncharacter('\u{FDD0}') && is_noncharacter('\u{10FFFF}'));
        assert!(!is_noncharacter('\u{FFFD}'));
        assert_eq!(code_point('\u{E9}'), "U+00E9");
        assert_eq!(code_point('\u{1F600}'), "U+1F600");
    }

    #[test]
    fn every_class_agrees_with_its_predicate() {
        for v in 0..0x3000u32 {
            let Some(c) = char::from_u32(v) else { continue };
            let cls = class_of(c);
            assert_eq!(cls == Class::Control, is_control_problem(c), "{v:X}");
            assert_eq!(cls == Class::Invisible, is_invisible(c), "{v:X}");
            assert_eq!(
                matches!(cls, Class::Ending(_)),
                ending_of(c).is_some(),
                "{v:X}"
            );
        }
    }
}
