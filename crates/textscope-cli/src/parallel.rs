//! One large regular file analysed on several threads: the first part (with the detection
//! window) on this thread, the others as segments cut just after an LF, merged exactly by the
//! core. Reads use positioned reads (`pread`), so the threads share one open file.

use crate::input::{read_at, read_range, unchanged, Cause, InputError, Snapshot, BUF};
use crate::progress::Progress;
use std::fs::File;
use textscope::{Analyzer, LineIndex, Options, Report};

/// Files smaller than this are read on one thread: splitting would cost more than it saves.
pub const MIN_PARALLEL: u64 = 32 << 20;

/// The report (and the sparse line index, when `opts` asks for one) of the regular file `file`
/// as it was when opened (`snap`) on `threads` threads; every read is counted in `progress`.
/// A file whose size or time changed meanwhile is an error.
pub fn analyze(
    path: &str,
    file: &File,
    snap: &Snapshot,
    opts: &Options,
    threads: usize,
    progress: &Progress,
) -> Result<(Report, LineIndex), InputError> {
    let size = snap.len;
    let mut a = Analyzer::new(opts.clone());
    let window = (textscope::WINDOW as u64).min(size);
    let mut got = read_range(path, file, 0, window, |b| {
        a.feed(b);
        progress.add(b.len());
        true
    })?;
    // Cut points: just after the first LF at or after each nominal share of the file. None
    // when the segments or mojibake of the report need every byte through one analyzer
    // (docs/mojibake.md G8, M9).
    let rest = a.rest();
    let parts = if rest == textscope::Rest::Everything {
        1
    } else {
        threads as u64
    };
    let mut points = Vec::new();
    let mut probe = vec![0u8; BUF];
    for k in 1..parts {
        let nominal = (size / threads as u64 * k).max(window);
        let from = points.last().copied().unwrap_or(window).max(nominal);
        let n = read_at(file, &mut probe, from).map_err(|e| InputError::io(path, e))?;
        if let Some(p) = a.split_after_lf(&probe[..n], from) {
            if p < size {
                points.push(p);
            }
        }
    }
    points.dedup();
    let first_end = points.first().copied().unwrap_or(size);
    let results = std::thread::scope(|scope| {
        let handles: Vec<_> = points
            .iter()
            .enumerate()
            .filter_map(|(i, &p)| {
                let end = points.get(i + 1).copied().unwrap_or(size);
                let mut seg = a.segment(p)?;
                Some(scope.spawn(move || {
                    read_range(path, file, p, end, |b| {
                        seg.feed(b);
                        progress.add(b.len());
                        true
                    })
                    .map(|n| (seg, n))
                }))
            })
            .collect();
        let own = read_range(path, file, window, first_end, |b| {
            a.feed(b);
            progress.add(b.len());
            true
        });
        let segs: Vec<_> = handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(InputError::new(path, Cause::ThreadFailed)))
            })
            .collect();
        (own, segs)
    });
    got += results.0?;
    let mut segments = Vec::new();
    for r in results.1 {
        let (seg, n) = r?;
        got += n;
        segments.push(seg);
    }
    unchanged(path, file, snap, Some(got))?;
    let (report, index) = a
        .finish_with_segments(segments)
        .map_err(|e| InputError::new(path, Cause::Merge(e)))?;
    if rest == textscope::Rest::OnSigns && report.has_foreign_signs() && !points.is_empty() {
        // G8: a clean UTF-8 window, and a sign of another encoding beyond it: the segments
        // need one analyzer over the whole file, as with one thread (the file is read again).
        let mut one = Analyzer::new(opts.clone());
        let again = read_range(path, file, 0, size, |b| {
            one.feed(b);
            true
        })?;
        unchanged(path, file, snap, Some(again))?;
        return Ok(one.finish_with_index());
    }
    Ok((report, index))
}
