//! The report and the characters in one pass: an [`ObservedConsumer`] hands every character
//! of the text (or bad unit) that its tracker sees to a caller's [`CharSink`] as well, from
//! the same decoding. `check` needs both the report and its own view of the lines; with this
//! it decodes a file once. [`ObservedAnalyzer`] is the front end over it.

use super::{build, Decoding, ReportConsumer};
use crate::decode::{Bad, CharSink, Decoded, Sink};
use crate::front::{Consumer, Detected, Front};
use crate::index::LineIndex;
use crate::options::Options;
use crate::report::Report;
use crate::tracker::Tracker;

/// A [`ReportConsumer`] that also hands the characters of the text to a [`CharSink`]: each one
/// (or each bad unit) with its offset and bytes, from the end of the mark on, in file order —
/// the events a [`crate::chars::CharDecoder`] would give over the same bytes, except that
/// runs of printable ASCII come through [`CharSink::ascii`] — while the report is built from
/// the same decoding. A binary verdict decodes nothing, so the sink sees nothing then (force
/// a format to read such a file as text). The tracker then takes every character one at a
/// time (the reference path, [`crate::Kernel::Off`]), which costs less than a second
/// decoding.
#[derive(Debug)]
pub struct ObservedConsumer<S> {
    report: ReportConsumer,
    sink: S,
}

impl<S: CharSink> ObservedConsumer<S> {
    /// The consumer for the file `detected` describes, handing its characters to `sink`.
    pub fn new(detected: &Detected, opts: &Options, sink: S) -> ObservedConsumer<S> {
        ObservedConsumer {
            report: ReportConsumer::new(detected, opts),
            sink,
        }
    }

    /// The same consumer, also looking for segments and mojibake
    /// ([`ReportConsumer::with_segments`]).
    pub fn with_segments(mut self, detected: &Detected, window: crate::Window<'_>) -> Self {
        self.report = self.report.with_segments(detected, window);
        self
    }

    /// The same consumer, reading each stretch of another layout in its own
    /// ([`ReportConsumer::with_switches`]).
    pub fn with_switches(mut self, detected: &Detected, window: crate::Window<'_>) -> Self {
        self.report = self.report.with_switches(detected, window);
        self
    }

    /// The end of the file (`size` bytes): a pending partial character goes to the sink; then
    /// the report, the index and the sink.
    pub fn finish(mut self, detected: Detected, size: u64) -> (Report, LineIndex, S) {
        let d = &mut self.report.main;
        if let Some(mut dec) = d.decoder.take() {
            dec.finish(&mut Tee {
                tracker: &mut d.tracker,
                obs: &mut self.sink,
            });
        }
        let (mut report, index) = build(self.report.index_every, size, detected, self.report.main);
        if let Some(t) = self.report.twofold {
            super::finish_twofold(&mut report, *t, self.report.cap);
        }
        (report, index, self.sink)
    }
}

impl<S: CharSink> Consumer for ObservedConsumer<S> {
    fn start_offset(&self) -> u64 {
        self.report.start_offset()
    }

    fn feed(&mut self, bytes: &[u8]) {
        let at = self.report.pos;
        self.report.pos += bytes.len() as u64;
        let d: &mut Decoding = &mut self.report.main;
        let own = d.own(bytes, at);
        if let Some(dec) = &mut d.decoder {
            let tee = &mut Tee {
                tracker: &mut d.tracker,
                obs: &mut self.sink,
            };
            match &mut d.switches {
                None => dec.feed(own, tee),
                Some(sw) => {
                    let own_at = at + (bytes.len() - own.len()) as u64;
                    sw.feed(dec, own_at, own, tee, |d, b, t| d.feed(b, t));
                }
            }
        }
        if let Some(r) = &mut d.reading {
            r.feed(bytes, at);
        }
        if let Some(t) = self.report.twofold.as_deref_mut().filter(|t| !t.idle()) {
            t.feed(bytes, at, &self.report.main.tracker);
        }
    }
}

/// The front end over an [`ObservedConsumer`] whose sink the caller keeps: feed it chunks,
/// then [`ObservedAnalyzer::finish`] for the report; the sink has seen every character.
///
/// ```
/// use textscope::chars::Decoded;
/// use textscope::{ObservedAnalyzer, Options};
/// let mut seen = Vec::new();
/// let mut sink = |offset: u64, _: &[u8], d: Decoded| seen.push((offset, d));
/// let mut a = ObservedAnalyzer::new(Options::default(), &mut sink);
/// a.feed(b"\xEF\xBB\xBFa\r");
/// a.feed(b"\n");
/// let report = a.finish();
/// assert_eq!(report.endings.crlf, 1);
/// assert_eq!(seen[0], (3, Decoded::Char('a')));
/// assert_eq!(seen.len(), 3);
/// ```
pub struct ObservedAnalyzer<'a> {
    front: Front<'a, ObservedConsumer<Lent<'a>>>,
}

impl std::fmt::Debug for ObservedAnalyzer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ObservedAnalyzer")
            .field("front", &self.front)
            .finish()
    }
}

/// The caller's sink, lent to the one consumer the front end makes.
struct Lent<'a>(Option<&'a mut (dyn CharSink + Send + Sync)>);

impl CharSink for Lent<'_> {
    fn char(&mut self, offset: u64, bytes: &[u8], decoded: Decoded) {
        if let Some(s) = &mut self.0 {
            s.char(offset, bytes, decoded);
        }
    }

    fn ascii(&mut self, offset: u64, bytes: &[u8], width: usize) {
        if let Some(s) = &mut self.0 {
            s.ascii(offset, bytes, width);
        }
    }
}

