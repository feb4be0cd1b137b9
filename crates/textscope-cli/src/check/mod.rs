//! `textscope check [PATH…]`: a linter over a tree. It walks directories in parallel the way
//! ripgrep does (crate `ignore`: .gitignore, .ignore, hidden files), skips binary files (D7),
//! analyses each file with the core, and reports every denied finding, in path order, as it goes.
//!
//! Settings come in layers, lowest first: defaults (P1–P9 denied, policy rules off),
//! `.editorconfig`, `textscope.toml`, the command line. See docs/check.md.
//!
//! Exit status: 0 when nothing denied was found, 1 when something was, 2 on an error (a file or
//! directory that could not be read, a bad config); the rest is still checked.

mod args;
pub mod config;
mod config_file;
pub mod editorconfig;
mod file;
pub mod glob;
mod ignore_files;
pub mod rules;
pub mod text;
mod walk;

pub use args::{cli_layer, CheckArgs};
pub use file::check_file;

use crate::error;
use crate::render::findings::{FindingLine, Summary};
use crate::render::{OutputFormat, Printer, Style};
use rules::{Breach, Layer, Rule};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use walk::{list, Entry};

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
        OutputFormat::FindingsJson
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
    // Roots that share a folder share its settings: the configuration is found, and the
    // .editorconfig and .gitattributes caches are made, once per folder (issue 42: the
    // pre-commit hook names thousands of files).
    let mut ctxs = Vec::with_capacity(roots.len());
    let mut root_ctx = Vec::with_capacity(roots.len());
    let mut by_scope: std::collections::HashMap<PathBuf, usize> = Default::default();
    for root in &roots {
        let scope = config_file::scope_of(root);
        if let Some(&k) = scope.as_ref().and_then(|s| by_scope.get(s)) {
            root_ctx.push(k);
            continue;
        }
        let config = match load_config(args, root) {
            Ok(c) => c,
            Err(e) => {
                eprintln!(
                    "textscope: {}: {}",
                    crate::render::safe_path(&e.path),
                    e.cause
                );
                return ExitCode::from(error::ERROR);
            }
        };
        if let Some(s) = &scope {
            by_scope.insert(s.clone(), ctxs.len());
        }
        root_ctx.push(ctxs.len());
        ctxs.push(Ctx {
            cli: cli.clone(),
            editorconfig: config.editorconfig && !args.no_editorconfig,
            config,
            cache: editorconfig::Cache::new(scope.clone()),
            attributes: text::Attributes::new(scope),
            include_binary: args.include_binary,
            max_problems: args.max_problems,
        });
    }
    // Decision 45: the paths first (all roots, sorted), then the files checked in that order
    // on every thread, each file's findings printed as soon as the ones before it are.
    let mut entries: Vec<(String, usize, Entry)> = Vec::new();
    for (root, &k) in roots.iter().zip(&root_ctx) {
        entries.extend(list(root, args).into_iter().map(|(p, e)| (p, k, e)));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let threads = args.threads.filter(|&n| n > 0).unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let mut printer = Outcomes {
        // Not locked: the workers write, one at a time (the executor's take).
        out: io::BufWriter::new(io::stdout()),
        printer: Printer::new(format, Style { color: false }),
        entries: &entries,
        next: 0,
        summary: Summary::default(),
        progress: crate::progress::Count::start(
            io::stderr().is_terminal(),
            crate::progress::COUNT_AFTER,
        ),
        failed: None,
    };
    let work = |i: usize| match entries.get(i) {
        Some((_, k, Entry::File(path))) => ctxs.get(*k).map(|ctx| walk::check_path(path, ctx)),
        _ => None,
    };
    let weight = |o: &Option<Outcome>| match o {
        Some(Outcome::Checked { findings, .. }) => findings.len() + 1,
        _ => 1,
    };
    crate::in_order::in_order(entries.len(), threads, AHEAD, work, weight, |_, outcome| {
        printer.take(outcome)
    });
    printer.progress.stop();
    let Outcomes {
        mut out,
        printer,
        summary,
        failed,
        ..
    } = printer;
    let written = match failed {
        Some(e) => Err(e),
        None => printer
            .summary(&mut out, &summary)
            .and_then(|()| out.flush()),
    };
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("textscope: cannot write the output: {e}");
            return ExitCode::from(error::ERROR);
        }
    }
    if format != OutputFormat::FindingsJson {
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
    // A file named on the command line is the user's choice; a discovered one is the tree's,
    // and a link of it may not lead out of the checked root (issue 41).
    if let Some(p) = &args.config {
        return config::load(p, None);
    }
    match config::discover(root) {
        Some(p) => config::load(&p, config_file::scope_of(root).as_deref()),
        None => Ok(config::Config {
            editorconfig: true,
            ..Default::default()
        }),
    }
}

