//! One file through `check`: the core's front end (`textscope::Pipeline`: the detection
//! window, detection, the replay) decides whether the file is read at all; then one decoding
//! gives the report and, when a policy rule needs the characters, the scanner's view of them
//! (`textscope::ObservedAnalyzer`). The bytes come from `input`, the only reader.

use super::rules::{self, Breach, Policy, Rule, Scanner};
use super::Outcome;
use crate::input;
use std::path::Path;
use textscope::{Analyzer, Consumer, Format, ObservedAnalyzer, Options, Pipeline, Report};

/// What detection decided for one file.
enum Run {
    /// Binary, and skipped: why detection called it binary (reading stops).
    Skipped(String),
    /// Read, with the `binary_in_text` message when detection called a text file binary.
    Read {
        reading: Reading,
        binary_in_text: Option<String>,
    },
}

/// The pass over the whole file: the report alone (on the core's fast path), or the report
/// and the scanner from the same decoding.
enum Reading {
    Report(Analyzer),
    Scanned(ObservedAnalyzer, Box<Scanner>),
}

impl Reading {
    fn new(opts: Options, policy: &Policy) -> Reading {
        if policy.needs_scan() {
            Reading::Scanned(ObservedAnalyzer::new(opts), Box::new(Scanner::new(policy)))
        } else {
            Reading::Report(Analyzer::new(opts))
        }
    }

    fn finish(self) -> (Report, Option<Scanner>) {
        match self {
            Reading::Report(a) => (a.finish(), None),
            Reading::Scanned(a, mut s) => {
                let report = a.finish(s.as_mut());
                s.finish();
                (report, Some(*s))
            }
        }
    }
}

/// The whole file, from offset 0: the analyser detects again over the window it is replayed.
impl Consumer for Run {
    fn start_offset(&self) -> u64 {
        0
    }

    fn feed(&mut self, bytes: &[u8]) {
        match self {
            Run::Read {
                reading: Reading::Report(a),
                ..
            } => a.feed(bytes),
            Run::Read {
                reading: Reading::Scanned(a, s),
                ..
            } => a.feed(bytes, s.as_mut()),
            Run::Skipped(_) => {}
        }
    }

    fn done(&self) -> bool {
        matches!(self, Run::Skipped(_))
    }
}

/// Decides from the window's report whether and how the file is read.
fn plan(
    window: &Report,
    policy: &Policy,
    include_binary: bool,
    text: Option<&str>,
    mut opts: Options,
) -> Run {
    let mut binary_in_text = None;
    if window.format == Format::Binary {
        if let Some(why) = text {
            binary_in_text = Some(binary_in_text_message(why, window));
        } else if !include_binary {
            return Run::Skipped(binary_figures(window));
        }
        opts.force = Some(Format::Utf8);
    }
    Run::Read {
        reading: Reading::new(opts, policy),
        binary_in_text,
    }
}

/// The outcome once the whole file is read.
fn finish(run: Run, policy: &Policy) -> Outcome {
    let (reading, binary_in_text) = match run {
        Run::Read {
            reading,
            binary_in_text,
        } => (reading, binary_in_text),
        Run::Skipped(why) => {
            if !policy.denies(Rule::Binary) {
                return Outcome::SkippedBinary(why);
            }
            return Outcome::Checked {
                findings: vec![Breach {
                    line: 1,
                    column: 1,
                    offset: 0,
                    rule: Rule::Binary,
                    message: format!("binary, not checked; {why}"),
                }],
                counts: [(Rule::Binary, 1)].into_iter().collect(),
            };
        }
    };
    let (report, scanner) = reading.finish();
    let (mut findings, mut counts) = rules::findings(&report, policy, scanner);
    if let Some(message) = binary_in_text {
        if policy.denies(Rule::BinaryInText) {
            counts.insert(Rule::BinaryInText, 1);
            findings.insert(
                0,
                Breach {
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

/// The `binary_in_text` message: why the file is text to the walk, and the figures that made
/// detection call it binary.
fn binary_in_text_message(why: &str, rep: &Report) -> String {
    let figures = binary_figures(rep);
    format!(
        "detected as binary ({figures}), but {why} is checked as text: its bytes are checked as UTF-8"
    )
}

/// Why detection called a file binary: the figures of the UTF-8 parser (the first tried on
/// such bytes), else of the first step.
fn binary_figures(rep: &Report) -> String {
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
    let opts = Options {
        max_problems_per_kind: max_problems,
        ..Options::default()
    };
    let text = text.as_deref();
    let mut pipeline = Pipeline::new(opts.clone(), |_, window: &Report| {
        plan(window, policy, include_binary, text, opts.clone())
    });
    input::stream(&name, &mut src, None, |chunk| pipeline.feed(chunk))?;
    let (_, _, run) = pipeline.finish();
    Ok(finish(run, policy))
}
