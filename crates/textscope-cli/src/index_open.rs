//! Using an index on a file: the file's identity now, and an index read back and checked
//! against it.

use crate::error::Error;
use crate::index_file::{FileId, HeadHash, IndexError, HEAD};
use crate::input::{self, Source};
use std::path::Path;
use textscope::LineIndex;

/// The identity of the regular file behind `src`, for an index. It reads the file's first
/// 64 KiB (for their hash) and returns them too.
pub fn file_id(path: &str, src: &Source) -> Result<(FileId, Vec<u8>), Error> {
    let of_file = |why| Error::Index {
        path: path.to_string(),
        why: Box::new(why),
    };
    let Source::File(f, _) = src else {
        return Err(of_file(IndexError::NotRegular));
    };
    let meta = f.metadata().map_err(|source| Error::Metadata {
        path: path.to_string(),
        source,
    })?;
    // Refused before reading anything when the file cannot have an index.
    FileId::of(&meta, &HeadHash::default()).map_err(of_file)?;
    let mut head = Vec::with_capacity(HEAD);
    let end = meta.len().min(HEAD as u64);
    input::read_range(path, f, 0, end, |b| {
        head.extend_from_slice(b);
        true
    })?;
    let mut hash = HeadHash::default();
    hash.feed(&head);
    let id = FileId::of(&meta, &hash).map_err(of_file)?;
    Ok((id, head))
}

/// Reads the index given with `--index` and checks that it describes `src` as it is now.
/// Returns its name (for errors), the index, and the file's detection window.
pub fn open_index(
    ix: &Path,
    path: &str,
    src: &Source,
    max_bytes: Option<u64>,
) -> Result<(String, LineIndex, Vec<u8>), Error> {
    let ix_name = ix.to_string_lossy().into_owned();
    let of_index = |why| Error::Index {
        path: ix_name.clone(),
        why: Box::new(why),
    };
    let (made_for, index) = crate::index_file::load(ix).map_err(of_index)?;
    let (now, window) = file_id(path, src)?;
    if let Some(why) = made_for.stale(&now) {
        return Err(of_index(IndexError::Stale {
            file: path.to_string(),
            why,
        }));
    }
    if let Some(max) = max_bytes.filter(|&m| now.size > m) {
        return Err(Error::TooLarge {
            path: path.to_string(),
            max,
        });
    }
    Ok((ix_name, index, window))
}

/// The content check of a saved index (issue 41): the checkpoint that a range starting at
/// line `first` is read from must follow a line ending in `file` as it is now (LF, CR, NEL,
/// LS or PS in the index's format; SPEC L1), or be line 1 just after the mark. A checkpoint
/// moved off its line start would decode from the middle of a line and number every line
/// after it wrongly; refused instead, naming the index. One positioned read of 4 bytes.
pub fn check_line_start(
    ix_name: &str,
    path: &str,
    file: &std::fs::File,
    index: &LineIndex,
    first: u64,
) -> Result<(), Error> {
    let c = index.checkpoint_for(first);
    if c.offset <= index.mark_len {
        return Ok(());
    }
    let n = index
        .checkpoints
        .iter()
        .position(|k| *k == c)
        .map_or(0, |i| i + 1);
    let from = c.offset.saturating_sub(4).max(index.mark_len);
    let mut before = [0u8; 4];
    let want = (c.offset - from) as usize;
    let mut got = 0;
    while got < want {
        match input::read_at(file, &mut before[got..want], from + got as u64) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(source) => {
                return Err(Error::Metadata {
                    path: path.to_string(),
                    source,
                })
            }
        }
    }
    if ends_a_line(index, &before[..got]) {
        return Ok(());
    }
    Err(Error::Index {
        path: ix_name.to_string(),
        why: Box::new(IndexError::NotLineStart {
            file: path.to_string(),
            n,
            offset: c.offset,
        }),
    })
}

/// True when `bytes` (up to 4, those just before a checkpoint) end with a line ending in the
/// index's format. A legacy page is checked by its bytes for LF and CR (and NEL's byte, 0x85,
/// in the ISO-8859 pages; 0x15 and 0x25 in EBCDIC; a GB18030 four-byte NEL, LS or PS ends
/// with a digit byte): looser than a decoder, but a checkpoint moved by a few bytes still
/// almost never lands after one of them.
fn ends_a_line(index: &LineIndex, bytes: &[u8]) -> bool {
    use textscope::Format;
    let ends = |unit: &[u8]| bytes.ends_with(unit);
    let utf16 = |le: bool| {
        [0x000A_u16, 0x000D, 0x0085, 0x2028, 0x2029]
            .iter()
            .any(|&u| ends(&if le { u.to_le_bytes() } else { u.to_be_bytes() }))
    };
    let utf32 = |le: bool| {
        [0x000A_u32, 0x000D, 0x0085, 0x2028, 0x2029]
            .iter()
            .any(|&u| ends(&if le { u.to_le_bytes() } else { u.to_be_bytes() }))
    };
    match index.format {
        Format::Utf8 => [
            &b"\n"[..],
            b"\r",
            b"\xC2\x85",
            b"\xE2\x80\xA8",
            b"\xE2\x80\xA9",
        ]
        .iter()
        .any(|u| ends(u)),
        Format::Utf16Le => utf16(true),
        Format::Utf16Be => utf16(false),
        Format::Utf32Le => utf32(true),
        Format::Utf32Be => utf32(false),
        Format::Legacy => {
            let page = textscope::CodePage::for_label(&index.encoding);
            let Some(&last) = bytes.last() else {
                return false;
            };
            match page.map(|p| p.family()) {
                Some("EBCDIC") => matches!(last, 0x0D | 0x15 | 0x25),
                _ if page.is_some_and(|p| p.is_multi_byte()) => {
                    matches!(last, b'\n' | b'\r' | b'0'..=b'9')
                }
                _ => matches!(last, b'\n' | b'\r' | 0x85),
            }
        }
        // A binary file's index has no checkpoints past line 1 (check.rs refuses them).
        _ => true,
    }
}
