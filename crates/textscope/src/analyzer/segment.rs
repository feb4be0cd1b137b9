//! A file analyzed in segments on several threads, merged into one report (the CLI's
//! `parallel.rs`): where a segment may start, and the merge.

use super::{build, tracker_for, Analyzer};
use crate::decode::Decoder;
use crate::fast::{self, Kernel};
use crate::format::Format;
use crate::front::Detected;
use crate::index::LineIndex;
use crate::report::Report;
use crate::tracker::Tracker;

/// What the segments and mojibake of a report (docs/mojibake.md G8, M9) need of the rest of
/// the file, once detection has run ([`Analyzer::rest`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rest {
    /// Nothing: the window told everything (or the file is no longer than it).
    Nothing,
    /// Every byte, through this analyzer: a caller must not split the file.
    Everything,
    /// Nothing unless the report shows a sign of another encoding (an invalid sequence, a cut
    /// character, a NUL) beyond the window: then the whole file through one analyzer (G8).
    OnSigns,
}

impl Report {
    /// G8: the report shows a sign that a UTF-8 file holds another encoding somewhere.
    pub fn has_foreign_signs(&self) -> bool {
        use crate::problem::ProblemKind;
        self.format == Format::Utf8
            && [
                ProblemKind::InvalidUtf8,
                ProblemKind::TruncatedCharacter,
                ProblemKind::Nul,
            ]
            .iter()
            .any(|&k| self.problem_counts.get(k) > 0)
    }
}

impl Analyzer {
    /// What the segments and mojibake need of the rest of the file ([`Rest`]); `Nothing`
    /// before detection.
    pub fn rest(&self) -> Rest {
        let Some(c) = self.front.consumer() else {
            return Rest::Nothing;
        };
        if c.main.switches.is_some() {
            // G9: the text changes layout in the window; a part read on its own would not
            // know which layout it starts in.
            return Rest::Everything;
        }
        c.twofold.as_deref().map_or(Rest::Nothing, |t| t.rest())
    }

    /// A part of the file that starts at `offset` and is analyzed on its own (on another
    /// thread), to be merged by [`Analyzer::finish_with_segments`]. Available once detection
    /// has run; `offset` must come from [`Analyzer::split_after_lf`]. `None` for a format that
    /// cannot be split (binary, empty, ISO-2022-JP).
    pub fn segment(&self, offset: u64) -> Option<Segment> {
        let v = self.front.detected().filter(|v| splittable(v))?;
        let kernel = self.front.consumer()?.main.kernel;
        Some(Segment {
            start: offset,
            fed: 0,
            decoder: Decoder::new(v.format, v.code_page, offset),
            tracker: tracker_for(v, &self.opts, self.opts.index_every),
            kernel,
        })
    }

    /// Where a segment may start: just after the first LF unit in `bytes`, which are the
    /// file's bytes from absolute offset `at`. After an LF every decoder is between characters
    /// and no CR is pending, which is what makes segments independent. `None` when `bytes`
    /// holds no LF unit, before detection, or for a format that cannot be split.
    pub fn split_after_lf(&self, bytes: &[u8], at: u64) -> Option<u64> {
        let v = self.front.detected().filter(|v| splittable(v))?;
        let w = v.format.unit_width();
        let lf: &[u8] = match v.format {
            Format::Utf16Le => &[0x0A, 0],
            Format::Utf16Be => &[0, 0x0A],
            Format::Utf32Le => &[0x0A, 0, 0, 0],
            Format::Utf32Be => &[0, 0, 0, 0x0A],
            _ => &[0x0A],
        };
        let mark = v.mark_len as u64;
        let skip = if at < mark {
            (mark - at) as usize
        } else {
            ((w as u64 - (at - mark) % w as u64) % w as u64) as usize
        };
        let aligned = bytes.get(skip..)?;
        let i = aligned.chunks_exact(w).position(|u| u == lf)?;
        Some(at + (skip + i * w + w) as u64)
    }

    /// The end of the file, with the segments that followed this analyzer's own bytes, in
    /// file order: the report and index are exactly those of one analyzer fed everything.
    /// Fails (and says why) when a segment does not start where the previous part ended, or
    /// when a part did not end just after an LF.
    pub fn finish_with_segments(
        self,
        segments: Vec<Segment>,
    ) -> Result<(Report, LineIndex), SegmentError> {
        let mut size = self.front.position();
        let (detected, consumer) = self.front.finish();
        let index_every = consumer.index_every;
        let (twofold, cap) = (consumer.twofold, consumer.cap);
        let mut d = consumer.main;
        for seg in segments {
            if seg.start != size {
                return Err(SegmentError::Misplaced {
                    start: seg.start,
                    end: size,
                });
            }
            if !d.tracker.at_line_boundary() {
                return Err(SegmentError::NotAfterLf { at: seg.start });
            }
            if let Some(dec) = &mut d.decoder {
                // Ends just after an LF: nothing is pending, so this emits nothing.
                dec.finish(&mut d.tracker);
            }
            d.tracker.merge(seg.tracker);
            size += seg.fed;
            d.decoder = Some(seg.decoder);
        }
        let (mut report, index) = build(index_every, size, detected, d);
        // Whole only when the caller kept to `rest` (G8): every byte through this analyzer
        // for `Rest::Everything`, and one analyzer again when the merged report shows a sign.
        if let Some(t) = twofold {
            super::finish_twofold(&mut report, *t, cap);
        }
        Ok((report, index))
    }
}

/// Binary and empty files are not decoded; ISO-2022-JP's decoder carries a mode across lines.
fn splittable(v: &Detected) -> bool {
    v.format.is_text() && !(v.format == Format::Legacy && v.code_page.is_stateful())
}

/// A part of a file analyzed on its own; see [`Analyzer::segment`].
#[derive(Debug)]
pub struct Segment {
    start: u64,
    fed: u64,
    decoder: Decoder,
    tracker: Tracker,
    kernel: Kernel,
}

impl Segment {
    /// Feeds the segment's next bytes.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.fed += chunk.len() as u64;
        fast::feed(&mut self.decoder, &mut self.tracker, chunk, self.kernel);
    }

    /// Where the segment starts.
    pub fn start(&self) -> u64 {
        self.start
    }

    /// Bytes fed so far.
    pub fn bytes_fed(&self) -> u64 {
        self.fed
    }
}

/// Segments handed to [`Analyzer::finish_with_segments`] that do not fit together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SegmentError {
    /// A segment starts at `start`, but the bytes before it end at `end`.
    Misplaced {
        /// Where the segment starts.
        start: u64,
        /// Where the bytes before it end.
        end: u64,
    },
    /// The part before the segment starting at `at` does not end just after an LF.
    NotAfterLf {
        /// Where the segment starts.
        at: u64,
    },
}

impl std::fmt::Display for SegmentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SegmentError::Misplaced { start, end } => write!(
                f,
                "a segment starts at {start} but the bytes before it end at {end}"
            ),
            SegmentError::NotAfterLf { at } => write!(
                f,
                "the part before offset {at} does not end just after an LF"
            ),
        }
    }
}

impl std::error::Error for SegmentError {}
