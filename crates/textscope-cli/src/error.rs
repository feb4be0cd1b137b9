//! How a run ends. Every error of the report, `utf16`, `serve` and `site` is an [`Error`]
//! carrying its data, worded once (`Display`), and [`Error::code`] is the one place where an
//! outcome becomes an exit status. `check` and `convert` count their files' outcomes
//! themselves (the worst one wins) and end with these same three constants.

use crate::index_file::IndexError;
use crate::input::InputError;
use crate::render::safe;
use std::fmt;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit status: everything done, nothing wrong found.
pub const SUCCESS: u8 = 0;
/// Exit status: done, and what was asked about is not well-formed (`utf16`), breaks a rule
/// (`check`) or cannot be converted as asked (`convert`).
pub const FOUND: u8 = 1;
/// Exit status: an error (a file not read, bad arguments, output failed).
pub const ERROR: u8 = 2;

/// Everything that can end a command other than success.
#[derive(Debug)]
pub enum Error {
    /// `--encoding` names no format.
    UnknownEncoding(textscope::UnknownEncoding),
    /// Arguments that clap accepts but that cannot go together.
    Usage(Usage),
    /// A file could not be read (from the reader, `input`).
    Input(InputError),
    /// A file's metadata could not be read.
    Metadata { path: String, source: io::Error },
    /// A regular file's size is not what was read: it changed while it was read.
    Changed {
        path: String,
        expected: u64,
        read: u64,
    },
    /// A file is larger than `--max-bytes`.
    TooLarge { path: String, max: u64 },
    /// An index (or the file it is for) cannot be used or written; `path` is the one named.
    Index { path: String, why: Box<IndexError> },
    /// Some files could not be analysed; each was reported as it came.
    SomeFilesFailed,
    /// Standard output could not be written (a closed pipe is not an error: see `code`).
    Output(io::Error),
    /// `utf16`: the units or bytes are not well-formed UTF-16 (the report says why).
    NotWellFormed,
    /// `utf16`: the input is not hex units, bytes or code points.
    Unparseable(crate::utf16_input::Unparseable),
    /// `serve` could not listen.
    #[cfg_attr(not(feature = "explorer"), allow(dead_code))]
    Serve { port: u16, source: io::Error },
    /// `site` could not write.
    #[cfg_attr(not(feature = "explorer"), allow(dead_code))]
    Site { out: PathBuf, source: io::Error },
}

