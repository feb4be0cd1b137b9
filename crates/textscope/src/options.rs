//! How to analyze ([`Options`]), and what an encoding name stands for ([`Named`]): the one
//! label resolver of every face.

use crate::codepage::CodePage;
use crate::fast::Kernel;
use crate::format::Format;

/// How to analyze.
#[derive(Clone, Debug)]
pub struct Options {
    /// Skip detection and decode as this format (D10); with [`Format::Legacy`], `code_page`
    /// names the code page (else it is guessed).
    pub force: Option<Format>,
    /// The code page for a forced legacy format.
    pub code_page: Option<CodePage>,
    /// Most problems of one kind listed in the report (counts stay exact).
    pub max_problems_per_kind: usize,
    /// Build the sparse line index with a checkpoint every so many bytes (`None`: no index).
    pub index_every: Option<u64>,
    /// Which implementation of the fast path runs (the report is the same with each).
    pub kernel: Kernel,
    /// List touching problems (and findings) of one kind as one item with a `count` (a run);
    /// false lists one item per character.
    pub group_runs: bool,
    /// Look for stretches in other encodings and for mojibake (docs/mojibake.md G8, M9): the
    /// report's `segments`, `mixed_encoding` and `mojibake`; false skips both.
    pub two_encodings: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            force: None,
            code_page: None,
            max_problems_per_kind: 1000,
            index_every: None,
            kernel: Kernel::Auto,
            group_runs: true,
            two_encodings: true,
        }
    }
}

/// An error in the options: an encoding name nobody knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEncoding(pub String);

impl std::fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown encoding '{}' (use utf-8, utf-16le, utf-16be, utf-32le, utf-32be, legacy, or a code page such as windows-1252)",
            self.0
        )
    }
}

impl std::error::Error for UnknownEncoding {}

impl Options {
    /// Forces a format (D10) by name: a SPEC format name, `legacy`, or a code page's name or
    /// alias ([`CodePage::for_label`]: `windows-1252`, `IBM866`, `cp437`, `shift_jis` …).
    pub fn force_encoding(mut self, name: &str) -> Result<Options, UnknownEncoding> {
        match Named::for_label(name) {
            Some(Named::Format(f)) => self.force = Some(f),
            Some(Named::CodePage(cp)) => {
                self.code_page = Some(cp);
                self.force = Some(Format::Legacy);
            }
            None => return Err(UnknownEncoding(name.to_string())),
        }
        Ok(self)
    }
}

/// What an encoding name stands for: a Unicode format (or `legacy`, any code page) or one
/// code page. The one label resolver of every face: `--encoding`, `check --allow`, the
/// configuration files and the Python package all read names through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// A format of SPEC's vocabulary (`utf-8`, `utf-16le` … `legacy`), or a WHATWG label of
    /// UTF-8 or UTF-16 (`utf8`, `unicode-1-1-utf-8`, `utf-16`).
    Format(Format),
    /// A code page, by its name or alias ([`CodePage::for_label`]).
    CodePage(CodePage),
}

impl Named {
    /// Resolves a name: SPEC's format names first, then the code pages' names and aliases,
    /// then the WHATWG labels of UTF-8 and UTF-16. `None` for a name nobody knows.
    ///
    /// ```
    /// use textscope::{Format, Named};
    /// assert_eq!(Named::for_label("UTF-16LE"), Some(Named::Format(Format::Utf16Le)));
    /// assert!(matches!(Named::for_label("cp437"), Some(Named::CodePage(p)) if p.name() == "IBM437"));
    /// assert_eq!(Named::for_label("no such page"), None);
    /// ```
    pub fn for_label(name: &str) -> Option<Named> {
        if let Some(f) = Format::from_name(name) {
            return Some(Named::Format(f));
        }
        if let Some(cp) = CodePage::for_label(name) {
            return Some(Named::CodePage(cp));
        }
        match encoding_rs::Encoding::for_label(name.trim().as_bytes()) {
            Some(e) if e == encoding_rs::UTF_8 => Some(Named::Format(Format::Utf8)),
            Some(e) if e == encoding_rs::UTF_16LE => Some(Named::Format(Format::Utf16Le)),
            Some(e) if e == encoding_rs::UTF_16BE => Some(Named::Format(Format::Utf16Be)),
            _ => None,
        }
    }
}
