//! Lines, endings and problems (SPEC §4, §5): the sink that the report is built from.
//!
//! The tracker sees every decoded character once. Its state is a handful of counters plus the
//! itemised problems (capped per kind), so memory does not grow with the file.

use crate::class::{control_name, is_control_problem};
use crate::decode::{Bad, Sink};
use crate::finding::{finding_char_name, Finding, FindingCounts, FindingKind};
use crate::format::{hex, Format};
use crate::index::Checkpoint;
use crate::problem::{Note, NoteKind, Problem, ProblemKind, Utf8Reason};
use crate::report::{EndingKind, Endings, LongestLine, ProblemCounts};

/// Where the first ending of a kind was met (for P9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EndingSite {
    pub line: u64,
    pub column: u64,
    pub offset: u64,
    pub bytes: [u8; 8],
    pub len: u8,
}

#[derive(Clone, Debug)]
pub(crate) struct Tracker {
    format: Format,
    cap: usize,
    /// The number of the line being read (from 1).
    line: u64,
    line_chars: u64,
    at_line_start: bool,
    /// A CR whose follower has not been seen: offset and bytes.
    cr: Option<(u64, [u8; 4], u8)>,
    chars: u64,
    endings: [u64; 6],
    first_ending: [Option<EndingSite>; 6],
    longest: Option<LongestLine>,
    counts: [u64; 9],
    listed: Vec<Problem>,
    listed_per_kind: [usize; 9],
    finding_counts: [u64; 2],
    findings: Vec<Finding>,
    findings_listed: [usize; 2],
    non_ascii: bool,
    /// The end of the last character seen (for N1's offset).
    end: u64,
    index: Option<IndexBuilder>,
}

/// The tracker's state during a run of ASCII text with LF or CR LF endings (see
/// [`Tracker::ascii_lines_begin`]): a character is a unit there, so a line's characters are
/// the distance from its start to its ending, in units.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AsciiLines {
    pub line: u64,
    /// Where the current line would start (a byte offset) if all its characters were one
    /// unit each.
    pub line_start: u64,
    /// What a line's characters must reach to be the new longest (L5): one more than the
    /// longest so far, 0 when no line has ended.
    pub beat: u64,
    pub longest_line: u64,
    /// Where the next index checkpoint is due (`u64::MAX` without an index).
    pub next_at: u64,
}

#[derive(Clone, Debug)]
struct IndexBuilder {
    every: u64,
    next_at: u64,
    checkpoints: Vec<Checkpoint>,
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
    pub(crate) fn new(format: Format, cap: usize, index_every: Option<u64>) -> Tracker {
        Tracker {
            format,
            cap,
            line: 1,
            line_chars: 0,
            at_line_start: true,
            cr: None,
            chars: 0,
            endings: [0; 6],
            first_ending: [None; 6],
            longest: None,
            counts: [0; 9],
            listed: Vec::new(),
            listed_per_kind: [0; 9],
            finding_counts: [0; 2],
            findings: Vec::new(),
            findings_listed: [0; 2],
            non_ascii: false,
            end: 0,
            index: index_every.map(|every| IndexBuilder {
                every: every.max(1),
                next_at: 0,
                checkpoints: Vec::new(),
            }),
        }
    }

    /// A character (or bad unit) arrives at `offset`: start the line if none is open.
    #[inline]
    fn start(&mut self, offset: u64) {
        if let Some((cr_at, b, n)) = self.cr.take() {
            self.end_line(
                EndingKind::Cr,
                cr_at,
                b.get(..usize::from(n)).unwrap_or_default(),
            );
        }
        if self.at_line_start {
            self.at_line_start = false;
            if let Some(ix) = &mut self.index {
                if offset >= ix.next_at {
                    ix.checkpoints.push(Checkpoint {
                        line: self.line,
                        offset,
                    });
                    ix.next_at = offset + ix.every;
                }
            }
        }
    }

    #[inline]
    fn end_line(&mut self, kind: EndingKind, offset: u64, bytes: &[u8]) {
        let k = kind as usize;
        if let Some(n) = self.endings.get_mut(k) {
            *n += 1;
        }
        if let Some(slot @ None) = self.first_ending.get_mut(k) {
            let mut b = [0u8; 8];
            for (d, s) in b.iter_mut().zip(bytes) {
                *d = *s;
            }
            *slot = Some(EndingSite {
                line: self.line,
                column: self.line_chars + 1,
                offset,
                bytes: b,
                len: bytes.len().min(8) as u8,
            });
        }
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
    }

