//! Where a file textscope writes goes (issue 41): a target that is not a regular file (a
//! device, a FIFO, `/dev/stdout`) is written through, never replaced, and a symbolic link is
//! followed to the file it names. `convert` (`-o`, `--in-place`) and the saved index
//! (`--save-index`) both ask here first.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The target opened for writing when it exists and is not a regular file (nor a folder,
/// which the rename refuses as it should): a device, a FIFO, or a link to one, resolved with
/// the metadata that follows links. `None` for a regular file or a missing target, which are
/// replaced atomically. Opened without `O_TRUNC` (meaningless for a device or a FIFO) and
/// without `O_CREAT`, so nothing is ever made or cut here. Every file textscope writes asks
/// this first (`-o`, `--in-place`, `--save-index`).
pub fn open_non_regular(target: &Path) -> io::Result<Option<File>> {
    match std::fs::metadata(target) {
        Ok(m) if !m.is_file() && !m.is_dir() => std::fs::OpenOptions::new()
            .write(true)
            .open(target)
            .map(Some),
        _ => Ok(None),
    }
}

/// The file a write to `target` replaces: a symbolic link's target when it resolves (the link
/// stays, as `cp` writes through one; `/dev/stdout` redirected to a file is that file), else
/// `target` itself. Renaming over the link would have replaced the link (and, for
/// `/dev/stdout`, put a regular file in `/dev`).
pub fn through_link(target: &Path) -> PathBuf {
    let is_link = std::fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink());
    match is_link.then(|| std::fs::canonicalize(target)) {
        Some(Ok(real)) => real,
        _ => target.to_path_buf(),
    }
}
