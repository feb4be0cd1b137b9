//! The structure of a line range (S1), decoded again from a checkpoint of the sparse index (S2).

mod json;
mod line_sink;
#[cfg(test)]
mod tests;

use crate::class::EndingKind;
use crate::decode::switch::Switches;
use crate::decode::Decoder;
use crate::fast::{self, Kernel};
use crate::format::Format;
use crate::index::LineIndex;
use crate::locate::{LineCounter, Target};
use crate::problem::ProblemKind;
pub use json::StructureJson;
use line_sink::LineSink;
use serde::{Deserialize, Serialize};

/// Limits that keep a structure small whatever the file.
#[derive(Clone, Copy, Debug)]
pub struct StructureOptions {
    /// Most characters itemised per line (the rest are counted in `chars_omitted`).
    pub max_chars_per_line: usize,
    /// Most characters of a line's `text` (the rest are cut and `text_truncated` set).
    pub max_text_per_line: usize,
    /// Itemise the characters of every line, not only of lines beyond ASCII or with problems.
    pub all_chars: bool,
}

impl Default for StructureOptions {
    fn default() -> Self {
        StructureOptions {
            max_chars_per_line: 10_000,
            max_text_per_line: 100_000,
            all_chars: false,
        }
    }
}

/// One line of the structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Its number, from 1.
    pub number: u64,
    /// Offset of its first byte.
    pub offset: u64,
    /// Its length in bytes, ending excluded.
    pub length: u64,
    /// Its length in characters, ending excluded.
    pub characters: u64,
    /// Its ending, `None` for a last line without one.
    pub ending: Option<Ending>,
    /// The text, made visible (V1), without the ending.
    pub text: String,
    /// True when `text` was cut at the limit.
    pub text_truncated: bool,
    /// True when the line has a character beyond ASCII.
    pub non_ascii: bool,
    /// The problems on this line, by kind (P9 excluded: it concerns endings).
    pub problems: Vec<ProblemKind>,
    /// Each character, for a line beyond ASCII or with a problem (else empty).
    pub chars: Vec<CharInfo>,
    /// Characters not itemised because of the limit.
    pub chars_omitted: u64,
}

/// A line ending in the structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Which ending.
    pub kind: EndingKind,
    /// Offset of its first byte.
    pub offset: u64,
    /// Its length in bytes (2 for a CR LF in UTF-8, 4 in UTF-16).
    pub length: u64,
    /// Its bytes ("0D 00 0A 00").
    pub bytes: String,
}

/// One character in the structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharInfo {
    /// Offset of its first byte.
    pub offset: u64,
    /// Its bytes.
    pub bytes: String,
    /// "U+00E9"; `None` for a bad unit (shown as U+FFFD).
    pub code_point: Option<String>,
    /// The character as shown (visible form, V1).
    pub text: String,
    /// Its UTF-16 or UTF-32 units as hex ("D83D DE00"), in those formats only.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub units: Option<String>,
    /// The problem this character is, if any.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub problem: Option<ProblemKind>,
}

/// The structure of a range of lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Structure {
    /// The file's format.
    pub format: Format,
    /// The first line asked for.
    pub first_line: u64,
    /// The last line asked for (may be past the end).
    pub last_line: u64,
    /// The lines in range that exist.
    pub lines: Vec<Line>,
}

/// Builds the structure of lines `first..=last`. Create it with [`StructureBuilder::new`],
/// read the file from [`StructureBuilder::start_offset`] on, feed until
/// [`StructureBuilder::done`], then [`StructureBuilder::finish`].
#[derive(Debug)]
pub struct StructureBuilder {
    decoder: Decoder,
    sink: LineSink,
    start: u64,
    /// While the lines before the range are counted on the fast path.
    skip: Option<Skip>,
    encoding: crate::codepage::CodePage,
    kernel: Kernel,
    /// Lines before the range that the fast path counted in bulk.
    fast_lines: u64,
    /// G9: where the text changes layout, when it does, and the offset of the next byte
    /// decoded into the lines.
    switches: Option<Box<Switches>>,
    pos: u64,
}

/// The lines before the range, counted: the counter, the offset of the next byte to be fed,
/// and the last bytes fed (see [`StructureBuilder::feed`]).
#[derive(Debug)]
struct Skip {
    counter: LineCounter,
    pos: u64,
    carry: Vec<u8>,
}

/// Bytes kept from the chunks before: more than a character's bytes pending in any decoder.
const CARRY: usize = 64;

