//! `textscope`: what a text file is and what is wrong with it, to the byte.
//!
//! A thin binary over the `textscope` library: clap arguments become the library's options,
//! `input` is the only reader, `render` the only printers. Exit status: 0 when every file was
//! analysed, 2 when any could not be read (each gets a one-line error).

mod check;
mod convert;
mod index_file;
mod input;
mod parallel;
mod progress;
mod render;
mod serve;
mod site;
mod utf16_cmd;

use clap::{Parser, ValueEnum};
use progress::{Bars, Progress};
use render::Style;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use textscope::{
    Analyzer, LineIndex, Options, Pipeline, StructureBuilder, StructureOptions, DEFAULT_INDEX_EVERY,
};

#[derive(Parser, Debug)]
#[command(
    name = "textscope",
    version,
    about = "Tells exactly what a text file is and what is wrong with it, to the byte",
    long_about = "Tells exactly what a text file is and what is wrong with it, to the byte: its \
encoding (UTF-8, UTF-16LE/BE, UTF-32LE/BE or a legacy code page) and why, its byte order mark, \
its lines and line endings, and every problem with offset, line and column.",
    after_help = "Exit status: 0 when every file was analysed, 2 when any could not be read.",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    report: ReportArgs,
}

/// The other tools, each over the same core.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Check files and directory trees against rules (problems in the text, and policy), for
    /// CI and pre-commit. Exit status 0: nothing denied found; 1: found; 2: errors.
    Check(check::CheckArgs),
    /// Convert between the Unicode formats (and from a legacy code page) without losing text.
    Convert(convert::ConvertArgs),
    /// Inspect text as UTF-16 units and bytes, or validate UTF-16 units or bytes.
    /// Exit status 1 when the units or bytes are not well-formed.
    Utf16(utf16_cmd::Utf16Args),
    /// Serve the web explorer on this machine only (127.0.0.1 and ::1) and print its address.
    /// Files dropped on its pages are analysed in the browser and never leave the machine.
    Serve {
        /// The port (0: any free port; the one taken is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Write the web explorer as static files, to publish anywhere.
    Site {
        /// The folder to write to (created if missing).
        #[arg(long, value_name = "DIR")]
        out: std::path::PathBuf,
    },
}

/// The report of files (the default command).
#[derive(clap::Args, Debug)]
struct ReportArgs {
    /// Files to analyse ("-" reads standard input). Names need not be UTF-8; they are shown
    /// with each byte that is not as `\xFF`.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,

    /// Print the report as JSON (one object per line per file).
    #[arg(long, conflicts_with = "brief")]
    json: bool,

    /// Print only the first line of the report, one per file.
    #[arg(long)]
    brief: bool,

    /// Print the structure: the mark, then each line with its ending, and the characters
    /// of lines beyond ASCII or with a problem.
    #[arg(long, conflicts_with_all = ["brief", "preview"])]
    structure: bool,

    /// Print the decoded text, made safe for a terminal.
    #[arg(long, conflicts_with_all = ["brief", "json"])]
    preview: bool,

    /// Lines for --structure and --preview: N, A..B, A.., ..B (from 1).
    #[arg(long, value_name = "RANGE", value_parser = parse_range)]
    lines: Option<(u64, u64)>,

    /// With --structure, list the characters of every line, not only of the interesting ones.
    #[arg(long, requires = "structure")]
    all_chars: bool,

    /// Skip detection and decode as FORMAT: utf-8, utf-16le, utf-16be, utf-32le,
    /// utf-32be, legacy, or a code page such as windows-1252 or shift_jis.
    #[arg(long, short = 'e', value_name = "FORMAT")]
    encoding: Option<String>,

    /// Most problems listed per kind (counts stay exact).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_problems: usize,

    /// List every problem and finding on its own, instead of one item per run of touching
    /// ones of a kind (such as 4,096 NULs in a row).
    #[arg(long)]
    no_group: bool,

    /// Refuse input larger than N bytes (for devices and pipes that never end).
    #[arg(long, value_name = "N")]
    max_bytes: Option<u64>,

