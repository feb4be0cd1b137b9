//! One file through `check`: the detection window, then the analyser and (when a policy rule
//! needs the characters) the scanner, streamed through `input`, the only reader.

use super::rules::{self, Finding, Policy, Rule, Scanner};
use super::Outcome;
use crate::input;
use std::path::Path;
use textscope::chars::CharDecoder;
use textscope::{Analyzer, Format, Options};

/// The streaming state for one file: the window, then the analyser and the scanner.
struct FileCheck<'a> {
    policy: &'a Policy,
    include_binary: bool,
    /// Why the walk treats the file as text, if it does.
    text: Option<String>,
    /// The `binary_in_text` message, once detection called such a file binary.
    binary_in_text: Option<String>,
    opts: Options,
    window: Vec<u8>,
    started: Option<Started>,
    /// Why detection called the file binary, once it did (and the file is skipped).
    binary: Option<String>,
}

struct Started {
    analyzer: Analyzer,
    scan: Option<(CharDecoder, Scanner)>,
}

impl FileCheck<'_> {
    fn start(&mut self, at_eof: bool) {
        let (mut index, rep) = textscope::detect_window(&self.window, at_eof, &self.opts);
        if rep.format == Format::Binary {
            if let Some(why) = &self.text {
                self.binary_in_text = Some(binary_in_text_message(why, &rep));
            } else if !self.include_binary {
                self.binary = Some(binary_figures(&rep));
                return;
            }
            self.opts.force = Some(Format::Utf8);
            index = textscope::detect_window(&self.window, at_eof, &self.opts).0;
        }
        let mut analyzer = Analyzer::new(self.opts.clone());
        analyzer.feed(&self.window);
        let mut scan = self
            .policy
            .needs_scan()
            .then(|| (CharDecoder::new(&index), Scanner::new(self.policy)));
        if let Some((d, s)) = scan.as_mut() {
            let body = self
                .window
                .get(index.mark_len as usize..)
                .unwrap_or_default();
            d.feed(body, |o, _, c| s.on(o, c));
        }
        self.window = Vec::new();
        self.started = Some(Started { analyzer, scan });
    }

    /// False once the file is known to be binary (stop reading).
    fn feed(&mut self, mut chunk: &[u8]) -> bool {
        if self.started.is_none() {
            let take = (textscope::WINDOW - self.window.len()).min(chunk.len());
            self.window.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
            if self.window.len() < textscope::WINDOW {
                return true;
            }
            self.start(false);
        }
        if let Some(st) = self.started.as_mut() {
            st.analyzer.feed(chunk);
            if let Some((d, s)) = st.scan.as_mut() {
                d.feed(chunk, |o, _, c| s.on(o, c));
            }
        }
        self.binary.is_none()
    }

    fn finish(mut self) -> Outcome {
        if self.started.is_none() && self.binary.is_none() {
            self.start(true);
        }
        let Some(st) = self.started else {
            let why = self.binary.unwrap_or_default();
            if !self.policy.denies(Rule::Binary) {
                return Outcome::SkippedBinary(why);
            }
            return Outcome::Checked {
                findings: vec![Finding {
                    line: 1,
                    column: 1,
                    offset: 0,
                    rule: Rule::Binary,
                    message: format!("binary, not checked; {why}"),
                }],
                counts: [(Rule::Binary, 1)].into_iter().collect(),
            };
        };
        let report = st.analyzer.finish();
        let scanner = st.scan.map(|(mut d, mut s)| {
            d.finish(|o, _, c| s.on(o, c));
            s.finish();
            s
        });
        let (mut findings, mut counts) = rules::findings(&report, self.policy, scanner);
        if let Some(message) = self.binary_in_text {
            if self.policy.denies(Rule::BinaryInText) {
                counts.insert(Rule::BinaryInText, 1);
                findings.insert(
                    0,
                    Finding {
                        line: 1,
                        column: 1,
                        offset: 0,
                        rule: Rule::BinaryInText,
                        message,
                    },
                );
            }
        }
        Outcome::Checked { findings, counts }
    }
}

/// The `binary_in_text` message: why the file is text to the walk, and the figures that made
/// detection call it binary.
fn binary_in_text_message(why: &str, rep: &textscope::Report) -> String {
    let figures = binary_figures(rep);
    format!(
        "detected as binary ({figures}), but {why} is checked as text: its bytes are checked as UTF-8"
    )
}

/// Why detection called a file binary: the figures of the UTF-8 parser (the first tried on
/// such bytes), else of the first step.
fn binary_figures(rep: &textscope::Report) -> String {
    let steps = &rep.detection.steps;
    let step = steps
        .iter()
        .find(|s| s.format == Format::Utf8)
        .or_else(|| steps.first());
    step.map_or_else(
        || "no text format accepted it".to_string(),
        |s| {
            let reason = s.reason.strip_prefix("binary: ").unwrap_or(&s.reason);
            format!("as {}: {reason}", s.format)
        },
    )
}

/// Checks one file against a policy (the library-style entry point the tests use).
pub fn check_file(
    path: &Path,
    policy: &Policy,
    include_binary: bool,
    text: Option<String>,
    max_problems: usize,
) -> Result<Outcome, input::InputError> {
    let name = path.to_string_lossy();
    let (mut src, _) = input::open_path(path, &name)?;
    let mut fc = FileCheck {
        policy,
        include_binary,
        text,
        binary_in_text: None,
        opts: Options {
            max_problems_per_kind: max_problems,
            ..Options::default()
        },
        window: Vec::with_capacity(textscope::WINDOW),
        started: None,
        binary: None,
    };
    input::stream(&name, &mut src, None, |chunk| fc.feed(chunk))?;
    Ok(fc.finish())
}
