//! The report and the characters in one pass: an [`ObservedAnalyzer`] hands every character
//! of the text (or bad unit) that its tracker sees to a caller's [`CharSink`] as well, from
//! the same decoding. `check` needs both the report and its own view of the lines; with this
//! it decodes a file once.

use super::{build, Analyzer, Decoding, Options};
use crate::chars::{CharSink, Decoded};
use crate::decode::{Bad, Decoder, Sink};
use crate::fast::{self, Kernel};
use crate::format::Format;
use crate::report::Report;
use crate::tracker::Tracker;

/// An [`Analyzer`] that also hands the characters of the text to a [`CharSink`]: each one
/// (or each bad unit) with its offset and bytes, from the end of the mark on, in file order —
/// the events a [`crate::chars::CharDecoder`] would give over the same bytes, except that
/// runs of printable ASCII come through [`CharSink::ascii`] — while the
/// report is built from the same decoding. A binary verdict decodes nothing, so the sink sees
/// nothing then (force a format to read such a file as text). The tracker then takes every character one at a
/// time (the reference path, [`Kernel::Off`]), which costs less than a second decoding.
///
/// ```
/// use textscope::chars::Decoded;
/// use textscope::{ObservedAnalyzer, Options};
/// let mut a = ObservedAnalyzer::new(Options::default());
/// let mut seen = Vec::new();
/// let mut sink = |offset: u64, _: &[u8], d: Decoded| seen.push((offset, d));
/// a.feed(b"\xEF\xBB\xBFa\r", &mut sink);
/// a.feed(b"\n", &mut sink);
/// let report = a.finish(&mut sink);
/// assert_eq!(report.endings.crlf, 1);
/// assert_eq!(seen[0], (3, Decoded::Char('a')));
/// assert_eq!(seen.len(), 3);
/// ```
#[derive(Debug)]
pub struct ObservedAnalyzer {
    inner: Analyzer,
}

impl ObservedAnalyzer {
    /// An analyzer with these options.
    pub fn new(opts: Options) -> ObservedAnalyzer {
        ObservedAnalyzer {
            inner: Analyzer::new(opts),
        }
    }

    /// Feeds the next chunk of the file; the characters decoded from it go to `sink` (those
    /// of the detection window once it is full). Give the same sink every time.
    pub fn feed(&mut self, chunk: &[u8], sink: &mut dyn CharSink) {
        self.inner.feed_observed(chunk, Some(sink));
    }

    /// The format, once detection has run.
    pub fn format(&self) -> Option<Format> {
        self.inner.format()
    }

    /// The end of the file: the last characters (a short file's, a pending partial one's) go
    /// to `sink`; then the report.
    pub fn finish(mut self, sink: &mut dyn CharSink) -> Report {
        let mut d = self.inner.take_decoding_observed(Some(&mut *sink));
        finish_observed(&mut d, sink);
        build(&self.inner.opts, self.inner.size, d).0
    }
}

/// The observer again, for one more call (a reborrow that keeps the original).
pub(super) fn again<'b>(obs: &'b mut Option<&mut dyn CharSink>) -> Option<&'b mut dyn CharSink> {
    match obs {
        Some(o) => Some(&mut **o),
        None => None,
    }
}

/// Finishes the decoder into the tracker and `sink` (so that [`build`] has none to finish).
fn finish_observed(d: &mut Decoding, sink: &mut dyn CharSink) {
    if let Some(mut dec) = d.decoder.take() {
        dec.finish(&mut Tee {
            tracker: &mut d.tracker,
            obs: sink,
        });
    }
}

/// Feeds `chunk` to the decoder and the tracker: on the fast path when nobody observes, else
/// one character at a time into both the tracker and `obs`.
pub(super) fn feed(
    dec: &mut Decoder,
    tracker: &mut Tracker,
    chunk: &[u8],
    kernel: Kernel,
    obs: Option<&mut dyn CharSink>,
) {
    match obs {
        None => fast::feed(dec, tracker, chunk, kernel),
        Some(obs) => dec.feed(chunk, &mut Tee { tracker, obs }),
    }
}

/// The tracker and an observer, fed the same events.
struct Tee<'a> {
    tracker: &'a mut Tracker,
    obs: &'a mut dyn CharSink,
}

impl Sink for Tee<'_> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::CharDecoder;
    use crate::{analyze, detect_window};

    type Events = Vec<(u64, Vec<u8>, Decoded)>;

    fn observed(bytes: &[u8], split: usize, opts: &Options) -> (Report, Events) {
        let mut a = ObservedAnalyzer::new(opts.clone());
        let mut seen = Vec::new();
        let mut sink = |o: u64, b: &[u8], d: Decoded| seen.push((o, b.to_vec(), d));
        let (head, tail) = bytes.split_at(split.min(bytes.len()));
        a.feed(head, &mut sink);
        a.feed(tail, &mut sink);
        let r = a.finish(&mut sink);
        (r, seen)
    }

    fn decoded(bytes: &[u8], opts: &Options) -> Events {
        let (index, _) = detect_window(bytes, true, opts);
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
