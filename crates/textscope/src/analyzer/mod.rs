//! The report of a file: the [`ReportConsumer`] decodes what the front end passes it into the
//! tracker (lines, endings, problems, findings) and builds the [`Report`]; the [`Analyzer`] is
//! the front end over it, the streaming entry point of the library.

use crate::decode::switch::{switches_of, Switches};
use crate::decode::Decoder;
use crate::fast::{self, Kernel};
use crate::format::Format;
use crate::front::{Consumer, Detected, Front, Window};
use crate::index::{Checkpoint, LineIndex};
use crate::options::Options;
use crate::report::{Detection, Report, SCHEMA_VERSION};
use crate::tracker::Tracker;
mod hints;
mod observe;
mod segment;
mod twofold;

pub use observe::{ObservedAnalyzer, ObservedConsumer};
pub use segment::{Rest, Segment, SegmentError};

/// The streaming analyzer: the front end ([`Front`]) over a [`ReportConsumer`]. Feed it
/// chunks of any size with [`Analyzer::feed`], then [`Analyzer::finish`] for the report. It
/// does no I/O.
#[derive(Debug)]
pub struct Analyzer {
    opts: Options,
    front: Front<'static, ReportConsumer>,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer::new(Options::default())
    }
}

impl Analyzer {
    /// An analyzer with these options.
    pub fn new(opts: Options) -> Analyzer {
        let own = opts.clone();
        Analyzer {
            front: Front::new(opts.clone(), move |detected: &Detected, window| {
                let c = ReportConsumer::new(detected, &own);
                match own.two_encodings {
                    true => c.with_segments(detected, window),
                    false => c,
                }
            }),
            opts,
        }
    }

    /// Feeds the next chunk of the file (any size, empty too).
    #[inline]
    pub fn feed(&mut self, chunk: &[u8]) {
        self.front.feed(chunk);
    }

    /// Bytes fed so far.
    pub fn bytes_fed(&self) -> u64 {
        self.front.position()
    }

    /// The format, once detection has run (after the first 65,536 bytes, or at the end).
    pub fn format(&self) -> Option<Format> {
        self.front.detected().map(|d| d.format)
    }

    /// The end of the file: the report.
    pub fn finish(self) -> Report {
        self.finish_with_index().0
    }

    /// The end of the file: the report and the sparse line index (S2).
    pub fn finish_with_index(self) -> (Report, LineIndex) {
        let size = self.front.position();
        let (detected, consumer) = self.front.finish();
        consumer.finish(detected, size)
    }
}

/// The consumer that builds the report: the decoder chosen by detection feeding the tracker,
/// and for a binary verdict the closest text reading decoded alongside (issue 14), in the
/// same pass. Behind a [`Front`], or any caller that feeds it the file's bytes from
/// [`Consumer::start_offset`] on.
#[derive(Debug)]
pub struct ReportConsumer {
    main: Decoding,
    /// Where the next byte fed lies in the file.
    pos: u64,
    index_every: Option<u64>,
    /// The segments and mojibake (docs/mojibake.md), when asked for.
    twofold: Option<Box<twofold::Twofold>>,
    cap: usize,
}

/// One decoding into one tracker.
#[derive(Debug)]
struct Decoding {
    /// The first byte it decodes: the end of the mark.
    start: u64,
    decoder: Option<Decoder>,
    tracker: Tracker,
    kernel: Kernel,
    /// A binary verdict's closest reading ([`Detected::reading`]).
    reading: Option<Box<Decoding>>,
    /// G9: where the text changes layout, when it does.
    switches: Option<Box<Switches>>,
}

/// The tracker for the text `d` describes; `index_every` is the options' unless the decoder
/// carries a mode across lines (then there is no checkpoint but line 1: S2).
fn tracker_for(d: &Detected, opts: &Options, index_every: Option<u64>) -> Tracker {
    let t = Tracker::new(
        d.format,
        opts.max_problems_per_kind,
        opts.group_runs,
        index_every,
    );
    if d.format == Format::Legacy && !d.code_page.ascii_escapes() {
        t.without_ansi()
    } else {
        t
    }
}