    fn problem(
        &mut self,
        kind: ProblemKind,
        offset: u64,
        bytes: &[u8],
        reason: Option<Utf8Reason>,
        message: impl FnOnce() -> String,
    ) {
        let k = kind.index();
        if let Some(n) = self.counts.get_mut(k) {
            *n += 1;
        }
        let Some(listed) = self.listed_per_kind.get_mut(k) else {
            return;
        };
        if *listed < self.cap {
            *listed += 1;
            self.listed.push(Problem {
                kind,
                offset,
                length: bytes.len() as u64,
                line: self.line,
                column: self.line_chars + 1,
                bytes: hex(bytes),
                reason,
                message: message(),
            });
        }
    }

    fn special(&mut self, c: char, offset: u64, bytes: &[u8]) {
        match c {
            '\n' => {
                if let Some((cr_at, b, n)) = self.cr.take() {
                    let cr_bytes = b.get(..usize::from(n)).unwrap_or_default();
                    let mut all = [0u8; 8];
                    for (d, s) in all.iter_mut().zip(cr_bytes.iter().chain(bytes)) {
                        *d = *s;
                    }
                    let len = (cr_bytes.len() + bytes.len()).min(all.len());
                    self.chars += 1;
                    self.end = offset + bytes.len() as u64;
                    self.end_line(EndingKind::Crlf, cr_at, all.get(..len).unwrap_or_default());
                    return;
                }
                self.start(offset);
                self.count(offset, bytes);
                self.end_line(EndingKind::Lf, offset, bytes);
            }
            '\r' => {
                self.start(offset);
                self.count(offset, bytes);
                let mut b = [0u8; 4];
                for (d, s) in b.iter_mut().zip(bytes) {
                    *d = *s;
                }
                self.cr = Some((offset, b, bytes.len().min(4) as u8));
            }
            '\u{85}' | '\u{2028}' | '\u{2029}' => {
                self.start(offset);
                self.count(offset, bytes);
                self.non_ascii = true;
                let kind = match c {
                    '\u{85}' => EndingKind::Nel,
                    '\u{2028}' => EndingKind::Ls,
                    _ => EndingKind::Ps,
                };
                self.end_line(kind, offset, bytes);
            }
            _ => {
                self.start(offset);
                if c == '\0' {
                    self.problem(ProblemKind::Nul, offset, bytes, None, || {
                        "U+0000 (NUL) in the text".to_string()
                    });
                } else if is_control_problem(c) {
                    self.problem(ProblemKind::ControlCharacter, offset, bytes, None, || {
                        format!("control character U+{:04X} ({})", c as u32, control_name(c))
                    });
                } else if c == '\u{FEFF}' {
                    self.problem(ProblemKind::BomInText, offset, bytes, None, || {
                        "U+FEFF (byte order mark) inside the text; were two files joined?"
                            .to_string()
                    });
                }
                if !c.is_ascii() {
                    self.non_ascii = true;
                    // Only here, beyond ASCII: no cost for ASCII text.
                    if let Some(kind) = FindingKind::of(c) {
                        self.finding(kind, c, offset, bytes);
                    }
                }
                self.count(offset, bytes);
                self.line_chars += 1;
            }
        }
    }

    /// A bidi control or an invisible character: counted, and listed up to the cap.
    #[cold]
    fn finding(&mut self, kind: FindingKind, c: char, offset: u64, bytes: &[u8]) {
        let k = kind.index();
        if let Some(n) = self.finding_counts.get_mut(k) {
            *n += 1;
        }
        let Some(listed) = self.findings_listed.get_mut(k) else {
            return;
        };
        if *listed < self.cap {
            *listed += 1;
            let what = match kind {
                FindingKind::BidiControl => {
                    "bidi control; it reorders the text shown after it, so what is read may differ from what is seen"
                }
                FindingKind::InvisibleCharacter => {
                    "invisible character; it takes no room on screen"
                }
            };
            self.findings.push(Finding {
                kind,
                offset,
                length: bytes.len() as u64,
                line: self.line,
                column: self.line_chars + 1,
                bytes: hex(bytes),
                code_point: format!("U+{:04X}", c as u32),
                message: format!("U+{:04X} {} ({what})", c as u32, finding_char_name(c)),
            });
        }
    }

    #[inline]
    fn count(&mut self, offset: u64, bytes: &[u8]) {
        self.chars += 1;
        self.end = offset + bytes.len() as u64;
    }

