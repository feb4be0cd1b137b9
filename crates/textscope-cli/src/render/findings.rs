//! The formats of `check`'s findings: `path:line:column: rule: message`
//! ([`OutputFormat::Findings`]), JSON Lines ([`OutputFormat::FindingsJson`]), GitHub
//! annotations ([`OutputFormat::Github`]), and the run's [`Summary`]. Everything that came
//! from a file (paths, messages) goes through [`safe`].

use super::{safe, OutputFormat};
use serde::Serialize;
use std::collections::BTreeMap;

/// One finding as the printers see it: where it is, the rule's name, the message.
#[derive(Clone, Copy, Debug)]
pub struct FindingLine<'a> {
    pub line: u64,
    pub column: u64,
    pub offset: u64,
    pub rule: &'a str,
    pub message: &'a str,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    path: &'a str,
    line: u64,
    column: u64,
    offset: u64,
    rule: &'a str,
    message: String,
}

/// One finding as one line (no newline), in `format` (a format of the report prints no
/// finding: the empty string).
pub fn finding(format: OutputFormat, path: &str, f: &FindingLine) -> String {
    match format {
        OutputFormat::Findings => format!(
            "{}:{}:{}: {}: {}",
            safe(path),
            f.line,
            f.column,
            f.rule,
            safe(f.message)
        ),
        OutputFormat::FindingsJson => textscope::json::to_string(&JsonFinding {
            path,
            line: f.line,
            column: f.column,
            offset: f.offset,
            rule: f.rule,
            message: safe(f.message),
        })
        .unwrap_or_default(),
        OutputFormat::Github => format!(
            "::error file={},line={},col={},title={}::{}",
            gh_property(&safe(path)),
            f.line,
            f.column,
            gh_property(&format!("textscope {}", f.rule)),
            gh_data(&safe(f.message))
        ),
        OutputFormat::Report
        | OutputFormat::Brief
        | OutputFormat::Json
        | OutputFormat::Structure
        | OutputFormat::StructureJson
        | OutputFormat::Preview => String::new(),
    }
}

#[derive(Serialize)]
struct JsonSkipped<'a> {
    path: &'a str,
    skipped: &'a str,
    message: String,
}

/// A skipped file as one JSON line (no newline).
pub fn skipped_json(path: &str, what: &str, message: &str) -> String {
    textscope::json::to_string(&JsonSkipped {
        path,
        skipped: what,
        message: safe(message),
    })
    .unwrap_or_default()
}

/// GitHub's escaping of a command's message: `%`, CR, LF.
pub fn gh_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub's escaping of a property value: as the message, plus `:` and `,`.
pub fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// Totals of a run.
#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub struct Summary {
    /// Files checked (binary files skipped are not counted here).
    pub files: u64,
    /// Binary files skipped, without `--include-binary` (named one by one too).
    pub skipped_binary: u64,
    /// Denied findings by rule, exact (listed or not).
    pub findings: BTreeMap<String, u64>,
    /// Files or directories that could not be read.
    pub errors: u64,
}

impl Summary {
    /// Adds one file's exact counts, by rule name.
    pub fn add<'a>(&mut self, counts: impl IntoIterator<Item = (&'a str, u64)>) {
        for (r, n) in counts {
            *self.findings.entry(r.to_string()).or_insert(0) += n;
        }
    }

    pub fn total(&self) -> u64 {
        self.findings.values().sum()
    }

    /// `{"summary": {"files", "skipped_binary", "findings", "errors"}}`, fields in that order.
    pub fn json(&self) -> String {
        #[derive(Serialize)]
        struct Wrap<'a> {
            summary: &'a Summary,
        }
        serde_json::to_string(&Wrap { summary: self }).unwrap_or_default()
    }

    /// The sentence on stderr after text and GitHub output.
    pub fn sentence(&self) -> String {
        let files = super::plural(self.files, "file", "files");
        let mut s = format!(
            "textscope: {} in {files}",
            super::plural(self.total(), "finding", "findings")
        );
        if self.skipped_binary > 0 {
            s.push_str(&format!(", {} skipped as binary", self.skipped_binary));
        }
        if self.errors > 0 {
            s.push_str(&format!(
                ", {}",
                super::plural(self.errors, "error", "errors")
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f() -> FindingLine<'static> {
        FindingLine {
            line: 3,
            column: 7,
            offset: 42,
            rule: "control_character",
            message: "U+001B ESCAPE, 100%: a\nb",
        }
    }

    #[test]
    fn text_is_sanitised() {
        assert_eq!(
            finding(OutputFormat::Findings, "a\u{1B}b.txt", &f()),
            "a\u{241B}b.txt:3:7: control_character: U+001B ESCAPE, 100%: a\u{240A}b"
        );
    }

    #[test]
    fn json_fields_in_order() {
        assert_eq!(
            finding(OutputFormat::FindingsJson, "d/x.txt", &f()),
            r#"{"path":"d/x.txt","line":3,"column":7,"offset":42,"rule":"control_character","message":"U+001B ESCAPE, 100%: a␊b"}"#
        );
    }

    #[test]
    fn github_escapes_data_and_properties() {
        assert_eq!(gh_data("50%\r\nx"), "50%25%0D%0Ax");
        assert_eq!(gh_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(
            finding(OutputFormat::Github, "dir,1/a:b.txt", &f()),
            "::error file=dir%2C1/a%3Ab.txt,line=3,col=7,title=textscope control_character::U+001B ESCAPE, 100%25: a␊b"
        );
    }
}
