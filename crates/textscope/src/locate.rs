//! Counting lines on the fast path, from a checkpoint of the index: only line ends matter, so
//! the kernels take them in bulk ([`FastSink`]). The structure builder counts its way to the
//! first line it wants this way, then starts decoding character by character where that line
//! starts (a line start is a character boundary, so a fresh decoder resumes there: S2); and
//! [`LineLocator`] finds which line holds a byte.

use crate::class::EndingKind;
use crate::decode::switch::Switches;
use crate::decode::{Bad, Decoder, Sink};
use crate::fast::{self, AsciiLines, FastSink, Kernel};
use crate::index::LineIndex;
use crate::lines::{LineMachine, Role};

/// What a [`LineCounter`] looks for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Target {
    /// The start of this line.
    Line(u64),
    /// The line that holds this byte.
    Byte(u64),
}

/// Counts lines until its target is met.
#[derive(Debug)]
pub(crate) struct LineCounter {
    target: Target,
    /// The line being read.
    line: u64,
    at_line_start: bool,
    ends: LineMachine,
    /// The end of the last character seen.
    end: u64,
    /// `Target::Line`: where that line starts; `Target::Byte`: the line that holds the
    /// byte. Once known.
    pub(crate) found: Option<u64>,
    /// Line ends the fast path took in bulk (the rest went one character at a time).
    pub(crate) fast_lines: u64,
}

impl LineCounter {
    /// A counter standing at the start of line `line`, at `offset`.
    pub(crate) fn new(line: u64, offset: u64, target: Target) -> LineCounter {
        LineCounter {
            target,
            line,
            at_line_start: true,
            ends: LineMachine::new(),
            end: offset,
            found: None,
            fast_lines: 0,
        }
    }

    /// Line `line` starts at `at`.
    #[inline]
    fn line_start(&mut self, line: u64, at: u64) {
        if self.found.is_some() {
            return;
        }
        match self.target {
            Target::Line(first) if line == first => self.found = Some(at),
            Target::Byte(b) if at > b => self.found = Some(line - 1),
            _ => {}
        }
    }

    /// A line ended; the next starts at `at`.
    #[inline]
    fn ended(&mut self, at: u64) {
        self.line += 1;
        self.at_line_start = true;
        self.end = at;
        self.line_start(self.line, at);
    }

    #[inline]
    fn interrupt(&mut self, end: u64) {
        if let Some(cr) = self.ends.interrupt() {
            self.ended(cr.end());
        }
        self.at_line_start = false;
        self.end = end;
    }

    /// The end of the input: the number of lines of the file (L2).
    pub(crate) fn finish(mut self) -> u64 {
        self.finish_in_place()
    }

    fn finish_in_place(&mut self) -> u64 {
        if let Some(cr) = self.ends.finish() {
            self.ended(cr.end());
        }
        if !self.at_line_start {
            // The last line has no ending: it ends with the input.
            self.line += 1;
            self.line_start(self.line, self.end);
        }
        self.line - 1
    }
}

impl Sink for LineCounter {
    const ASCII_RUNS: bool = true;

    fn ascii_run(&mut self, offset: u64, chars: usize, width: usize) {
        self.interrupt(offset + (chars * width) as u64);
    }

    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        let step = self.ends.push(c, offset, bytes);
        if let Some(cr) = step.flushed {
            self.ended(cr.end());
        }
        match step.role {
            Role::Ends(end) => self.ended(end.end()),
            Role::Cr | Role::Char => {
                self.at_line_start = false;
                self.end = offset + bytes.len() as u64;
            }
        }
    }

    fn bad(&mut self, _: Bad, offset: u64, bytes: &[u8]) {
        self.interrupt(offset + bytes.len() as u64);
    }
}

impl FastSink for LineCounter {
    #[inline]
    fn fast_ready(&self) -> bool {
        self.ends.is_idle() && self.found.is_none()
    }

    #[inline]
    fn fast_at_line_start(&self) -> bool {
        self.at_line_start
    }

    #[inline]
    fn fast_begin(&mut self, _: u64) {
        self.at_line_start = false;
    }

    #[inline]
    fn fast_line_chars(&mut self, _: u32) {}

    #[inline]
    fn fast_line_end(
        &mut self,
        _: u32,
        _: EndingKind,
        offset: u64,
        bytes: &[u8],
        next: Option<u64>,
    ) {
        self.fast_lines += 1;
        self.ended(offset + bytes.len() as u64);
        if next.is_some() {
            self.at_line_start = false;
        }
    }

