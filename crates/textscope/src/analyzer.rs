//! The analyser: fed chunks, it detects over the window, replays the window into the chosen
//! decoder once, and streams the rest (DESIGN: the one bounded step back).

use crate::codepage::CodePage;
use crate::decode::Decoder;
use crate::detect::{detect, Verdict, WINDOW};
use crate::fast::{self, Kernel};
use crate::format::{hex, Format};
use crate::index::{Checkpoint, LineIndex};
use crate::report::{Detection, Mark, Report, Step, SCHEMA_VERSION};
use crate::tracker::Tracker;

/// How to analyse.
#[derive(Clone, Debug)]
pub struct Options {
    /// Skip detection and decode as this format (D10); with [`Format::Legacy`], `code_page`
    /// names the code page (else it is guessed).
    pub force: Option<Format>,
    /// The code page for a forced legacy format.
    pub code_page: Option<CodePage>,
    /// Most problems of one kind listed in the report (counts stay exact).
    pub max_problems_per_kind: usize,
    /// Build the sparse line index with a checkpoint every so many bytes (`None`: no index).
    pub index_every: Option<u64>,
    /// Which implementation of the fast path runs (the report is the same with each).
    pub kernel: Kernel,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            force: None,
            code_page: None,
            max_problems_per_kind: 1000,
            index_every: None,
            kernel: Kernel::Auto,
        }
    }
}

/// An error in the options: an encoding name nobody knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEncoding(pub String);

impl std::fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown encoding '{}' (use utf-8, utf-16le, utf-16be, utf-32le, utf-32be, legacy, or a code page such as windows-1252)",
            self.0
        )
    }
}

impl std::error::Error for UnknownEncoding {}

impl Options {
    /// Forces a format (D10) by name: a SPEC format name, `legacy`, or a code page's name or
    /// alias ([`CodePage::for_label`]: `windows-1252`, `IBM866`, `cp437`, `shift_jis` …).
    pub fn force_encoding(mut self, name: &str) -> Result<Options, UnknownEncoding> {
        if let Some(f) = Format::from_name(name) {
            self.force = Some(f);
            return Ok(self);
        }
        if let Some(cp) = CodePage::for_label(name) {
            self.code_page = Some(cp);
            self.force = Some(Format::Legacy);
            return Ok(self);
        }
        let format = match encoding_rs::Encoding::for_label(name.trim().as_bytes()) {
            Some(e) if e == encoding_rs::UTF_8 => Format::Utf8,
            Some(e) if e == encoding_rs::UTF_16LE => Format::Utf16Le,
            Some(e) if e == encoding_rs::UTF_16BE => Format::Utf16Be,
            _ => return Err(UnknownEncoding(name.to_string())),
        };
        self.force = Some(format);
        Ok(self)
    }
}

/// The streaming analyser. Feed it chunks of any size with [`Analyzer::feed`], then
/// [`Analyzer::finish`] for the report. It does no I/O.
#[derive(Debug)]
pub struct Analyzer {
    opts: Options,
    size: u64,
    state: State,
}

#[derive(Debug)]
enum State {
    /// Collecting the first [`WINDOW`] bytes.
    Window(Vec<u8>),
    /// Detection done; decoding.
    Decoding(Box<Decoding>),
}

#[derive(Debug)]
struct Decoding {
    verdict: Verdict,
    forced: bool,
    window_len: u64,
    mark: Option<Vec<u8>>,
    decoder: Option<Decoder>,
    tracker: Tracker,
    kernel: Kernel,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    /// An analyser with these options.
    pub fn new(opts: Options) -> Analyzer {
        Analyzer {
            opts,
            size: 0,
            state: State::Window(Vec::new()),
        }
    }

    /// Feeds the next chunk of the file (any size, empty too).
    pub fn feed(&mut self, chunk: &[u8]) {
        self.size += chunk.len() as u64;
        match &mut self.state {
            State::Window(buf) => {
                let take = WINDOW.saturating_sub(buf.len()).min(chunk.len());
                let (head, tail) = chunk.split_at_checked(take).unwrap_or((chunk, &[]));
                buf.extend_from_slice(head);
                if buf.len() >= WINDOW {
                    let window = std::mem::take(buf);
                    self.state = State::Decoding(self.start(&window, false));
                    self.feed_decoder(tail);
                }
            }
            State::Decoding(_) => self.feed_decoder(chunk),
        }
    }

    /// Bytes fed so far.
    pub fn bytes_fed(&self) -> u64 {
        self.size
    }

    /// The format, once detection has run (after the first 65,536 bytes, or at the end).
    pub fn format(&self) -> Option<Format> {
        match &self.state {
            State::Window(_) => None,
            State::Decoding(d) => Some(d.verdict.format),
        }
    }

