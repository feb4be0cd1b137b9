//! The structure builder's sink: the lines in range, each with its text and, when it is beyond
//! ASCII or has a problem, its characters itemised (S1).

use super::{CharInfo, Ending, Line, StructureOptions};
use crate::ansi::{Scan, Scanner, ESC};
use crate::class::class_of;
use crate::decode::{Bad, Sink};
use crate::format::{hex, Format};
use crate::lines::{LineEnd, LineMachine, Role};
use crate::preview::push_visible;
use crate::problem::ProblemKind;

/// A character of the current line, before it is itemised: its bytes are
/// `listed_bytes[start..start + len]`.
#[derive(Debug, Clone, Copy)]
pub(super) struct RawChar {
    offset: u64,
    c: Option<char>,
    start: usize,
    len: usize,
    problem: Option<ProblemKind>,
}

#[derive(Debug)]
pub(super) struct LineSink {
    pub(super) format: Format,
    pub(super) opts: StructureOptions,
    pub(super) first: u64,
    pub(super) last: u64,
    pub(super) line: u64,
    pub(super) cur: Option<Line>,
    /// A CR waiting for its follower (L1).
    pub(super) ends: LineMachine,
    pub(super) lines: Vec<Line>,
    /// The current line's characters, kept raw (no allocation per character) until the line
    /// closes and turns out to need them itemised.
    pub(super) listed_chars: Vec<RawChar>,
    /// The bytes of those characters, one after the other.
    pub(super) listed_bytes: Vec<u8>,
    pub(super) text_chars: usize,
    pub(super) end: u64,
    pub(super) done: bool,
    /// Terminal escape sequences are recognised in this format (as the tracker does).
    pub(super) ansi_on: bool,
    pub(super) ansi: AnsiState,
}

/// A terminal escape sequence pending on the current line: its ESC and BEL are marked
/// control characters as they arrive, and unmarked when the sequence turns out to be one, so
/// the tree agrees with the report, where a recognised sequence is a finding and no problem.
#[derive(Debug, Default)]
pub(super) struct AnsiState {
    scanner: Scanner,
    /// Index in `listed_chars` of the pending sequence's ESC, and of an ESC inside it.
    start: usize,
    inner: usize,
    /// Control characters marked since each of those ESCs.
    start_controls: u64,
    inner_controls: u64,
    /// Control characters marked on the current line.
    line_controls: u64,
}

/// What one character did to the pending sequence.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Outside,
    Started,
    Inner,
    Inside,
    Done,
}

impl LineSink {
    fn in_range(&self) -> bool {
        (self.first..=self.last).contains(&self.line)
    }

    /// A line starts where the one before it ended (`self.end`), not at its first character:
    /// bytes that decode to no character (an ISO-2022 escape sequence at a line's start)
    /// belong to the line they precede, as the line index's `locate` counts them.
    fn begin(&mut self, offset: u64) {
        if self.cur.is_none() && !self.done {
            self.text_chars = 0;
            self.ansi.line_controls = 0;
            self.cur = Some(Line {
                number: self.line,
                offset: self.end.min(offset),
                length: 0,
                characters: 0,
                ending: None,
                text: String::new(),
                text_truncated: false,
                non_ascii: false,
                problems: Vec::new(),
                chars: Vec::new(),
                chars_omitted: 0,
            });
        }
    }

    pub(super) fn end_line(&mut self, end: LineEnd) {
        self.close(Some(Ending {
            kind: end.kind,
            offset: end.offset,
            length: end.byte_len(),
            bytes: hex(end.bytes()),
        }));
    }

    pub(super) fn close(&mut self, ending: Option<Ending>) {
        let Some(mut line) = self.cur.take() else {
            return;
        };
        if self.in_range() {
            line.length = ending.as_ref().map_or(self.end, |e| e.offset) - line.offset;
            line.ending = ending;
            if self.opts.all_chars || line.non_ascii || !line.problems.is_empty() {
                line.chars = self.itemise();
            } else {
                line.chars_omitted = 0;
            }
            self.lines.push(line);
        }
        self.listed_chars.clear();
        self.listed_bytes.clear();
        self.line += 1;
        if self.line > self.last {
            self.done = true;
        }
    }

    fn add(&mut self, c: Option<char>, offset: u64, bytes: &[u8], problem: Option<ProblemKind>) {
        self.begin(offset);
        self.end = offset + bytes.len() as u64;
        if !self.in_range() {
            return;
        }
        let opts = self.opts;
        let Some(line) = self.cur.as_mut() else {
            return;
        };
        line.characters += 1;
        if c.is_none_or(|c| !c.is_ascii()) {
            line.non_ascii = true;
        }
        if problem == Some(ProblemKind::ControlCharacter) {
            self.ansi.line_controls += 1;
        }
        if let Some(p) = problem {
            if !line.problems.contains(&p) {
                line.problems.push(p);
            }
        }
        if self.text_chars < opts.max_text_per_line {
            self.text_chars += 1;
            push_visible(c.unwrap_or('\u{FFFD}'), &mut line.text);
        } else {
            line.text_truncated = true;
        }
        if self.listed_chars.len() < opts.max_chars_per_line {
            self.listed_chars.push(RawChar {
                offset,
                c,
                start: self.listed_bytes.len(),
                len: bytes.len(),
                problem,
            });
            self.listed_bytes.extend_from_slice(bytes);
        } else {
            line.chars_omitted += 1;
        }
    }