    #[inline]
    fn ascii_lines_begin(&self, at: u64, _: EndingKind, _: u64) -> Option<(AsciiLines, bool)> {
        if !self.fast_ready() {
            return None;
        }
        let state = AsciiLines {
            line: self.line,
            line_start: at,
            beat: 0,
            longest_line: 0,
            // Every line start is reported, so the one of line `first` is seen.
            next_at: 0,
        };
        Some((state, true))
    }

    #[inline]
    fn ascii_lines_end(&mut self, s: AsciiLines, _: EndingKind, _: u64, end: u64, _: u64, _: u64) {
        self.fast_lines += s.line - self.line;
        self.line = s.line;
        self.at_line_start = false;
        self.end = end;
    }

    fn fast_checkpoint(&mut self, line: u64, offset: u64) -> u64 {
        self.line_start(line, offset);
        if self.found.is_some() {
            u64::MAX
        } else {
            0
        }
    }

    #[inline]
    fn fast_done(&mut self, _: u64, end: u64, _: bool) {
        self.end = end;
    }
}

/// Finds which line holds a byte, from the checkpoint before it (S2): create it with
/// [`LineIndex::locate`], read the file from [`LineLocator::start_offset`] on, feed until
/// [`LineLocator::done`], then [`LineLocator::finish`]. Lines are counted on the fast path.
///
/// ```
/// use textscope::{Analyzer, Options};
/// let bytes = b"one\r\ntwo\nthree";
/// let mut a = Analyzer::new(Options { index_every: Some(4), ..Options::default() });
/// a.feed(bytes);
/// let (_, index) = a.finish_with_index();
/// let line_of = |n: u64| {
///     let mut l = index.locate(n);
///     l.feed(&bytes[l.start_offset() as usize..]);
///     l.finish()
/// };
/// assert_eq!(line_of(4), Some(1)); // the LF of line 1's CR LF
/// assert_eq!(line_of(5), Some(2));
/// assert_eq!(line_of(13), Some(3));
/// assert_eq!(line_of(14), None); // past the end
/// ```
#[derive(Debug)]
pub struct LineLocator {
    decoder: Option<Decoder>,
    counter: LineCounter,
    start: u64,
    /// G9: where the text changes layout, when it does, and the offset of the next byte.
    switches: Option<(Box<Switches>, u64)>,
}

impl LineIndex {
    /// A search for the line that holds byte `offset` (the line's characters and its
    /// ending). No line holds the mark's bytes or a byte past the end.
    pub fn locate(&self, offset: u64) -> LineLocator {
        let cp = self.checkpoint_before_offset(offset);
        let in_text = self.format.is_text() && offset >= self.mark_len && offset < self.size;
        let mut switches = (!self.switches.is_empty()).then(|| {
            let sw = Switches::new(self.format, self.code_page(), self.mark_len, &self.switches);
            (Box::new(sw), cp.offset)
        });
        let decoder = in_text.then(|| match &mut switches {
            Some((sw, _)) => sw.decoder_at(cp.offset).0,
            None => Decoder::new(self.format, self.code_page(), cp.offset),
        });
        LineLocator {
            decoder,
            counter: LineCounter::new(cp.line, cp.offset, Target::Byte(offset)),
            start: cp.offset,
            switches,
        }
    }
}

impl LineLocator {
    /// The offset to start reading at.
    pub fn start_offset(&self) -> u64 {
        self.start
    }

    /// Feeds the next bytes (which follow the last ones fed, from the start offset on).
    pub fn feed(&mut self, chunk: &[u8]) {
        if let Some(d) = &mut self.decoder {
            for piece in chunk.chunks(4096) {
                if self.counter.found.is_some() {
                    break;
                }
                let kernel = Kernel::Auto.resolve();
                match &mut self.switches {
                    None => fast::feed(d, &mut self.counter, piece, kernel),
                    Some((sw, pos)) => {
                        sw.feed(d, *pos, piece, &mut self.counter, |d, b, c| {
                            fast::feed(d, c, b, kernel)
                        });
                        *pos += piece.len() as u64;
                    }
                }
            }
        }
    }

    /// True once the line is found (or there is none to find): stop reading.
    pub fn done(&self) -> bool {
        self.decoder.is_none() || self.counter.found.is_some()
    }

    /// The end of the input (the end of the file, or enough read): the line, from 1, or
    /// `None` when no line holds the byte.
    pub fn finish(mut self) -> Option<u64> {
        if self.counter.found.is_none() {
            if let Some(mut d) = self.decoder.take() {
                d.finish(&mut self.counter);
                self.counter.finish_in_place();
            }
        }
        self.counter.found
    }
}
