//! The rules of `textscope check`: every SPEC problem kind (P1–P9) and the policy rules
//! (`Rule`), the layered settings that decide which are denied (`policy`), and the findings
//! they produce: from the report (`report`) and from the pass over the characters (`scan`).

mod policy;
mod raw;
mod report;
mod scan;
#[cfg(test)]
mod tests;

pub use policy::{Allowed, BomPolicy, Eol, Layer, Policy};
pub use raw::RawScan;
pub use report::findings;
pub use scan::Scanner;

use textscope::ProblemKind;

/// One rule. SPEC problems keep their JSON names (`invalid_utf8`); policy rules are
/// kebab-case (`final-newline`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A SPEC problem kind (P1–P9): denied unless allowed.
    Problem(ProblemKind),
    /// A file the walk treats as text (its name, a config include, git's `text` attribute)
    /// that detection calls binary: denied unless allowed.
    BinaryInText,
    /// A file skipped as binary (not checked): off unless denied by name; not in the group
    /// `all`, which is about what files hold, not about which files are read.
    Binary,
    /// Terminal escape sequences (the report's `ansi_escape` findings): by default only the
    /// dangerous ones (window title, clipboard, erase, scroll, mode, any OSC but a hyperlink);
    /// every one when denied by name (or by `all`).
    AnsiEscape,
    /// A byte order mark present (or, with `bom = "require"`, missing).
    Bom,
    /// An encoding other than the allowed ones.
    Encoding,
    /// A line ending other than the required kind.
    Eol,
    /// No line ending at the end of the file (N1).
    FinalNewline,
    /// Bidi controls and invisible characters.
    Bidi,
    /// The bidi controls that reorder code (U+202A–202E, U+2066–2069: Trojan Source): denied
    /// unless allowed, as GitHub warns by default; `bidi` (opt-in) covers them and more.
    TrojanSource,
    /// A line longer than the limit, in characters.
    LineLength,
    /// Mojibake: UTF-8 read in another code page and saved again (the report's `mojibake`
    /// findings).
    Mojibake,
    /// A file of two encodings: a stretch in another encoding (the report's `mixed_encoding`
    /// findings).
    MixedEncoding,
}

impl Rule {
    /// The policy rules, off by default.
    pub const POLICY: [Rule; 8] = [
        Rule::Bom,
        Rule::Encoding,
        Rule::Eol,
        Rule::FinalNewline,
        Rule::Bidi,
        Rule::LineLength,
        Rule::Mojibake,
        Rule::MixedEncoding,
    ];

    /// Every rule: P1–P9 in SPEC order, `binary_in_text`, then the policy rules.
    pub fn all() -> Vec<Rule> {
        let mut v: Vec<Rule> = ProblemKind::ALL.iter().map(|&k| Rule::Problem(k)).collect();
        v.push(Rule::BinaryInText);
        v.push(Rule::Binary);
        v.push(Rule::AnsiEscape);
        v.push(Rule::TrojanSource);
        v.extend(Rule::POLICY);
        v
    }

    /// The name printed in findings and accepted in `--deny`, `--allow-rule` and the config.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Problem(k) => k.name(),
            Rule::BinaryInText => "binary_in_text",
            Rule::Binary => "binary",
            Rule::AnsiEscape => "ansi_escape",
            Rule::Bom => "bom",
            Rule::Encoding => "encoding",
            Rule::Eol => "eol",
            Rule::FinalNewline => "final-newline",
            Rule::Bidi => "bidi",
            Rule::TrojanSource => "trojan-source",
            Rule::LineLength => "line-length",
            Rule::Mojibake => "mojibake",
            Rule::MixedEncoding => "mixed_encoding",
        }
    }

    /// What the rule finds, for `--list-rules`.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Problem(ProblemKind::UnpairedSurrogate) => "unpaired UTF-16 surrogate",
            Rule::Problem(ProblemKind::Nul) => "U+0000 in the text",
            Rule::Problem(ProblemKind::ControlCharacter) => "control character",
            Rule::Problem(ProblemKind::BomInText) => "U+FEFF after the start of the file",
            Rule::Problem(ProblemKind::TruncatedCharacter) => {
                "character cut by the end of the file"
            }
            Rule::Problem(ProblemKind::InvalidCodePoint) => "UTF-32 unit above 10FFFF",
            Rule::Problem(ProblemKind::InvalidUtf8) => "ill-formed UTF-8",
            Rule::Problem(ProblemKind::UnmappedByte) => "byte the code page does not map",
            Rule::Problem(ProblemKind::MixedLineEndings) => "more than one kind of line ending",
            Rule::BinaryInText => {
                "a source or text file (by name, config or git attribute) detected as binary"
            }
            Rule::Binary => "a file skipped as binary, not checked (only by name, not in all)",
            Rule::AnsiEscape => {
                "terminal escape sequences (by default only those that do more than style text)"
            }
            Rule::Bom => "a byte order mark present (or missing, with bom = require)",
            Rule::Encoding => "an encoding other than the allowed ones",
            Rule::Eol => "a line ending other than the required kind",
            Rule::FinalNewline => "no line ending at the end of the file",
            Rule::Bidi => "bidi controls and invisible characters",
            Rule::TrojanSource => {
                "bidi controls that reorder code (U+202A-202E, U+2066-2069), on by default"
            }
            Rule::LineLength => "a line longer than the limit (characters)",
            Rule::Mojibake => "mojibake: UTF-8 text read in another code page and saved again",
            Rule::MixedEncoding => "a stretch of the file in another encoding than the rest",
        }
    }

    /// Parses a rule name, or a group: `problems` (P1–P9), `policy`, `all`. `-` and `_` are
    /// the same; case does not matter; a SPEC id (`P7`) names its kind.
    pub fn parse(s: &str) -> Result<Vec<Rule>, String> {
        let n: String = s.trim().to_lowercase().replace('_', "-");
        match n.as_str() {
            "all" => {
                return Ok(Rule::all()
                    .into_iter()
                    .filter(|&r| r != Rule::Binary)
                    .collect())
            }
            "problems" | "spec" => {
                return Ok(ProblemKind::ALL.iter().map(|&k| Rule::Problem(k)).collect())
            }
            "policy" => return Ok(Rule::POLICY.to_vec()),
            _ => {}
        }
        Rule::all()
            .into_iter()
            .find(|r| {
                r.name().replace('_', "-") == n
                    || matches!(r, Rule::Problem(k) if k.id().eq_ignore_ascii_case(&n))
            })
            .map(|r| vec![r])
            .ok_or_else(|| format!("unknown rule '{s}' (see `textscope check --list-rules`)"))
    }
}

/// One breach of a rule, located to the byte (the report's own findings are
/// `textscope::Finding`; `check`'s JSON still lists breaches under "findings").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breach {
    pub line: u64,
    pub column: u64,
    pub offset: u64,
    pub rule: Rule,
    pub message: String,
}

/// Most findings listed per rule and file (counts stay exact), as the core caps problems.
pub const MAX_LISTED: usize = 1000;
