//! The character-at-a-time recogniser of terminal escape sequences: its state lives between
//! calls, so a sequence split across chunks is recognised the same.

use super::{csi_effect, osc_effect, two_char, Effect, BEL, ESC, MAX_CSI, MAX_OSC};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ansi::Effect;

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
