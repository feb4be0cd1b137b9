//! Consecutive lines of one class merged into runs, in a bounded summary (G4–G6).

use super::line::{Class, Line, Mode};

/// G4: a foreign run needs at least this many characters above U+007F …
pub const MIN_NON_ASCII: u64 = 3;
/// … and at least this many bytes above 7F (8-bit runs).
pub const MIN_HIGH_BYTES: u64 = 8;
/// G4: a UTF-16/32 run needs at least this many bytes.
pub const MIN_WIDE_BYTES: u64 = 16;
/// G6: at most this many segments, else the file is one (inconsistent) encoding.
pub const MAX_SEGMENTS: usize = 16;
/// G6: the most runs and gaps held while streaming; beyond, the file has too many to list.
const MAX_ENTRIES: usize = 4 * MAX_SEGMENTS;
/// G5: the bytes of a legacy run kept to name its code page.
pub const SAMPLE_BYTES: usize = 65_536;

/// A run of lines of one class (ASCII runs are the gaps between the others).
#[derive(Clone, Debug)]
pub(crate) struct Run {
    pub class: Class,
    pub start: u64,
    pub end: u64,
    pub first_line: u64,
    pub last_line: u64,
    pub non_ascii: u64,
    pub high: u64,
    pub mark: bool,
    /// Legacy runs: their lines' bytes, at most [`SAMPLE_BYTES`].
    pub sample: Vec<u8>,
    /// G8: the clean start of a UTF-8 file, taken on the verdict's word rather than counted.
    pub verdict: bool,
}

impl Run {
    fn of(line: &Line, (first, last): (u64, u64), bytes: &[u8]) -> Run {
        let mut r = Run {
            class: line.class,
            start: line.start,
            end: line.end,
            first_line: first,
            last_line: last,
            non_ascii: line.non_ascii,
            high: line.high,
            mark: line.mark,
            sample: Vec::new(),
            verdict: false,
        };
        r.keep(bytes);
        r
    }

    fn keep(&mut self, bytes: &[u8]) {
        if self.class == Class::Legacy {
            let room = SAMPLE_BYTES.saturating_sub(self.sample.len());
            self.sample
                .extend_from_slice(bytes.get(..room.min(bytes.len())).unwrap_or_default());
        }
    }

    /// G4: enough evidence to stand as a segment of its own.
    pub fn substantial(&self) -> bool {
        match self.class {
            Class::Ascii => false,
            Class::Utf8 if self.mark || self.verdict => true,
            Class::Utf8 | Class::Legacy => {
                self.non_ascii >= MIN_NON_ASCII && self.high >= MIN_HIGH_BYTES
            }
            Class::Wide(_) => self.end - self.start >= MIN_WIDE_BYTES,
        }
    }

    /// Takes `other` (after it in the file) in; its figures count only if of the same class.
    fn absorb(&mut self, other: Run) {
        self.start = self.start.min(other.start);
        self.end = self.end.max(other.end);
        self.first_line = self.first_line.min(other.first_line);
        self.last_line = self.last_line.max(other.last_line);
        if other.class == self.class {
            self.verdict |= other.verdict;
            self.non_ascii += other.non_ascii;
            self.high += other.high;
            self.keep(&other.sample);
        }
    }
}

/// The runs of the file so far.
#[derive(Debug, Default)]
pub(crate) struct Runs {
    entries: Vec<Run>,
    overflow: bool,
    /// G8: the first entry is the verdict's UTF-8 start, which takes the clean lines that
    /// follow it until the first line of another class.
    absorbing: bool,
}

impl Runs {
    fn last_run(&self) -> Option<usize> {
        self.entries.iter().rposition(|r| r.class != Class::Ascii)
    }

    fn run_before(&self, i: usize) -> Option<usize> {
        self.entries
            .get(..i)
            .and_then(|e| e.iter().rposition(|r| r.class != Class::Ascii))
    }

    /// Merges everything after entry `i` into it.
    fn fold_into(&mut self, i: usize) {
        let tail: Vec<Run> = self.entries.drain(i + 1..).collect();
        if let Some(r) = self.entries.get_mut(i) {
            for t in tail {
                r.absorb(t);
            }
        }
    }

