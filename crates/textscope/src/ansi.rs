//! Terminal escape sequences (finding `ansi_escape`): ECMA-48 control sequences (CSI, `ESC [`
//! … final byte), operating system commands (OSC, `ESC ]` … BEL or `ESC \`) and the
//! two-character escape sequences (`ESC 7`, `ESC c` …).
//!
//! A recognised sequence is one finding, and its characters are neither problem P3 nor part of
//! D7's control share, so a coloured log reads as text. An ESC that starts none of these stays
//! a control character (P3).
//!
//! The [`Scanner`] is fed one character at a time and keeps its state between calls, so a
//! sequence split across chunks is recognised the same. [`find`], [`strip`] and [`strip_str`]
//! run it over a buffer (bytes are read as ASCII; a byte above 7F counts as a character that
//! an OSC's text may hold).
//!
//! ```
//! use textscope::ansi::{find, strip_str, Effect};
//! let found = find(b"\x1b[32mok\x1b[0m \x1b]52;c;aGk=\x07");
//! assert_eq!(found.len(), 3);
//! assert_eq!(found[0].effect, Effect::Sgr);
//! assert!(found[2].effect.dangerous());
//! assert_eq!(strip_str("\x1b[1mbold\x1b[0m \x1b[Z?"), "bold ?");
//! ```

use serde::{Deserialize, Serialize};

/// ESC, U+001B.
pub const ESC: char = '\u{1B}';
/// BEL, U+0007 (ends an OSC).
const BEL: char = '\u{7}';
/// Most characters of a CSI sequence, `ESC [` and the final byte included.
pub const MAX_CSI: u32 = 64;
/// Most characters of an OSC sequence, `ESC ]` and the terminator included.
pub const MAX_OSC: u32 = 4096;
/// Most characters of the visible form of a sequence ([`visible`]).
pub const MAX_VISIBLE: usize = 80;

/// What a sequence does to a terminal that shows it. The serialised names are part of the JSON
/// interface (`effect` of an `ansi_escape` finding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Select graphic rendition: colours, bold, underline (`CSI … m`).
    Sgr,
    /// Cursor movement, save and restore (`CSI A`–`H`, `f`, `s`, `u` …; `ESC 7`, `ESC 8`).
    Cursor,
    /// Erasing the screen or a line (`CSI J`, `CSI K`, `CSI X`; `ESC c`, the full reset).
    Erase,
    /// Scrolling and the scrolling region (`CSI S`, `CSI T`, `CSI r`).
    Scroll,
    /// Setting or resetting a terminal mode (`CSI … h`, `CSI … l`, `CSI ? … h`).
    Mode,
    /// Setting the window or icon title (OSC 0, 1, 2).
    Title,
    /// Writing to the clipboard (OSC 52).
    Clipboard,
    /// A hyperlink (OSC 8).
    Hyperlink,
    /// Another control sequence or two-character escape sequence.
    OtherCsi,
    /// Another operating system command.
    OtherOsc,
}

impl Effect {
    /// The JSON name (`sgr`).
    pub fn name(self) -> &'static str {
        match self {
            Effect::Sgr => "sgr",
            Effect::Cursor => "cursor",
            Effect::Erase => "erase",
            Effect::Scroll => "scroll",
            Effect::Mode => "mode",
            Effect::Title => "title",
            Effect::Clipboard => "clipboard",
            Effect::Hyperlink => "hyperlink",
            Effect::OtherCsi => "other_csi",
            Effect::OtherOsc => "other_osc",
        }
    }

    /// True when showing the file on a terminal changes more than how text looks: it writes
    /// the clipboard or the title, erases, scrolls, switches modes, or runs another command.
    pub fn dangerous(self) -> bool {
        matches!(
            self,
            Effect::Erase
                | Effect::Scroll
                | Effect::Mode
                | Effect::Title
                | Effect::Clipboard
                | Effect::OtherOsc
        )
    }

    /// Words for a message ("SGR colour").
    pub fn describe(self) -> &'static str {
        match self {
            Effect::Sgr => "SGR colour",
            Effect::Cursor => "cursor movement",
            Effect::Erase => "erase screen or line",
            Effect::Scroll => "scrolling",
            Effect::Mode => "terminal mode change",
            Effect::Title => "set window title",
            Effect::Clipboard => "clipboard write",
            Effect::Hyperlink => "hyperlink",
            Effect::OtherCsi => "control sequence",
            Effect::OtherOsc => "operating system command",
        }
    }
}

/// What the scanner made of one character ([`Scanner::push`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scan {
    /// Nothing was pending and the character starts nothing: an ordinary character.
    Plain,
    /// The character belongs to the sequence that is pending (an ESC starts one).
    Taken,
    /// The character ends the pending sequence, which has this effect.
    Done(Effect),
    /// The pending sequence is not one (its ESC is an ordinary control character) and the
    /// character is not part of it: push the character again.
    Broken,
    /// As [`Scan::Broken`], but the last ESC taken inside the pending sequence (the first half
    /// of an OSC's `ESC \`) now starts a new pending sequence: push the character again.
    BrokenAtEsc,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    #[default]
    Idle,
    Esc,
    Csi,
    Osc,
    OscEsc,
}

