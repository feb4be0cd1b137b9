//! `textscope FILE…`: for each file its report (people, first line or JSON), or its lines
//! (`lines_view`). Each file's error is reported on its own line and the next file read; the
//! run ends with an [`Error`] that `error` turns into the exit status.

use crate::error::{Error, Usage};
use crate::in_order::{in_order, Ahead};
use crate::index_file;
use crate::input::{self, Source};
use crate::progress::Bars;
use crate::render::{self, OutputFormat, Printer, Style};
use crate::{lines_view, parallel, ReportArgs};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use textscope::{Analyzer, Options, DEFAULT_INDEX_EVERY};

/// Runs the report command over every file named, in `format`.
pub fn run(args: &ReportArgs, format: OutputFormat, style: Style) -> Result<(), Error> {
    let mut opts = Options {
        max_problems_per_kind: args.max_problems,
        group_runs: !args.no_group,
        ..Options::default()
    };
    if let Some(e) = &args.encoding {
        opts = opts.force_encoding(e).map_err(Error::UnknownEncoding)?;
    }
    check_index_args(args, format).map_err(Error::Usage)?;
    let run = Run {
        args,
        opts,
        bars: Bars {
            enabled: !args.quiet && io::stderr().is_terminal(),
        },
    };
    let mut printer = Printer::new(format, style);
    // Not locked for the whole run: with many files the workers write, one at a time.
    let mut out = io::BufWriter::new(io::stdout());
    let mut failed = false;
    let names: Vec<String> = args.files.iter().map(|f| name_of(f)).collect();
    // What each file's outcome does: its report goes out, its error to standard error (after
    // what came before it), and an error that is not one file's ends the run.
    let mut settle = |result: Result<(), Error>, out: &mut io::BufWriter<_>| match result {
        Ok(()) => Ok(()),
        Err(e) if e.of_one_file() => {
            failed = true;
            let _ = out.flush();
            e.print();
            Ok(())
        }
        Err(e) => Err(e),
    };
    let workers = files_at_once(&run, format);
    if workers > 1 {
        // Decision 56: the files' reports are worked out on `workers` threads (one each: a
        // large file among many takes one core, as the others do) and written in order.
        // Files go to the threads in batches, so that a small file does not cost more in
        // hand-overs than in analysis; enough batches remain to keep every thread busy.
        let batch = (args.files.len() / (16 * workers)).clamp(1, 32);
        let batches = args.files.len().div_ceil(batch);
        let mut end = Ok(());
        in_order(
            batches,
            workers,
            // At most this many batches wait to be written: 64 reports per thread at most.
            Ahead::items(2 * workers),
            |k| {
                let files = args.files.iter().zip(&names).skip(k * batch).take(batch);
                let mut printer = Printer::new(format, style);
                let reports = files.map(|(file, path)| {
                    let mut text = Vec::new();
                    report(&run, file, path, 1, &mut printer, &mut text).map(|()| text)
                });
                reports.collect::<Vec<_>>()
            },
            |_| 1,
            |_, results| {
                for result in results {
                    let result = result.and_then(|text| Ok(out.write_all(&text)?));
                    end = settle(result, &mut out);
                    if end.is_err() {
                        return false;
                    }
                }
                true
            },
        );
        end?;
    } else {
        for (file, path) in args.files.iter().zip(&names) {
            if run.bars.enabled {
                // What is buffered goes out before a bar may be drawn below it.
                let _ = out.flush();
            }
            let result = if format.shows_lines() {
                lines_view::run(&run, file, path, &mut printer, &mut out)
            } else {
                report(&run, file, path, threads(args), &mut printer, &mut out)
            };
            settle(result, &mut out)?;
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(e.into());
        }
    }
    if failed {
        Err(Error::SomeFilesFailed)
    } else {
        Ok(())
    }
}

/// How a file named on the command line is called in reports and messages.
fn name_of(file: &Path) -> String {
    if file.as_os_str() == "-" {
        "-".to_string()
    } else {
        render::path_text(file.as_os_str())
    }
}

/// How many files are analysed at once: one at a time for one file, standard input among
/// them (read once, in its turn), the lines views (which stream a file's lines as they come),
/// and progress bars (drawn for one file at a time); else `-j`, or every core.
fn files_at_once(run: &Run<'_>, format: OutputFormat) -> usize {
    let files = &run.args.files;
    if files.len() < 2
        || format.shows_lines()
        || run.bars.enabled
        || files.iter().any(|f| f.as_os_str() == "-")
    {
        return 1;
    }
    threads(run.args).min(files.len())
}

