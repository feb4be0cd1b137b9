//! The public front end: the detection window, detection, and the one step back (the window
//! replayed into what follows), in one place for every consumer of a file's bytes — the
//! structure builder, or anything that implements [`Consumer`]. The report has its own,
//! [`crate::Analyzer`], which runs the same steps into the tracker.
//!
//! ```
//! use textscope::{Options, Pipeline, StructureBuilder, StructureOptions};
//! let mut p = Pipeline::new(Options::default(), |index, _report| {
//!     StructureBuilder::new(index, 2, 2, StructureOptions::default())
//! });
//! p.feed(b"one\ntwo\nthree\n");
//! let (_index, report, builder) = p.finish();
//! assert_eq!(report.encoding, "UTF-8");
//! assert_eq!(builder.finish().lines[0].text, "two");
//! ```

use crate::analyzer::{detect_window, Options};
use crate::detect::WINDOW;
use crate::index::LineIndex;
use crate::report::Report;

/// What a [`Pipeline`] feeds once the file's format is known.
pub trait Consumer {
    /// The offset of the first byte it needs (the end of the mark, or a checkpoint).
    fn start_offset(&self) -> u64;
    /// The next bytes, which follow the last ones (from the start offset on).
    fn feed(&mut self, bytes: &[u8]);
    /// True once it needs no more bytes: stop reading.
    fn done(&self) -> bool {
        false
    }
}

/// Builds the consumer from what detection found: the index (format, code page, mark) and
/// the report of detection over the window ([`detect_window`]: its `format`, `detection`,
/// `bom`, `encoding` are the file's; the window is not decoded for it).
pub type MakeConsumer<'a, C> = Box<dyn FnMut(&LineIndex, &Report) -> C + 'a>;

/// The front end of a file: buffers the first [`WINDOW`] bytes, detects, makes the consumer,
/// replays the window into it from its start offset, then passes the bytes straight through.
pub struct Pipeline<'a, C> {
    opts: Options,
    window: Vec<u8>,
    make: MakeConsumer<'a, C>,
    run: Option<(LineIndex, Report, C)>,
    /// The offset of the next byte fed.
    pos: u64,
}

impl<C> std::fmt::Debug for Pipeline<'_, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("window", &self.window.len())
            .field("detected", &self.run.is_some())
            .field("pos", &self.pos)
            .finish()
    }
}

impl<'a, C: Consumer> Pipeline<'a, C> {
    /// A pipeline that makes its consumer with `make` once the format is known.
    pub fn new(opts: Options, make: impl FnMut(&LineIndex, &Report) -> C + 'a) -> Self {
        Pipeline {
            opts,
            window: Vec::new(),
            make: Box::new(make),
            run: None,
            pos: 0,
        }
    }

    /// Feeds the next bytes of the file. Returns false once the consumer needs no more.
    pub fn feed(&mut self, chunk: &[u8]) -> bool {
        let mut rest = chunk;
        if self.run.is_none() {
            let take = WINDOW.saturating_sub(self.window.len()).min(rest.len());
            let (head, tail) = rest.split_at_checked(take).unwrap_or((rest, &[]));
            self.window.extend_from_slice(head);
            self.pos += head.len() as u64;
            rest = tail;
            if self.window.len() < WINDOW {
                return true;
            }
            self.detect_now(false);
        }
        self.pass(rest);
        !self.is_done()
    }

    /// Runs detection now on the bytes fed so far (the caller read the window itself);
    /// `at_eof`: they are the whole file. Does nothing once detection has run.
    pub fn detect_now(&mut self, at_eof: bool) {
        if self.run.is_none() {
            let run = self.start(at_eof);
            self.run = Some(run);
        }
    }

    /// Detection over the window, the consumer, and the window replayed into it.
    fn start(&mut self, at_eof: bool) -> (LineIndex, Report, C) {
        let (index, report) = detect_window(&self.window, at_eof, &self.opts);
        let mut consumer = (self.make)(&index, &report);
        let window = std::mem::take(&mut self.window);
        let from = usize::try_from(consumer.start_offset()).unwrap_or(usize::MAX);
        if let Some(replay) = window.get(from..).filter(|b| !b.is_empty()) {
            consumer.feed(replay);
        }
        (index, report, consumer)
    }

    /// Bytes after the window: to the consumer, from its start offset on.
    fn pass(&mut self, bytes: &[u8]) {
        let at = self.pos;
        self.pos += bytes.len() as u64;
        if let Some((_, _, c)) = &mut self.run {
            let skip = c.start_offset().saturating_sub(at);
            let from = usize::try_from(skip).unwrap_or(usize::MAX);
            if let Some(b) = bytes.get(from..).filter(|b| !b.is_empty()) {
                c.feed(b);
            }
        }
    }

    /// The offset of the next byte the consumer needs: a caller that can seek reads from
    /// here (after [`Pipeline::skip_to`]); `None` before detection.
    pub fn next_offset(&self) -> Option<u64> {
        let (_, _, c) = self.run.as_ref()?;
        Some(self.pos.max(c.start_offset()))
    }

    /// The next bytes fed start at `offset` (at least [`Pipeline::next_offset`]): the ones
    /// before it are not needed.
    pub fn skip_to(&mut self, offset: u64) {
        self.pos = self.pos.max(offset);
    }

    /// What detection found, once it has run.
    pub fn detected(&self) -> Option<(&LineIndex, &Report)> {
        self.run.as_ref().map(|(i, r, _)| (i, r))
    }

    /// The consumer, once detection has run.
    pub fn consumer_mut(&mut self) -> Option<&mut C> {
        self.run.as_mut().map(|(_, _, c)| c)
    }

    /// True once the consumer needs no more bytes.
    pub fn is_done(&self) -> bool {
        self.run.as_ref().is_some_and(|(_, _, c)| c.done())
    }

    /// The end of the file: detection if it has not run (on a file shorter than the window),
    /// then what it found and the consumer, for the caller to finish.
    pub fn finish(mut self) -> (LineIndex, Report, C) {
        match self.run.take() {
            Some(run) => run,
            None => self.start(true),
        }
    }
}
