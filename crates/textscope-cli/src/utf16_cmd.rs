//! `textscope utf16`: the UTF-16 inspector and validator (SPEC §8, I1–I3).
//!
//! `textscope utf16 TEXT` inspects a text (`U+1F600`, or several such tokens, are code points:
//! the characters themselves are inspected; `--literal` inspects the characters typed); `--units "D83D 0041"` validates hex units;
//! `--bytes "3D D8 00 DE" --le|--be` pairs hex bytes into units and validates them. Each takes
//! `--json`. Exit status: 0 well-formed, 1 not well-formed, 2 unparseable input.
//!
//! Everything shown from the user's input goes through `textscope::preview` (the one sanitiser),
//! and JSON output escapes the characters that could drive or reorder a terminal.

use std::io::Write;
use std::process::ExitCode;

use crate::error::{self, Error};
use crate::render::{self, Style};
pub use crate::utf16_input::{CodePointError, Unparseable};
use clap::ArgGroup;
use serde::Serialize;
use textscope::utf16::{check_bytes, check_units, inspect, ByteOrder, Inspection, Validation};

/// Arguments of `textscope utf16`.
#[derive(clap::Args, Debug)]
#[command(
    group(ArgGroup::new("input").required(true).args(["text", "units", "bytes"])),
    group(ArgGroup::new("order").args(["le", "be"])),
    after_help = "Exit status: 0 well-formed, 1 not well-formed, 2 unparseable input.\n\
                  Examples:\n  textscope utf16 '😀A'\n  textscope utf16 U+1F600\n  \
                  textscope utf16 --units 'D83D 0041'\n  \
                  textscope utf16 --bytes '3D D8 00 DE' --le --json"
)]
pub struct Utf16Args {
    /// Text to inspect: each code point's name, plane, UTF-16 units and bytes.
    /// Code points written U+XXXX (one or more, separated by spaces or commas) are read as
    /// the characters they name.
    pub text: Option<String>,
    /// Inspect TEXT as typed, even when it looks like U+XXXX code points.
    #[arg(long, conflicts_with_all = ["units", "bytes"])]
    pub literal: bool,
    /// Validate UTF-16 units written in hex, e.g. "D83D DE00", "0xD83D,0xDE00", "U+D83D".
    #[arg(long, value_name = "HEX")]
    pub units: Option<String>,
    /// Validate bytes written in hex, e.g. "3D D8 00 DE", paired into units by --le or --be.
    #[arg(long, value_name = "HEX", requires = "order")]
    pub bytes: Option<String>,
    /// With --bytes: the bytes are UTF-16LE (low byte first).
    #[arg(long, conflicts_with_all = ["text", "units"])]
    pub le: bool,
    /// With --bytes: the bytes are UTF-16BE (high byte first).
    #[arg(long, conflicts_with_all = ["text", "units"])]
    pub be: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// What the command prints and how it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// For standard output.
    pub stdout: String,
    /// For standard error (one line, or empty).
    pub stderr: String,
    /// The exit status.
    pub status: u8,
}

/// The JSON object: the library's result, tagged with the kind of input.
#[derive(Serialize)]
#[serde(tag = "input", rename_all = "lowercase")]
enum JsonOut<'a> {
    Text(&'a Inspection),
    Units(&'a Validation),
    Bytes(&'a Validation),
}

/// Runs the command: prints, and returns the exit status (0, 1 or 2).
pub fn run(args: &Utf16Args, color: bool) -> ExitCode {
    let r = render(args, color);
    // A closed pipe ends the output quietly.
    let _ = std::io::stdout().lock().write_all(r.stdout.as_bytes());
    if !r.stderr.is_empty() {
        let _ = std::io::stderr().lock().write_all(r.stderr.as_bytes());
    }
    ExitCode::from(r.status)
}

/// Everything `run` does except the printing.
pub fn render(args: &Utf16Args, color: bool) -> Rendered {
    let (stdout, outcome) = match output(args, Style { color }) {
        Ok(done) => done,
        Err(e) => (String::new(), Err(Error::Unparseable(e))),
    };
    let (stderr, status) = match &outcome {
        Ok(()) => (String::new(), error::SUCCESS),
        Err(e @ Error::Unparseable(_)) => (format!("textscope: {e}\n"), e.code()),
        Err(e) => (String::new(), e.code()),
    };
    Rendered {
        stdout,
        stderr,
        status,
    }
}

/// What goes to standard output, and whether the input was well-formed.
fn output(args: &Utf16Args, style: Style) -> Result<(String, Result<(), Error>), Unparseable> {
    let (v, tag): (Validation, fn(&Validation) -> JsonOut<'_>) = if let Some(units) = &args.units {
        (check_units(units).map_err(Unparseable::Hex)?, |v| {
            JsonOut::Units(v)
        })
    } else if let Some(bytes) = &args.bytes {
        let order = if args.be {
            ByteOrder::Be
        } else {
            ByteOrder::Le
        };
        (check_bytes(bytes, order).map_err(Unparseable::Hex)?, |v| {
            JsonOut::Bytes(v)
        })
    } else {
        let typed = args.text.as_deref().unwrap_or("");
        let text = if args.literal {
            typed.to_owned()
        } else {
            code_points(typed).map_err(Unparseable::CodePoint)?
        };
        let ins = inspect(&text);
        let stdout = if args.json {
            render::json::line(&JsonOut::Text(&ins))
        } else {
            render::utf16::inspection(&ins, style)
        };
        return Ok((stdout, Ok(())));
    };
    let stdout = if args.json {
        render::json::line(&tag(&v))
    } else {
        render::utf16::validation(&v, style)
    };
    let outcome = if v.well_formed {
        Ok(())
    } else {
        Err(Error::NotWellFormed)
    };
    Ok((stdout, outcome))
}

/// The text to inspect for a TEXT argument: when every token (split at white space and commas)
/// is `U+` and 1–6 hex digits, the characters those code points name; otherwise the argument
/// itself. A surrogate (D800–DFFF) or a value above 10FFFF is an error: no character has it.
pub fn code_points(arg: &str) -> Result<String, CodePointError> {
    let tokens: Vec<&str> = arg
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let digits = |t: &str| -> Option<String> {
        let head = t.get(..2)?;
        let hex = t.get(2..)?;
        (head.eq_ignore_ascii_case("U+")
            && (1..=6).contains(&hex.len())
            && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| hex.to_owned())
    };
    if tokens.is_empty() || !tokens.iter().all(|t| digits(t).is_some()) {
        return Ok(arg.to_owned());
    }
    let mut out = String::new();
    for t in tokens {
        let hex = digits(t).unwrap_or_default();
        // 1–6 hex digits: always a u32.
        let v = u32::from_str_radix(&hex, 16).unwrap_or(u32::MAX);
        match char::from_u32(v) {
            Some(c) => out.push(c),
            None if (0xD800..=0xDFFF).contains(&v) => return Err(CodePointError::Surrogate(v)),
            None => return Err(CodePointError::TooLarge(v)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