/// What every file of a run shares: the arguments, the library's options, the progress bars.
pub struct Run<'a> {
    pub args: &'a ReportArgs,
    pub opts: Options,
    pub bars: Bars,
}

/// `--save-index` and `--index` concern one regular file each, named on the command line.
fn check_index_args(args: &ReportArgs, format: OutputFormat) -> Result<(), Usage> {
    for (flag, given) in [
        ("--save-index", args.save_index.is_some()),
        ("--index", args.index.is_some()),
    ] {
        if !given {
            continue;
        }
        if args.files.len() != 1 {
            return Err(Usage::OneFileOnly(flag, args.files.len()));
        }
        if args.files.iter().any(|f| f.as_os_str() == "-") {
            return Err(Usage::NotStdin(flag));
        }
    }
    if args.index.is_some() && !format.shows_lines() {
        return Err(Usage::IndexWithoutLines);
    }
    Ok(())
}

/// Opens a file named on the command line: `-` is standard input; `name` is how it is shown.
pub fn open_arg(file: &Path, name: &str) -> Result<(Source, Option<u64>), Error> {
    let opened = if file.as_os_str() == "-" {
        input::open("-")
    } else {
        input::open_path(file, name)
    };
    Ok(opened?)
}

/// How a path is shown in the text for people.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "(standard input)"
    } else {
        path
    }
}

/// Threads for one large file: `-j`, else every core. The count of cores is asked once per
/// process: on Linux `available_parallelism` reads three cgroup files each time, which over
/// 20,000 small files made the default slower than `-j1` (issue 18).
pub fn threads(args: &ReportArgs) -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    args.threads.unwrap_or_else(|| {
        *CORES.get_or_init(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        })
    })
}

/// The report of one file (and its index, with `--save-index`), read on `threads` threads
/// when it is large.
fn report(
    run: &Run<'_>,
    file: &Path,
    path: &str,
    threads: usize,
    printer: &mut Printer,
    out: &mut impl Write,
) -> Result<(), Error> {
    let Run { args, bars, .. } = *run;
    let (mut src, expected) = open_arg(file, path)?;
    let mut opts = run.opts.clone();
    let every = args.index_every.unwrap_or(DEFAULT_INDEX_EVERY);
    // The identity is taken before the pass: a file modified while it is read gets an index
    // that is refused as stale, never one that is silently wrong.
    let save = match &args.save_index {
        Some(to) => {
            let (id, _) = crate::index_open::file_id(path, &src)?;
            opts.index_every = Some(every);
            Some((to, id))
        }
        None => None,
    };
    let mut progress = bars.start(&render::safe(display_name(path)), expected);
    let (mut r, index) = match (&src, expected) {
        (Source::File(f, Some(snap)), Some(size))
            if threads > 1
                && size >= parallel::MIN_PARALLEL
                && args.max_bytes.is_none_or(|m| size <= m) =>
        {
            parallel::analyze(path, f, snap, &opts, threads, &progress)?
        }
        _ => {
            let mut a = Analyzer::new(opts);
            let read = input::stream(path, &mut src, args.max_bytes, |chunk| {
                a.feed(chunk);
                progress.add(chunk.len());
                true
            })?;
            changed_while_reading(path, expected, read)?;
            a.finish_with_index()
        }
    };
    progress.stop();
    if let Some((to, id)) = save {
        index_file::save(to, id, every, &index).map_err(|why| Error::Index {
            path: to.to_string_lossy().into_owned(),
            why: Box::new(why),
        })?;
    }
    r.path = Some(path.to_string());
    printer.report(out, &r, display_name(path))?;
    Ok(())
}

/// A regular file whose size changed under us gets an error, not a silently short report.
fn changed_while_reading(path: &str, expected: Option<u64>, read: u64) -> Result<(), Error> {
    match expected {
        Some(n) if n != read => Err(Error::Changed {
            path: path.to_string(),
            expected: n,
            read,
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_while_reading_compares_the_size_read_with_the_metadata() {
        assert!(changed_while_reading("f", Some(10), 10).is_ok());
        assert!(
            changed_while_reading("f", None, 10).is_ok(),
            "streams have no size"
        );
        for (expected, read) in [(10, 4), (10, 12)] {
            match changed_while_reading("f", Some(expected), read) {
                Err(e @ Error::Changed { .. }) => {
                    assert!(e.of_one_file());
                    assert_eq!(
                        e.to_string(),
                        format!(
                            "f: the file changed while it was read ({expected} bytes expected, {read} read)"
                        )
                    );
                }
                _ => panic!("{expected} vs {read} must be an error"),
            }
        }
    }
}