    /// Threads for one large file (default: every core for files of 32 MiB and more).
    #[arg(long, short = 'j', value_name = "N")]
    threads: Option<usize>,

    /// With the report of one file: also save its sparse line index to INDEX, built in
    /// the same pass, for --structure and --preview with --index.
    #[arg(long, value_name = "INDEX", conflicts_with_all = ["structure", "preview"])]
    save_index: Option<PathBuf>,

    /// With --save-index: a checkpoint every N bytes (default 65536: 16,384 per GiB).
    #[arg(long, value_name = "N", requires = "save_index",
          value_parser = clap::value_parser!(u64).range(1..))]
    index_every: Option<u64>,

    /// With --structure or --preview of one file: the index that --save-index saved for it;
    /// decoding starts at the checkpoint before the first line asked for, not at the start.
    #[arg(long, value_name = "INDEX")]
    index: Option<PathBuf>,

    /// No progress bar (one is shown on standard error, when it is a terminal, once a file
    /// has been read for 64 MiB).
    #[arg(long, short = 'q')]
    quiet: bool,

    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn parse_range(s: &str) -> Result<(u64, u64), String> {
    let num = |t: &str| -> Result<u64, String> {
        t.trim()
            .parse::<u64>()
            .map_err(|_| format!("'{t}' is not a line number"))
            .and_then(|n| {
                if n == 0 {
                    Err("lines are numbered from 1".to_string())
                } else {
                    Ok(n)
                }
            })
    };
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => {
            let a = if a.trim().is_empty() { 1 } else { num(a)? };
            let b = if b.trim().is_empty() {
                u64::MAX
            } else {
                num(b.trim_start_matches('='))?
            };
            (a, b)
        }
        None => {
            let n = num(s)?;
            (n, n)
        }
    };
    if b < a {
        return Err(format!("the range {s} is empty"));
    }
    Ok((a, b))
}

/// What went wrong for one file: the path is shown, then the cause.
fn error_line(path: &str, cause: &str) {
    eprintln!("textscope: {}: {}", render::safe(path), cause);
}

/// Opens a file named on the command line: `-` is standard input; `name` is how it is shown.
fn open_arg(file: &Path, name: &str) -> Result<(input::Source, Option<u64>), input::InputError> {
    if file.as_os_str() == "-" {
        input::open("-")
    } else {
        input::open_path(file, name)
    }
}

fn display_name(path: &str) -> &str {
    if path == "-" {
        "(standard input)"
    } else {
        path
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(command) = &cli.command {
        return match command {
            Command::Check(args) => check::run(args),
            Command::Convert(args) => convert::run(args),
            Command::Utf16(args) => utf16_cmd::run(args, use_color(ColorChoice::Auto)),
            Command::Serve { port } => match serve::serve(*port) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("textscope: cannot serve on 127.0.0.1:{port}: {e}");
                    ExitCode::from(2)
                }
            },
            Command::Site { out } => match site::write_site(out) {
                Ok(()) => {
                    println!(
                        "textscope: wrote the site to {}",
                        render::safe(&out.display().to_string())
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!(
                        "textscope: cannot write the site to {}: {e}",
                        render::safe(&out.display().to_string())
                    );
                    ExitCode::from(2)
                }
            },
        };
    }
    report_files(&cli.report)
}

/// Whether to colour standard output: asked for, or a terminal without NO_COLOR.
fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

