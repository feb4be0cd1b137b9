//! The pass over the characters for `eol`, `final-newline`, `bidi` and `line-length`. The
//! characters come from the report's own decoding (`textscope::ObservedAnalyzer`); the lines
//! from the core's line machine (`textscope::lines`, L1: CR LF is one ending); which
//! characters `bidi` finds from the core's classes (`FindingKind::at`, the report's
//! `bidi_control` and `invisible_character` findings). Columns count characters, a bad unit
//! being one (L3).

use super::{Breach, Policy, Rule, MAX_LISTED};
use std::collections::BTreeMap;
use textscope::chars::{CharSink, Decoded};
use textscope::lines::{LineEnd, LineMachine, Role};
use textscope::{EndingKind, FindingKind};

/// The scanner: one per file, fed every character of the text in order.
#[derive(Debug)]
pub struct Scanner {
    eol: Option<EndingKind>,
    bidi: bool,
    max_len: Option<u64>,
    line: u64,
    col: u64,
    over_at: u64,
    ends: LineMachine,
    /// The character before the current one on this line (for variation selectors).
    prev: Option<char>,
    eol_first: Option<(u64, u64, u64, EndingKind)>,
    eol_count: u64,
    pub findings: Vec<Breach>,
    pub counts: BTreeMap<Rule, u64>,
    /// Columns of the last line, for the position of `final-newline`.
    pub last_col: u64,
}

impl CharSink for Scanner {
    fn char(&mut self, offset: u64, bytes: &[u8], decoded: Decoded) {
        self.on(offset, bytes, decoded);
    }

    /// A run of printable ASCII: characters of the line, none of them an ending or a finding,
    /// taken at once (what `on` would do for each).
    fn ascii(&mut self, offset: u64, bytes: &[u8], width: usize) {
        let w = width.max(1);
        let n = (bytes.len() / w) as u64;
        let Some(last) = bytes.len().checked_sub(w).and_then(|k| bytes.get(k..)) else {
            return;
        };
        if let Some(cr) = self.ends.interrupt() {
            self.end_line(cr);
        }
        let before = self.col;
        self.col += n;
        if let Some(m) = self.max_len {
            if before <= m && self.col > m {
                self.over_at = offset + (m - before) * w as u64;
            }
        }
        self.prev = Some(textscope::chars::ascii_unit(last));
    }
}

impl Scanner {
    pub fn new(p: &Policy) -> Scanner {
        Scanner {
            eol: p.denies(Rule::Eol).then(|| p.eol.kind()),
            bidi: p.denies(Rule::Bidi),
            max_len: p.denies(Rule::LineLength).then_some(p.max_line_length),
            line: 1,
            col: 0,
            over_at: 0,
            ends: LineMachine::new(),
            prev: None,
            eol_first: None,
            eol_count: 0,
            findings: Vec::new(),
            counts: BTreeMap::new(),
            last_col: 0,
        }
    }

    fn push(&mut self, f: Breach) {
        let n = self.counts.entry(f.rule).or_insert(0);
        *n += 1;
        if *n as usize <= MAX_LISTED {
            self.findings.push(f);
        }
    }

    /// One decoded character (or bad unit) at `offset`, made of `bytes`.
    pub fn on(&mut self, offset: u64, bytes: &[u8], d: Decoded) {
        let c = match d {
            Decoded::Char(c) => c,
            Decoded::Bad(_) => {
                // A bad unit is a character of the line; a CR before it ends its line alone.
                if let Some(cr) = self.ends.interrupt() {
                    self.end_line(cr);
                }
                self.prev = None;
                self.column(offset);
                return;
            }
        };
        let step = self.ends.push(c, offset, bytes);
        if let Some(cr) = step.flushed {
            self.end_line(cr);
        }
        match step.role {
            Role::Ends(end) => self.end_line(end),
            Role::Cr => {}
            Role::Char => {
                self.column(offset);
                let prev = self.prev.replace(c);
                if self.bidi {
                    if let Some(kind) = FindingKind::at(prev, c) {
                        let (line, column) = (self.line, self.col);
                        self.push(Breach {
                            line,
                            column,
                            offset,
                            rule: Rule::Bidi,
                            message: finding_message(kind, c),
                        });
                    }
                }
            }
        }
    }

    /// One more character on the line, at `offset`.
    fn column(&mut self, offset: u64) {
        self.col += 1;
        if self.max_len.is_some_and(|m| self.col == m + 1) {
            self.over_at = offset;
        }
    }

    fn check_length(&mut self) {
        if let Some(m) = self.max_len {
            if self.col > m {
                self.push(Breach {
                    line: self.line,
                    column: m + 1,
                    offset: self.over_at,
                    rule: Rule::LineLength,
                    message: format!("line is {} characters long, more than {m}", self.col),
                });
            }
        }
    }

    fn end_line(&mut self, end: LineEnd) {
        self.prev = None;
        self.check_length();
        if let Some(want) = self.eol {
            if end.kind != want {
                self.eol_count += 1;
                if self.eol_first.is_none() {
                    self.eol_first = Some((self.line, self.col + 1, end.offset, end.kind));
                }
            }
        }
        self.line += 1;
        self.col = 0;
    }

    /// The end of the text.
    pub fn finish(&mut self) {
        if let Some(cr) = self.ends.finish() {
            self.end_line(cr);
        }
        self.last_col = self.col;
        if self.col > 0 {
            self.check_length();
        }
        if let (Some(want), Some((line, column, offset, kind))) = (self.eol, self.eol_first) {
            let others = self.eol_count;
            self.push(Breach {
                line,
                column,
                offset,
                rule: Rule::Eol,
                message: format!(
                    "{} line ending where {} is required ({others} {} in the file)",
                    kind.label(),
                    want.label(),
                    if others == 1 {
                        "such ending"
                    } else {
                        "such endings"
                    }
                ),
            });
        }
    }
}

/// `check`'s words for a finding of `kind` about `c` (the names are the core's): "bidi
/// control U+202E RIGHT-TO-LEFT OVERRIDE", "invisible character U+200E LEFT-TO-RIGHT MARK",
/// "variation selector U+FE0F VARIATION SELECTOR-16 outside an emoji or ideographic
/// sequence".
pub fn finding_message(kind: FindingKind, c: char) -> String {
    let cp = textscope::class::code_point(c);
    if textscope::is_variation_selector(c) {
        return format!(
            "variation selector {cp} {} outside an emoji or ideographic sequence",
            textscope::hidden_char_name(c)
        );
    }
    let name = match textscope::class::format_char_name(c) {
        Some(name) => name.to_string(),
        None => textscope::hidden_char_name(c),
    };
    let what = match kind {
        FindingKind::BidiControl => "bidi control",
        FindingKind::InvisibleCharacter
        | FindingKind::AnsiEscape
        | FindingKind::Mojibake
        | FindingKind::MixedEncoding => "invisible character",
    };
    format!("{what} {cp} {name}")
}
