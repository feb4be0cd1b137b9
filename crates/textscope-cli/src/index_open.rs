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
