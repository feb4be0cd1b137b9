//! `--structure` and `--preview`: a range of lines decoded again, streamed from the start, or
//! from the checkpoint before the range of a saved index (`--index`) or of one built for the
//! run. The core's [`Front`] owns the window, detection and its replay; this module reads
//! the file into it and hands each line to the [`Printer`].

use crate::error::Error;
use crate::index_file::{IndexError, Reading};
use crate::index_open;
use crate::input;
use crate::progress::Progress;
use crate::render::{self, OutputFormat, Printer};
use crate::report::{self, display_name, open_arg, Run};
use crate::{parallel, ReportArgs};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use textscope::{
    Analyzer, Detected, Front, LineIndex, Options, StructureBuilder, StructureOptions,
    DEFAULT_INDEX_EVERY,
};

/// The structure (S1) or the preview (V1) of a line range: streamed from the start, or with
/// `--index` read from the checkpoint before the range (after the detection window).
pub fn run(
    run: &Run<'_>,
    file: &Path,
    path: &str,
    printer: &mut Printer,
    out: &mut impl Write,
) -> Result<(), Error> {
    let Run { args, bars, .. } = *run;
    let (mut src, expected) = open_arg(file, path)?;
    let indexed = match &args.index {
        Some(ix) => Some(index_open::open_index(ix, path, &src, args.max_bytes)?),
        None => index_for_this_run(run, path, &src, expected)?,
    };
    let (saved_name, saved, window) = match indexed {
        Some((name, index, window)) => (name, Some(index), window),
        None => (String::new(), None, Vec::new()),
    };
    let (first, last) = args.lines.unwrap_or((1, u64::MAX));
    let mut sopts = StructureOptions {
        all_chars: args.all_chars,
        ..StructureOptions::default()
    };
    if printer.format() == OutputFormat::Preview {
        // The preview prints each line's text only: itemising its characters (a few strings
        // each) would be work thrown away.
        sopts.max_chars_per_line = 0;
    }
    // The window, detection and its replay are the core's (Front); with a saved index the
    // builder starts from its checkpoint before the range.
    let pipeline = Front::new(run.opts.clone(), |detected: &Detected, window| {
        // A binary file is shown as its best text reading (said so on stderr), never as
        // nothing.
        // (A saved index of a binary file has no checkpoints: the reading starts at the top.)
        let binary = |f| f == textscope::Format::Binary;
        // Where the window shows a change of layout (a UTF-8 export after a UTF-16 one),
        // each stretch is read in its own, as the report reads it.
        let own = detected.line_index_in(window);
        let reading = (binary(detected.format) && saved.as_ref().is_none_or(|s| binary(s.format)))
            .then(|| binary_reading(detected));
        let index = reading.as_ref().or(saved.as_ref()).unwrap_or(&own);
        StructureBuilder::new(index, first, last, sopts)
    });
    let mut view = View {
        args,
        path,
        printer,
        out,
        pipeline: Some(pipeline),
        saved: saved.as_ref().map(|s| (saved_name.as_str(), s)),
        headed: false,
        written: 0,
        progress: Progress::none(),
        // On a terminal, the bar goes before the first line is written.
        stop_bar_on_output: io::stdout().is_terminal(),
    };
    let mut write_err = None;
    let mut each = |view: &mut View<'_, _>, chunk: &[u8]| match view.feed(chunk) {
        Ok(more) => more,
        Err(e) => {
            write_err = Some(e);
            false
        }
    };
    match (&src, &saved) {
        (input::Source::File(f, snap), Some(index)) => {
            index_open::check_line_start(&saved_name, path, f, index, first)?;
            let size = index.size;
            let from = view.start_from_window(&window, size < textscope::WINDOW as u64)?;
            view.progress = bars.start(
                &render::safe(display_name(path)),
                Some(size.saturating_sub(from)),
            );
            input::read_range(path, f, from, size, |b| each(&mut view, b))?;
            if let Some(snap) = snap {
                input::unchanged(path, f, snap, None)?;
            }
        }
        _ => {
            view.progress = bars.start(&render::safe(display_name(path)), expected);
            input::stream(path, &mut src, args.max_bytes, |b| each(&mut view, b))?;
        }
    }
    if let Some(e) = write_err {
        return Err(e);
    }
    view.finish()?;
    Ok(())
}

