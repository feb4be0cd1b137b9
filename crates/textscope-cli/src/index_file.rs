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

use serde::{Deserialize, Serialize};
use std::fs::{File, Metadata};
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::time::UNIX_EPOCH;
use textscope::{Checkpoint, Format, LineIndex};

/// The version of the saved index; any other is refused.
pub const VERSION: u32 = 1;

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
    pub fn of(meta: &Metadata, head: &HeadHash) -> Result<FileId, String> {
        if !meta.is_file() {
            return Err("an index needs a regular file".to_string());
        }
        let t = meta
            .modified()
            .map_err(|_| "the file system gives no modification time".to_string())?;
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
    pub fn stale(&self, now: &FileId) -> Option<String> {
        if self.size != now.size {
            Some(format!(
                "the file is {} bytes now, the index was built when it was {}",
                now.size, self.size
            ))
        } else if (self.mtime_s, self.mtime_ns) != (now.mtime_s, now.mtime_ns) {
            Some("the file was modified after the index was built".to_string())
        } else if self.head_fnv1a != now.head_fnv1a {
            Some("the file's first 64 KiB differ from those the index was built from".to_string())
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
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Deltas {
    line_deltas: Vec<u64>,
    offset_deltas: Vec<u64>,
}

/// Writes the index of the file `id` describes to `to`, replacing it whole (a temporary file
/// in the same folder, renamed), so a reader never sees half an index.
pub fn save(to: &Path, id: FileId, every: u64, index: &LineIndex) -> io::Result<()> {
    let mut line_deltas = Vec::with_capacity(index.checkpoints.len());
    let mut offset_deltas = Vec::with_capacity(index.checkpoints.len());
    let (mut line, mut offset) = (0u64, 0u64);
    for c in &index.checkpoints {
        line_deltas.push(c.line.wrapping_sub(line));
        offset_deltas.push(c.offset.wrapping_sub(offset));
        (line, offset) = (c.line, c.offset);
    }
    let saved = Saved {
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
    };
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

/// Reads an index back: the identity of the file it was made for, and the index. `Err` is the
/// cause, in a few words, of why it cannot be used.
pub fn load(from: &Path) -> Result<(FileId, LineIndex), String> {
    let f = File::open(from).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => "no such index file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => format!("cannot read the index: {e}"),
    })?;
    // An index is ~12 bytes per checkpoint: 64 MiB would describe a file of ~300 TiB at the
    // default spacing. Anything larger is not one of ours.
    let mut bytes = Vec::new();
    f.take(MAX_LEN + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the index: {e}"))?;
    if bytes.len() as u64 > MAX_LEN {
        return Err(format!(
            "not a textscope index (larger than {} MiB)",
            MAX_LEN >> 20
        ));
    }
    let saved = match serde_json::from_slice::<Saved>(&bytes) {
        Ok(s) if s.textscope_index == VERSION => s,
        // Why not: the version first, so a newer index says so rather than failing on a field.
        other => {
            let v: serde_json::Value = serde_json::from_slice(&bytes)
                .map_err(|e| format!("not a textscope index (not JSON: {e})"))?;
            return Err(
                match v.get("textscope_index").and_then(serde_json::Value::as_u64) {
                    Some(n) if n != u64::from(VERSION) => format!(
                        "index version {n} is not supported (this textscope reads version {VERSION})"
                    ),
                    Some(_) => match other {
                        Err(e) => format!("corrupt index: {e}"),
                        Ok(_) => "corrupt index".to_string(),
                    },
                    None => "not a textscope index (no \"textscope_index\" version)".to_string(),
                },
            );
        }
    };
    let index = check(&saved.file, &saved)?;
    Ok((saved.file, index))
}

/// The largest index file read.
const MAX_LEN: u64 = 64 << 20;

/// Rebuilds the core's index from the saved deltas, checking what the structure builder
/// relies on.
fn check(file: &FileId, s: &Saved) -> Result<LineIndex, String> {
    let corrupt = |why: String| format!("corrupt index: {why}");
    let d = &s.checkpoints;
    if d.line_deltas.len() != d.offset_deltas.len() {
        return Err(corrupt(format!(
            "{} line deltas but {} offset deltas",
            d.line_deltas.len(),
            d.offset_deltas.len()
        )));
    }
    if s.mark_len > 4 || s.mark_len > file.size {
        return Err(corrupt(format!(
            "a byte order mark of {} bytes",
            s.mark_len
        )));
    }
    if s.format == Format::Legacy && textscope::CodePage::for_label(&s.encoding).is_none() {
        return Err(corrupt(format!("unknown code page {:?}", s.encoding)));
    }
    let mut checkpoints = Vec::with_capacity(d.line_deltas.len());
    let (mut line, mut offset) = (0u64, 0u64);
    for (i, (&dl, &doff)) in d.line_deltas.iter().zip(&d.offset_deltas).enumerate() {
        let n = i + 1;
        if dl == 0 || (i > 0 && doff == 0) {
            return Err(corrupt(format!("checkpoint {n} does not move forward")));
        }
        line = line
            .checked_add(dl)
            .ok_or_else(|| corrupt(format!("checkpoint {n}: line number overflows")))?;
        offset = offset
            .checked_add(doff)
            .ok_or_else(|| corrupt(format!("checkpoint {n}: offset overflows")))?;
        if offset < s.mark_len || offset >= file.size {
            return Err(corrupt(format!(
                "checkpoint {n} is at offset {offset}, outside the file's text"
            )));
        }
        if line > s.lines {
            return Err(corrupt(format!(
                "checkpoint {n} is at line {line}, after the last line ({})",
                s.lines
            )));
        }
        checkpoints.push(Checkpoint { line, offset });
    }
    if !s.format.is_text() && !checkpoints.is_empty() {
        return Err(corrupt(format!(
            "checkpoints for a {} file",
            s.format.name()
        )));
    }
    Ok(LineIndex {
        format: s.format,
        encoding: s.encoding.clone(),
        mark_len: s.mark_len,
        size: file.size,
        lines: s.lines,
        checkpoints,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> LineIndex {
        LineIndex {
            format: Format::Utf16Le,
            encoding: "UTF-8".to_string(),
            mark_len: 2,
            size: 1000,
            lines: 40,
            checkpoints: vec![
                Checkpoint { line: 1, offset: 2 },
                Checkpoint {
                    line: 17,
                    offset: 400,
                },
                Checkpoint {
                    line: 30,
                    offset: 810,
                },
            ],
        }
    }

    fn id() -> FileId {
        FileId {
            size: 1000,
            mtime_s: 1_700_000_000,
            mtime_ns: 5,
            head_fnv1a: "0123456789abcdef".to_string(),
        }
    }

    #[test]
    fn the_head_hash_is_fnv1a_of_the_first_64_kib_however_fed() {
        let mut h = HeadHash::default();
        h.feed(b"");
        assert_eq!(h.hex(), "cbf29ce484222325");
        h.feed(b"a");
        assert_eq!(h.hex(), "af63dc4c8601ec8c");
        let big: Vec<u8> = (0..200_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut whole = HeadHash::default();
        whole.feed(&big);
        let mut parts = HeadHash::default();
        for c in big.chunks(999) {
            parts.feed(c);
        }
        let mut head = HeadHash::default();
        head.feed(&big[..HEAD]);
        assert_eq!(whole.hex(), parts.hex());
        assert_eq!(whole.hex(), head.hex());
    }

    #[test]
    fn an_index_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.idx");
        save(&p, id(), 64, &index()).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(
            text.contains(r#""line_deltas":[1,16,13],"offset_deltas":[2,398,410]"#),
            "{text}"
        );
        let (got, back) = load(&p).unwrap();
        assert_eq!(got, id());
        assert_eq!(back, index());
    }

    #[test]
    fn staleness_names_the_cause() {
        assert_eq!(id().stale(&id()), None);
        let bigger = FileId { size: 1001, ..id() };
        assert_eq!(
            id().stale(&bigger).unwrap(),
            "the file is 1001 bytes now, the index was built when it was 1000"
        );
        let touched = FileId {
            mtime_ns: 6,
            ..id()
        };
        assert_eq!(
            id().stale(&touched).unwrap(),
            "the file was modified after the index was built"
        );
        let other = FileId {
            head_fnv1a: "0000000000000000".to_string(),
            ..id()
        };
        assert_eq!(
            id().stale(&other).unwrap(),
            "the file's first 64 KiB differ from those the index was built from"
        );
    }

    #[test]
    fn corrupt_indexes_are_errors_not_panics() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.idx");
        let good = {
            save(&p, id(), 64, &index()).unwrap();
            std::fs::read_to_string(&p).unwrap()
        };
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "not a textscope index (not JSON"),
            ("[1,2]".into(), "no \"textscope_index\""),
            (
                good.replace(":1,\"file\"", ":2,\"file\""),
                "index version 2 is not supported",
            ),
            (
                good.replace("\"lines\":40", "\"lines\":\"x\""),
                "corrupt index:",
            ),
            (good.replace("[1,16,13]", "[1,16]"), "3 offset deltas"),
            (
                good.replace("[1,16,13]", "[1,0,13]"),
                "checkpoint 2 does not move",
            ),
            (
                good.replace("[2,398,410]", "[2,398,4100]"),
                "outside the file's text",
            ),
            (
                good.replace("[1,16,13]", "[1,16,18446744073709551615]"),
                "line number overflows",
            ),
            (
                good.replace("\"lines\":40", "\"lines\":20"),
                "after the last line (20)",
            ),
            (
                good.replace("\"mark_len\":2", "\"mark_len\":9"),
                "byte order mark of 9",
            ),
            (good.replace("utf-16le", "utf-99"), "corrupt index:"),
            (
                good.replace("\"every\"", "\"extra\":1,\"every\""),
                "corrupt index:",
            ),
        ];
        for (text, want) in cases {
            std::fs::write(&p, &text).unwrap();
            let err = load(&p).unwrap_err();
            assert!(err.contains(want), "{text:?}: {err} (wanted {want})");
        }
        assert_eq!(
            load(&dir.path().join("none")).unwrap_err(),
            "no such index file"
        );
    }
}
