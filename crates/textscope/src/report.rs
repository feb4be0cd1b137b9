//! The report (SPEC §6): one value per file, serialised as the CLI's `--json` object.
//!
//! Field names are a public interface, documented in `docs/json-schema.md` and versioned by
//! [`SCHEMA_VERSION`].

pub use crate::container::Container;
use crate::finding::{Finding, FindingCounts};
use crate::format::Format;
use crate::problem::ProblemCounts;
use crate::problem::{Note, Problem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Version of the JSON report's shape; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 3;

/// Everything textscope says about one file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// [`SCHEMA_VERSION`] of this object.
    pub schema: u32,
    /// The file's path as given, or `None` (JSON `null`) for bytes that came from elsewhere.
    pub path: Option<String>,
    /// Size in bytes.
    pub size: u64,
    /// The verdict of detection (D1), or the forced format (D10).
    pub format: Format,
    /// Display name: `UTF-8`, `UTF-16LE` …, for legacy the code page (`windows-1252`).
    pub encoding: String,
    /// The language of the text where detection could tell it (D12; ISO 639-1), else `None`.
    #[serde(default)]
    pub language: Option<String>,
    /// Every character is ASCII (U+0000–U+007F) and there is no bad unit.
    pub ascii: bool,
    /// The byte order mark (B1), if any.
    pub bom: Option<Mark>,
    /// Why the format was chosen (D9).
    pub detection: Detection,
    /// Lines (L2).
    pub lines: u64,
    /// Characters, endings included, mark excluded (L4).
    pub characters: u64,
    /// Line endings by kind (L1, L6).
    pub endings: Endings,
    /// The longest line (L5), `None` when there are no lines.
    pub longest_line: Option<LongestLine>,
    /// Exact count of each problem kind, listed or not.
    pub problem_counts: ProblemCounts,
    /// The itemised problems in file order, capped per kind.
    pub problems: Vec<Problem>,
    /// How many problems the cap left out of `problems`.
    pub problems_omitted: u64,
    /// Notes (N1).
    pub notes: Vec<Note>,
    /// Exact count of each finding kind (bidi controls, invisible characters), listed or not.
    /// Findings are not SPEC problems: `problem_counts` does not include them.
    #[serde(default)]
    pub finding_counts: FindingCounts,
    /// The itemised findings in file order, capped per kind like the problems.
    #[serde(default)]
    pub findings: Vec<Finding>,
    /// How many findings the cap left out of `findings`.
    #[serde(default)]
    pub findings_omitted: u64,
    /// All problems together (the sum of `problem_counts`), for pages that show a total.
    #[serde(default)]
    pub problem_total: u64,
    /// All findings together (the sum of `finding_counts`).
    #[serde(default)]
    pub finding_total: u64,
    /// The file format its first bytes show (PNG, ZIP …), set only when the verdict is
    /// binary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub container: Option<Container>,
    /// For a binary verdict with no container: the complete report of the text format whose
    /// parser came closest, as if forced, from the same pass over the bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_reading: Option<Box<Report>>,
    /// Formats worth forcing, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hints: Vec<Hint>,
    /// A file of two (or more) encodings: its stretches, in order and covering it, each in
    /// one encoding (docs/mojibake.md G1–G8); empty for a file of one encoding.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub segments: Vec<Segment>,
}

/// One stretch of a file in one encoding; the segments of a file cover it in order (the
/// report's `segments`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// Its first byte.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
    /// Its first line (from 1; lines end at the LF of the segment's own layout).
    pub first_line: u64,
    /// Its last line.
    pub last_line: u64,
    /// Its format.
    pub format: Format,
    /// Its encoding, as a report names it: `UTF-8`, `UTF-16LE` … or a code page
    /// (`windows-1252`).
    pub encoding: String,
    /// It starts with a byte order mark.
    pub mark: bool,
    /// How sure the segmenter is of it, 0–1 (G5).
    pub confidence: f64,
}

impl Segment {
    /// The length of its byte order mark: that of its format when it starts with one, at most
    /// its length.
    pub fn mark_len(&self) -> u64 {
        let n = match (self.mark, self.format) {
            (false, _) => 0,
            (true, Format::Utf8) => 3,
            (true, Format::Utf16Le | Format::Utf16Be) => 2,
            (true, Format::Utf32Le | Format::Utf32Be) => 4,
            (true, _) => 0,
        };
        n.min(self.length)
    }
}

/// A suggestion to force a format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// What to do: always "try_encoding" for now.
    pub code: String,
    /// The encoding to force, as `-e` takes it ("utf-16le").
    pub encoding: String,
    /// Why: "binary_only", "near_bar" or "reads_cleanly" (docs/json-schema.md).
    pub reason: String,
    /// The figures behind it, short ("nul_share=0.27").
    pub figures: String,
    /// A sentence for a person.
    pub message: String,
}

impl Report {
    /// The report as one line of JSON (the CLI's `--json`), with C1, DEL, bidi and invisible
    /// characters escaped as `\uXXXX` so that it is safe on a terminal ([`crate::json`]).
    pub fn to_json(&self) -> String {
        crate::json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// Total number of problems, listed or not.
    pub fn problem_total(&self) -> u64 {
        self.problem_counts.total()
    }
}

/// A byte order mark (B1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Always 0.
    pub offset: u64,
    /// 2, 3 or 4.
    pub length: u64,
    /// "FF FE".
    pub bytes: String,
}

use crate::lines::{Endings, LongestLine};

/// The explanation of the verdict (D9): every parser tried, in order, with its figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Detection {
    /// True when the user forced the format (D10) and detection was skipped.
    pub forced: bool,
    /// How many bytes detection looked at (the window: at most 65,536).
    pub window: u64,
    /// The parsers tried, in D1 order; the last accepted one decided.
    pub steps: Vec<Step>,
    /// How sure the legacy stage is of its code page (D12), 0–1; `None` when no code page was
    /// ranked (a Unicode format, binary, forced, or no byte above 7F).
    #[serde(default)]
    pub confidence: Option<f64>,
    /// The legacy stage's readings, best first (D12): readings that decode the window to the
    /// same text are one entry, named by the commonest page, the others in `also`.
    #[serde(default)]
    pub candidates: Vec<Candidate>,
}

/// One reading of the window in the legacy stage (D12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The code page (`windows-1250`).
    pub encoding: String,
    /// Plausibility: minus the cost in nats per byte above 7F, prior included; higher is
    /// more plausible.
    pub score: f64,
    /// The language whose model fitted best (ISO 639-1), if any.
    pub language: Option<String>,
    /// Other code pages that decode the window to the same text.
    #[serde(default)]
    pub also: Vec<String>,
}

/// One parser's verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The parser.
    pub format: Format,
    /// Whether it took the file.
    pub accepted: bool,
    /// A stable snake_case id of the reason (`nul_share`, `legacy_scored` …), documented
    /// with its figures in docs/json-schema.md.
    #[serde(default)]
    pub code: String,
    /// Why, in words with the figures ("U+0000 is 48 % of the characters").
    pub reason: String,
    /// The figures behind the reason, by name.
    pub figures: BTreeMap<String, u64>,
}