impl Decoding {
    fn new(d: &Detected, opts: &Options) -> Decoding {
        let format = d.format;
        let stateful = format == Format::Legacy && d.code_page.is_stateful();
        let index_every = opts
            .index_every
            .map(|e| if stateful { u64::MAX / 2 } else { e });
        Decoding {
            start: d.mark_len as u64,
            decoder: format
                .is_text()
                .then(|| Decoder::new(format, d.code_page, d.mark_len as u64)),
            tracker: tracker_for(d, opts, index_every),
            kernel: opts.kernel.resolve(),
            reading: d
                .reading
                .as_deref()
                .map(|r| Box::new(Decoding::new(r, opts))),
            switches: None,
        }
    }

    /// The part of `bytes` (which start at `at`) from this decoding's start on.
    #[inline]
    fn own<'b>(&self, bytes: &'b [u8], at: u64) -> &'b [u8] {
        let skip = usize::try_from(self.start.saturating_sub(at)).unwrap_or(usize::MAX);
        bytes.get(skip..).unwrap_or_default()
    }

    /// Feeds the bytes at `at` on the fast path (the closest reading too). Not inlined: one
    /// copy of the fast path serves every consumer (inlined, the wasm module grew by 0.8 MB).
    #[inline(never)]
    fn feed(&mut self, bytes: &[u8], at: u64) {
        let own = self.own(bytes, at);
        if let Some(dec) = &mut self.decoder {
            match &mut self.switches {
                None => fast::feed(dec, &mut self.tracker, own, self.kernel),
                Some(sw) => {
                    let kernel = self.kernel;
                    let own_at = at + (bytes.len() - own.len()) as u64;
                    sw.feed(dec, own_at, own, &mut self.tracker, |d, b, t| {
                        fast::feed(d, t, b, kernel)
                    });
                }
            }
        }
        if let Some(r) = &mut self.reading {
            r.feed(bytes, at);
        }
    }
}

impl ReportConsumer {
    /// The consumer for the file `detected` describes.
    pub fn new(detected: &Detected, opts: &Options) -> ReportConsumer {
        let main = Decoding::new(detected, opts);
        ReportConsumer {
            pos: main
                .reading
                .as_ref()
                .map_or(main.start, |r| r.start.min(main.start)),
            main,
            index_every: opts.index_every,
            twofold: None,
            cap: opts.max_problems_per_kind,
        }
    }

    /// The same consumer, also looking for segments in other encodings and for mojibake
    /// (docs/mojibake.md G8, M9) in the file whose detection and window these are.
    pub fn with_segments(mut self, detected: &Detected, window: Window<'_>) -> ReportConsumer {
        let t = twofold::Twofold::new(detected, window);
        if let Some(segments) = t.known_segments().filter(|_| !detected.forced) {
            let list = switches_of(detected.format, detected.code_page.name(), segments);
            self.switch_at(detected, &list);
        }
        self.twofold = Some(Box::new(t));
        self
    }

    /// The same consumer, reading each stretch of another layout that the window shows in
    /// its own (docs/mojibake.md G9), as [`ReportConsumer::with_segments`] does, without the
    /// segments and mojibake in the report: for a caller that reads the file's lines as the
    /// report does but does not list its segments (`check` without their rules).
    pub fn with_switches(mut self, detected: &Detected, window: Window<'_>) -> ReportConsumer {
        let list = twofold::window_switches(detected, window);
        self.switch_at(detected, &list);
        self
    }

    fn switch_at(&mut self, detected: &Detected, list: &[crate::index::Switch]) {
        if !list.is_empty() && self.main.decoder.is_some() {
            self.main.switches = Some(Box::new(Switches::new(
                detected.format,
                detected.code_page,
                detected.mark_len as u64,
                list,
            )));
        }
    }

