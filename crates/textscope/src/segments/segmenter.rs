//! The streaming segmenter (G1–G6): raw bytes in, in chunks of any size; the current line's
//! figures and a bounded summary of runs held.

use super::line::{clean_lines, plain_prefix, Class, Line, LineState, Mode};
use super::runs::{wide_format, Run, Runs, SAMPLE_BYTES};
use super::Segment;
use crate::swar::{find_byte, find_high, tally, Tally};
use crate::Format;

/// Splits a file that reads as two or more encodings into segments (see the module's
/// documentation). The result is the same for any chunking of the input.
///
/// ```
/// use textscope::segments::Segmenter;
/// let mut text = "Grüße aus Köln, schöne Straße.\n".repeat(3).into_bytes();
/// text.extend(b"Caf\xE9 cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu, na\xEFve \xE9t\xE9.\n");
/// let mut s = Segmenter::new();
/// for chunk in text.chunks(7) {
///     s.feed(chunk);
/// }
/// let segments = s.finish();
/// assert_eq!(segments.len(), 2);
/// assert_eq!(segments[0].encoding, "UTF-8");
/// assert_eq!((segments[1].first_line, segments[1].last_line), (4, 4));
/// assert_eq!(segments[1].encoding, "windows-1252");
/// ```
#[derive(Debug)]
pub struct Segmenter {
    line: LineState,
    prev_mode: Mode,
    number: u64,
    /// The current line's first bytes (for a legacy run's sample).
    bytes: Vec<u8>,
    runs: Runs,
    /// Whole clean lines are taken at once (off only to test that path against the other).
    bulk: bool,
}

impl Default for Segmenter {
    fn default() -> Self {
        Segmenter::new()
    }
}

impl Segmenter {
    /// A segmenter at offset 0.
    pub fn new() -> Segmenter {
        Segmenter {
            line: LineState::new(0),
            prev_mode: Mode::Byte,
            number: 1,
            bytes: Vec::new(),
            runs: Runs::default(),
            bulk: true,
        }
    }

    /// G8: a segmenter that starts at `offset`, the start of line `line`, of a UTF-8 file
    /// whose bytes before it held no sign of another encoding.
    pub fn after_clean_start(offset: u64, line: u64) -> Segmenter {
        Segmenter {
            line: LineState::new(offset),
            prev_mode: Mode::Byte,
            number: line.max(1),
            bytes: Vec::new(),
            runs: Runs::clean_start(offset, line),
            bulk: true,
        }
    }

    /// The next bytes of the file.
    pub fn feed(&mut self, chunk: &[u8]) {
        let mut rest = chunk;
        while let Some((&b, tail)) = rest.split_first() {
            // The bulk path: whole lines of ASCII or valid UTF-8 in the byte layout change
            // the runs only where their class changes (or only where the clean start ends).
            if self.bulk
                && self.line.is_empty()
                && self.prev_mode == Mode::Byte
                && (self.runs.absorbing() || self.runs.room_for_clean_lines())
            {
                let (n, counts) = clean_lines(rest);
                if counts.lf > 0 {
                    let (run, after) = rest.split_at(n);
                    self.take_clean(run, counts);
                    rest = after;
                    continue;
                }
            }
            // The fast path: a stretch of plain ASCII changes only the line's length.
            if self.line.plain() {
                let n = plain_prefix(rest);
                if n > 1 {
                    let (run, after) = rest.split_at(n);
                    self.line.ascii(run);
                    self.keep_all(run);
                    rest = after;
                    continue;
                }
            }
            rest = tail;
            loop {
                match self.line.byte(b, self.prev_mode) {
                    None => {
                        self.keep(b);
                        break;
                    }
                    Some(true) => {
                        self.keep(b);
                        self.end_line();
                        break;
                    }
                    // The LF's expected zero did not come: the byte starts the next line.
                    Some(false) => self.end_line(),
                }
            }
        }
    }

