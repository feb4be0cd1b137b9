//! Reads a file into the core's analyser through `textscope-read`, the CLI's reader (decision
//! 119): 1 MiB reads or, when large, 1 MiB mapped windows, so the file is never held whole;
//! the same opening (a directory refused, a file of /proc or /sys read to its end) and the
//! same check that a regular file did not change while it was read.

use std::path::Path;
use textscope::{Analyzer, Options, Report};
use textscope_read::ReadError;

/// Bytes read at a time.
pub const CHUNK: usize = textscope_read::BUF;

/// The report of the file at `path`, read once, start to end. `tick(bytes read, size)` is
/// called after each chunk (the size `None` when the file is not a regular one), and
/// `interrupted()` after a read that a signal interrupted (a FIFO waiting for its writer);
/// `false` from either stops with [`ReadError::Stopped`].
pub fn analyze_file(
    path: &Path,
    opts: Options,
    tick: &mut dyn FnMut(u64, Option<u64>) -> bool,
    interrupted: &mut dyn FnMut() -> bool,
) -> Result<Report, ReadError> {
    let (mut src, size) = textscope_read::open(path)?;
    let mut analyzer = Analyzer::new(opts);
    let mut read = 0u64;
    let mut stopped = false;
    textscope_read::stream_interruptible(&mut src, None, interrupted, |b| {
        analyzer.feed(b);
        read += b.len() as u64;
        stopped = !tick(read, size);
        !stopped
    })?;
    if stopped {
        return Err(ReadError::Stopped);
    }
    Ok(analyzer.finish())
}
