//! `textscope check [PATH…]`: a linter over a tree. It walks directories in parallel the way
//! ripgrep does (crate `ignore`: .gitignore, .ignore, hidden files), skips binary files (D7),
//! analyses each file with the core, and reports every denied finding, sorted by path.
//!
//! Settings come in layers, lowest first: defaults (P1–P9 denied, policy rules off),
//! `.editorconfig`, `textscope.toml`, the command line. See docs/check.md.
//!
//! Exit status: 0 when nothing denied was found, 1 when something was, 2 on an error (a file or
//! directory that could not be read, a bad config); the rest is still checked.

pub mod config;
pub mod editorconfig;
mod file;
pub mod glob;
pub mod output;
mod progress;
pub mod rules;
pub mod text;

pub use file::check_file;

use output::{OutputFormat, Summary};
use rules::{Allowed, BomPolicy, Eol, Finding, Layer, Policy, Rule};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// Arguments of `textscope check`.
#[derive(clap::Args, Debug, Default)]
#[command(
    after_help = "Rules: the problems in the text (unpaired_surrogate, nul, control_character, \
bom_in_text, truncated_character, invalid_code_point, invalid_utf8, unmapped_byte, \
mixed_line_endings: denied by default), binary_in_text (a source or text file that detection \
calls binary: denied by default; its bytes are still checked as UTF-8) and the policy rules \
(bom, encoding, eol, final-newline, bidi, line-length: off by default). Groups: problems, policy, all. \
Precedence: command line > textscope.toml > .editorconfig > defaults.\n\n\
Exit status: 0 when nothing denied was found, 1 when something was, 2 on errors."
)]
pub struct CheckArgs {
    /// Files or directories to check (default: the current directory).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Deny these rules (comma-separated, repeatable): rule names, or problems, policy, all.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    pub deny: Vec<String>,

    /// Allow these rules: findings of an allowed rule are not reported.
    #[arg(long = "allow-rule", value_name = "RULE", value_delimiter = ',')]
    pub allow_rule: Vec<String>,

    /// Allowed encodings (denies `encoding`): utf-8, utf-16le, utf-16be, utf-32le, utf-32be,
    /// ascii, legacy or a code page such as latin1. ASCII text counts as utf-8.
    #[arg(
        long = "allow",
        alias = "encodings",
        value_name = "ENCODING",
        value_delimiter = ','
    )]
    pub allow: Vec<String>,

    /// The required line ending (denies `eol`).
    #[arg(long, value_enum, value_name = "EOL")]
    pub eol: Option<Eol>,

    /// The longest line allowed, in characters (denies `line-length`).
    #[arg(long, value_name = "N")]
    pub max_line_length: Option<u64>,

    /// Require a byte order mark (the `bom` rule then finds files without one).
    #[arg(long, conflicts_with = "forbid_bom")]
    pub require_bom: bool,

    /// Forbid a byte order mark (the same as `--deny bom`).
    #[arg(long)]
    pub forbid_bom: bool,

    /// Require a line ending at the end of every file (the same as `--deny final-newline`).
    #[arg(long)]
    pub final_newline: bool,

    /// Read this config file instead of looking for textscope.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,

    /// Read no textscope.toml.
    #[arg(long)]
    pub no_config: bool,

    /// Read no .editorconfig.
    #[arg(long)]
    pub no_editorconfig: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text, value_name = "FORMAT")]
    pub format: OutputFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Check binary files too (decoded as UTF-8).
    #[arg(long)]
    pub include_binary: bool,

    /// Check hidden files and directories too (.git is always skipped).
    #[arg(long)]
    pub hidden: bool,

    /// Do not honour .gitignore, .ignore and git's exclude files.
    #[arg(long)]
    pub no_ignore: bool,

    /// Threads for the walk (default: every core).
    #[arg(long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,

    /// Most problems listed per kind and file (counts stay exact).
    #[arg(long, value_name = "N", default_value_t = rules::MAX_LISTED)]
    pub max_problems: usize,

    /// List the rules and exit.
    #[arg(long)]
    pub list_rules: bool,
}