    pub(crate) fn finish(mut self, mark_len: u64) -> Totals {
        if let Some((cr_at, b, n)) = self.cr.take() {
            self.end_line(
                EndingKind::Cr,
                cr_at,
                b.get(..usize::from(n)).unwrap_or_default(),
            );
        }
        let mut notes = Vec::new();
        if !self.at_line_start {
            // L7: the last line has no ending; it still counts as a line (L2).
            notes.push(Note {
                kind: NoteKind::NoFinalLineEnding,
                line: self.line,
                offset: self.end.max(mark_len),
                message: format!("line {} has no line ending", self.line),
            });
            self.close_line();
        }
        let lines = self.line - 1;
        self.mixed_endings();
        let omitted: u64 = self
            .counts
            .iter()
            .zip(&self.listed_per_kind)
            .map(|(&n, &listed)| n - listed as u64)
            .sum();
        self.listed.sort_by_key(|p| (p.offset, p.kind));
        let findings_omitted: u64 = self
            .finding_counts
            .iter()
            .zip(&self.findings_listed)
            .map(|(&n, &listed)| n - listed as u64)
            .sum();
        let none_of = |k: ProblemKind| self.counts.get(k.index()).is_none_or(|&n| n == 0);
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
        Totals {
            lines,
            characters: self.chars,
            endings: Endings::from_array(self.endings),
            longest_line: self.longest,
            counts: ProblemCounts::from_array(self.counts),
            problems: self.listed,
            problems_omitted: omitted,
            notes,
            finding_counts: FindingCounts::from_array(self.finding_counts),
            findings: self.findings,
            findings_omitted,
            ascii,
            checkpoints: self.index.map(|i| i.checkpoints).unwrap_or_default(),
        }
    }

    /// L6 / P9: with more than one kind, locate the first line whose ending is not the
    /// commonest kind (the highest count; on a tie, the kind met first).
    fn mixed_endings(&mut self) {
        let count = |k: usize| self.endings.get(k).copied().unwrap_or(0);
        let site = |k: usize| self.first_ending.get(k).copied().flatten();
        let label = |k: usize| EndingKind::ALL.get(k).map_or("?", |e| e.label());
        let present: Vec<usize> = (0..6).filter(|&k| count(k) > 0).collect();
        if present.len() < 2 {
            return;
        }
        let first_offset = |k: usize| site(k).map_or(u64::MAX, |s| s.offset);
        let Some(&common) = present.iter().max_by(|&&a, &&b| {
            count(a)
                .cmp(&count(b))
                .then(first_offset(b).cmp(&first_offset(a)))
        }) else {
            return;
        };
        let Some(&(other, site)) = present
            .iter()
            .filter(|&&k| k != common)
            .filter_map(|&k| site(k).map(|s| (k, s)))
            .collect::<Vec<_>>()
            .iter()
            .min_by_key(|(_, s)| s.offset)
        else {
            return;
        };
        let kinds: Vec<String> = present
            .iter()
            .map(|&k| format!("{} {}", count(k), label(k)))
            .collect();
        let message = format!(
            "mixed line endings ({}): line {} ends with {}, most lines end with {}",
            kinds.join(", "),
            site.line,
            label(other),
            label(common)
        );
        let k = ProblemKind::MixedLineEndings.index();
        if let Some(n) = self.counts.get_mut(k) {
            *n += 1;
        }
        if let (true, Some(listed)) = (self.cap > 0, self.listed_per_kind.get_mut(k)) {
            *listed += 1;
            self.listed.push(Problem {
                kind: ProblemKind::MixedLineEndings,
                offset: site.offset,
                length: u64::from(site.len),
                line: site.line,
                column: site.column,
                bytes: hex(site.bytes.get(..usize::from(site.len)).unwrap_or_default()),
                reason: None,
                message,
            });
        }
    }
}

impl Sink for Tracker {
    const ASCII_RUNS: bool = true;

    #[inline]
    fn ascii_run(&mut self, offset: u64, chars: usize, width: usize) {
        self.start(offset);
        self.chars += chars as u64;
        self.line_chars += chars as u64;
        self.end = offset + (chars * width) as u64;
    }

