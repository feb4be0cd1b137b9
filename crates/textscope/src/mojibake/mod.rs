//! Mojibake: UTF-8 text that was decoded in another code page and saved again as UTF-8, once
//! or twice ("café" became "cafÃ©", or "cafÃƒÂ©"). The rules, M1–M8, are in docs/mojibake.md.
//!
//! [`fix_mojibake`] repairs a string; [`MojibakeScanner`] finds the runs of a file as it is
//! decoded, in bounded memory, each with its place, its chain of encodings and its repair.
//!
//! ```
//! use textscope::mojibake::fix_mojibake;
//! assert_eq!(fix_mojibake("cafÃ© and cafÃƒÂ©"), "café and café");
//! assert_eq!(fix_mojibake("SÃO PAULO, 25 °C"), "SÃO PAULO, 25 °C");
//! ```

mod feed;
mod pages;
mod plausible;
mod repair;
mod scanner;

pub use feed::Utf8Feed;
pub use scanner::{MojibakeScanner, MAX_RUNS, MAX_RUN_BYTES};

/// One run of mojibake: adjacent characters that are UTF-8 read in another code page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MojibakeRun {
    /// The line of its first character (as the feeder counts lines).
    pub line: u64,
    /// The column of its first character (as the feeder counts columns).
    pub column: u64,
    /// The byte offset of its first character in the file.
    pub offset: u64,
    /// Its length in bytes of the file.
    pub length: u64,
    /// The encodings the text went through, first to last: `["utf-8", "windows-1252",
    /// "utf-8"]` once, five names for twice.
    pub chain: Vec<&'static str>,
    /// The text as it stands.
    pub original: String,
    /// The text as it was meant.
    pub repaired: String,
    /// M7: another chain gives a different repair that is as plausible; do not repair it
    /// without asking.
    pub ambiguous: bool,
}

/// What a [`MojibakeScanner`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MojibakeFindings {
    /// The runs, in file order, at most [`MAX_RUNS`].
    pub runs: Vec<MojibakeRun>,
    /// How many runs there are in all (exact, even beyond [`MAX_RUNS`]).
    pub count: u64,
}

/// Feeds `text` to a scanner with no cap (lines split at LF, columns in characters from 1).
fn scan(text: &str) -> Vec<MojibakeRun> {
    let mut s = MojibakeScanner::with_cap(usize::MAX);
    let mut line = 1;
    let mut column = 1;
    for (offset, c) in text.char_indices() {
        s.char(c, offset as u64, c.len_utf8() as u32, line, column);
        column += 1;
        if c == '\n' {
            s.end_of_line();
            line += 1;
            column = 1;
        }
    }
    s.finish().runs
}

/// The runs of mojibake in `text` (every one: no cap), as [`MojibakeScanner`] finds them.
pub fn find_mojibake(text: &str) -> Vec<MojibakeRun> {
    scan(text)
}

/// Repairs every run of mojibake in `text` that is not ambiguous (M7); everything else is
/// left byte for byte as it was.
pub fn fix_mojibake(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    for run in scan(text) {
        if run.ambiguous {
            continue;
        }
        let (Ok(start), Ok(len)) = (usize::try_from(run.offset), usize::try_from(run.length))
        else {
            continue;
        };
        let Some(before) = text.get(at..start) else {
            continue;
        };
        out.push_str(before);
        out.push_str(&run.repaired);
        at = start + len;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    out
}
