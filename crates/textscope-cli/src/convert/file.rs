//! One input through both passes to where its conversion goes: standard output, a file, or
//! the input itself (`--in-place`), the last two written atomically.

use super::{analyze, safety, twofold, vet, write_atomically, ConvertError, Converter, Plan};
use crate::input::{self, Cause, InputError, Source};
use std::fs::File;
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};
use textscope::{Options, Report};

pub(super) fn strip_os(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// An input that can be read twice: a path, or standard input spooled to a temporary file.
pub(super) enum Input {
    Path(PathBuf, String),
    Spool(File),
}

impl Input {
    pub(super) fn name(&self) -> String {
        match self {
            Input::Path(_, n) => n.clone(),
            Input::Spool(_) => "(standard input)".into(),
        }
    }

    fn open(&self) -> Result<(Source, Option<u64>), InputError> {
        match self {
            Input::Path(p, n) => input::open_path(p, n),
            Input::Spool(f) => {
                let mut f = f
                    .try_clone()
                    .map_err(|e| InputError::io("(standard input)", e))?;
                f.rewind()
                    .map_err(|e| InputError::io("(standard input)", e))?;
                Ok((Source::File(f, None), None))
            }
        }
    }
}

pub(super) fn spool_stdin() -> Result<File, InputError> {
    let err = |e: io::Error| InputError::new("(standard input)", Cause::Spool(e));
    let mut f = tempfile::tempfile().map_err(err)?;
    let (mut src, _) = input::open("-")?;
    let mut werr = None;
    input::stream("(standard input)", &mut src, None, |chunk| {
        match f.write_all(chunk) {
            Ok(()) => true,
            Err(e) => {
                werr = Some(e);
                false
            }
        }
    })?;
    if let Some(e) = werr {
        return Err(err(e));
    }
    Ok(f)
}

/// Converts one input into `out` (second pass); returns the bad units replaced.
fn convert_into(
    inp: &Input,
    mut conv: Converter,
    size: u64,
    out: &mut dyn Write,
) -> Result<u64, ConvertError> {
    let name = inp.name();
    let (mut src, _) = inp.open().map_err(ConvertError::Input)?;
    let mut werr = None;
    input::stream(&name, &mut src, None, |chunk| {
        if let Err(e) = conv.feed(chunk, out) {
            werr = Some(e);
            return false;
        }
        !conv.refused()
    })
    .map_err(ConvertError::Input)?;
    let out_err = |e: io::Error| ConvertError::Output {
        path: name.clone(),
        cause: format!("cannot write the output: {}", strip_os(&e)),
    };
    if let Some(e) = werr {
        return Err(out_err(e));
    }
    if conv.read != size {
        return Err(ConvertError::Changed { path: name.clone() });
    }
    match conv.finish(out).map_err(out_err)? {
        Ok(n) => Ok(n),
        Err(_) => Err(ConvertError::Changed { path: name }),
    }
}

/// Where the output goes.
pub(super) enum Dest<'a> {
    Stdout,
    File(&'a Path),
    InPlace,
    /// `--dry-run`: nowhere; the changes are printed.
    DryRun,
}

pub(super) fn convert_one(
    inp: &Input,
    opts: &Options,
    plan: Plan,
    dest: &Dest,
    force: bool,
) -> Result<u64, ConvertError> {
    let name = inp.name();
    let (mut src, _) = inp.open().map_err(ConvertError::Input)?;
    let (report, index, found) =
        analyze(&name, &mut src, opts, plan.fix_mojibake).map_err(ConvertError::Input)?;
    drop(src);
    let pieces = twofold::pieces(&report, opts.force.is_some());
    let runs = match plan.fix_mojibake {
        true => twofold::fixes(&name, &report, found, pieces.as_deref())?,
        false => Vec::new(),
    };
    let conv = || twofold::converter(&index, plan, pieces.as_deref(), &runs);
    // An uncertain guess is refused before anything else is said of the file: rewriting it in
    // place would keep the mojibake for good, whatever --replace says of its bad units.
    if matches!(dest, Dest::InPlace) {
        if let Some(why) = safety::guess_doubt(&report) {
            return Err(ConvertError::Refused { path: name, why });
        }
    }
    let size = report.size;
    let replaced = match pieces {
        // Each piece in its own encoding: the report's problems are those of one reading of
        // the whole, so the bad units are counted by converting once into nothing.
        Some(_) => {
            vet(&name, &report, opts.force.is_some(), true)?;
            match convert_into(inp, conv(), size, &mut io::sink()) {
                Err(ConvertError::Changed { .. }) if !plan.replace => {
                    return Err(ConvertError::Refused {
                        path: name,
                        why: "a stretch holds bytes that are not text in its own encoding \
                              (use --replace to write U+FFFD for them)"
                            .into(),
                    });
                }
                r => r?,
            }
        }
        None => vet(&name, &report, opts.force.is_some(), plan.replace)?,
    };
    let n = match dest {
        Dest::DryRun => {
            let changes = twofold::changes(&report, &runs);
            let stdout = io::stdout();
            let mut out = stdout.lock();
            for c in &changes {
                let _ = writeln!(out, "{c}");
            }
            eprintln!(
                "textscope: {}: {} (dry run: nothing written)",
                crate::render::safe(&name),
                summary(&report, plan.fix_mojibake.then_some(runs.len() as u64))
            );
            return Ok(replaced);
        }
        Dest::Stdout => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            let n = convert_into(inp, conv(), size, &mut out)?;
            out.flush().map_err(|e| ConvertError::Output {
                path: "(standard output)".into(),
                cause: strip_os(&e),
            })?;
            n
        }
        Dest::File(target) => {
            // An existing output keeps its mode (as `cp` does); a new one takes the input's,
            // so a private file's text is never readable by others, even while it is written.
            let from = match inp {
                Input::Path(p, _) if !target.exists() => Some(p.as_path()),
                _ => Some(*target),
            };
            write_atomically(target, from, |w| convert_into(inp, conv(), size, w))?
        }
        Dest::InPlace => {
            let Input::Path(p, _) = inp else {
                return Err(ConvertError::Usage(
                    "textscope: convert: --in-place needs files, not standard input".into(),
                ));
            };
            let target = safety::in_place_target(p, &name, force)?;
            write_atomically(&target, Some(&target), |w| {
                convert_into(inp, conv(), size, w)
            })?
        }
    };
    if n != replaced {
        return Err(ConvertError::Changed { path: name });
    }
    if pieces.is_some() || !runs.is_empty() {
        eprintln!(
            "textscope: {}: {}",
            crate::render::safe(&name),
            summary(&report, plan.fix_mojibake.then_some(runs.len() as u64))
        );
    }
    Ok(n)
}

/// What a conversion of a file of two encodings, or with repairs, changed, in words.
fn summary(report: &Report, repaired: Option<u64>) -> String {
    let mut parts = Vec::new();
    let other = report
        .segments
        .iter()
        .filter(|s| s.encoding != report.encoding)
        .count() as u64;
    if report.segments.len() > 1 {
        parts.push(format!(
            "{} read in {} encoding",
            crate::render::plural(other, "stretch", "stretches"),
            if other == 1 { "its own" } else { "their own" }
        ));
    }
    if let Some(n) = repaired {
        parts.push(format!(
            "{} of mojibake repaired",
            crate::render::plural(n, "run", "runs")
        ));
    }
    parts.join(", ")
}
