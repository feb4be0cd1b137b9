//! The problems (P1–P9): exact counts by kind, and the list capped per kind. Touching problems
//! of one kind (the next starts where the last ended) are one item, a run, unless grouping is
//! off; P9 is never grouped. The cap counts items.

use crate::message;
use crate::problem::ProblemCounts;
use crate::problem::{Problem, ProblemKind};

/// Counts are kept in a [`ProblemCounts`], reached through its exhaustive `get_mut`: a new
/// [`ProblemKind`] does not compile until it has a count.
#[derive(Clone, Debug)]
pub(crate) struct Problems {
    cap: u64,
    group: bool,
    counts: ProblemCounts,
    /// Items listed, per kind.
    listed_per_kind: ProblemCounts,
    /// Problems (characters) the listed items stand for.
    covered: u64,
    /// The last listed item of each kind (an index into `listed`), which a touching problem
    /// of the same kind extends.
    last: [Option<usize>; ProblemKind::ALL.len()],
    listed: Vec<Problem>,
}

impl Problems {
    pub(crate) fn new(cap: usize, group: bool) -> Problems {
        Problems {
            cap: cap as u64,
            group,
            counts: ProblemCounts::default(),
            listed_per_kind: ProblemCounts::default(),
            covered: 0,
            last: [None; ProblemKind::ALL.len()],
            listed: Vec::new(),
        }
    }

    /// The last listed item of `kind` when the bytes from `offset` on extend it.
    #[inline]
    fn run_to_extend(&mut self, kind: ProblemKind, offset: u64) -> Option<&mut Problem> {
        if !self.group || kind == ProblemKind::MixedLineEndings {
            return None;
        }
        let i = (*self.last.get(kind.index())?)?;
        self.listed
            .get_mut(i)
            .filter(|p| p.offset + p.length == offset)
    }

    /// Lists an item unless the kind's list is full; true when it was listed.
    fn push(&mut self, p: Problem) -> bool {
        let listed = self.listed_per_kind.get_mut(p.kind);
        if *listed >= self.cap {
            return false;
        }
        *listed += 1;
        self.covered += p.count;
        if let Some(l) = self.last.get_mut(p.kind.index()) {
            *l = Some(self.listed.len());
        }
        self.listed.push(p);
        true
    }

    /// One more problem of `kind`, `length` bytes at `offset`; `make` builds it only when it
    /// starts a new item and the list has room for it.
    #[inline]
    pub(crate) fn add(
        &mut self,
        kind: ProblemKind,
        offset: u64,
        length: u64,
        make: impl FnOnce() -> Problem,
    ) {
        *self.counts.get_mut(kind) += 1;
        if let Some(p) = self.run_to_extend(kind, offset) {
            p.length += length;
            p.count += 1;
            self.covered += 1;
            return;
        }
        if *self.listed_per_kind.get_mut(kind) < self.cap {
            self.push(make());
        }
    }

    /// The exact count of one kind so far.
    pub(crate) fn count(&self, kind: ProblemKind) -> u64 {
        self.counts.get(kind)
    }

    /// Appends the problems of the segment that follows, whose lines move down by `shift`.
    pub(crate) fn merge(&mut self, next: Problems, shift: u64) {
        for kind in ProblemKind::ALL {
            *self.counts.get_mut(kind) += next.counts.get(kind);
        }
        for mut p in next.listed {
            if let Some(run) = self.run_to_extend(p.kind, p.offset) {
                run.length += p.length;
                run.count += p.count;
                self.covered += p.count;
                continue;
            }
            p.line += shift;
            self.push(p);
        }
    }

    /// The counts, the list in file order (a run's message saying how many it holds), and how
    /// many problems no listed item stands for.
    pub(crate) fn finish(mut self) -> (ProblemCounts, Vec<Problem>, u64) {
        let omitted = self.counts.total() - self.covered;
        for p in &mut self.listed {
            if p.count > 1 {
                p.message = message::problem_run(p.kind, p.count, &p.message);
            }
        }
        self.listed.sort_by_key(|p| (p.offset, p.kind));
        (self.counts, self.listed, omitted)
    }
}
