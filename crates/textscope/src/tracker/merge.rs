//! Merging the trackers of consecutive segments (a file analysed on several threads).

use super::Tracker;
use crate::lines::LongestLine;

impl Tracker {
    /// True when the tracker stands at the start of a line with nothing pending: the state in
    /// which a following segment, analysed on its own from a fresh tracker, can be merged.
    pub(crate) fn at_line_boundary(&self) -> bool {
        self.at_line_start && self.ends.is_idle() && self.ansi.is_idle()
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
        self.endings.merge(next.endings, shift);
        if let Some(l) = next.longest {
            if self.longest.is_none_or(|m| l.characters > m.characters) {
                self.longest = Some(LongestLine {
                    line: l.line + shift,
                    characters: l.characters,
                });
            }
        }
        self.problems.merge(next.problems, shift);
        self.findings.merge(next.findings, shift);
        self.non_ascii |= next.non_ascii;
        if next.chars > 0 {
            self.prev = next.prev;
        }
        if let (Some(ix), Some(nx)) = (&mut self.index, next.index) {
            ix.merge(nx, shift);
        }
        self.line = next.line + shift;
        self.line_chars = next.line_chars;
        self.line_spans_layouts = next.line_spans_layouts;
        self.at_line_start = next.at_line_start;
        self.ends = next.ends;
        self.ansi = next.ansi;
        self.pending = next.pending;
        self.shift_pending(shift);
        if next.chars > 0 {
            self.end = next.end;
        }
    }
}