    #[inline]
    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        if matches!(c, ' '..='~') && self.cr.is_none() {
            // Printable ASCII outside a run (e.g. the other formats' slow paths).
            self.start(offset);
            self.count(offset, bytes);
            self.line_chars += 1;
            return;
        }
        self.special(c, offset, bytes);
    }

    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]) {
        self.start(offset);
        let format = self.format;
        let kind = bad.kind();
        let reason = match bad {
            Bad::InvalidUtf8(r) => Some(r),
            _ => None,
        };
        self.problem(kind, offset, bytes, reason, || {
            bad_message(bad, format, bytes)
        });
        self.non_ascii = true;
        self.count(offset, bytes);
        self.line_chars += 1;
    }
}

/// The message for a bad unit.
pub(crate) fn bad_message(bad: Bad, format: Format, bytes: &[u8]) -> String {
    let unit = |b: &[u8]| -> u32 {
        match (format, b) {
            (Format::Utf16Le, [a, b, ..]) => u32::from(u16::from_le_bytes([*a, *b])),
            (Format::Utf16Be, [a, b, ..]) => u32::from(u16::from_be_bytes([*a, *b])),
            (Format::Utf32Le, [a, b, c, d]) => u32::from_le_bytes([*a, *b, *c, *d]),
            (Format::Utf32Be, [a, b, c, d]) => u32::from_be_bytes([*a, *b, *c, *d]),
            _ => 0,
        }
    };
    match bad {
        Bad::UnpairedSurrogate => {
            let u = unit(bytes);
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
        Bad::InvalidCodePoint => format!("unit {:08X} is above 10FFFF", unit(bytes)),
        Bad::InvalidUtf8(r) => format!("invalid UTF-8: {}", r.describe()),
        Bad::Unmapped => "the code page maps no character to this byte sequence".to_string(),
    }
}

/// What the fast path (crate::fast) does to the tracker: the same updates that the per-character
/// [`Sink`] calls make, in bulk, for stretches of text without problems or findings.
impl Tracker {
    /// True when the fast path may take over: no CR waits for the character after it.
    #[inline]
    pub(crate) fn fast_ready(&self) -> bool {
        self.cr.is_none()
    }

    /// True when no line is open (the next character starts one).
    #[inline(always)]
    pub(crate) fn fast_at_line_start(&self) -> bool {
        self.at_line_start
    }

    /// A character begins at `offset`: open its line if none is open (index checkpoint).
    #[inline]
    pub(crate) fn fast_begin(&mut self, offset: u64) {
        if self.at_line_start {
            self.start(offset);
        }
    }

    /// `n` more characters on the current line (its ending not included).
    #[inline]
    pub(crate) fn fast_line_chars(&mut self, n: u32) {
        self.line_chars += u64::from(n);
    }

    /// The current line, with `n` more characters, ends with `kind`, whose bytes start at
    /// `offset`; `next` is where the following line starts if a character is known to follow.
    /// The same updates as the slow path's `end_line` then `start`, kept to a few instructions
    /// for the common case (the first ending of a kind and index checkpoints are out of line).
    #[inline(always)]
    pub(crate) fn fast_line_end(
        &mut self,
        n: u32,
        kind: EndingKind,
        offset: u64,
        bytes: &[u8],
        next: Option<u64>,
    ) {
        self.line_chars += u64::from(n);
        let k = kind as usize;
        if self.first_ending.get(k).is_some_and(Option::is_none) {
            self.end_line(kind, offset, bytes);
        } else {
            if let Some(c) = self.endings.get_mut(k) {
                *c += 1;
            }
            self.close_line();
            self.at_line_start = true;
        }
        if let Some(at) = next {
            match &self.index {
                Some(ix) if at >= ix.next_at => self.start(at),
                _ => self.at_line_start = false,
            }
        }
    }

    /// The state [`crate::fast::kernel::ascii_lines`] keeps in registers for a run whose line
    /// endings are all `kind` (LF or CR LF) in units `width` bytes wide, or `None` when it
    /// cannot run (a CR waits for its follower); and whether an ending of that kind has been
    /// met (if not, the run stops before the first: P9 records where it is, which is left to
    /// the general path).
    #[inline(always)]
    pub(crate) fn ascii_lines_begin(
        &self,
        at: u64,
        kind: EndingKind,
        width: u64,
    ) -> Option<(AsciiLines, bool)> {
        if self.cr.is_some() {
            return None;
        }
        let seen = self
            .first_ending
            .get(kind as usize)
            .is_some_and(Option::is_some);
        let state = AsciiLines {
            line: self.line,
            line_start: at - self.line_chars * width,
            beat: self.longest.map_or(0, |l| l.characters + 1),
            longest_line: self.longest.map_or(0, |l| l.line),
            next_at: self.index.as_ref().map_or(u64::MAX, |ix| ix.next_at),
        };
        Some((state, seen))
    }

    /// Writes back the state of a run of `kind` endings that covered `bytes` bytes of units
    /// `width` bytes wide and ended at `end`, inside a line.
    #[inline(always)]
    pub(crate) fn ascii_lines_end(
        &mut self,
        s: AsciiLines,
        kind: EndingKind,
        line0: u64,
        end: u64,
        bytes: u64,
        width: u64,
    ) {
        if let Some(n) = self.endings.get_mut(kind as usize) {
            *n += s.line - line0;
        }
        self.line = s.line;
        self.line_chars = (end - s.line_start) / width;
        if s.beat > 0 {
            self.longest = Some(LongestLine {
                line: s.longest_line,
                characters: s.beat - 1,
            });
        }
        self.at_line_start = false;
        self.chars += bytes / width;
        self.end = end;
    }

    /// An index checkpoint: line `line` starts at `offset`, at or past the one due. Returns
    /// where the next one is due.
    #[cold]
    #[inline(never)]
    pub(crate) fn fast_checkpoint(&mut self, line: u64, offset: u64) -> u64 {
        match &mut self.index {
            Some(ix) => {
                ix.checkpoints.push(Checkpoint { line, offset });
                ix.next_at = offset + ix.every;
                ix.next_at
            }
            None => u64::MAX,
        }
    }

    /// A stretch ending at `end` is done: `chars` characters in all (endings included), and
    /// whether any was beyond ASCII.
    #[inline]
    pub(crate) fn fast_done(&mut self, chars: u64, end: u64, non_ascii: bool) {
        self.chars += chars;
        self.end = end;
        self.non_ascii |= non_ascii;
    }
}

impl Tracker {
    /// True when the tracker stands at the start of a line with nothing pending: the state in
    /// which a following segment, analysed on its own from a fresh tracker, can be merged.
    pub(crate) fn at_line_boundary(&self) -> bool {
        self.at_line_start && self.cr.is_none()
    }

    /// Appends the tracker of the segment that follows this one. `self` must stand at a line
    /// boundary (the segment started right after an LF) and `next` must have started fresh.
    /// Every count adds up; line numbers of `next` move down by the lines before it; the
    /// itemised lists keep the first `cap` of each kind in file order — exactly what one
    /// tracker fed both parts would hold.
    pub(crate) fn merge(&mut self, next: Tracker) {
        debug_assert!(self.at_line_boundary());
        let shift = self.line - 1;
        self.chars += next.chars;
        for (n, m) in self.endings.iter_mut().zip(next.endings) {
            *n += m;
        }
        for (first, other) in self.first_ending.iter_mut().zip(next.first_ending) {
            if first.is_none() {
                *first = other.map(|mut s| {
                    s.line += shift;
                    s
                });
            }
        }
        if let Some(l) = next.longest {
            if self.longest.is_none_or(|m| l.characters > m.characters) {
                self.longest = Some(LongestLine {
                    line: l.line + shift,
                    characters: l.characters,
                });
            }
        }
        for (n, m) in self.counts.iter_mut().zip(next.counts) {
            *n += m;
        }
        for mut p in next.listed {
            if let Some(listed) = self.listed_per_kind.get_mut(p.kind.index()) {
                if *listed < self.cap {
                    *listed += 1;
                    p.line += shift;
                    self.listed.push(p);
                }
            }
        }
        for (n, m) in self.finding_counts.iter_mut().zip(next.finding_counts) {
            *n += m;
        }
        for mut f in next.findings {
            if let Some(listed) = self.findings_listed.get_mut(f.kind.index()) {
                if *listed < self.cap {
                    *listed += 1;
                    f.line += shift;
                    self.findings.push(f);
                }
            }
        }
        self.non_ascii |= next.non_ascii;
        if let (Some(ix), Some(nx)) = (&mut self.index, next.index) {
            for mut c in nx.checkpoints {
                if c.offset >= ix.next_at {
                    c.line += shift;
                    ix.checkpoints.push(c);
                    ix.next_at = c.offset + ix.every;
                }
            }
        }
        self.line = next.line + shift;
        self.line_chars = next.line_chars;
        self.at_line_start = next.at_line_start;
        self.cr = next.cr;
        if next.chars > 0 {
            self.end = next.end;
        }
    }
}
