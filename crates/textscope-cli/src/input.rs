//! The CLI's side of reading files: the file as named in its messages, and their words.
//! Opening, classifying, streaming (1 MiB reads or mapped windows), positioned reads of a
//! range (for `parallel.rs` and `--index`) and the change check are `textscope-read`'s, shared
//! with the Python package (decision 119); each function here is that crate's, with its error
//! naming the file.

use std::fs::File;
use std::io;
use std::path::Path;
use textscope_read::ReadError;
pub use textscope_read::{read_at, Change, Snapshot, Source, BUF};

/// Why a file could not be analysed: the file as named, and the cause.
#[derive(Debug)]
pub struct InputError {
    pub path: String,
    pub cause: Cause,
}

/// The cause of an [`InputError`], worded once by its `Display` (a few words, lower case).
#[derive(Debug)]
pub enum Cause {
    NotFound,
    PermissionDenied,
    IsADirectory,
    DanglingLink,
    /// Any other error of the system, worded as the system words it.
    Io(io::Error),
    /// Standard input could not be copied to a temporary file (`convert` of `-`).
    Spool(io::Error),
    /// `--max-bytes` was passed.
    TooLarge {
        max: u64,
    },
    /// The file's size or time changed between opening and the end of reading.
    Changed {
        change: Change,
        read: Option<u64>,
    },
    /// A thread reading one segment of the file stopped.
    ThreadFailed,
    /// The segments read by several threads did not join (a bug, said as one).
    Merge(textscope::SegmentError),
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cause::NotFound => f.write_str("no such file"),
            Cause::PermissionDenied => f.write_str("permission denied"),
            Cause::IsADirectory => f.write_str("is a directory"),
            Cause::DanglingLink => f.write_str("dangling symbolic link"),
            Cause::Io(e) => f.write_str(&strip_os_error(&e.to_string())),
            Cause::Spool(e) => write!(f, "cannot spool: {e}"),
            Cause::TooLarge { max } => {
                write!(f, "larger than the limit of {max} bytes (--max-bytes)")
            }
            Cause::Changed { change, read } => {
                write!(f, "the file changed while it was read ({change}")?;
                if let Some(r) = read {
                    write!(f, ", {r} read")?;
                }
                f.write_str(")")
            }
            Cause::ThreadFailed => f.write_str("a reading thread failed"),
            Cause::Merge(e) => write!(f, "internal error merging segments: {e}"),
        }
    }
}

impl InputError {
    pub fn new(path: &str, cause: Cause) -> Self {
        InputError {
            path: path.to_string(),
            cause,
        }
    }

    /// An error of the system, named by its kind where it has a name of its own.
    pub fn io(path: &str, e: io::Error) -> Self {
        let cause = match e.kind() {
            io::ErrorKind::NotFound => Cause::NotFound,
            io::ErrorKind::PermissionDenied => Cause::PermissionDenied,
            _ if e.raw_os_error() == Some(21) => Cause::IsADirectory,
            _ => Cause::Io(e),
        };
        InputError::new(path, cause)
    }

    /// The reader's error, for the file as named.
    pub fn read(path: &str, e: ReadError) -> Self {
        let cause = match e {
            ReadError::IsADirectory => Cause::IsADirectory,
            ReadError::DanglingLink(_) => Cause::DanglingLink,
            ReadError::Io(e) => return InputError::io(path, e),
            ReadError::TooLarge { max } => Cause::TooLarge { max },
            ReadError::Changed { change, read } => Cause::Changed { change, read },
            // Asked for by no reading of the CLI: after a signal its reads go on.
            ReadError::Stopped => Cause::Io(io::ErrorKind::Interrupted.into()),
        };
        InputError::new(path, cause)
    }
}

fn strip_os_error(s: &str) -> String {
    match s.find(" (os error") {
        Some(i) => s[..i].to_lowercase(),
        None => s.to_lowercase(),
    }
}

/// [`textscope_read::unchanged`], its error naming the file as `path` says.
pub fn unchanged(
    path: &str,
    file: &File,
    before: &Snapshot,
    read: Option<u64>,
) -> Result<(), InputError> {
    textscope_read::unchanged(file, before, read).map_err(|e| InputError::read(path, e))
}

/// Opens `path` ("-" is standard input). Directories and dangling links are refused with a
/// clear cause; FIFOs, devices and pseudo files are read as streams.
pub fn open(path: &str) -> Result<(Source, Option<u64>), InputError> {
    if path == "-" {
        return Ok((Source::stdin(), None));
    }
    open_path(Path::new(path), path)
}

/// Opens a file by its path (which need not be UTF-8); errors name it as `path` says.
pub fn open_path(p: &Path, path: &str) -> Result<(Source, Option<u64>), InputError> {
    textscope_read::open(p).map_err(|e| InputError::read(path, e))
}

/// [`textscope_read::stream`]: `src` to its end in 1 MiB pieces handed to `each` (false:
/// enough read), an error after `max_bytes` or when a regular file changed while it was read.
pub fn stream(
    path: &str,
    src: &mut Source,
    max_bytes: Option<u64>,
    each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, InputError> {
    textscope_read::stream(src, max_bytes, each).map_err(|e| InputError::read(path, e))
}

/// [`textscope_read::read_range`]: `[from, to)` of a regular file with positioned reads;
/// returns the bytes read.
pub fn read_range(
    path: &str,
    file: &File,
    from: u64,
    to: u64,
    each: impl FnMut(&[u8]) -> bool,
) -> Result<u64, InputError> {
    textscope_read::read_range(file, from, to, each).map_err(|e| InputError::read(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readers_causes_are_worded_naming_the_file() {
        let said = |e: ReadError| {
            let e = InputError::read("f", e);
            format!("{}: {}", e.path, e.cause)
        };
        let changed = |change, read| ReadError::Changed { change, read };
        assert_eq!(
            said(changed(Change::Read { expected: 3 }, Some(2))),
            "f: the file changed while it was read (3 bytes expected, 2 read)"
        );
        assert_eq!(
            said(changed(Change::Size { opened: 3, now: 7 }, None)),
            "f: the file changed while it was read (3 bytes when opened, 7 now)"
        );
        assert_eq!(said(ReadError::IsADirectory), "f: is a directory");
        let gone = || io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(
            said(ReadError::DanglingLink(gone())),
            "f: dangling symbolic link"
        );
        assert_eq!(said(ReadError::Io(gone())), "f: no such file");
        assert_eq!(
            said(ReadError::TooLarge { max: 9 }),
            "f: larger than the limit of 9 bytes (--max-bytes)"
        );
        // Through the crate: a directory is refused at the opening, named as given.
        let dir = tempfile::tempdir().unwrap();
        let e = open_path(dir.path(), "d").unwrap_err();
        assert_eq!(format!("{}: {}", e.path, e.cause), "d: is a directory");
    }
}
