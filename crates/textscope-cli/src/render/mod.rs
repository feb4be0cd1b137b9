//! The output layer: every format the CLI prints is an [`OutputFormat`], chosen once from the
//! arguments (lib.rs for the report, `check`'s `--format`), and a [`Printer`] sends each
//! report, line or finding to the module of its format: `human` (the report and its first
//! line), `json` (every JSON object printed), `structure` (the structure view), `preview`
//! (the text), `findings` (`check`'s findings in its three formats, and its summary), `utf16`
//! (the tables of `textscope utf16`). Renderers never call the analyser. Shared here:
//! [`Style`], [`plural`], [`safe`]; the one JSON escaper is the core's `textscope::json`.

pub mod findings;
pub mod human;
pub mod json;
pub mod preview;
pub mod structure;
pub mod utf16;

use std::io::{self, Write};
use textscope::structure::Line;
use textscope::{Detected, Report};

/// What the CLI prints: for each file of `textscope FILE…` (the first six), or for each
/// finding of `check` (the last three, the values of its `--format`). The default is
/// `check`'s, the one format chosen by a flag's value; the report's comes from its flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// The report for people (the default).
    #[value(skip)]
    Report,
    /// Only the report's first line (`--brief`).
    #[value(skip)]
    Brief,
    /// The report as one JSON object per line (`--json`).
    #[value(skip)]
    Json,
    /// The structure for people: the mark, then each line and its characters (`--structure`).
    #[value(skip)]
    Structure,
    /// The structure as one JSON object per file (`--structure --json`).
    #[value(skip)]
    StructureJson,
    /// The decoded text, made safe for a terminal (`--preview`).
    #[value(skip)]
    Preview,
    /// `path:line:column: rule: message`
    #[default]
    #[value(name = "text")]
    Findings,
    /// JSON Lines: one object per finding, then `{"summary": …}`.
    #[value(name = "json")]
    FindingsJson,
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`).
    #[value(name = "github")]
    Github,
}

impl OutputFormat {
    /// True for the formats that show a range of lines (decoded again, from an index when
    /// there is one); false for those that show the report of the whole file, and for
    /// `check`'s.
    pub fn shows_lines(self) -> bool {
        match self {
            OutputFormat::Report | OutputFormat::Brief | OutputFormat::Json => false,
            OutputFormat::Structure | OutputFormat::StructureJson | OutputFormat::Preview => true,
            OutputFormat::Findings | OutputFormat::FindingsJson | OutputFormat::Github => false,
        }
    }

    /// True for the formats of `check`'s findings.
    pub fn of_findings(self) -> bool {
        matches!(
            self,
            OutputFormat::Findings | OutputFormat::FindingsJson | OutputFormat::Github
        )
    }
}

/// Writes what a run prints, in its format: a report per file, or per file a head, its lines
/// and an end, or `check`'s findings. Each method sends its data to the format's module, and
/// writes nothing for a format that does not show it.
#[derive(Debug)]
pub struct Printer {
    format: OutputFormat,
    style: Style,
    /// Lines written since the last head (for the commas of the JSON array).
    lines: u64,
}

impl Printer {
    pub fn new(format: OutputFormat, style: Style) -> Printer {
        Printer {
            format,
            style,
            lines: 0,
        }
    }

    pub fn format(&self) -> OutputFormat {
        self.format
    }

    /// The report of one file, shown as `name`.
    pub fn report(&mut self, w: &mut impl Write, r: &Report, name: &str) -> io::Result<()> {
        match self.format {
            OutputFormat::Report => w.write_all(human::full(r, name, self.style).as_bytes()),
            OutputFormat::Brief => writeln!(w, "{}", human::brief(r, name, self.style)),
            OutputFormat::Json => json::report(w, r),
            OutputFormat::Structure | OutputFormat::StructureJson | OutputFormat::Preview => Ok(()),
            OutputFormat::Findings | OutputFormat::FindingsJson | OutputFormat::Github => Ok(()),
        }
    }

    /// One finding of `check` in the file `path`, on a line of its own.
    pub fn finding(
        &self,
        w: &mut impl Write,
        path: &str,
        f: &findings::FindingLine,
    ) -> io::Result<()> {
        if !self.format.of_findings() {
            return Ok(());
        }
        writeln!(w, "{}", findings::finding(self.format, path, f))
    }

    /// A file `check` skipped (`what`: "binary" or "special"), as a JSON line; the other
    /// formats say it on standard error, so this writes nothing for them and returns false.
    pub fn skipped(
        &self,
        w: &mut impl Write,
        path: &str,
        what: &str,
        message: &str,
    ) -> io::Result<bool> {
        if self.format != OutputFormat::FindingsJson {
            return Ok(false);
        }
        writeln!(w, "{}", findings::skipped_json(path, what, message))?;
        Ok(true)
    }

    /// The end of a run of `check`: the summary as the last JSON line (the other formats put
    /// their sentence on standard error).
    pub fn summary(&self, w: &mut impl Write, s: &findings::Summary) -> io::Result<()> {
        if self.format != OutputFormat::FindingsJson {
            return Ok(());
        }
        writeln!(w, "{}", s.json())
    }

    /// What comes before the lines `first..=last` of a file (`path` as given, `name` as
    /// shown): the report's header and the mark, the JSON object's head, or nothing.
    pub fn lines_head(
        &mut self,
        w: &mut impl Write,
        d: &Detected,
        path: &str,
        name: &str,
        (first, last): (u64, u64),
    ) -> io::Result<()> {
        self.lines = 0;
        match self.format {
            OutputFormat::Structure => structure::head(w, d, name, self.style),
            OutputFormat::StructureJson => json::structure_head(w, d, path, first, last),
            OutputFormat::Preview
            | OutputFormat::Report
            | OutputFormat::Brief
            | OutputFormat::Json
            | OutputFormat::Findings
            | OutputFormat::FindingsJson
            | OutputFormat::Github => Ok(()),
        }
    }

    /// One line of the range.
    pub fn line(&mut self, w: &mut impl Write, l: &Line) -> io::Result<()> {
        let first = self.lines == 0;
        self.lines += 1;
        match self.format {
            OutputFormat::Structure => w.write_all(structure::line(l, self.style).as_bytes()),
            OutputFormat::StructureJson => json::structure_line(w, l, first),
            OutputFormat::Preview => w.write_all(preview::line(l).as_bytes()),
            OutputFormat::Report | OutputFormat::Brief | OutputFormat::Json => Ok(()),
            OutputFormat::Findings | OutputFormat::FindingsJson | OutputFormat::Github => Ok(()),
        }
    }

    /// What comes after the last line of a file.
    pub fn lines_end(&mut self, w: &mut impl Write) -> io::Result<()> {
        match self.format {
            OutputFormat::StructureJson => json::structure_end(w),
            OutputFormat::Structure
            | OutputFormat::Preview
            | OutputFormat::Report
            | OutputFormat::Brief
            | OutputFormat::Json
            | OutputFormat::Findings
            | OutputFormat::FindingsJson
            | OutputFormat::Github => Ok(()),
        }
    }
}

/// Terminal styling, or none.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(&self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    pub fn bold(&self, s: &str) -> String {
        self.paint("1", s)
    }
    pub fn red(&self, s: &str) -> String {
        self.paint("31", s)
    }
    pub fn yellow(&self, s: &str) -> String {
        self.paint("33", s)
    }
    pub fn green(&self, s: &str) -> String {
        self.paint("32", s)
    }
    pub fn dim(&self, s: &str) -> String {
        self.paint("2", s)
    }
}

/// "1 line", "2 lines".
pub fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Makes anything that came from a file (or a file name) safe to print: see
/// `textscope::preview::visible`.
pub fn safe(s: &str) -> String {
    textscope::preview::visible(s)
}

/// A path as shown everywhere (every subcommand, every format): its text with bytes that are
/// not UTF-8 written `\xFF`, then through [`safe`]. JSON output writes this same text, with
/// the terminal-unsafe characters as `\u` escapes (`textscope::json`).
pub fn safe_path(p: &std::path::Path) -> String {
    safe(&path_text(p.as_os_str()))
}

/// The text of a file name: valid UTF-8 as it is but for a backslash, written `\\` (issue
/// 41: so that a name holding the text `\xFF` never reads like one holding the byte FF),
/// every other byte as `\xFF`.
pub fn path_text(p: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in p.as_bytes().utf8_chunks() {
            out.push_str(&chunk.valid().replace('\\', "\\\\"));
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        p.to_string_lossy().into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use textscope::{Analyzer, Options, StructureJson, StructureOptions};

    #[test]
    fn the_structure_json_printed_is_the_cores_type() {
        let bytes = "\u{FEFF}one\r\ntwo é\nthree".as_bytes();
        let mut a = Analyzer::new(Options::default());
        a.feed(bytes);
        let (r, index) = a.finish_with_index();
        let s = textscope::structure_of(bytes, &index, 2, u64::MAX, StructureOptions::default());
        let mut p = Printer::new(OutputFormat::StructureJson, Style { color: false });
        let mut out = Vec::new();
        let d = textscope::Detected::of(bytes, true, &Options::default());
        p.lines_head(&mut out, &d, "f.txt", "f.txt", (2, u64::MAX))
            .unwrap();
        for l in &s.lines {
            p.line(&mut out, l).unwrap();
        }
        p.lines_end(&mut out).unwrap();
        let printed = String::from_utf8(out).unwrap();
        let want = StructureJson::new(&r, Some("f.txt".into()), s);
        assert_eq!(printed, textscope::json::to_string(&want).unwrap() + "\n");
        assert_eq!(want.lines.len(), 2);
    }

    #[test]
    fn each_format_shows_a_report_or_lines() {
        let lines = [
            OutputFormat::Structure,
            OutputFormat::StructureJson,
            OutputFormat::Preview,
        ];
        for f in lines {
            assert!(f.shows_lines());
        }
        for f in [
            OutputFormat::Report,
            OutputFormat::Brief,
            OutputFormat::Json,
        ] {
            assert!(!f.shows_lines());
        }
        for f in [
            OutputFormat::Findings,
            OutputFormat::FindingsJson,
            OutputFormat::Github,
        ] {
            assert!(!f.shows_lines() && f.of_findings());
        }
    }

    #[test]
    fn check_formats_are_its_format_values_and_the_report_prints_no_finding() {
        use clap::ValueEnum;
        let names: Vec<String> = OutputFormat::value_variants()
            .iter()
            .filter_map(|f| f.to_possible_value())
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(names, ["text", "json", "github"]);
        let f = findings::FindingLine {
            line: 1,
            column: 2,
            offset: 1,
            rule: "tab",
            message: "m",
        };
        let mut out = Vec::new();
        let report = Printer::new(OutputFormat::Json, Style { color: false });
        report.finding(&mut out, "a", &f).unwrap();
        assert!(!report.skipped(&mut out, "a", "binary", "m").unwrap());
        assert!(out.is_empty());
        let text = Printer::new(OutputFormat::Findings, Style { color: false });
        text.finding(&mut out, "a", &f).unwrap();
        assert_eq!(out, b"a:1:2: tab: m\n");
    }
}
