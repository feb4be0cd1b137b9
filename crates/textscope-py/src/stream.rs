//! Reads a file in 1 MiB chunks (or, when large, through 1 MiB mapped windows) into the core's
//! analyser: the file is never held whole.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use textscope::{Analyzer, Options, Report};

/// Bytes read at a time.
pub const CHUNK: usize = 1 << 20;

/// Why a file could not be analysed.
#[derive(Debug)]
pub enum ReadError {
    /// Opening or reading failed.
    Io(io::Error),
    /// A regular file's size changed while it was read (the report would be of neither).
    Changed { expected: u64, read: u64 },
    /// The progress callback asked to stop (its exception is held by the caller).
    Stopped,
}

/// The report of the file at `path`, read once, start to end. `tick(bytes read, size)` is
/// called after each chunk (the size `None` when the file is not a regular one), and
/// `interrupted()` after a read that a signal interrupted (a FIFO waiting for its writer);
/// `false` from either stops.
pub fn analyze_file(
    path: &Path,
    opts: Options,
    tick: &mut dyn FnMut(u64, Option<u64>) -> bool,
    interrupted: &mut dyn FnMut() -> bool,
) -> Result<Report, ReadError> {
    let mut file = File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    let expected = meta.is_file().then_some(meta.len());
    let mut analyzer = Analyzer::new(opts);
    let mut read = 0u64;
    // A large regular file is mapped rather than copied, as the CLI does (docs/decisions.md
    // 52); the loop below reads what the mapping did not (the rest after a refused mapping,
    // bytes appended since the opening).
    if let Some(len) = expected.filter(|&n| n >= textscope_map::MIN_LEN) {
        use textscope_map::Outcome;
        let mut done = 0u64;
        let mut stopped = false;
        let mut each = |b: &[u8]| {
            analyzer.feed(b);
            done += b.len() as u64;
            stopped = !tick(done, expected);
            !stopped
        };
        match textscope_map::read(&file, 0, len, CHUNK, &mut each) {
            Outcome::Stopped(_) if stopped => return Err(ReadError::Stopped),
            Outcome::Read(n) | Outcome::Unmapped(n) | Outcome::Stopped(n) => read = n,
            Outcome::Lost(n) => {
                let now = file.metadata().map_err(ReadError::Io)?.len();
                return Err(if now == len {
                    ReadError::Io(textscope_map::io_error())
                } else {
                    ReadError::Changed {
                        expected: len,
                        read: n,
                    }
                });
            }
        }
        file.seek(SeekFrom::Start(read)).map_err(ReadError::Io)?;
    }
    let mut buf = vec![0u8; CHUNK];
    loop {
        match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                let chunk = buf.get(..n).unwrap_or_default();
                analyzer.feed(chunk);
                read += n as u64;
                if !tick(read, expected) {
                    return Err(ReadError::Stopped);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                if !interrupted() {
                    return Err(ReadError::Stopped);
                }
            }
            Err(e) => return Err(ReadError::Io(e)),
        }
    }
    match expected {
        Some(n) if n != read => Err(ReadError::Changed { expected: n, read }),
        _ => Ok(analyzer.finish()),
    }
}
