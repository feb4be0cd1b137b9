//! Reading an index back checks everything the structure builder relies on: a corrupt or
//! hand-edited file is a one-line error, never a panic.

use super::{Corrupt, FileId, IndexError, Saved};
use textscope::{Checkpoint, Format, LineIndex};

/// Rebuilds the core's index from the saved deltas, checking what the structure builder
/// relies on.
pub(super) fn check(file: &FileId, s: &Saved) -> Result<LineIndex, IndexError> {
    let corrupt = |c: Corrupt| IndexError::Corrupt(c);
    let d = &s.checkpoints;
    if d.line_deltas.len() != d.offset_deltas.len() {
        return Err(corrupt(Corrupt::DeltaCounts {
            lines: d.line_deltas.len(),
            offsets: d.offset_deltas.len(),
        }));
    }
    if s.mark_len > 4 || s.mark_len > file.size {
        return Err(corrupt(Corrupt::Mark(s.mark_len)));
    }
    if s.format == Format::Legacy && textscope::CodePage::for_label(&s.encoding).is_none() {
        return Err(corrupt(Corrupt::CodePage(s.encoding.clone())));
    }
    let mut checkpoints = Vec::with_capacity(d.line_deltas.len());
    let (mut line, mut offset) = (0u64, 0u64);
    for (i, (&dl, &doff)) in d.line_deltas.iter().zip(&d.offset_deltas).enumerate() {
        let n = i + 1;
        if dl == 0 || (i > 0 && doff == 0) {
            return Err(corrupt(Corrupt::NotForward(n)));
        }
        line = line
            .checked_add(dl)
            .ok_or(corrupt(Corrupt::LineOverflow(n)))?;
        offset = offset
            .checked_add(doff)
            .ok_or(corrupt(Corrupt::OffsetOverflow(n)))?;
        if offset < s.mark_len || offset >= file.size {
            return Err(corrupt(Corrupt::Outside { n, offset }));
        }
        if line > s.lines {
            return Err(corrupt(Corrupt::AfterLast {
                n,
                line,
                lines: s.lines,
            }));
        }
        checkpoints.push(Checkpoint { line, offset });
    }
    if !s.format.is_text() && !checkpoints.is_empty() {
        return Err(corrupt(Corrupt::CheckpointsOfNonText(s.format)));
    }
    let mut after = s.mark_len;
    for (i, w) in s.switches.iter().enumerate() {
        let known =
            w.format != Format::Legacy || textscope::CodePage::for_label(&w.encoding).is_some();
        if !w.format.is_text()
            || !known
            || w.mark_len > 4
            || w.offset < after
            || w.offset >= file.size
        {
            return Err(corrupt(Corrupt::Switch(i + 1)));
        }
        after = w.offset + 1;
    }
    Ok(LineIndex {
        format: s.format,
        encoding: s.encoding.clone(),
        mark_len: s.mark_len,
        size: file.size,
        lines: s.lines,
        checkpoints,
        switches: s.switches.clone(),
    })
}
