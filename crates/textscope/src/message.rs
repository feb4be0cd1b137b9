//! The English sentences of the report's `message` fields, made in one place from the typed
//! data each problem, finding and note carries (kind, code point, reason, figures). The JSON
//! keeps `message` for compatibility; the web page renders its own language from the data.

use crate::ansi::Effect;
use crate::class::format_char_name;
use crate::class::{control_name, EndingKind};
use crate::decode::Bad;
use crate::finding::{
    finding_char_name, hidden_char_name, is_hidden_character, is_variation_selector, FindingKind,
};
use crate::format::Format;
use crate::problem::ProblemKind;

/// P2.
pub(crate) fn nul() -> String {
    "U+0000 (NUL) in the text".to_string()
}

/// P3.
pub(crate) fn control(c: char) -> String {
    format!("control character U+{:04X} ({})", c as u32, control_name(c))
}

/// P4.
pub(crate) fn bom_in_text() -> String {
    "U+FEFF (byte order mark) inside the text; were two files joined?".to_string()
}

/// A character that is a problem by itself (P2, P3, P4: [`ProblemKind::of_class`]).
pub(crate) fn char_problem(kind: ProblemKind, c: char) -> String {
    match kind {
        ProblemKind::Nul => nul(),
        ProblemKind::ControlCharacter => control(c),
        ProblemKind::BomInText => bom_in_text(),
        // Bad units and P9 are not characters: their messages are `bad` and `mixed_endings`.
        ProblemKind::UnpairedSurrogate
        | ProblemKind::TruncatedCharacter
        | ProblemKind::InvalidCodePoint
        | ProblemKind::InvalidUtf8
        | ProblemKind::UnmappedByte
        | ProblemKind::MixedLineEndings => format!("{} at U+{:04X}", kind.name(), c as u32),
    }
}

/// A bidi control, an invisible character, or a hidden one (tags, fillers, a stray
/// variation selector).
pub(crate) fn finding(kind: FindingKind, c: char) -> String {
    let what = match kind {
        FindingKind::BidiControl => {
            "bidi control; it reorders the text shown after it, so what is read may differ from what is seen"
        }
        FindingKind::InvisibleCharacter if is_variation_selector(c) => {
            "invisible character outside an emoji or ideographic sequence; it takes no room on screen"
        }
        FindingKind::InvisibleCharacter => "invisible character; it takes no room on screen",
        FindingKind::AnsiEscape => "terminal escape sequence",
        FindingKind::Mojibake => "mojibake",
        FindingKind::MixedEncoding => "a stretch in another encoding",
    };
    let name = match format_char_name(c) {
        Some(n) => n.to_string(),
        None if is_hidden_character(c) || is_variation_selector(c) => hidden_char_name(c),
        None => finding_char_name(c).to_string(),
    };
    format!("U+{:04X} {name} ({what})", c as u32)
}

/// A terminal escape sequence: its visible form and what it does.
pub(crate) fn ansi(effect: Effect, visible: &str) -> String {
    if effect.dangerous() {
        format!(
            "terminal escape sequence {visible} ({}); a terminal that shows the file acts on it",
            effect.describe()
        )
    } else {
        format!("terminal escape sequence {visible} ({})", effect.describe())
    }
}

/// "4,096".
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A run of `count` touching problems of one kind; `first` is the first one's message.
pub(crate) fn problem_run(kind: ProblemKind, count: u64, first: &str) -> String {
    let n = thousands(count);
    match kind {
        ProblemKind::Nul => format!("{n} NULs (U+0000) in a row"),
        ProblemKind::ControlCharacter => {
            format!("{n} control characters in a row, the first: {first}")
        }
        ProblemKind::BomInText => {
            format!("{n} U+FEFF (byte order mark) in a row inside the text; were files joined?")
        }
        ProblemKind::InvalidUtf8 => {
            format!("{n} invalid UTF-8 sequences in a row, the first: {first}")
        }
        ProblemKind::UnpairedSurrogate => {
            format!("{n} unpaired surrogates in a row, the first: {first}")
        }
        ProblemKind::InvalidCodePoint => {
            format!("{n} units above 10FFFF in a row, the first: {first}")
        }
        ProblemKind::UnmappedByte => {
            format!("{n} byte sequences in a row that the code page maps to no character")
        }
        ProblemKind::TruncatedCharacter | ProblemKind::MixedLineEndings => {
            format!("{n} in a row, the first: {first}")
        }
    }
}