/// How far checking runs ahead of printing: at most 256 files, and no new file but the next
/// to print once 20,000 findings (about 3 MB) wait. A file's findings are capped
/// (`--max-problems` per rule), so what `check` holds is bounded whatever the tree's size.
const AHEAD: crate::in_order::Ahead = crate::in_order::Ahead {
    items: 256,
    weight: 20_000,
};

/// Prints each file's outcome as it comes, in path order, and keeps the summary.
struct Outcomes<'a, W: Write> {
    out: W,
    printer: Printer,
    entries: &'a [(String, usize, Entry)],
    next: usize,
    summary: Summary,
    progress: crate::progress::Count,
    /// The first error writing the output (the run stops there).
    failed: Option<io::Error>,
}

impl<W: Write> Outcomes<'_, W> {
    /// The next file's outcome (`None`: a file that needs no line); false stops the run
    /// (the output went away).
    fn take(&mut self, checked: Option<Outcome>) -> bool {
        let Some((path, _, entry)) = self.entries.get(self.next) else {
            return false;
        };
        self.next += 1;
        let outcome: &Outcome = match (&checked, entry) {
            (Some(o), _) => o,
            (None, Entry::Known(o)) => o,
            (None, Entry::File(_)) => return true,
        };
        // On a terminal showing the count, what the outcome writes goes out at once, with the
        // count wiped meanwhile; an outcome that writes nothing leaves the count alone.
        let (out, printer, summary) = (&mut self.out, &self.printer, &mut self.summary);
        let wrap = self.progress.shown() && !silent(outcome);
        let mut write = || {
            write_one(out, printer, path, outcome, summary)?;
            if wrap {
                out.flush()?;
            }
            Ok(())
        };
        let written = if wrap {
            self.progress.around(write)
        } else {
            write()
        };
        if let Err(e) = written {
            self.failed = Some(e);
            return false;
        }
        if self.progress.appears() {
            // What was buffered goes out before the count is drawn below it.
            if let Err(e) = self.out.flush() {
                self.failed = Some(e);
                return false;
            }
        }
        self.progress.set(self.next);
        true
    }
}

/// What the printers show of a denied finding.
fn finding_line(b: &Breach) -> FindingLine<'_> {
    FindingLine {
        line: b.line,
        column: b.column,
        offset: b.offset,
        rule: b.rule.name(),
        message: &b.message,
    }
}

/// Whether an outcome prints nothing (a file checked with nothing denied).
fn silent(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Checked { findings, counts }
        if findings.is_empty() && counts.values().all(|&n| n == 0))
}

/// Prints one outcome; errors go to stderr (one line each), in the same order.
fn write_one(
    out: &mut impl Write,
    printer: &Printer,
    path: &str,
    outcome: &Outcome,
    summary: &mut Summary,
) -> io::Result<()> {
    match outcome {
        Outcome::Checked { findings, counts } => {
            summary.files += 1;
            summary.add(counts.iter().map(|(r, &n)| (r.name(), n)));
            for f in findings {
                printer.finding(out, path, &finding_line(f))?;
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
            skipped(out, printer, path, "binary", &message)?;
        }
        Outcome::SkippedSpecial(what) => {
            let message = format!("{what}, not a regular file (check reads regular files only)");
            skipped(out, printer, path, "special", &message)?;
        }
        Outcome::Error(cause) => {
            summary.errors += 1;
            out.flush()?;
            eprintln!(
                "textscope: {}: {}",
                crate::render::safe(path),
                crate::render::safe(cause)
            );
        }
    }
    Ok(())
}

/// One skipped file: a line on stderr (`textscope: PATH: skipped: …`), or with `--json` an
/// object on stdout, `{"path", "skipped": "binary" | "special", "message"}`.
fn skipped(
    out: &mut impl Write,
    printer: &Printer,
    path: &str,
    what: &str,
    message: &str,
) -> io::Result<()> {
    if printer.skipped(out, path, what, message)? {
        return Ok(());
    }
    out.flush()?;
    eprintln!(
        "textscope: {}: skipped: {}",
        crate::render::safe(path),
        crate::render::safe(message)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use textscope::ProblemKind;

    #[test]
    fn a_breach_reaches_the_printers_with_its_rules_name() {
        let b = Breach {
            line: 3,
            column: 7,
            offset: 42,
            rule: Rule::Problem(ProblemKind::ControlCharacter),
            message: "U+001B ESCAPE, 100%: a\nb".into(),
        };
        let mut out = Vec::new();
        let p = Printer::new(OutputFormat::Findings, Style { color: false });
        p.finding(&mut out, "a\u{1B}b.txt", &finding_line(&b))
            .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a\u{241B}b.txt:3:7: control_character: U+001B ESCAPE, 100%: a\u{240A}b\n"
        );
    }
}