    fn feed_decoder(&mut self, chunk: &[u8]) {
        if let State::Decoding(d) = &mut self.state {
            if let Some(dec) = &mut d.decoder {
                fast::feed(dec, &mut d.tracker, chunk, d.kernel);
            }
        }
    }

    /// Detection (or the forced format), then the window replayed into the decoder.
    fn start(&self, window: &[u8], at_eof: bool) -> Box<Decoding> {
        let verdict = match self.opts.force {
            Some(format) => forced_verdict(format, self.opts.code_page, window, at_eof),
            None => detect(window, at_eof),
        };
        let format = verdict.format;
        let mark_len = verdict.mark_len;
        let mut index_every = self.opts.index_every;
        if verdict.encoding.is_stateful() && format == Format::Legacy {
            index_every = index_every.map(|_| u64::MAX / 2);
        }
        let mut tracker = Tracker::new(format, self.opts.max_problems_per_kind, index_every);
        let mut decoder = format
            .is_text()
            .then(|| Decoder::new(format, verdict.encoding, mark_len as u64));
        let kernel = self.opts.kernel.resolve();
        if let Some(dec) = &mut decoder {
            let body = window.get(mark_len..).unwrap_or_default();
            fast::feed(dec, &mut tracker, body, kernel);
        }
        let mark = window
            .get(..mark_len)
            .filter(|m| !m.is_empty())
            .map(<[u8]>::to_vec);
        Box::new(Decoding {
            verdict,
            forced: self.opts.force.is_some(),
            window_len: window.len() as u64,
            mark,
            decoder,
            tracker,
            kernel,
        })
    }

    /// The end of the file: the report.
    pub fn finish(self) -> Report {
        self.finish_with_index().0
    }

    /// The end of the file: the report and the sparse line index (S2).
    pub fn finish_with_index(mut self) -> (Report, LineIndex) {
        let d = self.take_decoding();
        self.build(d)
    }

    /// A part of the file that starts at `offset` and is analysed on its own (on another
    /// thread), to be merged by [`Analyzer::finish_with_segments`]. Available once detection
    /// has run; `offset` must come from [`Analyzer::split_after_lf`]. `None` for a format that
    /// cannot be split (binary, empty, ISO-2022-JP).
    pub fn segment(&self, offset: u64) -> Option<Segment> {
        let State::Decoding(d) = &self.state else {
            return None;
        };
        let v = &d.verdict;
        if !splittable(v) {
            return None;
        }
        Some(Segment {
            start: offset,
            fed: 0,
            decoder: Decoder::new(v.format, v.encoding, offset),
            tracker: Tracker::new(
                v.format,
                self.opts.max_problems_per_kind,
                self.opts.index_every,
            ),
            kernel: d.kernel,
        })
    }

