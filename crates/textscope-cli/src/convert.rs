//! `textscope convert FILE… --to FORMAT`: converts between the six Unicode formats (and from a
//! legacy code page), streaming, and never loses text.
//!
//! Two passes over the input, each streamed through `input` (the only reader): the analyser
//! first (`vet`: detection, and every bad unit with its line and column, so that a lossy
//! conversion is refused before a byte is written), then the conversion proper (`encode`):
//! `textscope::chars` decodes, the core's line machine (`textscope::lines`) decides the
//! endings, and the target format is written. `file` takes one input to its destination. Standard input is spooled to an unnamed temporary file
//! so that it can be read twice. `-o FILE` and `--in-place` write a temporary file beside the
//! target (`atomic`: unique name, the original's mode from its creation, removed on errors
//! and signals), flush and fsync it, and rename it over the target only when everything
//! succeeded.

mod atomic;
mod encode;
mod error;
mod file;
mod safety;
mod twofold;
mod vet;

use crate::error as status;
pub use atomic::write_atomically;
#[cfg(test)]
use atomic::TEMP_SUFFIX;
#[cfg(test)]
pub use encode::encode;
pub use encode::Converter;
pub use error::ConvertError;
use file::{convert_one, spool_stdin, strip_os, Dest, Input};
#[cfg(test)]
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use textscope::{Format, Options};
#[cfg(test)]
pub use vet::convert_bytes;
pub use vet::{analyze, vet, NAMED};

/// What to do with line endings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EolMode {
    /// LF, CR LF and CR become LF (NEL, LS and PS are kept: they are text, not a convention).
    Lf,
    /// LF, CR LF and CR become CR LF.
    Crlf,
    /// Endings are written as they are.
    Keep,
}

/// What to do with the byte order mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BomMode {
    /// Write the target format's mark.
    Yes,
    /// Write no mark.
    No,
    /// Write a mark when the input has one.
    Keep,
}

/// Arguments of `textscope convert`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Exit status: 0 when every file was converted, 1 when one was refused \
(bad units that would be lost, or a binary file), 2 on errors (unreadable input, failed write)."
)]
pub struct ConvertArgs {
    /// Files to convert ("-" reads standard input).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// The target format: utf-8, utf-16le, utf-16be, utf-32le, utf-32be.
    #[arg(long, value_name = "FORMAT", value_parser = parse_target)]
    pub to: Format,

    /// The input's format or code page (skips detection): a format name, legacy, or a
    /// code page such as windows-1252 or shift_jis.
    #[arg(long, value_name = "ENCODING")]
    pub from: Option<String>,

    /// Line endings of the output.
    #[arg(long, value_enum, default_value_t = EolMode::Keep, value_name = "EOL")]
    pub eol: EolMode,

    /// Byte order mark of the output.
    #[arg(long, value_enum, default_value_t = BomMode::Keep, value_name = "WHEN")]
    pub bom: BomMode,

    /// Write to FILE (atomically: a temporary file beside it, renamed when complete).
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,

    /// Replace each file with its conversion (atomically, keeping its permissions).
    #[arg(long)]
    pub in_place: bool,

    /// With --in-place, convert a file that has other names (hard links) too: only this name
    /// gets the new text, the others keep the old.
    #[arg(long, requires = "in_place")]
    pub force: bool,

    /// Remove terminal escape sequences (colours, cursor movement, window titles …: what the
    /// report lists as ansi_escape); an ESC that starts no sequence is kept.
    #[arg(long)]
    pub strip_ansi: bool,

    /// Write U+FFFD for each bad unit (unpaired surrogate, cut character, unit above 10FFFF,
    /// ill-formed UTF-8, unmapped byte) instead of refusing; says how many.
    #[arg(long)]
    pub replace: bool,

    /// Repair mojibake: UTF-8 text that was read in another code page and saved again
    /// ("cafÃ©" becomes "café"); refuses a run that reads as more than one text.
    #[arg(long)]
    pub fix_mojibake: bool,

    /// Write nothing: print each change (line:column: before → after) and how many.
    #[arg(long)]
    pub dry_run: bool,
}

fn parse_target(s: &str) -> Result<Format, String> {
    match Format::from_name(s) {
        Some(Format::Legacy) | None => Err(format!(
            "'{s}' is not a Unicode format (use utf-8, utf-16le, utf-16be, utf-32le or utf-32be; \
             converting to a legacy code page is not supported)"
        )),
        Some(f) => Ok(f),
    }
}

/// How to convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub to: Format,
    pub eol: EolMode,
    pub bom: BomMode,
    pub replace: bool,
    /// Remove the terminal escape sequences `textscope::ansi` recognises.
    pub strip_ansi: bool,
    /// Repair the runs of mojibake.
    pub fix_mojibake: bool,
    /// Print the changes instead of writing.
    pub dry_run: bool,
}

/// Runs `textscope convert`.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let mut opts = Options {
        max_problems_per_kind: NAMED,
        ..Options::default()
    };
    if let Some(f) = &args.from {
        opts = match opts.force_encoding(f) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("textscope: convert: {e}");
                return ExitCode::from(status::ERROR);
            }
        };
    }
    let plan = Plan {
        to: args.to,
        eol: args.eol,
        bom: args.bom,
        replace: args.replace,
        strip_ansi: args.strip_ansi,
        fix_mojibake: args.fix_mojibake,
        dry_run: args.dry_run,
    };
    if args.files.len() > 1 && !args.in_place {
        eprintln!(
            "textscope: convert: several files need --in-place (or convert them one at a time)"
        );
        return ExitCode::from(status::ERROR);
    }
    let dest = match (&args.output, args.in_place) {
        _ if args.dry_run => Dest::DryRun,
        (_, true) => Dest::InPlace,
        (Some(p), false) if p.as_os_str() != "-" => Dest::File(p),
        _ => Dest::Stdout,
    };
    let mut worst = status::SUCCESS;
    for f in &args.files {
        let inp = if f.as_os_str() == "-" {
            match spool_stdin() {
                Ok(s) => Input::Spool(s),
                Err(e) => {
                    eprintln!("textscope: {}", ConvertError::Input(e));
                    worst = status::ERROR;
                    continue;
                }
            }
        } else {
            Input::Path(f.clone(), crate::render::path_text(f.as_os_str()))
        };
        match convert_one(&inp, &opts, plan, &dest, args.force) {
            Ok(0) => {}
            Ok(n) => eprintln!(
                "textscope: {}: replaced {} with U+FFFD",
                crate::render::safe(&inp.name()),
                crate::render::plural(n, "bad unit", "bad units")
            ),
            Err(ConvertError::Output { cause, .. })
                if matches!(dest, Dest::Stdout) && cause.contains("Broken pipe") =>
            {
                return ExitCode::SUCCESS;
            }
            Err(ConvertError::Usage(s)) => {
                eprintln!("{s}");
                worst = status::ERROR;
            }
            Err(e) => {
                eprintln!("textscope: {e}");
                worst = worst.max(e.exit_code());
            }
        }
    }
    ExitCode::from(worst)
}

#[cfg(test)]
mod tests;