/// A run of `count` touching findings of one kind; `first` is the first one's message.
pub(crate) fn finding_run(
    kind: FindingKind,
    count: u64,
    effect: Option<Effect>,
    first: &str,
) -> String {
    let n = thousands(count);
    match (kind, effect) {
        (FindingKind::AnsiEscape, Some(e)) => {
            let tail = if e.dangerous() {
                "; a terminal that shows the file acts on them"
            } else {
                ""
            };
            format!(
                "{n} terminal escape sequences in a row ({}){tail}",
                e.describe()
            )
        }
        (FindingKind::BidiControl, _) => format!("{n} bidi controls in a row, the first: {first}"),
        // An escape sequence always has its effect; without one it reads as the others do.
        (FindingKind::InvisibleCharacter | FindingKind::AnsiEscape, _) => {
            format!("{n} invisible characters in a row, the first: {first}")
        }
        (FindingKind::Mojibake | FindingKind::MixedEncoding, _) => format!("{n} in a row: {first}"),
    }
}

/// P9: the counts of each kind present, the line that differs, its kind and the commonest.
pub(crate) fn mixed_endings(
    present: &[(EndingKind, u64)],
    line: u64,
    other: EndingKind,
    common: EndingKind,
) -> String {
    let kinds: Vec<String> = present
        .iter()
        .map(|(k, n)| format!("{n} {}", k.label()))
        .collect();
    format!(
        "mixed line endings ({}): line {line} ends with {}, most lines end with {}",
        kinds.join(", "),
        other.label(),
        common.label()
    )
}

/// N1.
pub(crate) fn no_final_line_ending(line: u64) -> String {
    format!("line {line} has no line ending")
}

/// The unit a bad unit of UTF-16 or UTF-32 is (P1, P6), if it is one.
pub(crate) fn unit_of(format: Format, bytes: &[u8]) -> Option<u32> {
    match (format, bytes) {
        (Format::Utf16Le, [a, b, ..]) => Some(u32::from(u16::from_le_bytes([*a, *b]))),
        (Format::Utf16Be, [a, b, ..]) => Some(u32::from(u16::from_be_bytes([*a, *b]))),
        (Format::Utf32Le, [a, b, c, d]) => Some(u32::from_le_bytes([*a, *b, *c, *d])),
        (Format::Utf32Be, [a, b, c, d]) => Some(u32::from_be_bytes([*a, *b, *c, *d])),
        _ => None,
    }
}

/// The message for a bad unit (P1, P5, P6, P7, P8).
pub(crate) fn bad(bad: Bad, format: Format, bytes: &[u8]) -> String {
    let u = unit_of(format, bytes).unwrap_or(0);
    match bad {
        Bad::UnpairedSurrogate => {
            if format.unit_width() == 4 {
                format!("surrogate unit {u:04X} is not a character in UTF-32")
            } else if (0xD800..0xDC00).contains(&u) {
                format!("high surrogate {u:04X} is not followed by a low surrogate")
            } else {
                format!("low surrogate {u:04X} is not preceded by a high surrogate")
            }
        }
        Bad::Truncated => format!(
            "the file ends inside a character ({} of its bytes present)",
            bytes.len()
        ),
        Bad::InvalidCodePoint => format!("unit {u:08X} is above 10FFFF"),
        Bad::InvalidUtf8(r) => format!("invalid UTF-8: {}", r.describe()),
        Bad::Unmapped => "the code page maps no character to this byte sequence".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separates_groups_of_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(4096), "4,096");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn run_messages_say_how_many() {
        assert_eq!(
            problem_run(ProblemKind::Nul, 4096, ""),
            "4,096 NULs (U+0000) in a row"
        );
        let m = finding_run(FindingKind::AnsiEscape, 3, Some(Effect::Sgr), "");
        assert_eq!(m, "3 terminal escape sequences in a row (SGR colour)");
        assert!(ansi(Effect::Clipboard, "\\e]52;c;x\\a").contains("acts on it"));
    }
}
