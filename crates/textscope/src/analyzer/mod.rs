//! The analyzer: fed chunks, it detects over the window, replays the window into the chosen
//! decoder once, and streams the rest (DESIGN: the one bounded step back).

use crate::chars::CharSink;
use crate::codepage::CodePage;
use crate::decode::Decoder;
use crate::detect::{detect_keeping, Verdict, WINDOW};
use crate::fast::{self, Kernel};
use crate::format::{hex, Format};
use crate::index::{Checkpoint, LineIndex};
use crate::report::{Container, Detection, Mark, Report, SCHEMA_VERSION};
use crate::tracker::Tracker;
use reading::closest_reading;
pub(crate) use reading::near_zero_pattern;
mod hints;
mod memo;
mod observe;
mod options;
mod reading;
mod segment;

pub use observe::ObservedAnalyzer;
use options::forced_verdict;
pub use options::{Named, Options, UnknownEncoding};
pub use segment::{Segment, SegmentError};

/// The streaming analyzer. Feed it chunks of any size with [`Analyzer::feed`], then
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
    /// A binary verdict's container, from the window's first bytes.
    container: Option<Container>,
    /// A binary verdict with no container: the closest text format, decoded alongside as if
    /// forced (issue 14), with the options it was forced with.
    reading: Option<(Options, Box<Decoding>)>,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    /// An analyzer with these options.
    pub fn new(opts: Options) -> Analyzer {
        Analyzer {
            opts,
            size: 0,
            state: State::Window(Vec::new()),
        }
    }

    /// Feeds the next chunk of the file (any size, empty too).
    pub fn feed(&mut self, chunk: &[u8]) {
        self.feed_observed(chunk, None);
    }

    /// [`Analyzer::feed`], handing the characters of the text to `obs` too when there is one
    /// (see [`ObservedAnalyzer`]).
    fn feed_observed(&mut self, chunk: &[u8], mut obs: Option<&mut dyn CharSink>) {
        self.size += chunk.len() as u64;
        match &mut self.state {
            State::Window(buf) => {
                let take = WINDOW.saturating_sub(buf.len()).min(chunk.len());
                let (head, tail) = chunk.split_at_checked(take).unwrap_or((chunk, &[]));
                buf.extend_from_slice(head);
                if buf.len() >= WINDOW {
                    let window = std::mem::take(buf);
                    self.state =
                        State::Decoding(self.start(&window, false, observe::again(&mut obs), true));
                    self.feed_decoder(tail, obs);
                }
            }
            State::Decoding(_) => self.feed_decoder(chunk, obs),
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

    fn feed_decoder(&mut self, chunk: &[u8], obs: Option<&mut dyn CharSink>) {
        if let State::Decoding(d) = &mut self.state {
            if let Some(dec) = &mut d.decoder {
                observe::feed(dec, &mut d.tracker, chunk, d.kernel, obs);
            }
            if let Some((_, r)) = &mut d.reading {
                if let Some(dec) = &mut r.decoder {
                    fast::feed(dec, &mut r.tracker, chunk, r.kernel);
                }
            }
        }
    }

    /// Detection over the window and the decoding it chose; `decode`: the window is also fed
    /// to it (else only the verdict, the mark and the closest reading's choice are made).
    fn start(
        &self,
        window: &[u8],
        at_eof: bool,
        obs: Option<&mut dyn CharSink>,
        decode: bool,
    ) -> Box<Decoding> {
        let verdict = match self.opts.force {
            Some(format) => forced_verdict(format, self.opts.code_page, window, at_eof),
            // The window of `detect_window` is kept for the analyser it is replayed into.
            None if decode => memo::detect_again(window, at_eof),
            None => memo::detect_and_keep(window, at_eof),
        };
        let format = verdict.format;
        let mark_len = verdict.mark_len;
        let mut index_every = self.opts.index_every;
        if verdict.encoding.is_stateful() && format == Format::Legacy {
            index_every = index_every.map(|_| u64::MAX / 2);
        }
        let mut tracker = Tracker::new(
            format,
            self.opts.max_problems_per_kind,
            self.opts.group_runs,
            index_every,
        );
        if format == Format::Legacy && !verdict.encoding.ascii_escapes() {
            tracker = tracker.without_ansi();
        }
        let mut decoder = format
            .is_text()
            .then(|| Decoder::new(format, verdict.encoding, mark_len as u64));
        let kernel = self.opts.kernel.resolve();
        if let Some(dec) = decoder.as_mut().filter(|_| decode) {
            let body = window.get(mark_len..).unwrap_or_default();
            observe::feed(dec, &mut tracker, body, kernel, obs);
        }
        let container = if format == Format::Binary {
            crate::container::sniff(window)
        } else {
            None
        };
        // The closest reading of a binary verdict: the same window replayed into that format's
        // decoder, then fed with the rest as it comes; one pass over the file.
        let reading =
            (format == Format::Binary && container.is_none() && self.opts.force.is_none())
                .then(|| closest_reading(&verdict.steps))
                .flatten()
                .map(|(closest, step)| {
                    let mut opts = self.opts.clone();
                    opts.force = Some(closest);
                    opts.code_page = None;
                    let mut r = Analyzer::new(opts.clone()).start(window, at_eof, None, decode);
                    r.verdict.steps = vec![step];
                    r.forced = false;
                    (opts, r)
                });
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
            container,
            reading,
        })
    }

    /// The end of the file: the report.
    pub fn finish(self) -> Report {
        self.finish_with_index().0
    }

    /// The end of the file: the report and the sparse line index (S2).
    pub fn finish_with_index(mut self) -> (Report, LineIndex) {
        let d = self.take_decoding();
        build(&self.opts, self.size, d)
    }

    /// Moves to the decoding state (running detection on a short file) and takes it.
    fn take_decoding(&mut self) -> Box<Decoding> {
        self.take_decoding_observed(None)
    }

    /// [`Analyzer::take_decoding`], a short file's characters handed to `obs` too.
    fn take_decoding_observed(&mut self, obs: Option<&mut dyn CharSink>) -> Box<Decoding> {
        match std::mem::replace(&mut self.state, State::Window(Vec::new())) {
            State::Window(window) => self.start(&window, true, obs, true),
            State::Decoding(d) => d,
        }
    }
}