    /// Whole lines found by [`clean_lines`] (`counts` their [`Tally`]) at once: what taking
    /// them one byte at a time would do. Their ASCII lines before the first line with a byte
    /// above 7F, and after the last, are each one run's worth; the lines from the first such
    /// line to the last are one UTF-8 line's worth (ASCII lines add nothing to its figures).
    fn take_clean(&mut self, run: &[u8], counts: Tally) {
        let at = self.line.end();
        let end = at + run.len() as u64;
        let first = self.number;
        self.number += counts.lf;
        let last = self.number - 1;
        self.line = LineState::new(end);
        if self.runs.absorbing() {
            self.runs.absorb_clean(end, last);
            return;
        }
        let ascii = |from: usize, to: usize| Line {
            start: at + from as u64,
            end: at + to as u64,
            class: Class::Ascii,
            non_ascii: 0,
            high: 0,
            mark: false,
        };
        let Some(h) = find_high(run) else {
            self.runs
                .push_lines(&ascii(0, run.len()), (first, last), &[]);
            return;
        };
        let before = run.get(..h).unwrap_or_default();
        let from = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |lf| lf + 1);
        let last_high = run.iter().rposition(|&b| b >= 0x80).unwrap_or(h);
        let tail = run.get(last_high..).unwrap_or_default();
        let to = last_high + find_byte(tail, b'\n').map_or(tail.len(), |lf| lf + 1);
        let leading = tally(run.get(..from).unwrap_or_default()).lf;
        let trailing = tally(run.get(to..).unwrap_or_default()).lf;
        if leading > 0 {
            self.runs
                .push_lines(&ascii(0, from), (first, first + leading - 1), &[]);
        }
        let line = Line {
            start: at + from as u64,
            end: at + to as u64,
            class: Class::Utf8,
            non_ascii: counts.lead,
            high: counts.high,
            mark: run
                .get(from..)
                .unwrap_or_default()
                .starts_with(&[0xEF, 0xBB, 0xBF]),
        };
        self.runs
            .push_lines(&line, (first + leading, last - trailing), &[]);
        if trailing > 0 {
            self.runs
                .push_lines(&ascii(to, run.len()), (last - trailing + 1, last), &[]);
        }
    }

    fn keep_all(&mut self, bytes: &[u8]) {
        let room = SAMPLE_BYTES.saturating_sub(self.bytes.len());
        self.bytes
            .extend_from_slice(bytes.get(..room.min(bytes.len())).unwrap_or_default());
    }

    fn keep(&mut self, b: u8) {
        if self.bytes.len() < SAMPLE_BYTES {
            self.bytes.push(b);
        }
    }

    fn end_line(&mut self) {
        let line = self.line.finish(self.prev_mode);
        self.prev_mode = self.line.mode();
        self.runs.push(&line, self.number, &self.bytes);
        self.number += 1;
        self.line = LineState::new(line.end);
        self.bytes.clear();
    }

    /// The segments, in file order and covering it; empty when the file is one encoding
    /// (G4), or has more than [`super::MAX_SEGMENTS`] (G6).
    pub fn finish(mut self) -> Vec<Segment> {
        if !self.line.is_empty() {
            self.end_line();
        }
        self.runs.finish().into_iter().map(segment).collect()
    }
}

/// G5: a run's format, encoding and confidence.
fn segment(r: Run) -> Segment {
    let evidence = |e: u64| e as f64 / (e as f64 + 2.0);
    let (format, encoding, confidence) = match r.class {
        Class::Legacy => {
            let d = crate::detect::detect_keeping(&r.sample, true, 2, false);
            let page = if d.format == Format::Legacy {
                d.encoding
            } else {
                crate::CodePage::windows_1252()
            };
            let sure = d.confidence.unwrap_or(0.5);
            (
                Format::Legacy,
                page.name().to_string(),
                sure * evidence(r.non_ascii),
            )
        }
        Class::Wide(m) => {
            let f = wide_format(m);
            let c = if r.mark {
                1.0
            } else {
                evidence((r.end - r.start) / 8)
            };
            (f, format_name(f).to_string(), c)
        }
        Class::Utf8 | Class::Ascii => {
            // G8: the verdict's clean start is as sure as the verdict.
            let c = if r.mark || r.verdict {
                1.0
            } else {
                evidence(r.non_ascii)
            };
            (Format::Utf8, "UTF-8".to_string(), c)
        }
    };
    Segment {
        offset: r.start,
        length: r.end - r.start,
        first_line: r.first_line,
        last_line: r.last_line,
        format,
        encoding,
        mark: r.mark,
        confidence,
    }
}