impl<'a> ObservedAnalyzer<'a> {
    /// An analyzer with these options whose characters go to `sink`.
    pub fn new(opts: Options, sink: &'a mut (dyn CharSink + Send + Sync)) -> ObservedAnalyzer<'a> {
        let own = opts.clone();
        let mut lent = Some(sink);
        ObservedAnalyzer {
            front: Front::new(opts, move |d: &Detected, _| {
                ObservedConsumer::new(d, &own, Lent(lent.take()))
            }),
        }
    }

    /// Feeds the next chunk of the file; the characters decoded from it go to the sink (those
    /// of the detection window once it is full).
    pub fn feed(&mut self, chunk: &[u8]) {
        self.front.feed(chunk);
    }

    /// The format, once detection has run.
    pub fn format(&self) -> Option<crate::Format> {
        self.front.detected().map(|d| d.format)
    }

    /// The end of the file: the last characters (a short file's, a pending partial one's) go
    /// to the sink; then the report.
    pub fn finish(self) -> Report {
        let size = self.front.position();
        let (detected, consumer) = self.front.finish();
        consumer.finish(detected, size).0
    }
}

/// The tracker and an observer, fed the same events.
struct Tee<'a, S: ?Sized> {
    tracker: &'a mut Tracker,
    obs: &'a mut S,
}

impl<S: CharSink + ?Sized> Sink for Tee<'_, S> {
    const ASCII_RUNS: bool = true;

    /// Never called by the decoders (they call [`Sink::ascii_bytes`], which has the bytes the
    /// observer needs); passed to the tracker for completeness.
    fn ascii_run(&mut self, offset: u64, chars: usize, width: usize) {
        self.tracker.ascii_run(offset, chars, width);
    }

    fn ascii_bytes(&mut self, offset: u64, bytes: &[u8], width: usize) {
        self.tracker.ascii_bytes(offset, bytes, width);
        self.obs.ascii(offset, bytes, width);
    }

    fn char(&mut self, c: char, offset: u64, bytes: &[u8]) {
        self.tracker.char(c, offset, bytes);
        self.obs.char(offset, bytes, Decoded::Char(c));
    }

    fn bad(&mut self, bad: Bad, offset: u64, bytes: &[u8]) {
        self.tracker.bad(bad, offset, bytes);
        self.obs.char(offset, bytes, Decoded::Bad(bad.kind()));
    }

    fn switched(&mut self, format: crate::format::Format) {
        self.tracker.switched(format);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::CharDecoder;
    use crate::{analyze, Detected, Format};

    type Events = Vec<(u64, Vec<u8>, Decoded)>;

    fn observed(bytes: &[u8], split: usize, opts: &Options) -> (Report, Events) {
        let mut seen = Vec::new();
        let mut sink = |o: u64, b: &[u8], d: Decoded| seen.push((o, b.to_vec(), d));
        let mut a = ObservedAnalyzer::new(opts.clone(), &mut sink);
        let (head, tail) = bytes.split_at(split.min(bytes.len()));
        a.feed(head);
        a.feed(tail);
        let r = a.finish();
        (r, seen)
    }

    fn decoded(bytes: &[u8], opts: &Options) -> Events {
        let index = Detected::of(bytes, true, opts).line_index();
        let mut d = CharDecoder::new(&index);
        let mut out = Vec::new();
        let mut push = |o: u64, b: &[u8], c: Decoded| out.push((o, b.to_vec(), c));
        d.feed(&bytes[index.mark_len as usize..], &mut push);
        d.finish(&mut push);
        out
    }

    #[test]
    fn same_report_and_same_characters_as_two_passes() {
        let inputs: [&[u8]; 6] = [
            b"plain\nascii\r\nlines\rand a CR at the end\r",
            "caf\u{e9} \u{202E}x\u{200E} \u{2764}\u{FE0F}\u{FE0F}\u{85}y\u{2028}\x1b[31mz\n"
                .as_bytes(),
            b"bad \xFF\xC3 utf-8\x00\x07 and a cut \xE2\x82",
            b"\xFF\xFEa\x00\x3D\xD8b\x00\r\x00\n\x00\x0D\x00",
            b"\x00\x00\xFE\xFF\x00\x00\x00a\x00\x11\x00\x00\x00\x00\x00\x0A",
            b"",
        ];
        let opts = Options {
            group_runs: false,
            ..Options::default()
        };
        let utf8 = opts.clone().force_encoding("utf-8").unwrap();
        for bytes in inputs {
            for opts in [&opts, &utf8] {
                let whole = analyze(bytes, opts.clone());
                let chars = if whole.format == Format::Binary {
                    Vec::new()
                } else {
                    decoded(bytes, opts)
                };
                for split in 0..=bytes.len() {
                    let (r, seen) = observed(bytes, split, opts);
                    assert_eq!(r, whole, "{bytes:?} split at {split}");
                    assert_eq!(seen, chars, "{bytes:?} split at {split}");
                }
            }
        }
    }

    #[test]
    fn a_file_longer_than_the_window_is_replayed_once() {
        let line = "line \u{e9}\u{200B} of text\r\n";
        let text = line.repeat(crate::WINDOW / line.len() + 50);
        let opts = Options::default();
        let (r, seen) = observed(text.as_bytes(), 70_000, &opts);
        assert_eq!(r, analyze(text.as_bytes(), opts.clone()));
        assert_eq!(seen, decoded(text.as_bytes(), &opts));
    }
}
