//! What detection counts over the characters it decodes from the window (D1–D8): NULs,
//! controls (terminal escape sequences left out, D7), bad units of each kind.

use crate::ansi::Scan;
use crate::class::is_control_problem;
use crate::codepage::CodePage;
use crate::decode::{Bad, Decoder, Sink};
use crate::format::Format;

/// Counts over the characters decoded from the window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    pub chars: u64,
    pub nul: u64,
    pub controls: u64,
    pub multibyte: u64,
    pub invalid_utf8: u64,
    pub surrogates: u64,
    pub above_max: u64,
    pub truncated: u64,
    pub unmapped: u64,
    /// Private use and noncharacters (D8).
    pub unusual: u64,
    /// Terminal escape sequences are looked for (D7 leaves their ESC and BEL out of the
    /// control share).
    ansi_on: bool,
    ansi: crate::ansi::Scanner,
    /// ESCs taken into the pending sequence, counted as controls if it turns out to be none.
    held: u64,
}

impl Stats {
    /// A character while a sequence may be pending (or an ESC): true when it belongs to one.
    fn ansi_char(&mut self, c: char) -> bool {
        loop {
            match self.ansi.push(c) {
                Scan::Plain => return false,
                Scan::Taken => {
                    if c == crate::ansi::ESC {
                        self.held += 1;
                    }
                    return true;
                }
                Scan::Done(_) => {
                    self.held = 0;
                    return true;
                }
                Scan::Broken => {
                    self.controls += 1;
                    self.held = 0;
                }
                Scan::BrokenAtEsc => {
                    self.controls += 1;
                    self.held = 1;
                }
            }
        }
    }

    /// The end of what was decoded: a pending sequence is none (its ESCs are controls).
    fn settle(&mut self) {
        self.controls += self.held;
        self.held = 0;
        self.ansi.reset();
    }
}

impl Sink for Stats {
    const ASCII_RUNS: bool = true;
    fn ascii_run(&mut self, _: u64, chars: usize, _: usize) {
        self.chars += chars as u64;
    }
    fn ascii_bytes(&mut self, offset: u64, bytes: &[u8], width: usize) {
        if self.ansi.is_idle() {
            self.chars += (bytes.len() / width.max(1)) as u64;
            return;
        }
        // Inside a sequence: its characters one at a time (only their ASCII byte matters).
        for unit in bytes.chunks_exact(width.max(1)) {
            let b = unit.iter().copied().find(|&b| b != 0).unwrap_or(b' ');
            self.char(char::from(b), offset, unit);
        }
    }
    fn char(&mut self, c: char, _: u64, bytes: &[u8]) {
        self.chars += 1;
        let quiet =
            self.ansi_on && (c == crate::ansi::ESC || !self.ansi.is_idle()) && self.ansi_char(c);
        if c == '\0' {
            self.nul += 1;
        } else if is_control_problem(c) && !quiet {
            self.controls += 1;
        }
        if bytes.len() > 1 && !c.is_ascii() {
            self.multibyte += 1;
        }
        let v = u32::from(c);
        if ('\u{E000}'..='\u{F8FF}').contains(&c)
            || (0xFDD0..=0xFDEF).contains(&v)
            || v & 0xFFFE == 0xFFFE
        {
            self.unusual += 1;
        }
    }
    fn bad(&mut self, bad: Bad, _: u64, _: &[u8]) {
        self.chars += 1;
        if !self.ansi.is_idle() {
            self.settle();
        }
        match bad {
            Bad::InvalidUtf8(_) => self.invalid_utf8 += 1,
            Bad::UnpairedSurrogate => self.surrogates += 1,
            Bad::InvalidCodePoint => self.above_max += 1,
            Bad::Truncated => self.truncated += 1,
            Bad::Unmapped => self.unmapped += 1,
        }
    }
}

/// Decodes `bytes` as `format` (with `page` for legacy) and counts. A character cut by the end
/// of the window is left out unless the window is the whole file (`at_eof`).
pub(crate) fn stats_in(format: Format, page: CodePage, bytes: &[u8], at_eof: bool) -> Stats {
    let mut s = Stats {
        ansi_on: format != Format::Legacy || page.ascii_escapes(),
        ..Stats::default()
    };
    let mut d = Decoder::new(format, page, 0);
    d.feed(bytes, &mut s);
    if at_eof {
        d.finish(&mut s);
    }
    s.settle();
    s
}

/// As [`stats_in`] for a Unicode format.
pub(crate) fn stats(format: Format, bytes: &[u8], at_eof: bool) -> Stats {
    stats_in(format, CodePage::windows_1252(), bytes, at_eof)
}
