//! Line endings (L1, L6): the count of each kind and where the first of each kind was met,
//! from which P9 is located at the end.

use crate::class::EndingKind;
use crate::lines::Endings;
use crate::lines::LineEnd;

/// Where the first ending of a kind was met (for P9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EndingSite {
    pub line: u64,
    pub column: u64,
    pub end: LineEnd,
}

/// The endings met so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct EndingTally {
    counts: Endings,
    first: [Option<EndingSite>; EndingKind::ALL.len()],
}

/// P9's figures: the kinds present with their counts (in report order), the first ending not
/// of the commonest kind, and the commonest kind.
pub(crate) struct Mixed {
    pub present: Vec<(EndingKind, u64)>,
    pub site: EndingSite,
    pub common: EndingKind,
}

impl EndingTally {
    /// True once an ending of `kind` has been met.
    #[inline(always)]
    pub(crate) fn seen(&self, kind: EndingKind) -> bool {
        self.first.get(kind.index()).is_some_and(Option::is_some)
    }

    /// An ending, on line `line` after `column - 1` characters.
    #[inline]
    pub(crate) fn add(&mut self, end: LineEnd, line: u64, column: u64) {
        *self.counts.get_mut(end.kind) += 1;
        if let Some(slot @ None) = self.first.get_mut(end.kind.index()) {
            *slot = Some(EndingSite { line, column, end });
        }
    }

    /// `n` more endings of a kind already seen (the fast path).
    #[inline(always)]
    pub(crate) fn add_seen(&mut self, kind: EndingKind, n: u64) {
        *self.counts.get_mut(kind) += n;
    }

    pub(crate) fn counts(&self) -> Endings {
        self.counts
    }

    /// Appends the endings of the segment that follows, whose lines move down by `shift`.
    pub(crate) fn merge(&mut self, next: EndingTally, shift: u64) {
        for kind in EndingKind::ALL {
            *self.counts.get_mut(kind) += next.counts.get(kind);
        }
        for (first, other) in self.first.iter_mut().zip(next.first) {
            if first.is_none() {
                *first = other.map(|mut s| {
                    s.line += shift;
                    s
                });
            }
        }
    }

    /// L6 / P9: with more than one kind, the first line whose ending is not the commonest
    /// kind (the highest count; on a tie, the kind met first).
    pub(crate) fn mixed(&self) -> Option<Mixed> {
        let site = |k: EndingKind| self.first.get(k.index()).copied().flatten();
        let present: Vec<(EndingKind, u64)> = EndingKind::ALL
            .into_iter()
            .map(|k| (k, self.counts.get(k)))
            .filter(|&(_, n)| n > 0)
            .collect();
        if present.len() < 2 {
            return None;
        }
        let first_offset = |k: EndingKind| site(k).map_or(u64::MAX, |s| s.end.offset);
        let &(common, _) = present.iter().max_by(|&&(a, na), &&(b, nb)| {
            na.cmp(&nb).then(first_offset(b).cmp(&first_offset(a)))
        })?;
        let site = present
            .iter()
            .filter(|&&(k, _)| k != common)
            .filter_map(|&(k, _)| site(k))
            .min_by_key(|s| s.end.offset)?;
        Some(Mixed {
            present,
            site,
            common,
        })
    }
}
