//! `textscope FILE…`: for each file its report (people, first line or JSON), or its lines
//! (`lines_view`). Each file's error is reported on its own line and the next file read; the
//! run ends with an [`Error`] that `error` turns into the exit status.

use crate::error::{Error, Usage};
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
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for file in &args.files {
        let name = if file.as_os_str() == "-" {
            "-".to_string()
        } else {
            render::path_text(file.as_os_str())
        };
        let path = name.as_str();
        if run.bars.enabled {
            // What is buffered goes out before a bar may be drawn below it.
            let _ = out.flush();
        }
        let result = if format.shows_lines() {
            lines_view::run(&run, file, path, &mut printer, &mut out)
        } else {
            report(&run, file, path, &mut printer, &mut out)
        };
        match result {
            Ok(()) => {}
            Err(e) if e.of_one_file() => {
                failed = true;
                let _ = out.flush();
                e.print();
            }
            Err(e) => return Err(e),
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

/// The report of one file (and its index, with `--save-index`).
fn report(
    run: &Run<'_>,
    file: &Path,
    path: &str,
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
            let (id, _) = index_file::file_id(path, &src)?;
            opts.index_every = Some(every);
            Some((to, id))
        }
        None => None,
    };
    let threads = threads(args);
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