/// Bytes decoded at a time, so that the builder stops soon after the last line asked for
/// (and, while counting lines before the range, soon after the first line's start).
const PIECE: usize = 4096;

impl StructureBuilder {
    /// A builder for lines `first..=last` of the file that `index` describes.
    pub fn new(index: &LineIndex, first: u64, last: u64, opts: StructureOptions) -> Self {
        let first = first.max(1);
        let cp = index.checkpoint_for(first);
        let mut switches = (!index.switches.is_empty()).then(|| {
            Box::new(Switches::new(
                index.format,
                index.code_page(),
                index.mark_len,
                &index.switches,
            ))
        });
        let (decoder, format, encoding) = match &mut switches {
            Some(sw) => sw.decoder_at(cp.offset),
            None => (
                Decoder::new(index.format, index.code_page(), cp.offset),
                index.format,
                index.code_page(),
            ),
        };
        // ISO-2022-JP's decoder carries a mode across lines: no fresh decoder at a line start.
        let restartable = !(format == Format::Legacy && encoding.is_stateful());
        let skip = (format.is_text() && restartable && cp.line < first).then(|| Skip {
            counter: LineCounter::new(cp.line, cp.offset, Target::Line(first)),
            pos: cp.offset,
            carry: Vec::new(),
        });
        StructureBuilder {
            decoder,
            start: cp.offset,
            skip,
            encoding,
            kernel: Kernel::Auto.resolve(),
            fast_lines: 0,
            switches,
            pos: cp.offset,
            sink: LineSink {
                format,
                opts,
                first,
                last: last.max(first),
                line: cp.line,
                cur: None,
                ends: Default::default(),
                lines: Vec::new(),
                listed_chars: Vec::new(),
                listed_bytes: Vec::new(),
                text_chars: 0,
                end: cp.offset,
                done: !format.is_text(),
                ansi_on: format.is_text() && (format != Format::Legacy || encoding.ascii_escapes()),
                ansi: Default::default(),
            },
        }
    }

    /// The same builder with another kernel for the lines before the range (the structure is
    /// the same with each; for tests and benchmarks).
    pub fn with_kernel(mut self, kernel: Kernel) -> Self {
        self.kernel = kernel.resolve();
        self
    }

    /// The offset to start reading at.
    pub fn start_offset(&self) -> u64 {
        self.start
    }

    /// Feeds the next bytes (which follow the last ones fed, from the start offset on). Stops
    /// decoding soon after the last line asked for is complete, whatever the chunk's size.
    pub fn feed(&mut self, chunk: &[u8]) {
        let chunk = match self.skip_lines(chunk) {
            Some((carried, rest)) => {
                self.build(&carried);
                rest
            }
            None => return,
        };
        self.build(chunk);
    }

    fn build(&mut self, bytes: &[u8]) {
        for piece in bytes.chunks(PIECE) {
            if self.sink.done {
                break;
            }
            match &mut self.switches {
                None => self.decoder.feed(piece, &mut self.sink),
                Some(sw) => sw.feed(
                    &mut self.decoder,
                    self.pos,
                    piece,
                    &mut self.sink,
                    |d, b, s| d.feed(b, s),
                ),
            }
            self.pos += piece.len() as u64;
        }
    }

    /// A fresh decoder for the line that starts at `at` (in the layout there, G9).
    fn restart_at(&mut self, at: u64) {
        match &mut self.switches {
            Some(sw) => {
                let (d, format, encoding) = sw.decoder_at(at);
                self.decoder = d;
                self.sink.format = format;
                self.encoding = encoding;
            }
            None => self.decoder = Decoder::new(self.sink.format, self.encoding, at),
        }
        self.pos = at;
    }

