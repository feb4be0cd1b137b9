//! The saved sparse line index (`--save-index FILE`, read back by `--index FILE`): the core's
//! [`LineIndex`] plus what identifies the file it describes (its size and modification time),
//! as one small versioned JSON object.
//!
//! Checkpoints are stored as two arrays of differences from the previous checkpoint (the first
//! from line 0, offset 0): at the default spacing (one checkpoint per 64 KiB, 16,384 per GiB) a
//! checkpoint costs about 12 bytes of JSON, so about 200 KiB per GiB of file, against about
//! 650 KiB for `{"line":…,"offset":…}` objects. In memory it is the core's 16 bytes per
//! checkpoint: 256 KiB per GiB.
//!
//! Reading one back checks everything the structure builder relies on (lines and offsets
//! increasing, within the file, a known format and code page), so a corrupt or hand-edited
//! file is a one-line error, never a panic, and a stale one is refused: the file's size, its
//! modification time, or a hash of its first 64 KiB (read anyway, for detection) changed.
//! The hash tells apart files of one size and time (a checkout, an unpacked archive).
//!
//! An index edited after it was written (issue 41: a tampered `--index` gave wrong lines with
//! exit 0) is refused too: the object carries a checksum of everything else in it (FNV-1a 64
//! of its own JSON with the checksum empty), and the checkpoint a range is read from must
//! follow a line ending in the file (`check_line_start` in `index_open.rs`). Neither is a
//! signature: an index forged with a recomputed checksum and checkpoints at real line starts
//! can still number lines wrongly. An index is trusted as a cache is (decision 89).

use serde::{Deserialize, Serialize};
use std::fs::{File, Metadata};
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::time::UNIX_EPOCH;
use textscope::{Format, LineIndex, Switch};

mod check;
mod error;

pub use error::{Corrupt, IndexError, Reading, Staleness};

/// The version of the saved index; any other is refused. Version 2 added the checksum.
pub const VERSION: u32 = 2;

/// What identifies the file an index describes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileId {
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time: seconds since 1970 (negative before).
    pub mtime_s: i64,
    /// And nanoseconds within that second.
    pub mtime_ns: u32,
    /// FNV-1a (64 bits, hex) of its first 64 KiB (of the whole file when shorter).
    pub head_fnv1a: String,
}

/// The hash of a file's first [`HEAD`] bytes, fed as the file is read.
#[derive(Clone, Debug)]
pub struct HeadHash {
    h: u64,
    n: usize,
}

/// Bytes hashed: the detection window, which every use of an index reads anyway.
pub const HEAD: usize = textscope::WINDOW;

impl Default for HeadHash {
    fn default() -> Self {
        HeadHash {
            h: 0xcbf2_9ce4_8422_2325,
            n: 0,
        }
    }
}

impl HeadHash {
    /// FNV-1a's starting value.
    fn fnv() -> u64 {
        HeadHash::default().h
    }

    /// The next bytes of the file (from the start); a no-op after the first [`HEAD`].
    #[inline]
    pub fn feed(&mut self, chunk: &[u8]) {
        if self.n >= HEAD {
            return;
        }
        let take = chunk.get(..HEAD - self.n).unwrap_or(chunk);
        for &b in take {
            self.h = (self.h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.n += take.len();
    }

    /// The hash as 16 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.h)
    }
}

impl FileId {
    /// The identity of an open regular file whose first bytes hashed to `head`; `Err` says
    /// why there is none.
    pub fn of(meta: &Metadata, head: &HeadHash) -> Result<FileId, IndexError> {
        if !meta.is_file() {
            return Err(IndexError::NotRegular);
        }
        let t = meta
            .modified()
            .map_err(|_| IndexError::NoModificationTime)?;
        let (mtime_s, mtime_ns) = match t.duration_since(UNIX_EPOCH) {
            Ok(d) => (
                i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
                d.subsec_nanos(),
            ),
            Err(e) => {
                // Before 1970: -1.25 s is (-2 s, 750,000,000 ns).
                let d = e.duration();
                let s = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
                if d.subsec_nanos() == 0 {
                    (-s, 0)
                } else {
                    (-s - 1, 1_000_000_000 - d.subsec_nanos())
                }
            }
        };
        Ok(FileId {
            size: meta.len(),
            mtime_s,
            mtime_ns,
            head_fnv1a: head.hex(),
        })
    }

    /// Why an index made for `self` does not describe a file that is now `now`, if it does not.
    pub fn stale(&self, now: &FileId) -> Option<Staleness> {
        if self.size != now.size {
            Some(Staleness::Size {
                was: self.size,
                now: now.size,
            })
        } else if (self.mtime_s, self.mtime_ns) != (now.mtime_s, now.mtime_ns) {
            Some(Staleness::Modified)
        } else if self.head_fnv1a != now.head_fnv1a {
            Some(Staleness::Head)
        } else {
            None
        }
    }
}

/// The saved object, field for field.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    /// Marks the object as a textscope index and gives its version.
    textscope_index: u32,
    file: FileId,
    format: Format,
    /// The code page's encoding_rs name (what the core's `LineIndex::encoding` holds).
    encoding: String,
    mark_len: u64,
    lines: u64,
    /// The spacing asked for (informative: the checkpoints are what counts).
    every: u64,
    checkpoints: Deltas,
    /// Where the text changes layout (the core's `LineIndex::switches`; absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    switches: Vec<Switch>,
    /// FNV-1a 64 (16 hex digits) of this object's JSON with this field empty.
    checksum: String,
}