    /// G8: the runs of a UTF-8 file whose first `end` bytes (lines before `line`) held no
    /// sign of another encoding: one UTF-8 run, on the verdict's word.
    pub fn clean_start(end: u64, line: u64) -> Runs {
        Runs {
            entries: vec![Run {
                class: Class::Utf8,
                start: 0,
                end,
                first_line: 1,
                last_line: line.saturating_sub(1).max(1),
                non_ascii: 0,
                high: 0,
                mark: false,
                sample: Vec::new(),
                verdict: true,
            }],
            overflow: false,
            absorbing: true,
        }
    }

    /// G8: the first entry is the clean start and still takes every ASCII or UTF-8 line.
    #[inline]
    pub fn absorbing(&self) -> bool {
        self.absorbing && !self.overflow
    }

    /// G8: ASCII or UTF-8 lines, up to `end` and line `last_line`, taken by the clean start
    /// (what [`Runs::push`] does with each of them while [`Runs::absorbing`]).
    pub fn absorb_clean(&mut self, end: u64, last_line: u64) {
        if let Some(first) = self.entries.first_mut() {
            first.end = end;
            first.last_line = last_line;
        }
    }

    /// G4: the next line.
    pub fn push(&mut self, line: &Line, number: u64, bytes: &[u8]) {
        self.push_lines(line, (number, number), bytes);
    }

    /// Room for [`Runs::push_lines`] to stand for lines pushed one by one: entries are added
    /// only where a line's class changes, so these lines, ASCII then UTF-8 (with ASCII among
    /// them) then ASCII, could add at most three before folding back; with this room none of
    /// those pushes overflows (G6).
    pub fn room_for_clean_lines(&self) -> bool {
        !self.absorbing && !self.overflow && self.entries.len() + 3 <= MAX_ENTRIES
    }

    /// Lines `first` to `last` as one `line`: the same as pushing each of them, for a run of
    /// ASCII lines, or for UTF-8 lines with ASCII lines among them (`line` has the first
    /// UTF-8 line's mark and the sums of their figures) where [`Runs::room_for_clean_lines`].
    pub fn push_lines(&mut self, line: &Line, (first, last): (u64, u64), bytes: &[u8]) {
        let number = last;
        if self.overflow {
            return;
        }
        if self.absorbing {
            if matches!(line.class, Class::Ascii | Class::Utf8) {
                if let Some(head) = self.entries.first_mut() {
                    head.end = line.end;
                    head.last_line = number;
                }
                return;
            }
            self.absorbing = false;
        }
        let new = Run::of(line, (first, last), bytes);
        if line.class == Class::Ascii {
            match self.entries.last_mut() {
                Some(last) if last.class == Class::Ascii => last.absorb(new),
                _ => self.entries.push(new),
            }
            return;
        }
        if let Some(i) = self.last_run() {
            let same = self.entries.get(i).is_some_and(|r| r.class == line.class);
            if !same {
                // G4: the run that ends here is too small to stand: its neighbour before
                // takes it (a stray byte stays a problem of the file, P7).
                let small = self.entries.get(i).is_some_and(|r| !r.substantial());
                if let (true, Some(j)) = (small, self.run_before(i)) {
                    self.fold_into(j);
                    if self.entries.get(j).is_some_and(|r| r.class == line.class) {
                        self.entries.push(new);
                        self.fold_into(j);
                        return;
                    }
                }
            } else {
                self.entries.push(new);
                self.fold_into(i);
                return;
            }
        }
        self.entries.push(new);
        if self.entries.len() > MAX_ENTRIES {
            self.overflow = true;
            self.entries.clear();
        }
    }

