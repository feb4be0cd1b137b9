//! The findings (bidi controls, invisible characters): exact counts by kind, and the list
//! capped per kind like the problems.

use crate::finding::{Finding, FindingCounts, FindingKind};

#[derive(Clone, Debug)]
pub(crate) struct Findings {
    cap: u64,
    counts: FindingCounts,
    listed_per_kind: FindingCounts,
    listed: Vec<Finding>,
}

impl Findings {
    pub(crate) fn new(cap: usize) -> Findings {
        Findings {
            cap: cap as u64,
            counts: FindingCounts::default(),
            listed_per_kind: FindingCounts::default(),
            listed: Vec::new(),
        }
    }

    /// One more finding of `kind`; `make` builds it only when the list has room for it.
    #[cold]
    pub(crate) fn add(&mut self, kind: FindingKind, make: impl FnOnce() -> Finding) {
        *self.counts.get_mut(kind) += 1;
        let listed = self.listed_per_kind.get_mut(kind);
        if *listed < self.cap {
            *listed += 1;
            self.listed.push(make());
        }
    }

    /// Appends the findings of the segment that follows, whose lines move down by `shift`.
    pub(crate) fn merge(&mut self, next: Findings, shift: u64) {
        for kind in FindingKind::ALL {
            *self.counts.get_mut(kind) += next.counts.get(kind);
        }
        for mut f in next.listed {
            let listed = self.listed_per_kind.get_mut(f.kind);
            if *listed < self.cap {
                *listed += 1;
                f.line += shift;
                self.listed.push(f);
            }
        }
    }

    /// The counts, the list in file order, and how many the cap left out.
    pub(crate) fn finish(self) -> (FindingCounts, Vec<Finding>, u64) {
        let omitted = self.counts.total() - self.listed_per_kind.total();
        (self.counts, self.listed, omitted)
    }
}