impl Saved {
    /// The checksum of everything but the checksum: the hash of the object's JSON with the
    /// field empty (serde writes the fields in their order and numbers one way, so reading an
    /// index back and writing it again gives the bytes it was written with).
    fn checksum(&self) -> Result<String, serde_json::Error> {
        let mut h = HeadHash::fnv();
        let bytes = serde_json::to_vec(&Saved {
            checksum: String::new(),
            file: self.file.clone(),
            encoding: self.encoding.clone(),
            checkpoints: Deltas {
                line_deltas: self.checkpoints.line_deltas.clone(),
                offset_deltas: self.checkpoints.offset_deltas.clone(),
            },
            switches: self.switches.clone(),
            ..*self
        })?;
        for b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(format!("{h:016x}"))
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Deltas {
    line_deltas: Vec<u64>,
    offset_deltas: Vec<u64>,
}

/// Writes the index of the file `id` describes to `to`, replacing it whole (a temporary file
/// in the same folder, renamed), so a reader never sees half an index. A `to` that exists and
/// is not a regular file (a device, a FIFO, a link to one) is written through, never replaced
/// (issue 41; `crate::target_file::open_non_regular`).
pub fn save(to: &Path, id: FileId, every: u64, index: &LineIndex) -> Result<(), IndexError> {
    write(to, id, every, index).map_err(IndexError::Write)
}

fn write(to: &Path, id: FileId, every: u64, index: &LineIndex) -> io::Result<()> {
    let mut line_deltas = Vec::with_capacity(index.checkpoints.len());
    let mut offset_deltas = Vec::with_capacity(index.checkpoints.len());
    let (mut line, mut offset) = (0u64, 0u64);
    for c in &index.checkpoints {
        line_deltas.push(c.line.wrapping_sub(line));
        offset_deltas.push(c.offset.wrapping_sub(offset));
        (line, offset) = (c.line, c.offset);
    }
    let mut saved = Saved {
        textscope_index: VERSION,
        file: id,
        format: index.format,
        encoding: index.encoding.clone(),
        mark_len: index.mark_len,
        lines: index.lines,
        every,
        checkpoints: Deltas {
            line_deltas,
            offset_deltas,
        },
        switches: index.switches.clone(),
        checksum: String::new(),
    };
    saved.checksum = saved.checksum().map_err(io::Error::other)?;
    if let Some(dev) = crate::target_file::open_non_regular(to)? {
        let mut w = BufWriter::new(&dev);
        serde_json::to_writer(&mut w, &saved).map_err(io::Error::other)?;
        w.write_all(b"\n")?;
        return w.flush();
    }
    let to = &crate::target_file::through_link(to);
    let dir = match to.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let tmp = tempfile::NamedTempFile::new_in(dir)?;
    {
        let mut w = BufWriter::new(tmp.as_file());
        serde_json::to_writer(&mut w, &saved).map_err(io::Error::other)?;
        w.write_all(b"\n")?;
        w.flush()?;
    }
    tmp.persist(to).map_err(|e| e.error)?;
    Ok(())
}

/// Reads an index back: the identity of the file it was made for, and the index. `Err` says
/// why it cannot be used.
pub fn load(from: &Path) -> Result<(FileId, LineIndex), IndexError> {
    let f = File::open(from).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => IndexError::NotFound,
        io::ErrorKind::PermissionDenied => IndexError::PermissionDenied,
        _ => IndexError::Read(e),
    })?;
    // An index is ~12 bytes per checkpoint: 64 MiB would describe a file of ~300 TiB at the
    // default spacing. Anything larger is not one of ours.
    let mut bytes = Vec::new();
    f.take(MAX_LEN + 1)
        .read_to_end(&mut bytes)
        .map_err(IndexError::Read)?;
    if bytes.len() as u64 > MAX_LEN {
        return Err(IndexError::TooLarge);
    }
    let saved = match serde_json::from_slice::<Saved>(&bytes) {
        Ok(s) if s.textscope_index == VERSION => s,
        // Why not: the version first, so a newer index says so rather than failing on a field.
        other => {
            let v: serde_json::Value =
                serde_json::from_slice(&bytes).map_err(IndexError::NotJson)?;
            return Err(
                match v.get("textscope_index").and_then(serde_json::Value::as_u64) {
                    Some(n) if n != u64::from(VERSION) => IndexError::Version(n),
                    Some(_) => IndexError::Corrupt(Corrupt::Fields(other.err())),
                    None => IndexError::NoVersion,
                },
            );
        }
    };
    let index = check::check(&saved.file, &saved)?;
    // After the structure (whose errors say what is wrong), the checksum (which says only that
    // something was changed).
    let sum = saved
        .checksum()
        .map_err(|e| IndexError::Corrupt(Corrupt::Fields(Some(e))))?;
    if sum != saved.checksum {
        return Err(IndexError::Altered);
    }
    Ok((saved.file, index))
}

/// The largest index file read.
const MAX_LEN: u64 = 64 << 20;

#[cfg(test)]
mod tests;