    /// Counts the lines before the range in `chunk`. Once the first line's start is met,
    /// starts a fresh decoder there and returns the bytes from it: those carried from the
    /// chunks before (the character after a CR may straddle two chunks, so the line can
    /// start a few bytes before this chunk), then the rest of this chunk. `None` while still
    /// counting.
    fn skip_lines<'c>(&mut self, chunk: &'c [u8]) -> Option<(Vec<u8>, &'c [u8])> {
        let Some(skip) = &mut self.skip else {
            return Some((Vec::new(), chunk));
        };
        let base = skip.pos;
        for (i, piece) in chunk.chunks(PIECE).enumerate() {
            let kernel = self.kernel;
            match &mut self.switches {
                None => fast::feed(&mut self.decoder, &mut skip.counter, piece, kernel),
                Some(sw) => {
                    let at = base + (i * PIECE) as u64;
                    sw.feed(
                        &mut self.decoder,
                        at,
                        piece,
                        &mut skip.counter,
                        |d, b, c| fast::feed(d, c, b, kernel),
                    );
                }
            }
            if let Some(at) = skip.counter.found {
                let carried = match at.checked_sub(base) {
                    Some(_) => Vec::new(),
                    None => {
                        let keep =
                            skip.carry.len() as u64 - (base - at).min(skip.carry.len() as u64);
                        skip.carry.split_off(usize::try_from(keep).unwrap_or(0))
                    }
                };
                let from = usize::try_from(at.saturating_sub(base)).unwrap_or(usize::MAX);
                self.fast_lines = skip.counter.fast_lines;
                self.skip = None;
                self.restart_at(at);
                self.sink.line = self.sink.first;
                self.sink.end = at;
                return Some((carried, chunk.get(from..).unwrap_or_default()));
            }
        }
        skip.pos = base + chunk.len() as u64;
        skip.carry.extend_from_slice(chunk);
        let excess = skip.carry.len().saturating_sub(CARRY);
        skip.carry.drain(..excess);
        None
    }

    /// True once every line asked for is complete: stop reading.
    pub fn done(&self) -> bool {
        self.sink.done
    }

    /// Takes the lines completed so far (for printing a long range as it goes).
    pub fn take_lines(&mut self) -> Vec<Line> {
        std::mem::take(&mut self.sink.lines)
    }

    /// The end of the input (the end of the file, or enough read): the structure.
    pub fn finish(self) -> Structure {
        self.finish_counting().0
    }

    /// As [`StructureBuilder::finish`], with the number of lines of the file when the input
    /// ended before the last line asked for was complete (`None` when it was complete).
    /// Only meaningful when the input really was the rest of the file.
    pub fn finish_counting(mut self) -> (Structure, Option<u64>) {
        if let Some(Skip {
            mut counter,
            pos,
            mut carry,
        }) = self.skip.take()
        {
            self.decoder.finish(&mut counter);
            if let Some(at) = counter.found {
                // The first line asked for starts only at the end: a CR waited for its LF and
                // what followed it was a character cut short by the end of the file. Its
                // bytes are the last ones fed, in the carry: decode them from there.
                let keep = carry.len() as u64 - (pos - at.min(pos)).min(carry.len() as u64);
                let tail = carry.split_off(usize::try_from(keep).unwrap_or(0));
                self.restart_at(at);
                self.sink.line = self.sink.first;
                self.sink.end = at;
                self.build(&tail);
                return self.finish_counting();
            }
            // The input ended before the first line asked for started. The layout named is
            // the one at the end of the input (G9), whichever checkpoint the count began at.
            let lines = counter.finish();
            let format = match &mut self.switches {
                Some(sw) => sw.decoder_at(pos).1,
                None => self.sink.format,
            };
            let s = Structure {
                format,
                first_line: self.sink.first,
                last_line: self.sink.last,
                lines: Vec::new(),
            };
            return (s, Some(lines));
        }
        let reached_end = !self.sink.done;
        if !self.sink.done {
            self.decoder.finish(&mut self.sink);
            if let Some(cr) = self.sink.ends.finish() {
                self.sink.end_line(cr);
            }
            if self.sink.cur.is_some() {
                self.sink.close(None);
            }
        }
        // Each line closed moves `line` on: it is now one past the file's last line.
        let lines = reached_end.then(|| self.sink.line - 1);
        let s = Structure {
            format: self.sink.format,
            first_line: self.sink.first,
            last_line: self.sink.last,
            lines: self.sink.lines,
        };
        (s, lines)
    }
}

/// A structure builder reads from its checkpoint on, behind a [`crate::Front`].
impl crate::front::Consumer for StructureBuilder {
    fn start_offset(&self) -> u64 {
        StructureBuilder::start_offset(self)
    }
    fn feed(&mut self, bytes: &[u8]) {
        StructureBuilder::feed(self, bytes);
    }
    fn done(&self) -> bool {
        StructureBuilder::done(self)
    }
}

/// The structure of lines `first..=last` of a whole buffer (the file's bytes, all of them).
pub fn structure_of(
    bytes: &[u8],
    index: &LineIndex,
    first: u64,
    last: u64,
    opts: StructureOptions,
) -> Structure {
    let mut b = StructureBuilder::new(index, first, last, opts);
    let start = usize::try_from(b.start_offset()).unwrap_or(usize::MAX);
    b.feed(bytes.get(start..).unwrap_or_default());
    b.finish()
}