/// Files from which a range that does not start at line 1 is found through an index built
/// for the run (decision 10): below this, decoding from the start is as quick.
const INDEX_ON_THE_FLY: u64 = 8 << 20;

/// Without `--index`, for a range starting past line 1 of a large regular file: one full pass
/// of the fast analysis (on every core) builds the sparse index in memory, then only the
/// checkpoint before the range is decoded again. On 1 GiB that is a fraction of a second
/// where decoding every character up to the range takes seconds. `None` when streaming from
/// the start is the better way.
fn index_for_this_run(
    run: &Run<'_>,
    path: &str,
    src: &input::Source,
    expected: Option<u64>,
) -> Result<Option<(String, LineIndex, Vec<u8>)>, Error> {
    let Run { args, bars, .. } = *run;
    let (input::Source::File(f, Some(snap)), Some(size)) = (src, expected) else {
        return Ok(None);
    };
    if size < INDEX_ON_THE_FLY
        || args.lines.is_none_or(|(first, _)| first <= 1)
        || args.max_bytes.is_some_and(|m| size > m)
    {
        return Ok(None);
    }
    let opts = Options {
        index_every: Some(DEFAULT_INDEX_EVERY),
        ..run.opts.clone()
    };
    let threads = report::threads(args);
    let mut progress = bars.start(&render::safe(display_name(path)), Some(size));
    let (_, index) = if threads > 1 && size >= parallel::MIN_PARALLEL {
        parallel::analyze(path, f, snap, &opts, threads, &progress)?
    } else {
        let mut a = Analyzer::new(opts);
        let got = input::read_range(path, f, 0, size, |b| {
            a.feed(b);
            progress.add(b.len());
            true
        })?;
        input::unchanged(path, f, snap, Some(got))?;
        a.finish_with_index()
    };
    progress.stop();
    let mut window = Vec::with_capacity(textscope::WINDOW);
    input::read_range(path, f, 0, size.min(textscope::WINDOW as u64), |b| {
        window.extend_from_slice(b);
        true
    })?;
    Ok(Some((
        "the index built for this run".to_string(),
        index,
        window,
    )))
}

/// How `--structure` and `--preview` read a binary file: as the report's text reading would
/// (its format, code page and mark), else as UTF-8, the format such files are most often near.
fn binary_reading(detected: &Detected) -> LineIndex {
    let (format, encoding, mark_len) = match &detected.reading {
        Some(t) => (t.format, t.encoding_name(), t.mark_len as u64),
        None => (textscope::Format::Utf8, "UTF-8".to_string(), 0),
    };
    LineIndex {
        format,
        encoding,
        mark_len,
        checkpoints: Vec::new(),
        switches: Vec::new(),
        ..detected.line_index()
    }
}

/// The state of one `--structure` or `--preview` run: the core's pipeline (window, detection,
/// the builder), and what has been written.
struct View<'a, W: Write> {
    args: &'a ReportArgs,
    path: &'a str,
    printer: &'a mut Printer,
    out: &'a mut W,
    pipeline: Option<Front<'a, StructureBuilder>>,
    /// The saved index (named, for errors), when the range is read from it.
    saved: Option<(&'a str, &'a LineIndex)>,
    /// True once the header is out.
    headed: bool,
    /// Lines written so far, in any form.
    written: u64,
    progress: Progress,
    stop_bar_on_output: bool,
}

