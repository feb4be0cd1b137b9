//! The one reader of `check`'s config files (`textscope.toml`, `.editorconfig`,
//! `.gitattributes`, `.gitignore`, `.ignore`): every one of them is read here, through one
//! size cap, as a regular file that lies inside the checked tree (issue 41).
//!
//! The attacker of a CI run authors the tree, so a config file may be a symbolic link. One is
//! followed only to a file inside the checked root or below the folder that holds the link;
//! `textscope.toml -> /proc/self/environ` (which would have quoted the environment in the
//! TOML error) and `.gitignore -> /dev/zero` (which grew a buffer until the run aborted) are
//! refused with an error naming the file. Only regular files are read (never a FIFO or a
//! device), and at most [`MAX_CONFIG_BYTES`] of them. A file named on the command line
//! (`--config FILE`) is the user's choice: followed anywhere, but still a regular file under
//! the cap.

use crate::render::safe_path;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The largest config file read, in bytes; a larger one is refused.
pub const MAX_CONFIG_BYTES: u64 = 4 << 20;

/// The folder that config links may lead into for one checked root: the root itself (its
/// folder for a file), canonical. `None` when it cannot be resolved (then a link is followed
/// only below its own folder).
pub fn scope_of(root: &Path) -> Option<PathBuf> {
    let canon = std::fs::canonicalize(root).ok()?;
    if canon.is_dir() {
        Some(canon)
    } else {
        canon.parent().map(Path::to_path_buf)
    }
}

/// An I/O error in a few words, without the `(os error N)` tail (also the walk's).
pub fn cause(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::NotFound => "no such file or directory".into(),
        _ => {
            let s = e.to_string();
            s.find(" (os error")
                .map_or(s.clone(), |i| s[..i].to_string())
        }
    }
}

/// What a file that is not a regular file is, in words (also the walk's word for a special
/// file it skips).
pub fn kind(ft: &std::fs::FileType) -> &'static str {
    if ft.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if ft.is_char_device() {
            return "a character device";
        }
        if ft.is_block_device() {
            return "a block device";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// Reads the config file `path`: `Ok(None)` when there is none (or it is a dangling link),
/// its bytes when it is a regular file of at most [`MAX_CONFIG_BYTES`] inside `scope` (see
/// the module's doc; `None`: followed anywhere), else `Err` with the cause in words. The
/// cause never quotes the file; a path in it is shown through the sanitiser.
pub fn read(path: &Path, scope: Option<&Path>) -> Result<Option<Vec<u8>>, String> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(cause(&e)),
    };
    let real = if link.file_type().is_symlink() {
        let target = match std::fs::canonicalize(path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(cause(&e)),
        };
        if let Some(scope) = scope {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            let here = std::fs::canonicalize(dir).ok();
            let inside = target.starts_with(scope) || here.is_some_and(|h| target.starts_with(h));
            if !inside {
                return Err(format!(
                    "a symbolic link that leads out of the checked tree (to {}): not followed",
                    safe_path(&target)
                ));
            }
        }
        target
    } else {
        path.to_path_buf()
    };
    // Asked before opening, so a FIFO never blocks the open; asked again of the open file.
    let meta = std::fs::metadata(&real).map_err(|e| cause(&e))?;
    if !meta.is_file() {
        return Err(format!(
            "{}, not a regular file: not read",
            kind(&meta.file_type())
        ));
    }
    let f = std::fs::File::open(&real).map_err(|e| cause(&e))?;
    match f.metadata() {
        Ok(m) if m.is_file() => {}
        Ok(m) => {
            return Err(format!(
                "{}, not a regular file: not read",
                kind(&m.file_type())
            ))
        }
        Err(e) => return Err(cause(&e)),
    }
    let mut bytes = Vec::new();
    f.take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cause(&e))?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(format!(
            "larger than {} MiB, not read",
            MAX_CONFIG_BYTES >> 20
        ));
    }
    Ok(Some(bytes))
}

/// [`read`], as UTF-8 text.
pub fn read_text(path: &Path, scope: Option<&Path>) -> Result<Option<String>, String> {
    read(path, scope)?
        .map(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_string()))
        .transpose()
}

/// Line and column (both from 1, the column in characters) of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        assert_eq!(line_column("ab\ncé d", 6), (2, 3));
        assert_eq!(line_column("x", 0), (1, 1));
    }

    #[cfg(unix)]
    #[test]
    fn links_out_of_the_scope_and_devices_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let scope = scope_of(dir.path()).unwrap();
        let p = dir.path().join(".editorconfig");
        std::os::unix::fs::symlink("/dev/zero", &p).unwrap();
        let e = read(&p, Some(&scope)).unwrap_err();
        assert!(e.contains("out of the checked tree"), "{e}");
        // Inside the scope, a link to a device is still not read.
        let e = read(&p, None).unwrap_err();
        assert!(
            e.starts_with("a character device, not a regular file"),
            "{e}"
        );
        std::fs::remove_file(&p).unwrap();
        std::fs::write(dir.path().join("real"), "[*]\n").unwrap();
        std::os::unix::fs::symlink("real", &p).unwrap();
        assert_eq!(read(&p, Some(&scope)).unwrap().unwrap(), b"[*]\n");
        assert_eq!(read(&dir.path().join("none"), Some(&scope)).unwrap(), None);
    }
}
