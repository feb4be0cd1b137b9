//! Why a saved index cannot be written, read or used: kinds with their figures, worded once
//! (in `Display`).

use super::VERSION;
use crate::render::safe;
use std::fmt;
use std::io;
use textscope::{Format, LineIndex};

/// Why an index cannot be written, read or used.
#[derive(Debug)]
pub enum IndexError {
    /// The index file does not exist.
    NotFound,
    /// The index file may not be read.
    PermissionDenied,
    /// Reading the index file failed otherwise.
    Read(io::Error),
    /// Larger than any index ([`super::MAX_LEN`]).
    TooLarge,
    /// Not JSON at all.
    NotJson(serde_json::Error),
    /// JSON without the version field.
    NoVersion,
    /// Another version of the format.
    Version(u64),
    /// The right version, but the object is not well made.
    Corrupt(Corrupt),
    /// Well made, but its checksum is not that of its contents: changed after it was written.
    Altered,
    /// Checkpoint `n` (from 1), the one a range would be read from, does not follow a line
    /// ending in the file: the index does not describe it.
    NotLineStart {
        /// The file, as named.
        file: String,
        n: usize,
        offset: u64,
    },
    /// The file indexed is not a regular file.
    NotRegular,
    /// The file system gives the file no modification time (so staleness cannot be told).
    NoModificationTime,
    /// The file changed since the index was built.
    Stale {
        /// The file, as named.
        file: String,
        why: Staleness,
    },
    /// The file is read in another format (or code page, or mark) than the index says.
    Mismatch {
        /// The file, as named.
        file: String,
        saved: Reading,
        now: Reading,
    },
    /// Writing the index failed.
    Write(io::Error),
}

/// How an index (or the file now) reads: format, code page, mark length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub format: Format,
    pub encoding: String,
    pub mark_len: u64,
}

impl Reading {
    pub fn of(i: &LineIndex) -> Reading {
        Reading {
            format: i.format,
            encoding: i.encoding.clone(),
            mark_len: i.mark_len,
        }
    }

    /// True when decoding from this index's checkpoints reads the file as `now` does.
    pub fn agrees(&self, now: &Reading) -> bool {
        (self.format, self.mark_len) == (now.format, now.mark_len)
            && (self.format != Format::Legacy || self.encoding == now.encoding)
    }

    fn what(&self) -> String {
        match self.format {
            Format::Legacy => format!("legacy ({})", self.encoding),
            f => f.name().to_string(),
        }
    }
}

/// What changed in the file since its index was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Staleness {
    Size { was: u64, now: u64 },
    Modified,
    Head,
}

/// What is wrong inside an index of the right version.
#[derive(Debug)]
pub enum Corrupt {
    /// A field is missing, of the wrong type, or unknown.
    Fields(Option<serde_json::Error>),
    DeltaCounts {
        lines: usize,
        offsets: usize,
    },
    Mark(u64),
    CodePage(String),
    /// Checkpoint `n` (from 1) does not move forward.
    NotForward(usize),
    LineOverflow(usize),
    OffsetOverflow(usize),
    Outside {
        n: usize,
        offset: u64,
    },
    AfterLast {
        n: usize,
        line: u64,
        lines: u64,
    },
    CheckpointsOfNonText(Format),
    /// Switch `n` (from 1) is not a known text format, or not after the one before it
    /// within the file.
    Switch(usize),
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::NotFound => f.write_str("no such index file"),
            IndexError::PermissionDenied => f.write_str("permission denied"),
            IndexError::Read(e) => write!(f, "cannot read the index: {e}"),
            IndexError::TooLarge => write!(
                f,
                "not a textscope index (larger than {} MiB)",
                super::MAX_LEN >> 20
            ),
            IndexError::NotJson(e) => write!(f, "not a textscope index (not JSON: {e})"),
            IndexError::NoVersion => {
                f.write_str("not a textscope index (no \"textscope_index\" version)")
            }
            IndexError::Version(n) => write!(
                f,
                "index version {n} is not supported (this textscope reads version {VERSION})"
            ),
            IndexError::Corrupt(Corrupt::Fields(None)) => f.write_str("corrupt index"),
            IndexError::Corrupt(c) => write!(f, "corrupt index: {c}"),
            IndexError::Altered => f.write_str(
                "the index was changed after it was written (its checksum does not match); \
                 build it again with --save-index",
            ),
            IndexError::NotLineStart { file, n, offset } => write!(
                f,
                "checkpoint {n} (offset {offset}) is not at a line start of {}: the index does \
                 not describe this file; build it again with --save-index",
                safe(file)
            ),
            IndexError::NotRegular => f.write_str("an index needs a regular file"),
            IndexError::NoModificationTime => {
                f.write_str("the file system gives no modification time")
            }
            IndexError::Stale { file, why } => write!(
                f,
                "stale index for {}: {why}; build it again with --save-index",
                safe(file)
            ),
            IndexError::Mismatch { file, saved, now } => write!(
                f,
                "the index describes {} as {} with a {}-byte mark, but it reads as {} with a \
                 {}-byte mark now (another --encoding?)",
                safe(file),
                saved.what(),
                saved.mark_len,
                now.what(),
                now.mark_len
            ),
            IndexError::Write(e) => {
                let cause = match e.kind() {
                    io::ErrorKind::NotFound => "no such directory".to_string(),
                    io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                    _ => e.to_string(),
                };
                write!(f, "cannot write the index: {cause}")
            }
        }
    }
}

impl fmt::Display for Staleness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Staleness::Size { was, now } => write!(
                f,
                "the file is {now} bytes now, the index was built when it was {was}"
            ),
            Staleness::Modified => f.write_str("the file was modified after the index was built"),
            Staleness::Head => {
                f.write_str("the file's first 64 KiB differ from those the index was built from")
            }
        }
    }
}

impl fmt::Display for Corrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Corrupt::Fields(Some(e)) => write!(f, "{e}"),
            Corrupt::Fields(None) => Ok(()),
            Corrupt::DeltaCounts { lines, offsets } => {
                write!(f, "{lines} line deltas but {offsets} offset deltas")
            }
            Corrupt::Mark(n) => write!(f, "a byte order mark of {n} bytes"),
            Corrupt::Switch(n) => write!(f, "change of encoding {n} is not a text format in order"),
            Corrupt::CodePage(name) => write!(f, "unknown code page {name:?}"),
            Corrupt::NotForward(n) => write!(f, "checkpoint {n} does not move forward"),
            Corrupt::LineOverflow(n) => write!(f, "checkpoint {n}: line number overflows"),
            Corrupt::OffsetOverflow(n) => write!(f, "checkpoint {n}: offset overflows"),
            Corrupt::Outside { n, offset } => write!(
                f,
                "checkpoint {n} is at offset {offset}, outside the file's text"
            ),
            Corrupt::AfterLast { n, line, lines } => write!(
                f,
                "checkpoint {n} is at line {line}, after the last line ({lines})"
            ),
            Corrupt::CheckpointsOfNonText(format) => {
                write!(f, "checkpoints for a {} file", format.name())
            }
        }
    }
}
