//! The sparse index's checkpoints (S2), taken at line starts as the tracker meets them.

use crate::index::Checkpoint;

#[derive(Clone, Debug)]
pub(crate) struct IndexBuilder {
    every: u64,
    /// Where the next checkpoint is due.
    pub(crate) next_at: u64,
    checkpoints: Vec<Checkpoint>,
}

impl IndexBuilder {
    pub(crate) fn new(every: u64) -> IndexBuilder {
        IndexBuilder {
            every: every.max(1),
            next_at: 0,
            checkpoints: Vec::new(),
        }
    }

    /// Line `line` starts at `offset`: a checkpoint if one is due.
    #[inline]
    pub(crate) fn line_start(&mut self, line: u64, offset: u64) {
        if offset >= self.next_at {
            self.push(line, offset);
        }
    }

    /// A checkpoint (one is due): line `line` starts at `offset`. Returns where the next is due.
    #[inline]
    pub(crate) fn push(&mut self, line: u64, offset: u64) -> u64 {
        self.checkpoints.push(Checkpoint { line, offset });
        self.next_at = offset + self.every;
        self.next_at
    }

    /// Appends the checkpoints of the segment that follows, whose lines move down by `shift`,
    /// keeping only those at least `every` bytes apart, as one builder fed both would.
    pub(crate) fn merge(&mut self, next: IndexBuilder, shift: u64) {
        for c in next.checkpoints {
            self.line_start(c.line + shift, c.offset);
        }
    }

    pub(crate) fn finish(self) -> Vec<Checkpoint> {
        self.checkpoints
    }
}