/// Finishes the decoder and the tracker (and those of the closest reading): the report and the
/// index.
fn build(opts: &Options, size: u64, d: Box<Decoding>) -> (Report, LineIndex) {
    let Decoding {
        verdict,
        forced,
        window_len,
        mark,
        decoder,
        mut tracker,
        container,
        reading,
        ..
    } = *d;
    let text_reading = reading.map(|(opts, r)| Box::new(build(&opts, size, r).0));
    let hints = if forced {
        Vec::new()
    } else {
        hints::hints(
            &verdict.steps,
            verdict.format,
            mark.is_some(),
            text_reading.as_deref(),
        )
    };
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
    if opts.index_every.is_some() && checkpoints.is_empty() && totals.lines > 0 {
        checkpoints.push(Checkpoint {
            line: 1,
            offset: mark_len,
        });
    }
    let index = LineIndex {
        format,
        encoding: verdict.encoding.name().to_string(),
        mark_len,
        size,
        lines: totals.lines,
        checkpoints,
    };
    let report = Report {
        schema: SCHEMA_VERSION,
        path: None,
        size,
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
        problem_total: totals.counts.total(),
        finding_total: totals.finding_counts.total(),
        container,
        text_reading,
        hints,
    };
    (report, index)
}

/// Runs detection (or the forced format) on the window alone and returns the index that a
/// [`crate::StructureBuilder`] needs to decode lines from the start: the format, the code
/// page and the mark, with no checkpoint beyond line 1. `at_eof`: the window is the whole file.
///
/// The report carries what detection decides: `format`, `encoding`, `bom`, `language`,
/// `detection`, `container` and the choice of `text_reading` (its format and encoding). The
/// window is not decoded here (its consumer decodes it once, from the replay), so the
/// report's lines, characters and problems are not the window's: empty.
pub fn detect_window(window: &[u8], at_eof: bool, opts: &Options) -> (LineIndex, Report) {
    let window = window.get(..WINDOW).unwrap_or(window);
    let mut a = Analyzer::new(opts.clone());
    a.size = window.len() as u64;
    a.state = State::Decoding(a.start(window, at_eof, None, false));
    let (report, mut index) = a.finish_with_index();
    index.checkpoints = vec![Checkpoint {
        line: 1,
        offset: index.mark_len,
    }];
    (index, report)
}

/// What detection alone says about a window: the verdict that a report built over the same
/// bytes would carry (`format`, `encoding`, `bom`, `language`, `detection.confidence`).
#[derive(Clone, Debug, PartialEq)]
pub struct Detected {
    /// The verdict (D1).
    pub format: Format,
    /// The code page of a [`Format::Legacy`] verdict; meaningless otherwise.
    pub code_page: CodePage,
    /// Length of the byte order mark at the start (B1), 0 without one.
    pub mark_len: usize,
    /// The language of the text where detection could tell it (D12), as in the report.
    pub language: Option<&'static str>,
    /// How sure the legacy stage is (D12, 0–1), as the report's `detection.confidence`.
    pub confidence: Option<f64>,
}

/// Runs detection on the window alone and stops at the verdict, without decoding the window:
/// the cheapest way to the answer of [`analyze`] on `format`, `encoding`, `bom` and
/// `language`, for callers that need nothing else (the Python binding's `detect`). `window`
/// is cut to [`WINDOW`] bytes; `at_eof`: it is the whole input (as [`Analyzer`] passes it,
/// true only for inputs shorter than [`WINDOW`]).
pub fn detect_only(window: &[u8], at_eof: bool) -> Detected {
    let window = window.get(..WINDOW).unwrap_or(window);
    // Two readings give the confidence; the runners-up beyond are the report's.
    let verdict = detect_keeping(window, at_eof, 2, false);
    Detected {
        format: verdict.format,
        code_page: verdict.encoding,
        mark_len: verdict.mark_len,
        language: verdict.language,
        confidence: verdict.confidence,
    }
}

/// Analyses a whole buffer at once.
pub fn analyze(bytes: &[u8], opts: Options) -> Report {
    let mut a = Analyzer::new(opts);
    a.feed(bytes);
    a.finish()
}