/// Arguments that cannot go together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Usage {
    /// `--save-index` or `--index` with other than one file (the flag, the count).
    OneFileOnly(&'static str, usize),
    /// `--save-index` or `--index` with standard input.
    NotStdin(&'static str),
    /// `--index` without `--structure` or `--preview`.
    IndexWithoutLines,
    /// `--files-from -` with `-` among the files: standard input read twice.
    StdinTwice,
    /// A list of `--files-from` that names a file in other than UTF-8, where paths are not
    /// bytes (not on Unix).
    ListNotUtf8,
}

impl Error {
    /// The exit status of a command that ended with this error: the one mapping.
    pub fn code(&self) -> u8 {
        match self {
            Error::NotWellFormed => FOUND,
            Error::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => SUCCESS,
            Error::UnknownEncoding(_)
            | Error::Usage(_)
            | Error::Input(_)
            | Error::Metadata { .. }
            | Error::Changed { .. }
            | Error::TooLarge { .. }
            | Error::Index { .. }
            | Error::SomeFilesFailed
            | Error::Output(_)
            | Error::Unparseable(_)
            | Error::Serve { .. }
            | Error::Site { .. } => ERROR,
        }
    }

    /// True for an error that concerns one file: it is reported and the next file is read.
    pub fn of_one_file(&self) -> bool {
        matches!(
            self,
            Error::Input(_)
                | Error::Metadata { .. }
                | Error::Changed { .. }
                | Error::TooLarge { .. }
                | Error::Index { .. }
        )
    }

    /// Whether a line goes to standard error for it (the others said their piece already, or
    /// say nothing: a closed pipe).
    fn said(&self) -> bool {
        match self {
            Error::SomeFilesFailed | Error::NotWellFormed => false,
            Error::Output(e) => e.kind() != io::ErrorKind::BrokenPipe,
            _ => true,
        }
    }

    /// Writes its one line to standard error (if it has one).
    pub fn print(&self) {
        if self.said() {
            eprintln!("textscope: {self}");
        }
    }
}

/// The exit status of a command: success, or its error's (printed first).
pub fn exit(result: Result<(), Error>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::from(SUCCESS),
        Err(e) => {
            e.print();
            ExitCode::from(e.code())
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownEncoding(e) => write!(f, "{e}"),
            Error::Usage(u) => write!(f, "{u}"),
            Error::Input(e) => write!(f, "{}: {}", safe(&e.path), e.cause),
            Error::Metadata { path, source } => write!(f, "{}: {source}", safe(path)),
            Error::Changed {
                path,
                expected,
                read,
            } => write!(
                f,
                "{}: the file changed while it was read ({expected} bytes expected, {read} read)",
                safe(path)
            ),
            Error::TooLarge { path, max } => write!(
                f,
                "{}: larger than the limit of {max} bytes (--max-bytes)",
                safe(path)
            ),
            Error::Index { path, why } => write!(f, "{}: {why}", safe(path)),
            Error::SomeFilesFailed => f.write_str("some files could not be analysed"),
            Error::Output(e) => write!(f, "cannot write the output: {e}"),
            Error::NotWellFormed => f.write_str("not well-formed UTF-16"),
            Error::Unparseable(why) => f.write_str(&safe(&why.to_string())),
            Error::Serve { port, source } => {
                write!(f, "cannot serve on 127.0.0.1:{port}: {source}")
            }
            Error::Site { out, source } => write!(
                f,
                "cannot write the site to {}: {source}",
                safe(&out.display().to_string())
            ),
        }
    }
}

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Usage::OneFileOnly(flag, n) => write!(f, "{flag} takes exactly one file ({n} given)"),
            Usage::NotStdin(flag) => write!(f, "{flag} needs a regular file, not standard input"),
            Usage::IndexWithoutLines => f.write_str(
                "--index is for --structure and --preview (the report reads the whole file; \
                 --save-index builds the index)",
            ),
            Usage::StdinTwice => {
                f.write_str("standard input cannot be both the list of --files-from and a file (-)")
            }
            Usage::ListNotUtf8 => {
                f.write_str("the list of --files-from names a file in other than UTF-8")
            }
        }
    }
}

impl From<InputError> for Error {
    fn from(e: InputError) -> Self {
        Error::Input(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Output(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_has_its_status() {
        assert_eq!(Error::NotWellFormed.code(), FOUND);
        assert_eq!(Error::SomeFilesFailed.code(), ERROR);
        assert_eq!(Error::Usage(Usage::IndexWithoutLines).code(), ERROR);
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert_eq!(
            Error::Output(pipe).code(),
            SUCCESS,
            "a closed pipe ends quietly"
        );
        assert_eq!(Error::Output(io::Error::other("disk full")).code(), ERROR);
        let missing = std::path::Path::new("/nonexistent/textscope/f");
        let input = match crate::input::open_path(missing, "f") {
            Err(e) => Error::from(e),
            Ok(_) => panic!("{} exists", missing.display()),
        };
        assert!(input.of_one_file());
        assert_eq!(input.code(), ERROR);
        assert_eq!(input.to_string(), "f: no such file");
    }

    #[test]
    fn what_comes_from_a_file_is_made_visible() {
        let e = Error::Changed {
            path: "a\u{1B}[31m".into(),
            expected: 10,
            read: 4,
        };
        assert!(!e.to_string().contains('\u{1B}'));
    }
}
