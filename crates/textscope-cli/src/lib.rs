//! `textscope`: what a text file is and what is wrong with it, to the byte.
//!
//! The command line over the `textscope` library, as a library of its own (`main.rs` only
//! calls [`run`], as bat's binary does), so that its integration tests reach the server and the
//! site through it: argument parsing and dispatch. The arguments
//! choose the output format once ([`render::OutputFormat`]); `report` runs the report of
//! files, `lines_view` the structure and the preview, `input` is the only reader, `render` the
//! only printers, and `error` the one place where an outcome becomes an exit status (0 when
//! every file was analysed, 2 when any could not be read, each with a one-line error).

#![forbid(unsafe_code)]

mod check;
mod convert;
mod error;
mod files_from;
mod in_order;
mod index_file;
mod index_open;
mod input;
mod lines_view;
mod parallel;
mod progress;
mod render;
mod report;
#[cfg(feature = "explorer")]
pub mod serve;
mod target_file;
#[cfg(feature = "explorer")]
pub use textscope_site as site;
mod utf16_cmd;
mod utf16_input;

use clap::{Parser, ValueEnum};
use render::{OutputFormat, Style};
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

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
    #[arg(value_name = "FILE", required_unless_present = "files_from")]
    files: Vec<PathBuf>,

    /// Also analyse the files named in LIST ("-": standard input), before those given as
    /// arguments: one name per line, or NUL-separated names when the list holds a NUL (as
    /// `find -print0` writes). One process for a whole tree, where `xargs` starts several.
    #[arg(long, short = 'f', value_name = "LIST")]
    files_from: Option<PathBuf>,

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

    /// Threads: for one large file (every core by default, for files of 32 MiB and more),
    /// or for many files, analysed at once and reported in order (every core by default).
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

/// Parses the command line and runs the command: the whole of `textscope`.
pub fn run() -> ExitCode {
    let mut cli = Cli::parse();
    let Some(command) = &cli.command else {
        let report = &mut cli.report;
        if let Some(list) = &report.files_from {
            match files_from::with_list(list, &report.files) {
                Ok(files) => report.files = files,
                Err(e) => return error::exit(Err(e)),
            }
            if report.files.is_empty() {
                return ExitCode::SUCCESS;
            }
        }
        let report = &cli.report;
        let style = Style {
            color: use_color(report.color),
        };
        return error::exit(report::run(report, output_format(report), style));
    };
    match command {
        Command::Check(args) => check::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Utf16(args) => utf16_cmd::run(args, use_color(ColorChoice::Auto)),
        Command::Serve { port } => explorer::serve(*port),
        Command::Site { out } => explorer::site(out),
    }
}

/// `serve` and `site`: with the `explorer` feature and a wasm module in the site; else each
/// says why not and how to get it (exit status 2).
mod explorer {
    use std::process::ExitCode;

    #[cfg(feature = "explorer")]
    fn ready() -> Result<(), ExitCode> {
        match crate::site::WASM_MISSING {
            None => Ok(()),
            Some(why) => {
                eprintln!("textscope: {why}");
                Err(ExitCode::from(2))
            }
        }
    }

    #[cfg(feature = "explorer")]
    pub fn serve(port: u16) -> ExitCode {
        if let Err(code) = ready() {
            return code;
        }
        crate::error::exit(
            crate::serve::serve(port).map_err(|source| crate::error::Error::Serve { port, source }),
        )
    }

    #[cfg(feature = "explorer")]
    pub fn site(out: &std::path::Path) -> ExitCode {
        if let Err(code) = ready() {
            return code;
        }
        crate::error::exit(
            crate::site::write_site(out)
                .map(|()| {
                    println!(
                        "textscope: wrote the site to {}",
                        crate::render::safe(&out.display().to_string())
                    );
                })
                .map_err(|source| crate::error::Error::Site {
                    out: out.to_path_buf(),
                    source,
                }),
        )
    }

    #[cfg(not(feature = "explorer"))]
    fn without() -> ExitCode {
        eprintln!(
            "textscope: this textscope was built without the web explorer (cargo feature \
             `explorer`)"
        );
        ExitCode::from(2)
    }

    #[cfg(not(feature = "explorer"))]
    pub fn serve(_: u16) -> ExitCode {
        without()
    }

    #[cfg(not(feature = "explorer"))]
    pub fn site(_: &std::path::Path) -> ExitCode {
        without()
    }
}

/// The output format, chosen once from the flags (clap refuses the combinations that make no
/// sense: `--json` with `--brief` or `--preview`, `--structure` with `--brief` or `--preview`).
fn output_format(args: &ReportArgs) -> OutputFormat {
    match (args.structure, args.preview, args.json, args.brief) {
        (true, _, true, _) => OutputFormat::StructureJson,
        (true, _, false, _) => OutputFormat::Structure,
        (false, true, _, _) => OutputFormat::Preview,
        (false, false, true, _) => OutputFormat::Json,
        (false, false, false, true) => OutputFormat::Brief,
        (false, false, false, false) => OutputFormat::Report,
    }
}

/// Whether to colour standard output: asked for, or a terminal without NO_COLOR.
fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format_of(argv: &[&str]) -> Result<OutputFormat, clap::Error> {
        let mut full = vec!["textscope"];
        full.extend_from_slice(argv);
        full.push("f.txt");
        Cli::try_parse_from(full).map(|c| output_format(&c.report))
    }

    #[test]
    fn the_flags_choose_one_format() {
        for (argv, want) in [
            (&[][..], OutputFormat::Report),
            (&["--brief"][..], OutputFormat::Brief),
            (&["--json"][..], OutputFormat::Json),
            (&["--structure"][..], OutputFormat::Structure),
            (&["--structure", "--json"][..], OutputFormat::StructureJson),
            (&["--preview"][..], OutputFormat::Preview),
        ] {
            assert_eq!(format_of(argv).unwrap(), want, "{argv:?}");
        }
        for nonsense in [
            &["--json", "--brief"][..],
            &["--preview", "--json"],
            &["--structure", "--brief"],
            &["--structure", "--preview"],
        ] {
            assert!(format_of(nonsense).is_err(), "{nonsense:?}");
        }
    }
}
