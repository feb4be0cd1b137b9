//! The scanner run over a buffer: the sequences it holds ([`find`], [`find_str`]), the buffer
//! without them ([`strip`], [`strip_str`]), and a sequence's visible form ([`visible`]).

use super::{Effect, Scan, Scanner, BEL, ESC, MAX_VISIBLE};

/// A sequence found in a buffer: `bytes[start..end]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// Offset of its ESC.
    pub start: usize,
    /// Offset just after its last character.
    pub end: usize,
    /// What it does.
    pub effect: Effect,
}

/// Runs the scanner over `(start, end, char)` items and calls `f` for every sequence.
fn drive(items: impl Iterator<Item = (usize, usize, char)>, mut f: impl FnMut(Found)) {
    let mut s = Scanner::new();
    let mut start = 0;
    let mut inner = 0;
    for (at, end, c) in items {
        loop {
            let was_idle = s.is_idle();
            match s.push(c) {
                Scan::Plain => {}
                Scan::Taken if was_idle => start = at,
                Scan::Taken => {
                    if c == ESC {
                        inner = at;
                    }
                }
                Scan::Done(effect) => f(Found { start, end, effect }),
                Scan::Broken => continue,
                Scan::BrokenAtEsc => {
                    start = inner;
                    continue;
                }
            }
            break;
        }
    }
}

/// The sequences in `bytes`, read as ASCII (a byte above 7F may only be part of an OSC's text).
pub fn find(bytes: &[u8]) -> Vec<Found> {
    let mut out = Vec::new();
    let items = bytes.iter().enumerate().map(|(i, &b)| {
        let c = if b < 0x80 { char::from(b) } else { '\u{FFFD}' };
        (i, i + 1, c)
    });
    drive(items, |f| out.push(f));
    out
}

/// The sequences in `text`.
pub fn find_str(text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let items = text.char_indices().map(|(i, c)| (i, i + c.len_utf8(), c));
    drive(items, |f| out.push(f));
    out
}

