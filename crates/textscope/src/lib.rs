//! textscope tells exactly what a text file is and what is wrong with it, to the byte: its
//! format (UTF-8, UTF-16LE/BE, UTF-32LE/BE or a legacy code page) and why, its byte order
//! mark, its lines and endings, and every problem with offset, line and column. The rules are
//! those of the project's SPEC (ids such as D2, U3, L6, P9 are cited throughout).
//!
//! The analyzer does no I/O: it is fed chunks of any size and keeps its state across them.
//!
//! A whole buffer:
//! ```
//! use textscope::{analyze, Format, Options};
//! let report = analyze(b"\xFF\xFEH\x00e\x00", Options::default());
//! assert_eq!(report.format, Format::Utf16Le);
//! assert_eq!(report.lines, 1);
//! assert_eq!(report.notes.len(), 1); // N1: no final line ending
//! ```
//!
//! In chunks, as a file is read:
//! ```
//! use textscope::{Analyzer, Options};
//! let mut a = Analyzer::new(Options::default());
//! for chunk in [&b"caf\xC3"[..], b"\xA9\r", b"\nnext\n"] {
//!     a.feed(chunk);
//! }
//! let report = a.finish();
//! assert_eq!(report.lines, 2);
//! assert_eq!(report.endings.crlf, 1);
//! assert_eq!(report.endings.lf, 1);
//! assert_eq!(report.problem_counts.mixed_line_endings, 1); // P9
//! ```
// Vector instructions need `unsafe`; it is allowed only in src/fast/x86/, src/fast/neon.rs
// and src/fast/wasm.rs, each with its safety argument.
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic,
        clippy::unreachable
    )
)]

mod analyzer;
pub mod ansi;
pub mod chars;
pub mod class;
mod codepage;
mod container;
mod decode;
mod detect;
mod fast;
mod finding;
mod format;
mod front;
mod hidden;
pub mod index;
pub mod json;
mod kinds;
pub mod lines;
mod locate;
mod message;
pub mod mojibake;
mod options;
pub mod preview;
mod problem;
pub mod repair;
mod report;
pub mod segments;
mod sink;
pub mod structure;
mod swar;
mod tracker;
pub mod utf16;

pub use analyzer::{
    analyze, Analyzer, ObservedAnalyzer, ObservedConsumer, ReportConsumer, Rest, Segment,
    SegmentError,
};
pub use class::{control_name, is_control_problem, EndingKind};
pub use codepage::CodePage;
pub use container::Container;
pub use detect::WINDOW;
pub use fast::Kernel;
pub use finding::{
    finding_char_name, hidden_char_name, in_variation_sequence, is_hidden_character,
    is_hidden_finding, is_variation_selector, Finding, FindingCounts, FindingKind, Repair,
};
pub use format::{hex, Format};
pub use front::{detect_only, Consumer, Detected, Front, MakeConsumer, Window};
pub use index::{Checkpoint, LineIndex, Switch, DEFAULT_INDEX_EVERY};
pub use lines::{Endings, LongestLine};
pub use locate::LineLocator;
pub use options::{Named, Options, UnknownEncoding};
pub use problem::{MixedEndings, Note, NoteKind, Problem, ProblemCounts, ProblemKind, Utf8Reason};
pub use report::{Candidate, Detection, Hint, Mark, Report, Step, SCHEMA_VERSION};
pub use structure::{structure_of, Structure, StructureBuilder, StructureJson, StructureOptions};
