//! The findings (bidi controls, invisible characters, terminal escape sequences): exact counts
//! by kind, and the list capped per kind like the problems. Touching findings of one kind (for
//! escape sequences: with the same effect) are one item, a run, unless grouping is off.

use crate::finding::{Finding, FindingCounts, FindingKind};
use crate::message;

#[derive(Clone, Debug)]
pub(crate) struct Findings {
    cap: u64,
    group: bool,
    counts: FindingCounts,
    /// Items listed, per kind.
    listed_per_kind: FindingCounts,
    /// Findings the listed items stand for.
    covered: u64,
    /// The last listed item of each kind (an index into `listed`).
    last: [Option<usize>; FindingKind::ALL.len()],
    listed: Vec<Finding>,
}

impl Findings {
    pub(crate) fn new(cap: usize, group: bool) -> Findings {
        Findings {
            cap: cap as u64,
            group,
            counts: FindingCounts::default(),
            listed_per_kind: FindingCounts::default(),
            covered: 0,
            last: [None; FindingKind::ALL.len()],
            listed: Vec::new(),
        }
    }

    /// The last listed item of `kind` when a finding at `offset` with `effect` extends it.
    fn run_to_extend(
        &mut self,
        kind: FindingKind,
        offset: u64,
        effect: Option<crate::ansi::Effect>,
    ) -> Option<&mut Finding> {
        if !self.group {
            return None;
        }
        let i = (*self.last.get(kind.index())?)?;
        self.listed
            .get_mut(i)
            .filter(|f| f.offset + f.length == offset && f.effect == effect)
    }

    /// Lists an item unless the kind's list is full.
    fn push(&mut self, f: Finding) {
        let listed = self.listed_per_kind.get_mut(f.kind);
        if *listed >= self.cap {
            return;
        }
        *listed += 1;
        self.covered += f.count;
        if let Some(l) = self.last.get_mut(f.kind.index()) {
            *l = Some(self.listed.len());
        }
        self.listed.push(f);
    }

    /// One more finding of `kind`, `length` bytes at `offset` (`effect` for an escape
    /// sequence); `make` builds it only when it starts a new item and the list has room.
    #[cold]
    pub(crate) fn add(
        &mut self,
        kind: FindingKind,
        offset: u64,
        length: u64,
        effect: Option<crate::ansi::Effect>,
        make: impl FnOnce() -> Finding,
    ) {
        *self.counts.get_mut(kind) += 1;
        if let Some(f) = self.run_to_extend(kind, offset, effect) {
            f.length += length;
            f.count += 1;
            self.covered += 1;
            return;
        }
        if *self.listed_per_kind.get_mut(kind) < self.cap {
            self.push(make());
        }
    }

    /// Appends the findings of the segment that follows, whose lines move down by `shift`.
    pub(crate) fn merge(&mut self, next: Findings, shift: u64) {
        for kind in FindingKind::ALL {
            *self.counts.get_mut(kind) += next.counts.get(kind);
        }
        for mut f in next.listed {
            if let Some(run) = self.run_to_extend(f.kind, f.offset, f.effect) {
                run.length += f.length;
                run.count += f.count;
                self.covered += f.count;
                continue;
            }
            f.line += shift;
            self.push(f);
        }
    }

    /// The counts, the list in file order (a run's message saying how many it holds), and how
    /// many findings no listed item stands for.
    pub(crate) fn finish(mut self) -> (FindingCounts, Vec<Finding>, u64) {
        let omitted = self.counts.total() - self.covered;
        for f in &mut self.listed {
            if f.count > 1 {
                f.message = message::finding_run(f.kind, f.count, f.effect, &f.message);
            }
        }
        (self.counts, self.listed, omitted)
    }
}
