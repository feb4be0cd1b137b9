//! `textscope check [PATH…]`: a linter over a tree. It walks directories in parallel the way
//! ripgrep does (crate `ignore`: .gitignore, .ignore, hidden files), skips binary files (D7),
//! analyses each file with the core, and reports every denied finding, sorted by path.
//!
//! Settings come in layers, lowest first: defaults (P1–P9 denied, policy rules off),
//! `.editorconfig`, `textscope.toml`, the command line. See docs/check.md.
//!
//! Exit status: 0 when nothing denied was found, 1 when something was, 2 on an error (a file or
//! directory that could not be read, a bad config); the rest is still checked.

mod args;
pub mod config;
pub mod editorconfig;
mod file;
pub mod glob;
pub mod output;
mod progress;
pub mod rules;
pub mod text;
mod walk;

pub use args::{cli_layer, CheckArgs};
pub use file::check_file;

use crate::error;
use output::{OutputFormat, Summary};
use rules::{Breach, Layer, Rule};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use walk::walk;

/// What happened to one file.
#[derive(Debug)]
pub enum Outcome {
    /// Checked: the denied findings (listed) and their exact counts by rule.
    Checked {
        findings: Vec<Breach>,
        counts: BTreeMap<Rule, u64>,
    },
    /// Binary (the detection verdict), skipped: why, in words ("24% of the characters are
    /// NUL").
    SkippedBinary(String),
    /// Named on the command line but not a regular file or a directory (a FIFO, a device, a
    /// socket): skipped, and said so with what it is.
    SkippedSpecial(&'static str),
    /// Could not be read: the cause.
    Error(String),
}

/// Shared by the walker's threads.
struct Ctx {
    cli: Layer,
    config: config::Config,
    editorconfig: bool,
    cache: editorconfig::Cache,
    attributes: text::Attributes,
    include_binary: bool,
    max_problems: usize,
    done: Arc<AtomicU64>,
}

/// Runs `textscope check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    if args.list_rules {
        for r in Rule::all() {
            println!("{:<20} {}", r.name(), r.describe());
        }
        return ExitCode::SUCCESS;
    }
    let format = if args.json {
        OutputFormat::Json
    } else {
        args.format
    };
    let cli = match cli_layer(args) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("textscope: check: {e}");
            return ExitCode::from(error::ERROR);
        }
    };
    let roots: Vec<PathBuf> = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    let progress = progress::Progress::start();
    let mut results: Vec<(String, Outcome)> = Vec::new();
    for root in &roots {
        let config = match load_config(args, root) {
            Ok(c) => c,
            Err(e) => {
                progress.clear();
                eprintln!(
                    "textscope: {}: {}",
                    crate::render::safe_path(&e.path),
                    e.cause
                );
                return ExitCode::from(error::ERROR);
            }
        };
        let ctx = Ctx {
            cli: cli.clone(),
            editorconfig: config.editorconfig && !args.no_editorconfig,
            config,
            cache: editorconfig::Cache::default(),
            attributes: text::Attributes::default(),
            include_binary: args.include_binary,
            max_problems: args.max_problems,
            done: progress.counter(),
        };
        results.extend(walk(root, args, &ctx));
    }
    progress.finish();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let written = write_results(&mut out, format, &results, &mut summary);
    match written.and_then(|()| {
        if format == OutputFormat::Json {
            writeln!(out, "{}", summary.json())?;
        }
        out.flush()
    }) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("textscope: cannot write the output: {e}");
            return ExitCode::from(error::ERROR);
        }
    }
    if format != OutputFormat::Json {
        eprintln!("{}", summary.sentence());
    }
    if summary.errors > 0 {
        ExitCode::from(error::ERROR)
    } else if summary.total() > 0 {
        ExitCode::from(error::FOUND)
    } else {
        ExitCode::SUCCESS
    }
}

fn load_config(args: &CheckArgs, root: &Path) -> Result<config::Config, config::ConfigError> {
    if args.no_config {
        return Ok(config::Config {
            editorconfig: true,
            ..Default::default()
        });
    }
    match args.config.clone().or_else(|| config::discover(root)) {
        Some(p) => config::load(&p),
        None => Ok(config::Config {
            editorconfig: true,
            ..Default::default()
        }),
    }
}

/// Prints the sorted outcomes; errors go to stderr (one line each) in the same order.
fn write_results(
    out: &mut impl Write,
    format: OutputFormat,
    results: &[(String, Outcome)],
    summary: &mut Summary,
) -> io::Result<()> {
    for (path, outcome) in results {
        match outcome {
            Outcome::Checked { findings, counts } => {
                summary.files += 1;
                summary.add(counts);
                for f in findings {
                    writeln!(out, "{}", output::finding(format, path, f))?;
                }
                let total: u64 = counts.values().sum();
                let left = total.saturating_sub(findings.len() as u64);
                if left > 0 {
                    out.flush()?;
                    eprintln!(
                        "textscope: {}: {} not listed (see --max-problems)",
                        crate::render::safe(path),
                        crate::render::plural(left, "more finding", "more findings")
                    );
                }
            }
            Outcome::SkippedBinary(why) => {
                summary.skipped_binary += 1;
                let message = format!("binary, not checked; {why}");
                skipped(out, format, path, "binary", &message)?;
            }
            Outcome::SkippedSpecial(what) => {
                let message =
                    format!("{what}, not a regular file (check reads regular files only)");
                skipped(out, format, path, "special", &message)?;
            }
            Outcome::Error(cause) => {
                summary.errors += 1;
                out.flush()?;
                eprintln!("textscope: {}: {cause}", crate::render::safe(path));
            }
        }
    }
    Ok(())
}

/// One skipped file: a line on stderr (`textscope: PATH: skipped: …`), or with `--json` an
/// object on stdout, `{"path", "skipped": "binary" | "special", "message"}`.
fn skipped(
    out: &mut impl Write,
    format: OutputFormat,
    path: &str,
    what: &str,
    message: &str,
) -> io::Result<()> {
    if format == OutputFormat::Json {
        return writeln!(out, "{}", output::skipped_json(path, what, message));
    }
    out.flush()?;
    eprintln!(
        "textscope: {}: skipped: {}",
        crate::render::safe(path),
        crate::render::safe(message)
    );
    Ok(())
}