/// A character-at-a-time recogniser of terminal escape sequences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scanner {
    state: State,
    /// Characters taken so far, ESC included.
    len: u32,
    /// CSI: the first parameter byte is one of `<`, `=`, `>`, `?` (a private sequence).
    private: bool,
    /// CSI: an intermediate byte (20–2F) was seen; OSC: the number has ended.
    later: bool,
    /// OSC: its number (the digits before the first `;`), saturated.
    number: u32,
    /// OSC: digits were seen.
    digits: bool,
}

impl Scanner {
    /// An idle scanner.
    pub fn new() -> Scanner {
        Scanner::default()
    }

    /// True when no sequence is pending.
    #[inline]
    pub fn is_idle(&self) -> bool {
        self.state == State::Idle
    }

    /// The characters the pending sequence has taken so far.
    pub fn pending_len(&self) -> u32 {
        if self.is_idle() {
            0
        } else {
            self.len
        }
    }

    /// Forgets the pending sequence.
    pub fn reset(&mut self) {
        *self = Scanner::default();
    }

    fn start(&mut self) {
        *self = Scanner {
            state: State::Esc,
            len: 1,
            ..Scanner::default()
        };
    }

    fn broken(&mut self) -> Scan {
        self.reset();
        Scan::Broken
    }

    fn done(&mut self, effect: Effect) -> Scan {
        self.reset();
        Scan::Done(effect)
    }

    /// The next character.
    #[inline]
    pub fn push(&mut self, c: char) -> Scan {
        if self.state == State::Idle {
            if c == ESC {
                self.start();
                return Scan::Taken;
            }
            return Scan::Plain;
        }
        self.push_pending(c)
    }

    #[cold]
    fn push_pending(&mut self, c: char) -> Scan {
        self.len += 1;
        let b = u32::from(c);
        match self.state {
            State::Idle => Scan::Plain,
            State::Esc => match c {
                '[' => {
                    self.state = State::Csi;
                    Scan::Taken
                }
                ']' => {
                    self.state = State::Osc;
                    Scan::Taken
                }
                '0'..='~' => self.done(two_char(c)),
                _ => self.broken(),
            },
            State::Csi => {
                if self.len > MAX_CSI {
                    return self.broken();
                }
                match b {
                    0x30..=0x3F if !self.later => {
                        if self.len == 3 && (0x3C..=0x3F).contains(&b) {
                            self.private = true;
                        }
                        Scan::Taken
                    }
                    0x20..=0x2F => {
                        self.later = true;
                        Scan::Taken
                    }
                    0x40..=0x7E => {
                        let e = csi_effect(c, self.private, self.later);
                        self.done(e)
                    }
                    _ => self.broken(),
                }
            }
            State::Osc => {
                if self.len > MAX_OSC {
                    return self.broken();
                }
                if c == BEL {
                    let e = osc_effect(self.number, self.digits);
                    return self.done(e);
                }
                if c == ESC {
                    self.state = State::OscEsc;
                    return Scan::Taken;
                }
                if !osc_text(c) {
                    return self.broken();
                }
                if !self.later {
                    match c.to_digit(10) {
                        Some(d) => {
                            self.digits = true;
                            self.number = self.number.saturating_mul(10).saturating_add(d);
                        }
                        None => self.later = true,
                    }
                }
                Scan::Taken
            }
            State::OscEsc => {
                if c == '\\' && self.len <= MAX_OSC {
                    let e = osc_effect(self.number, self.digits);
                    return self.done(e);
                }
                self.start();
                Scan::BrokenAtEsc
            }
        }
    }
}

/// A character an OSC's text may hold: printable ASCII, and any character above U+009F that
/// is not a problem or a finding by itself.
fn osc_text(c: char) -> bool {
    matches!(c, ' '..='~')
        || (u32::from(c) > 0x9F && matches!(crate::class::class_of(c), crate::class::Class::Plain))
}

/// The effect of `ESC c` for a two-character escape sequence.
fn two_char(c: char) -> Effect {
    match c {
        '7' | '8' | 'D' | 'E' | 'M' => Effect::Cursor,
        'c' => Effect::Erase,
        _ => Effect::OtherCsi,
    }
}

/// The effect of a CSI sequence by its final byte.
fn csi_effect(last: char, private: bool, intermediate: bool) -> Effect {
    if intermediate {
        return Effect::OtherCsi;
    }
    match last {
        'h' | 'l' => Effect::Mode,
        'm' if !private => Effect::Sgr,
        'A'..='H' | 'a' | 'd' | 'e' | 'f' | '`' | 's' | 'u' if !private => Effect::Cursor,
        'J' | 'K' | 'X' => Effect::Erase,
        'S' | 'T' | 'r' if !private => Effect::Scroll,
        _ => Effect::OtherCsi,
    }
}

/// The effect of an OSC by its number.
fn osc_effect(number: u32, digits: bool) -> Effect {
    match (digits, number) {
        (true, 0..=2) => Effect::Title,
        (true, 8) => Effect::Hyperlink,
        (true, 52) => Effect::Clipboard,
        _ => Effect::OtherOsc,
    }
}

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

    #[test]
    fn scanner_is_chunk_invariant_by_construction() {
        // One character at a time is the only way it is fed; a split never changes the state.
        let mut s = Scanner::new();
        let mut out = Vec::new();
        for c in "\x1b[3".chars().chain("2m".chars()) {
            out.push(s.push(c));
        }
        assert_eq!(out.last(), Some(&Scan::Done(Effect::Sgr)));
        assert!(s.is_idle());
    }
}
