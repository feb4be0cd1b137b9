//! Lines, endings and problems (SPEC §4, §5): the sink that the report is built from.
//!
//! The tracker sees every decoded character once, or a stretch of them at a time from the
//! fast path ([`crate::fast::FastSink`], in `fast.rs`). Its state is a handful of counters plus
//! the itemised problems and findings (capped per kind), so memory does not grow with the
//! file. One idea per file: `mod.rs` (the state, line bookkeeping, the totals), `chars.rs`
//! (the per-character path), `ansi.rs` (escape sequences pending across chunks), `endings.rs`
//! (L1, L6, P9), `problems.rs`, `findings.rs`, `checkpoints.rs` (S2), `fast.rs` (the fast
//! path's bulk updates), `merge.rs` (segments); the line-ending machine itself is
//! [`crate::lines`], the classes [`crate::class`].

mod ansi;
mod chars;
mod checkpoints;
mod endings;
mod fast;
mod findings;
mod merge;
mod problems;

use crate::finding::{Finding, FindingCounts};
use crate::format::{hex, Format};
use crate::index::Checkpoint;
use crate::lines::{Endings, LongestLine};
use crate::lines::{LineEnd, LineMachine};
use crate::message;
use crate::problem::ProblemCounts;
use crate::problem::{MixedEndings, Note, NoteKind, Problem, ProblemKind};
use checkpoints::IndexBuilder;
use endings::EndingTally;
use findings::Findings;
use problems::Problems;

#[derive(Clone, Debug)]
pub(crate) struct Tracker {
    format: Format,
    /// The number of the line being read (from 1).
    line: u64,
    line_chars: u64,
    /// G9: some of the line's characters were counted in an earlier layout, so its length
    /// cannot be told from its bytes in the present one (the ASCII-lines fast path does).
    line_spans_layouts: bool,
    at_line_start: bool,
    /// A CR waiting for its follower (L1).
    ends: LineMachine,
    chars: u64,
    endings: EndingTally,
    /// L5: the first of the longest lines so far.
    longest: Option<LongestLine>,
    problems: Problems,
    findings: Findings,
    non_ascii: bool,
    /// The last character seen (`None` at the start and after a bad unit): whether a
    /// variation selector is hidden depends on what it follows.
    prev: Option<char>,
    /// The end of the last character seen (for N1's offset).
    end: u64,
    index: Option<IndexBuilder>,
    /// Terminal escape sequences are recognised (a Unicode format or an ASCII-compatible
    /// code page).
    ansi_on: bool,
    ansi: crate::ansi::Scanner,
    pending: ansi::Pending,
}

/// What the tracker hands to the report.
pub(crate) struct Totals {
    pub lines: u64,
    pub characters: u64,
    pub endings: Endings,
    pub longest_line: Option<LongestLine>,
    pub counts: ProblemCounts,
    pub problems: Vec<Problem>,
    pub problems_omitted: u64,
    pub notes: Vec<Note>,
    pub finding_counts: FindingCounts,
    pub findings: Vec<Finding>,
    pub findings_omitted: u64,
    pub ascii: bool,
    pub checkpoints: Vec<Checkpoint>,
}

impl Tracker {
    pub(crate) fn new(
        format: Format,
        cap: usize,
        group: bool,
        index_every: Option<u64>,
    ) -> Tracker {
        Tracker {
            format,
            line: 1,
            line_chars: 0,
            line_spans_layouts: false,
            at_line_start: true,
            ends: LineMachine::new(),
            chars: 0,
            endings: EndingTally::default(),
            longest: None,
            problems: Problems::new(cap, group),
            findings: Findings::new(cap, group),
            non_ascii: false,
            prev: None,
            end: 0,
            index: index_every.map(IndexBuilder::new),
            ansi_on: format.is_text(),
            ansi: crate::ansi::Scanner::new(),
            pending: ansi::Pending::default(),
        }
    }

    /// Terminal escape sequences are not looked for (a code page where ESC and `[` are not
    /// the ASCII bytes).
    pub(crate) fn without_ansi(mut self) -> Tracker {
        self.ansi_on = false;
        self
    }

