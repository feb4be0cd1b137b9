//! The structure of a line range (S1), decoded again from a checkpoint of the sparse index (S2).

use crate::decode::{Bad, Decoder, Sink};
use crate::format::{hex, Format};
use crate::index::LineIndex;
use crate::preview::push_visible;
use crate::problem::ProblemKind;
use crate::report::EndingKind;
use crate::tracker::is_control_problem;
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
}

/// A character of the current line, before it is itemised: its bytes are
/// `listed_bytes[start..start + len]`.
#[derive(Debug, Clone, Copy)]
struct RawChar {
    offset: u64,
    c: Option<char>,
    start: usize,
    len: usize,
    problem: Option<ProblemKind>,
}

#[derive(Debug)]
struct LineSink {
    format: Format,
    opts: StructureOptions,
    first: u64,
    last: u64,
    line: u64,
    cur: Option<Line>,
    cr: Option<(u64, Vec<u8>)>,
    lines: Vec<Line>,
    /// The current line's characters, kept raw (no allocation per character) until the line
    /// closes and turns out to need them itemised.
    listed_chars: Vec<RawChar>,
    /// The bytes of those characters, one after the other.
    listed_bytes: Vec<u8>,
    text_chars: usize,
    end: u64,
    done: bool,
}

impl StructureBuilder {
    /// A builder for lines `first..=last` of the file that `index` describes.
    pub fn new(index: &LineIndex, first: u64, last: u64, opts: StructureOptions) -> Self {
        let first = first.max(1);
        let cp = index.checkpoint_for(first);
        let format = index.format;
        let decoder = Decoder::new(format, index.code_page(), cp.offset);
        StructureBuilder {
            decoder,
            start: cp.offset,
            sink: LineSink {
                format,
                opts,
                first,
                last: last.max(first),
                line: cp.line,
                cur: None,
                cr: None,
                lines: Vec::new(),
                listed_chars: Vec::new(),
                listed_bytes: Vec::new(),
                text_chars: 0,
                end: cp.offset,
                done: !format.is_text(),
            },
        }
    }

    /// The offset to start reading at.
    pub fn start_offset(&self) -> u64 {
        self.start
    }

