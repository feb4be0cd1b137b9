//! Printers for `check`: `path:line:column: rule: message`, JSON Lines, GitHub annotations.
//! Everything that came from a file (paths, messages) goes through `render::safe`.

use super::rules::{Breach, Rule};
use crate::render::safe;
use serde::Serialize;
use std::collections::BTreeMap;

/// How findings are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// `path:line:column: rule: message`
    #[default]
    Text,
    /// JSON Lines: one object per finding, then `{"summary": …}`.
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`).
    Github,
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

/// One finding as one line (no newline).
pub fn finding(format: OutputFormat, path: &str, f: &Breach) -> String {
    match format {
        OutputFormat::Text => format!(
            "{}:{}:{}: {}: {}",
            safe(path),
            f.line,
            f.column,
            f.rule.name(),
            safe(&f.message)
        ),
        OutputFormat::Json => textscope::json::to_string(&JsonFinding {
            path,
            line: f.line,
            column: f.column,
            offset: f.offset,
            rule: f.rule.name(),
            message: safe(&f.message),
        })
        .unwrap_or_default(),
        OutputFormat::Github => format!(
            "::error file={},line={},col={},title={}::{}",
            gh_property(&safe(path)),
            f.line,
            f.column,
            gh_property(&format!("textscope {}", f.rule.name())),
            gh_data(&safe(&f.message))
        ),
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
    pub fn add(&mut self, counts: &BTreeMap<Rule, u64>) {
        for (r, n) in counts {
            *self.findings.entry(r.name().to_string()).or_insert(0) += n;
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
        let files = crate::render::plural(self.files, "file", "files");
        let mut s = format!(
            "textscope: {} in {files}",
            crate::render::plural(self.total(), "finding", "findings")
        );
        if self.skipped_binary > 0 {
            s.push_str(&format!(", {} skipped as binary", self.skipped_binary));
        }
        if self.errors > 0 {
            s.push_str(&format!(
                ", {}",
                crate::render::plural(self.errors, "error", "errors")
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use textscope::ProblemKind;

    fn f() -> Breach {
        Breach {
            line: 3,
            column: 7,
            offset: 42,
            rule: Rule::Problem(ProblemKind::ControlCharacter),
            message: "U+001B ESCAPE, 100%: a\nb".into(),
        }
    }

    #[test]
    fn text_is_sanitised() {
        assert_eq!(
            finding(OutputFormat::Text, "a\u{1B}b.txt", &f()),
            "a\u{241B}b.txt:3:7: control_character: U+001B ESCAPE, 100%: a\u{240A}b"
        );
    }

    #[test]
    fn json_fields_in_order() {
        assert_eq!(
            finding(OutputFormat::Json, "d/x.txt", &f()),
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