    /// True while a terminal escape sequence is pending: the fast path waits.
    #[inline(always)]
    fn ansi_idle(&self) -> bool {
        self.ansi.is_idle()
    }

    /// A character (or bad unit) arrives at `offset`: start the line if none is open.
    #[inline]
    fn start(&mut self, offset: u64) {
        if self.at_line_start {
            self.at_line_start = false;
            if let Some(ix) = &mut self.index {
                ix.line_start(self.line, offset);
            }
        }
    }

    /// Something other than a character arrives: a waiting CR ends its line alone.
    #[inline]
    fn interrupt(&mut self) {
        if let Some(cr) = self.ends.interrupt() {
            self.end_line(cr);
        }
    }

    #[inline]
    fn end_line(&mut self, end: LineEnd) {
        self.endings.add(end, self.line, self.line_chars + 1);
        self.close_line();
        self.at_line_start = true;
    }

    /// The current line is complete: update the longest line (L5: first on a tie).
    #[inline(always)]
    fn close_line(&mut self) {
        if self.longest.is_none_or(|l| self.line_chars > l.characters) {
            self.longest = Some(LongestLine {
                line: self.line,
                characters: self.line_chars,
            });
        }
        self.line += 1;
        self.line_chars = 0;
        self.line_spans_layouts = false;
    }

    #[inline]
    fn count(&mut self, offset: u64, bytes: &[u8]) {
        self.chars += 1;
        self.end = offset + bytes.len() as u64;
    }

    /// The number of the line being read (from 1).
    pub(crate) fn line(&self) -> u64 {
        self.line
    }

    /// How many problems so far would make a UTF-8 reading's line another encoding's (G8):
    /// invalid sequences, characters cut short and NULs.
    pub(crate) fn foreign_signs(&self) -> u64 {
        self.problems.count(ProblemKind::InvalidUtf8)
            + self.problems.count(ProblemKind::TruncatedCharacter)
            + self.problems.count(ProblemKind::Nul)
    }

    pub(crate) fn finish(mut self, mark_len: u64) -> Totals {
        self.ansi_break();
        self.interrupt();
        let mut notes = Vec::new();
        if !self.at_line_start {
            // L7: the last line has no ending; it still counts as a line (L2).
            notes.push(Note {
                kind: NoteKind::NoFinalLineEnding,
                line: self.line,
                offset: self.end.max(mark_len),
                message: message::no_final_line_ending(self.line),
            });
            self.close_line();
        }
        let lines = self.line - 1;
        if let Some(m) = self.endings.mixed() {
            let other = m.site.end.kind;
            let (offset, length) = (m.site.end.offset, m.site.end.byte_len());
            self.problems
                .add(ProblemKind::MixedLineEndings, offset, length, || Problem {
                    kind: ProblemKind::MixedLineEndings,
                    offset: m.site.end.offset,
                    length: m.site.end.byte_len(),
                    count: 1,
                    line: m.site.line,
                    column: m.site.column,
                    bytes: hex(m.site.end.bytes()),
                    code_point: None,
                    mixed: Some(MixedEndings {
                        ending: other,
                        commonest: m.common,
                    }),
                    reason: None,
                    message: message::mixed_endings(&m.present, m.site.line, other, m.common),
                });
        }
        let none_of = |k: ProblemKind| self.problems.count(k) == 0;
        let ascii = !self.non_ascii
            && [
                ProblemKind::UnpairedSurrogate,
                ProblemKind::TruncatedCharacter,
                ProblemKind::InvalidCodePoint,
                ProblemKind::InvalidUtf8,
                ProblemKind::UnmappedByte,
            ]
            .into_iter()
            .all(none_of);
        let (counts, problems, problems_omitted) = self.problems.finish();
        let (finding_counts, findings, findings_omitted) = self.findings.finish();
        Totals {
            lines,
            characters: self.chars,
            endings: self.endings.counts(),
            longest_line: self.longest,
            counts,
            problems,
            problems_omitted,
            notes,
            finding_counts,
            findings,
            findings_omitted,
            ascii,
            checkpoints: self.index.map(IndexBuilder::finish).unwrap_or_default(),
        }
    }
}
