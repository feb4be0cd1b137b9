//! `--files-from LIST`: the names of the files to report on, read from a list rather than the
//! command line (as `file -f` does), so that a tree of tens of thousands of files is analysed
//! by one process: `xargs` starts one per some thousand names, and each pays its start-up and
//! builds the code pages' tables again.
//!
//! A list is one name per line (LF; every other byte, a CR too, is part of the name), or one
//! name per NUL-terminated entry when it holds a NUL byte (`find -print0`): no name can hold a
//! NUL, so such a list cannot be meant as lines. Empty entries name nothing and are skipped.

use crate::error::{Error, Usage};
use crate::input::InputError;
use std::io::Read;
use std::path::PathBuf;

/// The names in `list` (a path, or `-` for standard input), in the list's order.
pub fn read(list: &std::path::Path) -> Result<Vec<PathBuf>, Error> {
    let shown = crate::render::path_text(list.as_os_str());
    let mut bytes = Vec::new();
    let read = if list.as_os_str() == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut bytes).map(drop))
    };
    read.map_err(|e| Error::Input(InputError::io(&shown, e)))?;
    names(&bytes).map_err(|()| Error::Usage(Usage::ListNotUtf8))
}

/// The names of a list's bytes.
fn names(bytes: &[u8]) -> Result<Vec<PathBuf>, ()> {
    let sep = if bytes.contains(&0) { 0 } else { b'\n' };
    bytes
        .split(|&b| b == sep)
        .filter(|name| !name.is_empty())
        .map(path_of)
        .collect()
}

/// A name's bytes as a path: any bytes on Unix, UTF-8 elsewhere.
#[cfg(unix)]
fn path_of(name: &[u8]) -> Result<PathBuf, ()> {
    use std::os::unix::ffi::OsStringExt;
    Ok(PathBuf::from(std::ffi::OsString::from_vec(name.to_vec())))
}

#[cfg(not(unix))]
fn path_of(name: &[u8]) -> Result<PathBuf, ()> {
    std::str::from_utf8(name).map(PathBuf::from).map_err(drop)
}

/// The files of a report: the list's names, then those of the command line. Standard input
/// cannot be both the list and a file (named on the command line or in the list).
pub fn with_list(list: &std::path::Path, given: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let stdin = |f: &PathBuf| f.as_os_str() == "-";
    if list.as_os_str() == "-" && given.iter().any(stdin) {
        return Err(Error::Usage(Usage::StdinTwice));
    }
    let mut files = read(list)?;
    if list.as_os_str() == "-" && files.iter().any(stdin) {
        return Err(Error::Usage(Usage::StdinTwice));
    }
    files.extend_from_slice(given);
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(bytes: &[u8]) -> Vec<String> {
        names(bytes)
            .expect("names")
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn a_list_is_lines_or_nul_separated_names() {
        assert_eq!(strings(b"a.txt\nb c.txt\n\nd\n"), ["a.txt", "b c.txt", "d"]);
        // No final LF; a CR is part of the name.
        assert_eq!(strings(b"a\r\nb"), ["a\r", "b"]);
        // A NUL anywhere: the LFs are part of the names.
        assert_eq!(strings(b"a\nb\0c\0\0"), ["a\nb", "c"]);
        assert!(strings(b"").is_empty());
        assert!(strings(b"\n\n").is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_name_need_not_be_utf8() {
        use std::os::unix::ffi::OsStrExt;
        let got = names(b"caf\xE9.txt\n").expect("names");
        assert_eq!(got[0].as_os_str().as_bytes(), b"caf\xE9.txt");
    }
}