    /// The end of the file (`size` bytes): the report and the sparse line index (S2).
    /// `detected` is what the consumer was made from.
    pub fn finish(self, detected: Detected, size: u64) -> (Report, LineIndex) {
        let (mut report, index) = build(self.index_every, size, detected, self.main);
        if let Some(t) = self.twofold {
            finish_twofold(&mut report, *t, self.cap);
        }
        (report, index)
    }
}

impl Consumer for ReportConsumer {
    fn start_offset(&self) -> u64 {
        self.main
            .reading
            .as_ref()
            .map_or(self.main.start, |r| r.start.min(self.main.start))
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.main.feed(bytes, self.pos);
        if let Some(t) = self.twofold.as_deref_mut().filter(|t| !t.idle()) {
            t.feed(bytes, self.pos, &self.main.tracker);
        }
        self.pos += bytes.len() as u64;
    }
}

/// The segments and their findings, and the mojibake, into the report (findings in file
/// order, counts exact).
fn finish_twofold(report: &mut Report, t: twofold::Twofold, cap: usize) {
    use crate::finding::FindingKind;
    let (segments, found, mixed, mojibake) =
        t.finish(&report.encoding, cap, (report.size, report.lines));
    report.segments = segments;
    *report.finding_counts.get_mut(FindingKind::MixedEncoding) += mixed;
    *report.finding_counts.get_mut(FindingKind::Mojibake) += mojibake;
    report.finding_total = report.finding_counts.total();
    let listed = found.len() as u64;
    report.findings_omitted += (mixed + mojibake).saturating_sub(listed);
    if !found.is_empty() {
        report.findings.extend(found);
        report.findings.sort_by_key(|f| f.offset);
    }
}

/// Finishes the decoder and the tracker (and those of the closest reading): the report and the
/// index.
fn build(
    index_every: Option<u64>,
    size: u64,
    detected: Detected,
    d: Decoding,
) -> (Report, LineIndex) {
    let Decoding {
        decoder,
        mut tracker,
        reading,
        switches,
        ..
    } = d;
    let encoding = detected.encoding_name();
    let bom = detected.bom();
    let Detected {
        format,
        code_page,
        mark_len,
        language,
        confidence,
        steps,
        candidates,
        forced,
        window,
        container,
        reading: reading_detected,
        ..
    } = detected;
    let text_reading = match (reading_detected, reading) {
        (Some(rd), Some(r)) => Some(Box::new(build(index_every, size, *rd, *r).0)),
        _ => None,
    };
    let hints = if forced {
        Vec::new()
    } else {
        hints::hints(&steps, format, bom.is_some(), text_reading.as_deref())
    };
    if let Some(mut dec) = decoder {
        dec.finish(&mut tracker);
    }
    let mark_len = mark_len as u64;
    let totals = tracker.finish(mark_len);
    let mut checkpoints = totals.checkpoints;
    if index_every.is_some() && checkpoints.is_empty() && totals.lines > 0 {
        checkpoints.push(Checkpoint {
            line: 1,
            offset: mark_len,
        });
    }
    let index = LineIndex {
        format,
        encoding: code_page.name().to_string(),
        mark_len,
        size,
        lines: totals.lines,
        checkpoints,
        switches: switches.map(|s| s.list().to_vec()).unwrap_or_default(),
    };
    let report = Report {
        schema: SCHEMA_VERSION,
        path: None,
        size,
        format,
        encoding,
        language: language.map(str::to_string),
        ascii: format.is_text() && totals.ascii,
        bom,
        detection: Detection {
            forced,
            window,
            steps,
            confidence,
            candidates,
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
        segments: Vec::new(),
    };
    (report, index)
}

/// Analyses a whole buffer at once.
pub fn analyze(bytes: &[u8], opts: Options) -> Report {
    let mut a = Analyzer::new(opts);
    a.feed(bytes);
    a.finish()
}