    /// Where a segment may start: just after the first LF unit in `bytes`, which are the
    /// file's bytes from absolute offset `at`. After an LF every decoder is between characters
    /// and no CR is pending, which is what makes segments independent. `None` when `bytes`
    /// holds no LF unit, before detection, or for a format that cannot be split.
    pub fn split_after_lf(&self, bytes: &[u8], at: u64) -> Option<u64> {
        let State::Decoding(d) = &self.state else {
            return None;
        };
        let v = &d.verdict;
        if !splittable(v) {
            return None;
        }
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

    /// The end of the file, with the segments that followed this analyser's own bytes, in
    /// file order: the report and index are exactly those of one analyser fed everything.
    /// Fails (and says why) when a segment does not start where the previous part ended, or
    /// when a part did not end just after an LF.
    pub fn finish_with_segments(
        mut self,
        segments: Vec<Segment>,
    ) -> Result<(Report, LineIndex), SegmentError> {
        let mut d = self.take_decoding();
        for seg in segments {
            if seg.start != self.size {
                return Err(SegmentError(format!(
                    "a segment starts at {} but the bytes before it end at {}",
                    seg.start, self.size
                )));
            }
            if !d.tracker.at_line_boundary() {
                return Err(SegmentError(format!(
                    "the part before offset {} does not end just after an LF",
                    seg.start
                )));
            }
            if let Some(dec) = &mut d.decoder {
                // Ends just after an LF: nothing is pending, so this emits nothing.
                dec.finish(&mut d.tracker);
            }
            d.tracker.merge(seg.tracker);
            self.size += seg.fed;
            d.decoder = Some(seg.decoder);
        }
        Ok(self.build(d))
    }

    /// Moves to the decoding state (running detection on a short file) and takes it.
    fn take_decoding(&mut self) -> Box<Decoding> {
        match std::mem::replace(&mut self.state, State::Window(Vec::new())) {
            State::Window(window) => self.start(&window, true),
            State::Decoding(d) => d,
        }
    }

    /// Finishes the decoder and the tracker: the report and the index.
    fn build(self, d: Box<Decoding>) -> (Report, LineIndex) {
        let Decoding {
            verdict,
            forced,
            window_len,
            mark,
            decoder,
            mut tracker,
            ..
        } = *d;
        if let Some(mut dec) = decoder {
            dec.finish(&mut tracker);
        }
        let mark_len = mark.as_ref().map_or(0, |m| m.len() as u64);
        let totals = tracker.finish(mark_len);
        let format = verdict.format;
        let encoding = match format {
            Format::Legacy => verdict.encoding.name().to_string(),
            Format::Utf8 => "UTF-8".to_string(),
            Format::Utf16Le => "UTF-16LE".to_string(),
            Format::Utf16Be => "UTF-16BE".to_string(),
            Format::Utf32Le => "UTF-32LE".to_string(),
            Format::Utf32Be => "UTF-32BE".to_string(),
            Format::Binary => "binary".to_string(),
            Format::Empty => "empty".to_string(),
        };
        let mut checkpoints = totals.checkpoints;
        if self.opts.index_every.is_some() && checkpoints.is_empty() && totals.lines > 0 {
            checkpoints.push(Checkpoint {
                line: 1,
                offset: mark_len,
            });
        }
        let index = LineIndex {
            format,
            encoding: verdict.encoding.name().to_string(),
            mark_len,
            size: self.size,
            lines: totals.lines,
            checkpoints,
        };
        let report = Report {
            schema: SCHEMA_VERSION,
            path: None,
            size: self.size,
            format,
            encoding,
            language: verdict.language.map(str::to_string),
            ascii: format.is_text() && totals.ascii,
            bom: mark.map(|m| Mark {
                offset: 0,
                length: m.len() as u64,
                bytes: hex(&m),
            }),
            detection: Detection {
                forced,
                window: window_len,
                steps: verdict.steps,
                confidence: verdict.confidence,
                candidates: verdict.candidates,
            },
            lines: totals.lines,
            characters: totals.characters,
            endings: totals.endings,
            longest_line: totals.longest_line,
            problem_counts: totals.counts,
            problems: totals.problems,
            problems_omitted: totals.problems_omitted,
            notes: totals.notes,
            finding_counts: totals.finding_counts,
            findings: totals.findings,
            findings_omitted: totals.findings_omitted,
        };
        (report, index)
    }
}

/// Binary and empty files are not decoded; ISO-2022-JP's decoder carries a mode across lines.
fn splittable(v: &Verdict) -> bool {
    v.format.is_text() && !(v.format == Format::Legacy && v.encoding.is_stateful())
}

/// A part of a file analysed on its own; see [`Analyzer::segment`].
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
pub struct SegmentError(pub String);

impl std::fmt::Display for SegmentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SegmentError {}

/// D10: the user's format; only its own mark is recognised.
fn forced_verdict(
    format: Format,
    code_page: Option<CodePage>,
    window: &[u8],
    at_eof: bool,
) -> Verdict {
    let mark_len = format
        .mark()
        .filter(|m| window.starts_with(m))
        .map_or(0, <[u8]>::len);
    let encoding = match (format, code_page) {
        (Format::Legacy, Some(e)) => e,
        (Format::Legacy, None) => crate::detect::guess_code_page(window, at_eof),
        _ => CodePage::windows_1252(),
    };
    let what = if format == Format::Legacy {
        format!("legacy code page {}", encoding.name())
    } else {
        format.name().to_string()
    };
    let reason = if mark_len > 0 {
        format!("forced by the user: {what} (its byte order mark is present)")
    } else {
        format!("forced by the user: {what}")
    };
    Verdict {
        format,
        encoding,
        mark_len,
        steps: vec![Step {
            format,
            accepted: true,
            code: "forced".to_string(),
            reason,
            figures: Default::default(),
        }],
        language: None,
        confidence: None,
        candidates: Vec::new(),
    }
}

/// Runs detection (or the forced format) on the window alone and returns the index that a
/// [`crate::StructureBuilder`] needs to decode lines from the start: the format, the code
/// page and the mark, with no checkpoint beyond line 1. `at_eof`: the window is the whole file.
pub fn detect_window(window: &[u8], at_eof: bool, opts: &Options) -> (LineIndex, Report) {
    let window = window.get(..WINDOW).unwrap_or(window);
    let mut a = Analyzer::new(opts.clone());
    a.size = window.len() as u64;
    a.state = State::Decoding(a.start(window, at_eof));
    let (report, mut index) = a.finish_with_index();
    index.checkpoints = vec![Checkpoint {
        line: 1,
        offset: index.mark_len,
    }];
    (index, report)
}

/// Analyses a whole buffer at once.
pub fn analyze(bytes: &[u8], opts: Options) -> Report {
    let mut a = Analyzer::new(opts);
    a.feed(bytes);
    a.finish()
}
