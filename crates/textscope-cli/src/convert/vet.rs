//! The first pass: the analyser's report, and the refusals it decides before a byte is
//! written (bad units that would be lost, a binary file).

use super::ConvertError;
#[cfg(test)]
use super::{Converter, Plan};
use crate::input::{self, InputError, Source};
#[cfg(test)]
use std::io;
use textscope::mojibake::{MojibakeFindings, MojibakeScanner, Utf8Feed};
use textscope::{Analyzer, Format, LineIndex, Options, Problem, ProblemKind, Report};

/// The kinds a conversion cannot carry over: the bad units and subparts.
pub const LOSSY: [ProblemKind; 5] = [
    ProblemKind::UnpairedSurrogate,
    ProblemKind::TruncatedCharacter,
    ProblemKind::InvalidCodePoint,
    ProblemKind::InvalidUtf8,
    ProblemKind::UnmappedByte,
];

/// How many bad units are named when a conversion is refused.
pub const NAMED: usize = 5;

/// The analysis pass: the report (for the refusal) and the index (for the decoder); with
/// `mojibake`, every run of mojibake in the file read as UTF-8 (`--fix-mojibake`: all of the
/// file, not only what the report looks at), from the same read.
pub fn analyze(
    path: &str,
    src: &mut Source,
    opts: &Options,
    mojibake: bool,
) -> Result<(Report, LineIndex, MojibakeFindings), InputError> {
    let mut a = Analyzer::new(opts.clone());
    let mut scan =
        mojibake.then(|| Utf8Feed::new(MojibakeScanner::with_cap(super::twofold::MAX_FIXES), 0));
    input::stream(path, src, None, |chunk| {
        a.feed(chunk);
        if let Some(s) = &mut scan {
            s.feed(chunk);
        }
        true
    })?;
    let (report, index) = a.finish_with_index();
    let found = scan.map(Utf8Feed::finish).unwrap_or_default();
    Ok((report, index, found))
}

/// Refuses what cannot be converted without loss (unless `replace`), or a binary file.
pub fn vet(path: &str, r: &Report, forced: bool, replace: bool) -> Result<u64, ConvertError> {
    if r.format == Format::Binary && !forced {
        return Err(ConvertError::Binary { path: path.into() });
    }
    let count: u64 = LOSSY.iter().map(|k| r.problem_counts.get(*k)).sum();
    if count > 0 && !replace {
        let mut first: Vec<Problem> = r
            .problems
            .iter()
            .filter(|p| LOSSY.contains(&p.kind))
            .cloned()
            .collect();
        first.sort_by_key(|p| p.offset);
        first.truncate(NAMED);
        return Err(ConvertError::Lossy {
            path: path.into(),
            count,
            first,
        });
    }
    Ok(count)
}

/// Converts a whole buffer (both passes, in memory): the tests' entry point.
#[cfg(test)]
pub fn convert_bytes(bytes: &[u8], opts: &Options, plan: Plan) -> Result<Vec<u8>, ConvertError> {
    let mut a = Analyzer::new(opts.clone());
    a.feed(bytes);
    let (r, index) = a.finish_with_index();
    vet("(buffer)", &r, opts.force.is_some(), plan.replace)?;
    let mut out = Vec::new();
    let mut c = Converter::new(&index, plan);
    let io_err = |e: io::Error| ConvertError::Output {
        path: "(buffer)".into(),
        cause: e.to_string(),
    };
    c.feed(bytes, &mut out).map_err(io_err)?;
    match c.finish(&mut out).map_err(io_err)? {
        Ok(_) => Ok(out),
        Err(_) => Err(ConvertError::Changed {
            path: "(buffer)".into(),
        }),
    }
}
