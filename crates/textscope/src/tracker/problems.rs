//! The problems (P1–P9): exact counts by kind, and the list capped per kind.

use crate::problem::{Problem, ProblemKind};
use crate::report::ProblemCounts;

/// Counts are kept in a [`ProblemCounts`], reached through its exhaustive `get_mut`: a new
/// [`ProblemKind`] does not compile until it has a count.
#[derive(Clone, Debug)]
pub(crate) struct Problems {
    cap: u64,
    counts: ProblemCounts,
    listed_per_kind: ProblemCounts,
    listed: Vec<Problem>,
}

impl Problems {
    pub(crate) fn new(cap: usize) -> Problems {
        Problems {
            cap: cap as u64,
            counts: ProblemCounts::default(),
            listed_per_kind: ProblemCounts::default(),
            listed: Vec::new(),
        }
    }

    /// One more problem of `kind`; `make` builds it only when the list has room for it.
    #[inline]
    pub(crate) fn add(&mut self, kind: ProblemKind, make: impl FnOnce() -> Problem) {
        *self.counts.get_mut(kind) += 1;
        let listed = self.listed_per_kind.get_mut(kind);
        if *listed < self.cap {
            *listed += 1;
            self.listed.push(make());
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
            let listed = self.listed_per_kind.get_mut(p.kind);
            if *listed < self.cap {
                *listed += 1;
                p.line += shift;
                self.listed.push(p);
            }
        }
    }

    /// The counts, the list in file order, and how many the cap left out.
    pub(crate) fn finish(mut self) -> (ProblemCounts, Vec<Problem>, u64) {
        let omitted = self.counts.total() - self.listed_per_kind.total();
        self.listed.sort_by_key(|p| (p.offset, p.kind));
        (self.counts, self.listed, omitted)
    }
}