/// What happened to one file.
#[derive(Debug)]
pub enum Outcome {
    /// Checked: the denied findings (listed) and their exact counts by rule.
    Checked {
        findings: Vec<Finding>,
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

/// The command-line layer (the highest).
pub fn cli_layer(a: &CheckArgs) -> Result<Layer, String> {
    let mut l = Layer::default();
    l.set_rules(&a.allow_rule, false)?;
    l.set_rules(&a.deny, true)?;
    if !a.allow.is_empty() {
        l.encodings = Some(
            a.allow
                .iter()
                .map(|s| Allowed::parse(s))
                .collect::<Result<_, _>>()?,
        );
    }
    l.eol = a.eol;
    l.max_line_length = a.max_line_length;
    if a.require_bom {
        l.bom = Some(BomPolicy::Require);
    } else if a.forbid_bom {
        l.bom = Some(BomPolicy::Forbid);
    }
    if a.final_newline {
        l.final_newline = Some(true);
    }
    Ok(l)
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
            return ExitCode::from(2);
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
                return ExitCode::from(2);
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
            return ExitCode::from(2);
        }
    }
    if format != OutputFormat::Json {
        eprintln!("{}", summary.sentence());
    }
    if summary.errors > 0 {
        ExitCode::from(2)
    } else if summary.total() > 0 {
        ExitCode::from(1)
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

/// The path as shown: as walked, without a leading `./`; bytes that are not UTF-8 as `\xFF`
/// (the printers then escape what a terminal would interpret).
fn shown(p: &Path) -> String {
    let p = p.strip_prefix("./").unwrap_or(p);
    crate::render::path_text(p.as_os_str())
}

/// Walks one root in parallel; the outcomes in any order.
fn walk(root: &Path, args: &CheckArgs, ctx: &Ctx) -> Vec<(String, Outcome)> {
    if let Err(e) = std::fs::symlink_metadata(root) {
        let cause = if e.kind() == io::ErrorKind::NotFound {
            "no such file or directory".to_string()
        } else {
            e.to_string()
        };
        return vec![(shown(root), Outcome::Error(cause))];
    }
    let Ok(meta) = std::fs::metadata(root) else {
        return vec![(shown(root), Outcome::Error("dangling symbolic link".into()))];
    };
    if let Some(what) = special_kind(&meta.file_type()) {
        return vec![(shown(root), Outcome::SkippedSpecial(what))];
    }
    let mut b = ignore::WalkBuilder::new(root);
    let honour = !args.no_ignore;
    b.hidden(!args.hidden)
        .ignore(honour)
        .git_ignore(honour)
        .git_global(honour)
        .git_exclude(honour)
        .parents(honour)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|e| e.file_name() != ".git")
        .threads(args.threads.unwrap_or(0));
    let (tx, rx) = mpsc::channel();
    b.build_parallel().run(|| {
        let tx = tx.clone();
        Box::new(move |entry| {
            let item = match entry {
                Ok(e) => {
                    let ft = e.file_type();
                    let is_file = ft.is_some_and(|t| t.is_file());
                    let explicit_link = e.depth() == 0 && ft.is_some_and(|t| t.is_symlink());
                    (is_file || explicit_link).then(|| (shown(e.path()), check_path(e.path(), ctx)))
                }
                Err(err) => Some(walk_error(err)),
            };
            if let Some(item) = item {
                let _ = tx.send(item);
            }
            ignore::WalkState::Continue
        })
    });
    drop(tx);
    rx.into_iter().collect()
}

/// What a path that is neither a regular file nor a directory is, or None.
fn special_kind(ft: &std::fs::FileType) -> Option<&'static str> {
    if ft.is_file() || ft.is_dir() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if ft.is_char_device() {
            return Some("a character device");
        }
        if ft.is_block_device() {
            return Some("a block device");
        }
        if ft.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

fn walk_error(err: ignore::Error) -> (String, Outcome) {
    let mut path = String::new();
    let mut e = &err;
    loop {
        match e {
            ignore::Error::WithPath { path: p, err } => {
                path = shown(p);
                e = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                e = err
            }
            _ => break,
        }
    }
    let cause = match e {
        ignore::Error::Io(io) => match io.kind() {
            io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            io::ErrorKind::NotFound => "no such file or directory".to_string(),
            _ => {
                let s = io.to_string();
                s.find(" (os error")
                    .map_or(s.clone(), |i| s[..i].to_string())
            }
        },
        other => other.to_string(),
    };
    (path, Outcome::Error(cause))
}

/// The policy for one file: defaults < .editorconfig < textscope.toml < command line. An
/// `.editorconfig` that cannot be used is an error (the cause names it).
fn policy_for(path: &Path, ctx: &Ctx) -> Result<Policy, String> {
    let ec = if ctx.editorconfig {
        match std::path::absolute(path) {
            Ok(abs) => editorconfig::layer_for(&ctx.cache.chain(&abs)?, &abs),
            Err(_) => Layer::default(),
        }
    } else {
        Layer::default()
    };
    Ok(Policy::resolve(&[&ec, &ctx.config.layer, &ctx.cli]))
}

/// Why the walk treats `path` as text whatever detection says (see `text`), or None.
fn treated_as_text(path: &Path, ctx: &Ctx) -> Result<Option<String>, String> {
    if let Some(why) = text::by_name(path) {
        return Ok(Some(why));
    }
    let Ok(abs) = std::path::absolute(path) else {
        return Ok(None);
    };
    if let Some(why) = ctx.config.text.find(&abs) {
        return Ok(Some(why));
    }
    Ok(ctx
        .attributes
        .text_set(&abs)?
        .then(|| "marked text in .gitattributes".to_string()))
}

fn check_path(path: &Path, ctx: &Ctx) -> Outcome {
    let run = || -> Result<Outcome, String> {
        let policy = policy_for(path, ctx)?;
        let text = treated_as_text(path, ctx)?;
        check_file(path, &policy, ctx.include_binary, text, ctx.max_problems).map_err(|e| e.cause)
    };
    let outcome = run().unwrap_or_else(Outcome::Error);
    ctx.done.fetch_add(1, Ordering::Relaxed);
    outcome
}