impl<W: Write> View<'_, W> {
    /// With a saved index: the detection window read by the caller, detection on it, the
    /// header. Returns the offset to read from next.
    fn start_from_window(&mut self, window: &[u8], at_eof: bool) -> Result<u64, Error> {
        if let Some(p) = self.pipeline.as_mut() {
            p.feed(window);
            p.detect_now(at_eof);
        }
        self.on_detected()?;
        let p = self.pipeline.as_mut();
        let from = p.as_ref().and_then(|p| p.next_offset()).unwrap_or(0);
        if let Some(p) = p {
            p.skip_to(from);
        }
        Ok(from)
    }

    /// Once detection has run: the saved index checked against it, then the header.
    fn on_detected(&mut self) -> Result<(), Error> {
        if self.headed {
            return Ok(());
        }
        let Some(det) = self.pipeline.as_ref().and_then(Front::detected) else {
            return Ok(());
        };
        let det = det.clone();
        let index = det.line_index();
        self.headed = true;
        let binary = |f| f == textscope::Format::Binary;
        if binary(det.format) && self.saved.is_none_or(|(_, s)| binary(s.format)) {
            let r = binary_reading(&det);
            let what = match &det.container {
                Some(c) => format!("binary ({})", c.name),
                None => "binary".to_string(),
            };
            eprintln!(
                "textscope: {}: {what}; shown read as {} text anyway (choose another reading with -e)",
                render::safe(display_name(self.path)),
                if r.format == textscope::Format::Legacy { r.encoding.clone() } else { r.format.name().to_uppercase() }
            );
        }
        let (first, last) = self.args.lines.unwrap_or((1, u64::MAX));
        if let Some((name, s)) = self.saved {
            let (saved, now) = (Reading::of(s), Reading::of(&index));
            if !saved.agrees(&now) {
                return Err(Error::Index {
                    path: name.to_string(),
                    why: Box::new(IndexError::Mismatch {
                        file: self.path.to_string(),
                        saved,
                        now,
                    }),
                });
            }
        }
        let name = display_name(self.path);
        self.printer
            .lines_head(self.out, &det, self.path, name, (first, last))?;
        self.emit()?;
        Ok(())
    }

    /// Feeds a chunk; false once every line asked for is out.
    fn feed(&mut self, chunk: &[u8]) -> Result<bool, Error> {
        self.progress.add(chunk.len());
        let more = self.pipeline.as_mut().is_some_and(|p| p.feed(chunk));
        self.on_detected()?;
        self.emit()?;
        Ok(more)
    }

    /// Writes the lines completed so far (once the header is out).
    fn emit(&mut self) -> io::Result<()> {
        if !self.headed {
            return Ok(());
        }
        let Some(b) = self.pipeline.as_mut().and_then(Front::consumer_mut) else {
            return Ok(());
        };
        let lines = b.take_lines();
        self.write_lines(&lines)
    }

    fn write_lines(&mut self, lines: &[textscope::structure::Line]) -> io::Result<()> {
        if self.stop_bar_on_output && !lines.is_empty() {
            self.progress.stop();
        }
        self.written += lines.len() as u64;
        for l in lines {
            self.printer.line(self.out, l)?;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<(), Error> {
        self.progress.stop();
        if let Some(p) = self.pipeline.as_mut() {
            // A file shorter than the window: detection runs now.
            p.detect_now(true);
        }
        self.on_detected()?;
        self.emit()?;
        let mut past_end = None;
        if let Some(p) = self.pipeline.take() {
            let (_, b) = p.finish();
            let (s, lines) = b.finish_counting();
            self.write_lines(&s.lines)?;
            past_end = lines.filter(|&n| self.written == 0 && s.first_line > n);
        }
        self.printer.lines_end(self.out)?;
        if let Some(n) = past_end {
            // Nothing to show is not an error (as with `sed -n`), but say why on stderr.
            let (first, _) = self.args.lines.unwrap_or((1, u64::MAX));
            let lines = if n == 1 { "line" } else { "lines" };
            eprintln!(
                "textscope: {}: no line {first}: the file has {n} {lines}",
                render::safe(display_name(self.path))
            );
        }
        Ok(())
    }
}
