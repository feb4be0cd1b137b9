//! The one front end of a file ([`Front`]): it buffers the detection window, detects once
//! ([`Detected`]), makes the consumer from what detection found, replays the window into it
//! from the offset it asks for (the one bounded step back of DESIGN), then passes the bytes
//! straight through. Every reader of a file's bytes is a [`Consumer`] behind it: the report's
//! tracker ([`crate::Analyzer`] is a front over [`crate::ReportConsumer`]), the report with
//! an observer of the characters ([`crate::ObservedAnalyzer`]), the structure builder, the
//! character stream (`chars::CharConsumer`) and `check`'s scanner.
//!
//! ```
//! use textscope::{Front, Options, StructureBuilder, StructureOptions};
//! let mut f = Front::new(Options::default(), |detected, _window| {
//!     StructureBuilder::new(&detected.line_index(), 2, 2, StructureOptions::default())
//! });
//! f.feed(b"one\ntwo\nthree\n");
//! let (detected, builder) = f.finish();
//! assert_eq!(detected.encoding_name(), "UTF-8");
//! assert_eq!(builder.finish().lines[0].text, "two");
//! ```

mod detected;
mod reading;

pub use detected::{detect_only, Detected};
pub(crate) use reading::near_zero_pattern;

use crate::detect::WINDOW;
use crate::options::Options;

/// What a [`Front`] feeds once the file's format is known.
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

/// The bytes detection looked at, for a consumer that must read them again in another way
/// ([`Detected::of`] with other options).
#[derive(Clone, Copy, Debug)]
pub struct Window<'w> {
    /// The first bytes of the file (at most [`WINDOW`]).
    pub bytes: &'w [u8],
    /// True when they are the whole file.
    pub at_eof: bool,
}

/// Makes the consumer from what detection found and the window it looked at. `Send` and
/// `Sync`, so that a front end (an [`crate::Analyzer`]) can move to another thread.
pub type MakeConsumer<'a, C> = Box<dyn FnMut(&Detected, Window<'_>) -> C + Send + Sync + 'a>;

/// The front end of a file: buffers the first [`WINDOW`] bytes, detects, makes the consumer,
/// replays the window into it from its start offset, then passes the bytes straight through.
/// It does no I/O.
pub struct Front<'a, C> {
    opts: Options,
    window: Vec<u8>,
    make: MakeConsumer<'a, C>,
    run: Option<(Detected, C)>,
    /// The offset of the next byte fed.
    pos: u64,
}

impl<C> std::fmt::Debug for Front<'_, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Front")
            .field("window", &self.window.len())
            .field("detected", &self.run.as_ref().map(|(d, _)| d.format))
            .field("pos", &self.pos)
            .finish()
    }
}

impl<'a, C: Consumer> Front<'a, C> {
    /// A front end that makes its consumer with `make` once the format is known.
    pub fn new(
        opts: Options,
        make: impl FnMut(&Detected, Window<'_>) -> C + Send + Sync + 'a,
    ) -> Self {
        Front {
            opts,
            window: Vec::new(),
            make: Box::new(make),
            run: None,
            pos: 0,
        }
    }

    /// Feeds the next bytes of the file (any size, empty too). Returns false once the
    /// consumer needs no more.
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
    fn start(&mut self, at_eof: bool) -> (Detected, C) {
        let window = std::mem::take(&mut self.window);
        let detected = Detected::of(&window, at_eof, &self.opts);
        let mut consumer = (self.make)(
            &detected,
            Window {
                bytes: &window,
                at_eof,
            },
        );
        let from = usize::try_from(consumer.start_offset()).unwrap_or(usize::MAX);
        if let Some(replay) = window.get(from..).filter(|b| !b.is_empty()) {
            consumer.feed(replay);
        }
        (detected, consumer)
    }

    /// Bytes after the window: to the consumer, from its start offset on.
    #[inline]
    fn pass(&mut self, bytes: &[u8]) {
        let at = self.pos;
        self.pos += bytes.len() as u64;
        if let Some((_, c)) = &mut self.run {
            let skip = c.start_offset().saturating_sub(at);
            let from = usize::try_from(skip).unwrap_or(usize::MAX);
            if let Some(b) = bytes.get(from..).filter(|b| !b.is_empty()) {
                c.feed(b);
            }
        }
    }

    /// The offset of the next byte the consumer needs: a caller that can seek reads from
    /// here (after [`Front::skip_to`]); `None` before detection.
    pub fn next_offset(&self) -> Option<u64> {
        let (_, c) = self.run.as_ref()?;
        Some(self.pos.max(c.start_offset()))
    }

    /// The next bytes fed start at `offset` (at least [`Front::next_offset`]): the ones
    /// before it are not needed.
    pub fn skip_to(&mut self, offset: u64) {
        self.pos = self.pos.max(offset);
    }

    /// The offset of the next byte fed: the bytes fed so far, with those skipped.
    pub fn position(&self) -> u64 {
        self.pos
    }

    /// What detection found, once it has run.
    pub fn detected(&self) -> Option<&Detected> {
        self.run.as_ref().map(|(d, _)| d)
    }

    /// The consumer, once detection has run.
    pub fn consumer(&self) -> Option<&C> {
        self.run.as_ref().map(|(_, c)| c)
    }

    /// The consumer, once detection has run.
    pub fn consumer_mut(&mut self) -> Option<&mut C> {
        self.run.as_mut().map(|(_, c)| c)
    }

    /// True once the consumer needs no more bytes.
    pub fn is_done(&self) -> bool {
        self.run.as_ref().is_some_and(|(_, c)| c.done())
    }

    /// The end of the file: detection if it has not run (on a file shorter than the window),
    /// then what it found and the consumer, for the caller to finish.
    pub fn finish(mut self) -> (Detected, C) {
        match self.run.take() {
            Some(run) => run,
            None => self.start(true),
        }
    }
}