    /// G4–G6: the runs that stand as segments, ASCII gaps given to a neighbour; empty when
    /// the file is one encoding (or too many to list).
    pub fn finish(mut self) -> Vec<Run> {
        if self.overflow {
            return Vec::new();
        }
        // G4: small runs join a neighbour (the one before, else the one after), and runs
        // of one class that then touch merge, until every run stands.
        loop {
            let idx: Vec<usize> = (0..self.entries.len())
                .filter(|&i| self.entries.get(i).is_some_and(|r| r.class != Class::Ascii))
                .collect();
            if idx.len() < 2 {
                break;
            }
            let small = idx
                .iter()
                .position(|&i| self.entries.get(i).is_some_and(|r| !r.substantial()));
            let Some(k) = small else { break };
            let (into, from) = match k {
                0 => (idx.get(1), idx.first()),
                _ => (idx.get(k - 1), idx.get(k)),
            };
            let (Some(&into), Some(&from)) = (into, from) else {
                break;
            };
            self.merge_range(into.min(from), into.max(from), into);
            self.coalesce();
        }
        self.coalesce();
        let runs: Vec<&Run> = self
            .entries
            .iter()
            .filter(|r| r.class != Class::Ascii)
            .collect();
        if runs.len() < 2 || runs.len() > MAX_SEGMENTS {
            return Vec::new();
        }
        let main = main_class(&runs);
        self.assign_gaps(main)
    }

    /// Entries `lo..=hi` become one, with the class of entry `keep`.
    fn merge_range(&mut self, lo: usize, hi: usize, keep: usize) {
        let taken: Vec<Run> = self.entries.drain(lo..=hi).collect();
        let mut kept = taken.get(keep - lo).cloned();
        if let Some(k) = kept.as_mut() {
            for (n, r) in taken.into_iter().enumerate() {
                if n != keep - lo {
                    k.absorb(r);
                }
            }
            self.entries.insert(lo, k.clone());
        }
    }

    /// Runs of one class with only a gap between them merge.
    fn coalesce(&mut self) {
        let mut i = 0;
        while i < self.entries.len() {
            let class = self.entries.get(i).map(|r| r.class);
            let next = (i + 1..self.entries.len())
                .find(|&j| self.entries.get(j).is_some_and(|r| r.class != Class::Ascii));
            match (class, next) {
                (Some(c), Some(j))
                    if c != Class::Ascii && self.entries.get(j).map(|r| r.class) == Some(c) =>
                {
                    self.merge_range(i, j, i);
                }
                _ => i += 1,
            }
        }
    }

    /// G5: a gap of ASCII lines between two runs goes to the one that is 8-bit when the other
    /// is UTF-16/32 (ASCII lines hold no zero bytes), else to the one of the main class (else
    /// to the one before); the leading gap to the first run, the trailing one to the last.
    fn assign_gaps(self, main: Class) -> Vec<Run> {
        let mut out: Vec<Run> = Vec::new();
        let mut gap: Option<Run> = None;
        for r in self.entries {
            if r.class == Class::Ascii {
                gap = Some(r);
                continue;
            }
            let mut r = r;
            if let Some(g) = gap.take() {
                let wide = |c: Class| matches!(c, Class::Wide(_));
                match out.last_mut() {
                    Some(prev) if wide(prev.class) != wide(r.class) => {
                        if wide(r.class) {
                            prev.absorb(g);
                        } else {
                            r.absorb(g);
                        }
                    }
                    Some(prev) if !(r.class == main && prev.class != main) => prev.absorb(g),
                    _ => r.absorb(g),
                }
            }
            out.push(r);
        }
        if let (Some(g), Some(last)) = (gap, out.last_mut()) {
            last.absorb(g);
        }
        out
    }
}

/// The class whose runs hold the most bytes.
fn main_class(runs: &[&Run]) -> Class {
    let mut best = (0u64, Class::Ascii);
    for r in runs {
        let total: u64 = runs
            .iter()
            .filter(|o| o.class == r.class)
            .map(|o| o.end - o.start)
            .sum();
        if total > best.0 {
            best = (total, r.class);
        }
    }
    best.1
}

/// The layout's format.
pub(crate) fn wide_format(m: Mode) -> crate::Format {
    match m {
        Mode::Le16 => crate::Format::Utf16Le,
        Mode::Be16 => crate::Format::Utf16Be,
        Mode::Le32 => crate::Format::Utf32Le,
        Mode::Be32 => crate::Format::Utf32Be,
        Mode::Byte => crate::Format::Utf8,
    }
}