/// The name a report gives a Unicode format.
fn format_name(f: Format) -> &'static str {
    match f {
        Format::Utf16Le => "UTF-16LE",
        Format::Utf16Be => "UTF-16BE",
        Format::Utf32Le => "UTF-32LE",
        Format::Utf32Be => "UTF-32BE",
        _ => "UTF-8",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Pieces of lines: ASCII, NULs, UTF-8, a legacy byte, UTF-16 and UTF-32 text, marks.
    const PIECES: &[&[u8]] = &[
        b"a log line of plain words",
        b"x",
        b"\n",
        b"\r\n",
        b"\0",
        b"\0\0\0",
        "caf\u{e9} cr\u{e8}me \u{4e2d}\u{6587} ".as_bytes(),
        b"\xE9",
        b"\xEF\xBB\xBF",
        b"\xFF\xFE",
        b"a\0b\0c\0\n\0",
        b"\0a\0b\0\n",
        b"a\0\0\0\n\0\0\0",
        b"\xE4\xB8",
    ];

    fn segments(bytes: &[u8], chunk: usize, start: Option<u64>, bulk: bool) -> Vec<Segment> {
        let mut s = match start {
            Some(at) => Segmenter::after_clean_start(at, 1),
            None => Segmenter::new(),
        };
        s.bulk = bulk;
        for c in bytes.chunks(chunk.max(1)) {
            s.feed(c);
        }
        s.finish()
    }

    proptest! {
        /// G8: the bulk path of whole clean lines gives what the byte-at-a-time path gives,
        /// for any chunking.
        #[test]
        fn g8_clean_lines_at_once_are_the_lines_one_by_one(
            picks in proptest::collection::vec(0..PIECES.len(), 0..200),
            chunk in 1usize..300,
            clean in any::<bool>(),
        ) {
            let bytes: Vec<u8> = picks.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
            let start = clean.then_some(0);
            let slow = segments(&bytes, bytes.len().max(1), start, false);
            prop_assert_eq!(&segments(&bytes, chunk, start, true), &slow);
            prop_assert_eq!(&segments(&bytes, bytes.len().max(1), start, true), &slow);
        }
    }

    /// G6: around the most runs held (and past it), the bulk path gives what the lines one by
    /// one give.
    #[test]
    fn g6_clean_lines_overflow_where_lines_one_by_one_do() {
        let legacy: &[u8] = b"caf\xE9 cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu, na\xEFve \xE9t\xE9\n";
        let utf8 = "Gr\u{fc}\u{df}e aus K\u{f6}ln, sch\u{f6}ne Stra\u{df}e\n".as_bytes();
        let between = [utf8, b"plain\n"].concat();
        for pairs in 15..24 {
            for tail in [&b"plain\n"[..], utf8, &between] {
                let mut text = Vec::new();
                for _ in 0..pairs {
                    text.extend(legacy);
                    text.extend(b"plain line\n");
                    text.extend(utf8);
                }
                text.extend(legacy);
                text.extend(tail);
                text.extend(utf8);
                text.extend(b"plain\n");
                let slow = segments(&text, text.len(), None, false);
                assert_eq!(segments(&text, text.len(), None, true), slow, "{pairs}");
                assert_eq!(segments(&text, 5, None, true), slow, "{pairs}");
            }
        }
    }

    #[test]
    fn g8_a_clean_start_takes_nul_lines_and_stops_at_a_legacy_line() {
        let mut text = b"ok\0 line\n".repeat(50);
        text.extend("caf\u{e9}\n".repeat(5).as_bytes());
        text.extend(b"caf\xE9 cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu, na\xEFve \xE9t\xE9.\n");
        text.extend(b"end\n");
        let fast = segments(&text, 7, Some(0), true);
        assert_eq!(fast, segments(&text, text.len(), Some(0), false));
        assert_eq!(fast.len(), 2, "{fast:?}");
        assert_eq!((fast[0].first_line, fast[0].last_line), (1, 55));
        assert_eq!(fast[1].first_line, 56);
        assert_eq!(fast[1].encoding, "windows-1252");
    }
}