    /// One character through the escape-sequence scanner (as the tracker's `ansi_char`).
    fn ansi_step(&mut self, c: char) -> Step {
        loop {
            let was_idle = self.ansi.scanner.is_idle();
            match self.ansi.scanner.push(c) {
                Scan::Plain => return Step::Outside,
                Scan::Taken if was_idle => return Step::Started,
                Scan::Taken if c == ESC => return Step::Inner,
                Scan::Taken => return Step::Inside,
                Scan::Done(_) => return Step::Done,
                // The ESC stays marked; the character is pushed again.
                Scan::Broken => {}
                Scan::BrokenAtEsc => {
                    self.ansi.start = self.ansi.inner;
                    self.ansi.start_controls = self.ansi.inner_controls;
                }
            }
        }
    }

    /// The pending sequence is one: its ESC and BEL are no problem.
    fn unmark_sequence(&mut self) {
        for r in self.listed_chars.iter_mut().skip(self.ansi.start) {
            if r.problem == Some(ProblemKind::ControlCharacter) {
                r.problem = None;
            }
        }
        self.ansi.line_controls = self
            .ansi
            .line_controls
            .saturating_sub(self.ansi.start_controls);
        self.ansi.start_controls = 0;
        self.ansi.inner_controls = 0;
        if self.ansi.line_controls == 0 {
            if let Some(line) = self.cur.as_mut() {
                line.problems
                    .retain(|&p| p != ProblemKind::ControlCharacter);
            }
        }
    }

    /// The current line's characters, itemised.
    fn itemise(&self) -> Vec<CharInfo> {
        self.listed_chars
            .iter()
            .map(|r| {
                let bytes = self
                    .listed_bytes
                    .get(r.start..r.start + r.len)
                    .unwrap_or_default();
                let mut text = String::new();
                push_visible(r.c.unwrap_or('\u{FFFD}'), &mut text);
                CharInfo {
                    offset: r.offset,
                    bytes: hex(bytes),
                    code_point: r.c.map(|c| format!("U+{:04X}", c as u32)),
                    text,
                    units: units(self.format, bytes),
                    problem: r.problem,
                }
            })
            .collect()
    }
}

/// The units of a character in UTF-16 or UTF-32, as hex, where they differ from the bytes.
fn units(format: Format, bytes: &[u8]) -> Option<String> {
    let w = format.unit_width();
    if w == 1 || !bytes.len().is_multiple_of(w) {
        return None;
    }
    let be = matches!(format, Format::Utf16Be | Format::Utf32Be);
    let parts: Vec<String> = bytes
        .chunks_exact(w)
        .map(|u| {
            let fold = |v: u32, &b: &u8| (v << 8) | u32::from(b);
            let v = if be {
                u.iter().fold(0, fold)
            } else {
                u.iter().rev().fold(0, fold)
            };
            format!("{v:0width$X}", width = w * 2)
        })
        .collect();
    Some(parts.join(" "))
}

impl Sink for LineSink {
    const ASCII_RUNS: bool = false;

    /// G9: the units listed from here on are the new layout's.
    fn switched(&mut self, format: Format) {
        self.format = format;
    }

    fn ascii_run(&mut self, _: u64, _: usize, _: usize) {}

    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        if self.done {
            return;
        }
        let step = self.ends.push(c, offset, bytes);
        if let Some(cr) = step.flushed {
            self.end_line(cr);
            if self.done {
                return;
            }
        }
        match step.role {
            Role::Ends(end) => {
                self.ansi.scanner.reset();
                self.begin(offset);
                self.end = offset + bytes.len() as u64;
                self.end_line(end);
            }
            Role::Cr => {
                self.ansi.scanner.reset();
                self.begin(offset);
                self.end = offset + bytes.len() as u64;
            }
            Role::Char => {
                let problem = ProblemKind::of_class(class_of(c));
                let step = if self.ansi_on && (c == ESC || !self.ansi.scanner.is_idle()) {
                    self.ansi_step(c)
                } else {
                    Step::Outside
                };
                let at = self.listed_chars.len();
                match step {
                    Step::Started => {
                        self.ansi.start = at;
                        self.ansi.start_controls = 0;
                    }
                    Step::Inner => {
                        self.ansi.inner = at;
                        self.ansi.inner_controls = 0;
                    }
                    _ => {}
                }
                self.add(Some(c), offset, bytes, problem);
                if step != Step::Outside && problem == Some(ProblemKind::ControlCharacter) {
                    self.ansi.start_controls += 1;
                    self.ansi.inner_controls += 1;
                }
                if step == Step::Done {
                    self.unmark_sequence();
                }
            }
        }
    }

    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]) {
        if self.done {
            return;
        }
        if let Some(cr) = self.ends.interrupt() {
            self.end_line(cr);
            if self.done {
                return;
            }
        }
        self.ansi.scanner.reset();
        let kind = bad.kind();
        self.add(None, offset, bytes, Some(kind));
    }
}
