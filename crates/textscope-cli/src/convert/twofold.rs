//! Files of two encodings and mojibake in `convert` (docs/mojibake.md): each segment decoded
//! with its own encoding into one clean output, and `--fix-mojibake`'s runs repaired; with
//! `--dry-run`, each change printed instead.

use super::encode::{Fix, Piece};
use super::{ConvertError, Converter, Plan};
use textscope::mojibake::{MojibakeFindings, MojibakeRun};
use textscope::{LineIndex, Report};

/// The most runs of mojibake one conversion repairs (each is kept until it is written).
pub const MAX_FIXES: usize = 100_000;

/// The pieces of a file of two encodings, from its report's segments (none when the user
/// named the input's encoding, or the file is one encoding): the core's `repair::pieces_of`.
pub fn pieces(r: &Report, forced: bool) -> Option<Vec<Piece>> {
    if forced {
        return None;
    }
    textscope::repair::pieces_of(&r.segments)
}

/// The runs to repair: those in UTF-8 text (the whole file, or its UTF-8 pieces). A run that
/// reads as more than one text is refused, naming it.
pub fn fixes(
    path: &str,
    r: &Report,
    found: MojibakeFindings,
    pieces: Option<&[Piece]>,
) -> Result<Vec<MojibakeRun>, ConvertError> {
    let in_utf8 = |run: &MojibakeRun| textscope::repair::in_utf8_text(run, r.format, pieces);
    if found.count > found.runs.len() as u64 {
        return Err(ConvertError::Refused {
            path: path.into(),
            why: format!(
                "{} runs of mojibake, more than the {} one conversion repairs; nothing was written",
                found.count, MAX_FIXES
            ),
        });
    }
    let runs: Vec<MojibakeRun> = found.runs.into_iter().filter(in_utf8).collect();
    if let Some(a) = runs.iter().find(|r| r.ambiguous) {
        return Err(ConvertError::Refused {
            path: path.into(),
            why: format!(
                "line {}, column {}: \"{}\" is mojibake that reads as more than one text (one \
                 reading: \"{}\"); repair it by hand, then convert again",
                a.line,
                a.column,
                crate::render::safe(&a.original),
                crate::render::safe(&a.repaired)
            ),
        });
    }
    Ok(runs)
}

/// The converter for `index`, with the pieces and the repairs.
pub fn converter(
    index: &LineIndex,
    plan: Plan,
    pieces: Option<&[Piece]>,
    runs: &[MojibakeRun],
) -> Converter {
    let mut c = Converter::new(index, plan);
    if let Some(p) = pieces {
        c = c.with_pieces(p.to_vec());
    }
    if !runs.is_empty() {
        let fixes = runs
            .iter()
            .map(|r| Fix {
                offset: r.offset,
                length: r.length,
                repaired: r.repaired.clone(),
            })
            .collect();
        c = c.with_fixes(fixes);
    }
    c
}

/// What `--dry-run` prints: each stretch read in its own encoding and each repair, one line
/// each, in file order.
pub fn changes(r: &Report, runs: &[MojibakeRun]) -> Vec<String> {
    let mut out: Vec<(u64, String)> = Vec::new();
    if r.segments.len() > 1 {
        for s in r.segments.iter().filter(|s| s.encoding != r.encoding) {
            let lines = match s.first_line == s.last_line {
                true => format!("line {}", s.first_line),
                false => format!("lines {}\u{2013}{}", s.first_line, s.last_line),
            };
            out.push((
                s.offset,
                format!(
                    "{}:1: {lines} read as {} (not {})",
                    s.first_line,
                    crate::render::safe(&s.encoding),
                    crate::render::safe(&r.encoding)
                ),
            ));
        }
    }
    for run in runs {
        out.push((
            run.offset,
            format!(
                "{}:{}: {} \u{2192} {}",
                run.line,
                run.column,
                crate::render::safe(&run.original),
                crate::render::safe(&run.repaired)
            ),
        ));
    }
    out.sort_by_key(|(o, _)| *o);
    out.into_iter().map(|(_, s)| s).collect()
}