/// `bytes` without its recognised sequences (everything else is kept as it is; an ESC that
/// starts no sequence stays). Valid UTF-8 is read as characters, anything else as ASCII bytes.
pub fn strip(bytes: &[u8]) -> Vec<u8> {
    let found = match std::str::from_utf8(bytes) {
        Ok(s) => find_str(s),
        Err(_) => find(bytes),
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for f in found {
        out.extend_from_slice(bytes.get(at..f.start).unwrap_or_default());
        at = f.end;
    }
    out.extend_from_slice(bytes.get(at..).unwrap_or_default());
    out
}

/// `text` without its recognised sequences.
pub fn strip_str(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for f in find_str(text) {
        out.push_str(text.get(at..f.start).unwrap_or_default());
        at = f.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    out
}

/// A sequence as visible text: ESC as `\e`, BEL as `\a`, other controls as `\xNN` or
/// `\u{NNNN}`, backslash as `\\`; at most [`MAX_VISIBLE`] characters (cut with `…`).
pub fn visible(chars: impl IntoIterator<Item = char>) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in chars {
        let piece = match c {
            ESC => "\\e".to_string(),
            BEL => "\\a".to_string(),
            '\\' => "\\\\".to_string(),
            c if (c as u32) < 0x20 || c == '\u{7F}' => format!("\\x{:02X}", c as u32),
            c if crate::class::class_of(c) != crate::class::Class::Plain => {
                format!("\\u{{{:04X}}}", c as u32)
            }
            c => c.to_string(),
        };
        let len = piece.chars().count();
        if n + len > MAX_VISIBLE - 1 {
            out.push('…');
            return out;
        }
        n += len;
        out.push_str(&piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effects(s: &str) -> Vec<(usize, usize, Effect)> {
        find_str(s)
            .into_iter()
            .map(|f| (f.start, f.end, f.effect))
            .collect()
    }

    #[test]
    fn csi_effects_by_final_byte() {
        assert_eq!(effects("\x1b[32m"), vec![(0, 5, Effect::Sgr)]);
        assert_eq!(effects("\x1b[m"), vec![(0, 3, Effect::Sgr)]);
        assert_eq!(effects("a\x1b[2J"), vec![(1, 5, Effect::Erase)]);
        assert_eq!(effects("\x1b[K"), vec![(0, 3, Effect::Erase)]);
        assert_eq!(effects("\x1b[10;5H"), vec![(0, 7, Effect::Cursor)]);
        assert_eq!(effects("\x1b[?25l"), vec![(0, 6, Effect::Mode)]);
        assert_eq!(effects("\x1b[?1049h"), vec![(0, 8, Effect::Mode)]);
        assert_eq!(effects("\x1b[2;20r"), vec![(0, 7, Effect::Scroll)]);
        assert_eq!(effects("\x1b[3S"), vec![(0, 4, Effect::Scroll)]);
        assert_eq!(effects("\x1b[5 q"), vec![(0, 5, Effect::OtherCsi)]);
        assert_eq!(effects("\x1b[>4;2m"), vec![(0, 7, Effect::OtherCsi)]);
    }

    #[test]
    fn osc_effects_and_terminators() {
        assert_eq!(effects("\x1b]0;t\x07"), vec![(0, 6, Effect::Title)]);
        assert_eq!(effects("\x1b]2;t\x1b\\"), vec![(0, 7, Effect::Title)]);
        assert_eq!(
            effects("\x1b]52;c;aGk=\x07"),
            vec![(0, 12, Effect::Clipboard)]
        );
        assert_eq!(
            effects("\x1b]8;;http://x/\x1b\\link\x1b]8;;\x1b\\"),
            vec![(0, 16, Effect::Hyperlink), (20, 27, Effect::Hyperlink)]
        );
        assert_eq!(
            effects("\x1b]777;notify\x07"),
            vec![(0, 13, Effect::OtherOsc)]
        );
        assert_eq!(effects("\x1b];x\x07"), vec![(0, 5, Effect::OtherOsc)]);
        assert_eq!(effects("\x1b]0;Grüße\x07"), vec![(0, 12, Effect::Title)]);
    }

    #[test]
    fn two_character_sequences() {
        assert_eq!(
            effects("\x1b7x\x1b8"),
            vec![(0, 2, Effect::Cursor), (3, 5, Effect::Cursor)]
        );
        assert_eq!(effects("\x1bc"), vec![(0, 2, Effect::Erase)]);
        assert_eq!(effects("\x1b="), vec![(0, 2, Effect::OtherCsi)]);
    }

    #[test]
    fn what_is_not_a_sequence() {
        assert!(effects("\x1b").is_empty());
        assert!(effects("\x1b\n").is_empty());
        assert!(effects("\x1b[31\nm").is_empty());
        assert!(effects("\x1b]0;no end\n").is_empty());
        assert!(effects("\x1b]0;bad\x00\x07").is_empty());
        assert!(effects("\x1b[1;2;3").is_empty());
        assert!(
            effects("\x1b[1 1m").is_empty(),
            "a parameter after an intermediate"
        );
        let long = format!("\x1b[{}m", "1;".repeat(40));
        assert!(effects(&long).is_empty(), "longer than 64 characters");
        let long_osc = format!("\x1b]2;{}\x07", "x".repeat(5000));
        assert!(
            effects(&long_osc).is_empty(),
            "longer than 4,096 characters"
        );
    }

    #[test]
    fn a_broken_sequence_lets_the_next_esc_start_one() {
        assert_eq!(effects("\x1b\x1b[1m"), vec![(1, 5, Effect::Sgr)]);
        assert_eq!(effects("\x1b[1\x1b[2m"), vec![(3, 7, Effect::Sgr)]);
        // An OSC cut by an ESC that is not ST: that ESC starts the next sequence.
        assert_eq!(effects("\x1b]0;t\x1b[1m"), vec![(5, 9, Effect::Sgr)]);
        assert_eq!(effects("\x1b]0;t\x1b\x1b[1m"), vec![(6, 10, Effect::Sgr)]);
    }

    #[test]
    fn strip_keeps_everything_else() {
        assert_eq!(strip_str("\x1b[31mred\x1b[0m \x1b plain"), "red \x1b plain");
        assert_eq!(strip(b"\xff\x1b[1mx\x1b]0;t\x07"), b"\xffx".to_vec());
        assert_eq!(strip("é\x1b[1mé".as_bytes()), "éé".as_bytes().to_vec());
    }

    #[test]
    fn visible_form() {
        assert_eq!(visible("\x1b[32m".chars()), "\\e[32m");
        assert_eq!(visible("\x1b]0;t\x07".chars()), "\\e]0;t\\a");
        assert_eq!(visible("\x1b]0;a\\b\x1b\\".chars()), "\\e]0;a\\\\b\\e\\\\");
        let long: String = std::iter::once(ESC)
            .chain("]2;".chars())
            .chain(std::iter::repeat_n('x', 200))
            .collect();
        let v = visible(long.chars());
        assert_eq!(v.chars().count(), MAX_VISIBLE);
        assert!(v.ends_with('…'));
    }
}