/// `textscope FILE…`: the report, brief, JSON, structure or preview of each file.
fn report_files(cli: &ReportArgs) -> ExitCode {
    let mut opts = Options {
        max_problems_per_kind: cli.max_problems,
        group_runs: !cli.no_group,
        ..Options::default()
    };
    if let Some(e) = &cli.encoding {
        opts = match opts.force_encoding(e) {
            Ok(o) => o,
            Err(err) => {
                eprintln!("textscope: {err}");
                return ExitCode::from(2);
            }
        };
    }
    if let Err(usage) = check_index_args(cli) {
        eprintln!("textscope: {usage}");
        return ExitCode::from(2);
    }
    let style = Style {
        color: use_color(cli.color),
    };
    let bars = Bars {
        enabled: !cli.quiet && io::stderr().is_terminal(),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for file in &cli.files {
        let name = if file.as_os_str() == "-" {
            "-".to_string()
        } else {
            render::path_text(file.as_os_str())
        };
        let path = name.as_str();
        if bars.enabled {
            // What is buffered goes out before a bar may be drawn below it.
            let _ = out.flush();
        }
        let result = if cli.structure || cli.preview {
            lines_view(cli, &opts, file, path, style, &mut out, bars)
        } else {
            report(cli, &opts, file, path, style, &mut out, bars)
        };
        match result {
            Ok(()) => {}
            Err(Failure::Input(e)) => {
                failed = true;
                let _ = out.flush();
                error_line(&e.path, &e.cause);
            }
            Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                return ExitCode::SUCCESS;
            }
            Err(Failure::Output(e)) => {
                eprintln!("textscope: cannot write the output: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if let Err(e) = out.flush() {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("textscope: cannot write the output: {e}");
            return ExitCode::from(2);
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `--save-index` and `--index` concern one regular file each, named on the command line.
fn check_index_args(cli: &ReportArgs) -> Result<(), String> {
    for (flag, given) in [
        ("--save-index", cli.save_index.is_some()),
        ("--index", cli.index.is_some()),
    ] {
        if !given {
            continue;
        }
        if cli.files.len() != 1 {
            return Err(format!(
                "{flag} takes exactly one file ({} given)",
                cli.files.len()
            ));
        }
        if cli.files.iter().any(|f| f.as_os_str() == "-") {
            return Err(format!("{flag} needs a regular file, not standard input"));
        }
    }
    if cli.index.is_some() && !(cli.structure || cli.preview) {
        return Err(
            "--index is for --structure and --preview (the report reads the whole file; \
             --save-index builds the index)"
                .to_string(),
        );
    }
    Ok(())
}

enum Failure {
    Input(input::InputError),
    Output(io::Error),
}

impl From<input::InputError> for Failure {
    fn from(e: input::InputError) -> Self {
        Failure::Input(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

/// The identity of the regular file behind `src`, for an index (`Err`: the cause). It reads
/// the file's first 64 KiB (for their hash) and returns them too.
fn file_id(path: &str, src: &input::Source) -> Result<(index_file::FileId, Vec<u8>), Failure> {
    let input::Source::File(f, _) = src else {
        return Err(input::InputError::new(path, "an index needs a regular file").into());
    };
    let meta = f
        .metadata()
        .map_err(|e| input::InputError::new(path, e.to_string()))?;
    // Refused before reading anything when the file cannot have an index.
    index_file::FileId::of(&meta, &index_file::HeadHash::default())
        .map_err(|why| input::InputError::new(path, why))?;
    let mut head = Vec::with_capacity(index_file::HEAD);
    let end = meta.len().min(index_file::HEAD as u64);
    input::read_range(path, f, 0, end, |b| {
        head.extend_from_slice(b);
        true
    })?;
    let mut hash = index_file::HeadHash::default();
    hash.feed(&head);
    let id =
        index_file::FileId::of(&meta, &hash).map_err(|why| input::InputError::new(path, why))?;
    Ok((id, head))
}

fn path_name(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// The report of one file (and its index, with `--save-index`).
#[allow(clippy::too_many_arguments)]
fn report(
    cli: &ReportArgs,
    opts: &Options,
    file: &Path,
    path: &str,
    style: Style,
    out: &mut impl Write,
    bars: Bars,
) -> Result<(), Failure> {
    let (mut src, expected) = open_arg(file, path)?;
    let mut opts = opts.clone();
    let every = cli.index_every.unwrap_or(DEFAULT_INDEX_EVERY);
    // The identity is taken before the pass: a file modified while it is read gets an index
    // that is refused as stale, never one that is silently wrong.
    let save = match &cli.save_index {
        Some(to) => {
            let (id, _) = file_id(path, &src)?;
            opts.index_every = Some(every);
            Some((to, id))
        }
        None => None,
    };
    let threads = cli.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let mut progress = bars.start(&render::safe(display_name(path)), expected);
    let (mut r, index) = match (&src, expected) {
        (input::Source::File(f, Some(snap)), Some(size))
            if threads > 1
                && size >= parallel::MIN_PARALLEL
                && cli.max_bytes.is_none_or(|m| size <= m) =>
        {
            parallel::analyze(path, f, snap, &opts, threads, &progress)?
        }
        _ => {
            let mut a = Analyzer::new(opts);
            let read = input::stream(path, &mut src, cli.max_bytes, |chunk| {
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
        index_file::save(to, id, every, &index).map_err(|e| {
            let cause = match e.kind() {
                io::ErrorKind::NotFound => "no such directory".to_string(),
                io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ => e.to_string(),
            };
            input::InputError::new(&path_name(to), format!("cannot write the index: {cause}"))
        })?;
    }
    r.path = Some(path.to_string());
    let name = display_name(path);
    if cli.json {
        writeln!(out, "{}", r.to_json())?;
    } else if cli.brief {
        writeln!(out, "{}", render::human::brief(&r, name, style))?;
    } else {
        write!(out, "{}", render::human::full(&r, name, style))?;
    }
    Ok(())
}

/// A regular file whose size changed under us gets an error, not a silently short report.
fn changed_while_reading(path: &str, expected: Option<u64>, read: u64) -> Result<(), Failure> {
    match expected {
        Some(n) if n != read => Err(Failure::Input(input::InputError::new(
            path,
            format!("the file changed while it was read ({n} bytes expected, {read} read)"),
        ))),
        _ => Ok(()),
    }
}

/// The structure (S1) or the preview (V1) of a line range: streamed from the start, or with
/// `--index` read from the checkpoint before the range (after the detection window).
#[allow(clippy::too_many_arguments)]
fn lines_view(
    cli: &ReportArgs,
    opts: &Options,
    file: &Path,
    path: &str,
    style: Style,
    out: &mut impl Write,
    bars: Bars,
) -> Result<(), Failure> {
    let (mut src, expected) = open_arg(file, path)?;
    let indexed = match &cli.index {
        Some(ix) => Some(open_index(ix, path, &src, cli.max_bytes)?),
        None => index_for_this_run(cli, opts, path, &src, expected, bars)?,
    };
    let (saved_name, saved, window) = match indexed {
        Some((name, index, window)) => (name, Some(index), window),
        None => (String::new(), None, Vec::new()),
    };
    let (first, last) = cli.lines.unwrap_or((1, u64::MAX));
    let mut sopts = StructureOptions {
        all_chars: cli.all_chars,
        ..StructureOptions::default()
    };
    if cli.preview {
        // The preview prints each line's text only: itemising its characters (a few strings
        // each) would be work thrown away.
        sopts.max_chars_per_line = 0;
    }
    // The window, detection and its replay are the core's (Pipeline); with a saved index the
    // builder starts from its checkpoint before the range.
    let pipeline = Pipeline::new(
        opts.clone(),
        |detected: &LineIndex, rep: &textscope::Report| {
            // A binary file is shown as its best text reading (said so on stderr), never as
            // nothing.
            // (A saved index of a binary file has no checkpoints: the reading starts at the top.)
            let binary = |f| f == textscope::Format::Binary;
            let reading = (binary(rep.format) && saved.as_ref().is_none_or(|s| binary(s.format)))
                .then(|| binary_reading(detected, rep));
            let index = reading.as_ref().or(saved.as_ref()).unwrap_or(detected);
            StructureBuilder::new(index, first, last, sopts)
        },
    );
    let mut view = View {
        cli,
        path,
        style,
        out,
        pipeline: Some(pipeline),
        saved: saved.as_ref().map(|s| (saved_name.as_str(), s)),
        headed: false,
        json_lines: 0,
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
            input::stream(path, &mut src, cli.max_bytes, |b| each(&mut view, b))?;
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
    cli: &ReportArgs,
    opts: &Options,
    path: &str,
    src: &input::Source,
    expected: Option<u64>,
    bars: Bars,
) -> Result<Option<(String, LineIndex, Vec<u8>)>, Failure> {
    let (input::Source::File(f, Some(snap)), Some(size)) = (src, expected) else {
        return Ok(None);
    };
    if size < INDEX_ON_THE_FLY
        || cli.lines.is_none_or(|(first, _)| first <= 1)
        || cli.max_bytes.is_some_and(|m| size > m)
    {
        return Ok(None);
    }
    let opts = Options {
        index_every: Some(DEFAULT_INDEX_EVERY),
        ..opts.clone()
    };
    let threads = cli.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
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

/// Reads the index given with `--index` and checks that it describes `src` as it is now.
/// Returns its name (for errors), the index, and the file's detection window.
fn open_index(
    ix: &Path,
    path: &str,
    src: &input::Source,
    max_bytes: Option<u64>,
) -> Result<(String, LineIndex, Vec<u8>), Failure> {
    let ix_name = path_name(ix);
    let (made_for, index) =
        index_file::load(ix).map_err(|why| input::InputError::new(&ix_name, why))?;
    let (now, window) = file_id(path, src)?;
    if let Some(why) = made_for.stale(&now) {
        return Err(Failure::Input(input::InputError::new(
            &ix_name,
            format!(
                "stale index for {}: {why}; build it again with --save-index",
                render::safe(path)
            ),
        )));
    }
    if let Some(max) = max_bytes.filter(|&m| now.size > m) {
        return Err(Failure::Input(input::InputError::new(
            path,
            format!("larger than the limit of {max} bytes (--max-bytes)"),
        )));
    }
    Ok((ix_name, index, window))
}

/// How `--structure` and `--preview` read a binary file: as the report's text reading would
/// (its format, code page and mark), else as UTF-8, the format such files are most often near.
fn binary_reading(detected: &LineIndex, rep: &textscope::Report) -> LineIndex {
    let (format, encoding, mark_len) = match &rep.text_reading {
        Some(t) => (
            t.format,
            t.encoding.clone(),
            t.bom.as_ref().map_or(0, |m| m.length),
        ),
        None => (textscope::Format::Utf8, "UTF-8".to_string(), 0),
    };
    LineIndex {
        format,
        encoding,
        mark_len,
        checkpoints: Vec::new(),
        ..detected.clone()
    }
}

/// The state of one `--structure` or `--preview` run: the core's pipeline (window, detection,
/// the builder), and what has been written.
struct View<'a, W: Write> {
    cli: &'a ReportArgs,
    path: &'a str,
    style: Style,
    out: &'a mut W,
    pipeline: Option<Pipeline<'a, StructureBuilder>>,
    /// The saved index (named, for errors), when the range is read from it.
    saved: Option<(&'a str, &'a LineIndex)>,
    /// True once the header is out.
    headed: bool,
    /// Lines written so far in JSON (for the commas).
    json_lines: u64,
    /// Lines written so far, in any form.
    written: u64,
    progress: Progress,
    stop_bar_on_output: bool,
}

impl<W: Write> View<'_, W> {
    /// With a saved index: the detection window read by the caller, detection on it, the
    /// header. Returns the offset to read from next.
    fn start_from_window(&mut self, window: &[u8], at_eof: bool) -> Result<u64, Failure> {
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
    fn on_detected(&mut self) -> Result<(), Failure> {
        if self.headed {
            return Ok(());
        }
        let Some((index, rep)) = self.pipeline.as_ref().and_then(Pipeline::detected) else {
            return Ok(());
        };
        let (index, rep) = (index.clone(), rep.clone());
        self.headed = true;
        let binary = |f| f == textscope::Format::Binary;
        if binary(rep.format) && self.saved.is_none_or(|(_, s)| binary(s.format)) {
            let r = binary_reading(&index, &rep);
            let what = match &rep.container {
                Some(c) => format!("binary ({})", c.name),
                None => "binary".to_string(),
            };
            eprintln!(
                "textscope: {}: {what}; shown read as {} text anyway (choose another reading with -e)",
                render::safe(display_name(self.path)),
                if r.format == textscope::Format::Legacy { r.encoding.clone() } else { r.format.name().to_uppercase() }
            );
        }
        let (first, last) = self.cli.lines.unwrap_or((1, u64::MAX));
        if let Some((name, s)) = self.saved {
            if (s.format, s.mark_len) != (index.format, index.mark_len)
                || (s.format == textscope::Format::Legacy && s.encoding != index.encoding)
            {
                let what = |i: &LineIndex| match i.format {
                    textscope::Format::Legacy => format!("legacy ({})", i.encoding),
                    f => f.name().to_string(),
                };
                return Err(Failure::Input(input::InputError::new(
                    name,
                    format!(
                        "the index describes {} as {} with a {}-byte mark, but it reads as {} with a {}-byte mark now (another --encoding?)",
                        render::safe(self.path),
                        what(s),
                        s.mark_len,
                        what(&index),
                        index.mark_len
                    ),
                )));
            }
        }
        if self.cli.json {
            let head = textscope::json::to_string(&serde_json::json!({
                "schema": textscope::SCHEMA_VERSION,
                "path": self.path,
                "format": rep.format,
                "encoding": rep.encoding,
                "bom": rep.bom,
                "first_line": first,
                "last_line": if last == u64::MAX { serde_json::Value::Null } else { last.into() },
            }))
            .map_err(io::Error::other)?;
            // The same object, left open for the lines that stream after it.
            let open = head.strip_suffix('}').unwrap_or(&head);
            write!(self.out, "{open},\"lines\":[")?;
        } else if !self.cli.preview {
            let name = display_name(self.path);
            writeln!(
                self.out,
                "{}",
                render::human::header(&rep, name, self.style)
            )?;
            if let Some(m) = &rep.bom {
                self.out
                    .write_all(render::structure::mark(m, self.style).as_bytes())?;
            }
        }
        self.emit()?;
        Ok(())
    }

    /// Feeds a chunk; false once every line asked for is out.
    fn feed(&mut self, chunk: &[u8]) -> Result<bool, Failure> {
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
        let Some(b) = self.pipeline.as_mut().and_then(Pipeline::consumer_mut) else {
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
            if self.cli.json {
                if self.json_lines > 0 {
                    self.out.write_all(b",")?;
                }
                self.json_lines += 1;
                textscope::json::to_writer(&mut *self.out, l)?;
            } else if self.cli.preview {
                self.out
                    .write_all(render::structure::preview_line(l).as_bytes())?;
            } else {
                self.out
                    .write_all(render::structure::line(l, self.style).as_bytes())?;
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<(), Failure> {
        self.progress.stop();
        if let Some(p) = self.pipeline.as_mut() {
            // A file shorter than the window: detection runs now.
            p.detect_now(true);
        }
        self.on_detected()?;
        self.emit()?;
        let mut past_end = None;
        if let Some(p) = self.pipeline.take() {
            let (_, _, b) = p.finish();
            let (s, lines) = b.finish_counting();
            self.write_lines(&s.lines)?;
            past_end = lines.filter(|&n| self.written == 0 && s.first_line > n);
        }
        if self.cli.json {
            writeln!(self.out, "]}}")?;
        }
        if let Some(n) = past_end {
            // Nothing to show is not an error (as with `sed -n`), but say why on stderr.
            let (first, _) = self.cli.lines.unwrap_or((1, u64::MAX));
            let lines = if n == 1 { "line" } else { "lines" };
            eprintln!(
                "textscope: {}: no line {first}: the file has {n} {lines}",
                render::safe(display_name(self.path))
            );
        }
        Ok(())
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
                Err(Failure::Input(e)) => {
                    assert_eq!(e.path, "f");
                    assert_eq!(
                        e.cause,
                        format!(
                            "the file changed while it was read ({expected} bytes expected, {read} read)"
                        )
                    );
                }
                _ => panic!("{expected} vs {read} must be an error"),
            }
        }
    }
}