    /// Feeds the next bytes (which follow the last ones fed, from the start offset on). Stops
    /// decoding soon after the last line asked for is complete, whatever the chunk's size.
    pub fn feed(&mut self, chunk: &[u8]) {
        for piece in chunk.chunks(4096) {
            if self.sink.done {
                break;
            }
            self.decoder.feed(piece, &mut self.sink);
        }
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
        let reached_end = !self.sink.done;
        if !self.sink.done {
            self.decoder.finish(&mut self.sink);
            if let Some((at, b)) = self.sink.cr.take() {
                self.sink.end_line(EndingKind::Cr, at, &b);
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

impl LineSink {
    fn in_range(&self) -> bool {
        (self.first..=self.last).contains(&self.line)
    }

    fn begin(&mut self, offset: u64) {
        if let Some((at, b)) = self.cr.take() {
            self.end_line(EndingKind::Cr, at, &b);
        }
        if self.cur.is_none() && !self.done {
            self.text_chars = 0;
            self.cur = Some(Line {
                number: self.line,
                offset,
                length: 0,
                characters: 0,
                ending: None,
                text: String::new(),
                text_truncated: false,
                non_ascii: false,
                problems: Vec::new(),
                chars: Vec::new(),
                chars_omitted: 0,
            });
        }
    }

    fn end_line(&mut self, kind: EndingKind, offset: u64, bytes: &[u8]) {
        self.close(Some(Ending {
            kind,
            offset,
            bytes: hex(bytes),
        }));
    }

    fn close(&mut self, ending: Option<Ending>) {
        let Some(mut line) = self.cur.take() else {
            return;
        };
        if self.in_range() {
            line.length = ending.as_ref().map_or(self.end, |e| e.offset) - line.offset;
            line.ending = ending;
            if self.opts.all_chars || line.non_ascii || !line.problems.is_empty() {
                line.chars = self.itemise();
            } else {
                line.chars_omitted = 0;
            }
            self.lines.push(line);
        }
        self.listed_chars.clear();
        self.listed_bytes.clear();
        self.line += 1;
        if self.line > self.last {
            self.done = true;
        }
    }

    fn add(&mut self, c: Option<char>, offset: u64, bytes: &[u8], problem: Option<ProblemKind>) {
        self.begin(offset);
        self.end = offset + bytes.len() as u64;
        if !self.in_range() {
            return;
        }
        let opts = self.opts;
        let Some(line) = self.cur.as_mut() else {
            return;
        };
        line.characters += 1;
        if c.is_none_or(|c| !c.is_ascii()) {
            line.non_ascii = true;
        }
        if let Some(p) = problem {
            if !line.problems.contains(&p) {
                line.problems.push(p);
            }
        }
        if self.text_chars < opts.max_text_per_line {
            self.text_chars += 1;
            push_visible(c.unwrap_or('\u{FFFD}'), &mut line.text);
        } else {
            line.text_truncated = true;
        }
        if self.listed_chars.len() < opts.max_chars_per_line {
            self.listed_chars.push(RawChar {
                offset,
                c,
                start: self.listed_bytes.len(),
                len: bytes.len(),
                problem,
            });
            self.listed_bytes.extend_from_slice(bytes);
        } else {
            line.chars_omitted += 1;
        }
    }

    /// The current line's characters, itemised.
    fn itemise(&self) -> Vec<CharInfo> {
        self.listed_chars
            .iter()
            .map(|r| {
                let bytes = self
                    .listed_bytes
                    .get(r.start..r.start + r.len)
                    .unwrap_or_default();
                let mut text = String::new();
                push_visible(r.c.unwrap_or('\u{FFFD}'), &mut text);
                CharInfo {
                    offset: r.offset,
                    bytes: hex(bytes),
                    code_point: r.c.map(|c| format!("U+{:04X}", c as u32)),
                    text,
                    units: units(self.format, bytes),
                    problem: r.problem,
                }
            })
            .collect()
    }
}

/// The units of a character in UTF-16 or UTF-32, as hex, where they differ from the bytes.
fn units(format: Format, bytes: &[u8]) -> Option<String> {
    let w = format.unit_width();
    if w == 1 || !bytes.len().is_multiple_of(w) {
        return None;
    }
    let be = matches!(format, Format::Utf16Be | Format::Utf32Be);
    let parts: Vec<String> = bytes
        .chunks_exact(w)
        .map(|u| {
            let fold = |v: u32, &b: &u8| (v << 8) | u32::from(b);
            let v = if be {
                u.iter().fold(0, fold)
            } else {
                u.iter().rev().fold(0, fold)
            };
            format!("{v:0width$X}", width = w * 2)
        })
        .collect();
    Some(parts.join(" "))
}

impl Sink for LineSink {
    const ASCII_RUNS: bool = false;

    fn ascii_run(&mut self, _: u64, _: usize, _: usize) {}

    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        if self.done {
            return;
        }
        if let Some((at, mut b)) = self.cr.take() {
            if c == '\n' {
                b.extend_from_slice(bytes);
                self.end = offset + bytes.len() as u64;
                self.end_line(EndingKind::Crlf, at, &b);
                return;
            }
            self.end_line(EndingKind::Cr, at, &b);
            if self.done {
                return;
            }
        }
        let ending = match c {
            '\n' => Some(EndingKind::Lf),
            '\u{85}' => Some(EndingKind::Nel),
            '\u{2028}' => Some(EndingKind::Ls),
            '\u{2029}' => Some(EndingKind::Ps),
            '\r' => {
                self.begin(offset);
                self.end = offset + bytes.len() as u64;
                self.cr = Some((offset, bytes.to_vec()));
                return;
            }
            _ => None,
        };
        if let Some(kind) = ending {
            self.begin(offset);
            self.end = offset + bytes.len() as u64;
            self.end_line(kind, offset, bytes);
            return;
        }
        let problem = if c == '\0' {
            Some(ProblemKind::Nul)
        } else if is_control_problem(c) {
            Some(ProblemKind::ControlCharacter)
        } else if c == '\u{FEFF}' {
            Some(ProblemKind::BomInText)
        } else {
            None
        };
        self.add(Some(c), offset, bytes, problem);
    }

    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]) {
        if self.done {
            return;
        }
        if let Some((at, b)) = self.cr.take() {
            self.end_line(EndingKind::Cr, at, &b);
            if self.done {
                return;
            }
        }
        let kind = bad.kind();
        self.add(None, offset, bytes, Some(kind));
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
