//! The arguments of `textscope check`, and the command-line layer of settings they make.

use super::rules::{self, Allowed, BomPolicy, Eol, Layer};
use crate::render::OutputFormat;
use std::path::PathBuf;

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
    #[arg(long, value_enum, default_value_t = OutputFormat::Findings, value_name = "FORMAT")]
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
