//! One file through `check`: the core's front end (`textscope::Front`: the detection window,
//! detection once, the replay) decides whether the file is read at all; then one decoding
//! gives the report and, when a policy rule needs the characters, the scanner's view of them
//! (`textscope::ObservedConsumer`). The bytes come from `input`, the only reader.

use super::rules::{self, Breach, Policy, RawScan, Rule, Scanner};
use super::Outcome;
use crate::input;
use std::path::Path;
use textscope::{
    Consumer, Detected, Format, Front, ObservedConsumer, Options, Report, ReportConsumer, Window,
};

/// What detection decided for one file.
enum Run {
    /// Binary, and skipped: why detection called it binary; its bytes still go through the
    /// byte gate of `bidi` and `trojan-source` when one is denied (else reading stops).
    Skipped(String, Option<Box<RawScan>>),
    /// Read, with the `binary_in_text` message when detection called a text file binary, and
    /// the byte gate when the decoding does not see UTF-8 (or UTF-16) bytes as Unicode.
    Read {
        reading: Box<Reading>,
        binary_in_text: Option<String>,
        raw: Option<Box<RawScan>>,
    },
}

/// The pass over the whole file: the report alone (on the core's fast path), or the report
/// and the scanner from the same decoding; with what they were made from.
enum Reading {
    Report(Detected, Box<ReportConsumer>),
    Scanned(Detected, Box<ObservedConsumer<Scanner>>),
}

impl Reading {
    fn new(detected: Detected, window: Window<'_>, opts: &Options, policy: &Policy) -> Reading {
        // The segments and mojibake only when a rule asks for them (docs/check.md).
        let twofold = policy.denies(Rule::Mojibake) || policy.denies(Rule::MixedEncoding);
        if policy.needs_scan() {
            let mut c = ObservedConsumer::new(&detected, opts, Scanner::new(policy));
            // Without their rules, a file that changes layout is still read as the report
            // reads it (docs/mojibake.md G9).
            c = match twofold {
                true => c.with_segments(&detected, window),
                false => c.with_switches(&detected, window),
            };
            Reading::Scanned(detected, Box::new(c))
        } else {
            let mut c = ReportConsumer::new(&detected, opts);
            c = match twofold {
                true => c.with_segments(&detected, window),
                false => c.with_switches(&detected, window),
            };
            Reading::Report(detected, Box::new(c))
        }
    }

    fn finish(self, size: u64) -> (Report, Option<Scanner>) {
        match self {
            Reading::Report(d, c) => (c.finish(d, size).0, None),
            Reading::Scanned(d, c) => {
                let (report, _, mut s) = c.finish(d, size);
                s.finish();
                (report, Some(s))
            }
        }
    }
}

/// The whole file behind the front end: the report's consumer, made from the detection the
/// front end ran (or, for a binary file read as text, from the window read again as UTF-8).
impl Consumer for Run {
    fn start_offset(&self) -> u64 {
        match self {
            Run::Read { reading, .. } => match reading.as_ref() {
                Reading::Report(_, c) => c.start_offset(),
                Reading::Scanned(_, c) => c.start_offset(),
            },
            Run::Skipped(..) => 0,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        match self {
            Run::Read { reading, raw, .. } => {
                if let Some(r) = raw {
                    r.feed(bytes);
                }
                match reading.as_mut() {
                    Reading::Report(_, c) => c.feed(bytes),
                    Reading::Scanned(_, c) => c.feed(bytes),
                }
            }
            Run::Skipped(_, Some(r)) => r.feed(bytes),
            Run::Skipped(_, None) => {}
        }
    }

    fn done(&self) -> bool {
        matches!(self, Run::Skipped(_, None))
    }
}

/// Decides from what detection found whether and how the file is read.
fn plan(
    detected: &Detected,
    window: Window<'_>,
    policy: &Policy,
    include_binary: bool,
    text: Option<&str>,
    opts: &Options,
) -> Run {
    let mut binary_in_text = None;
    let mut detected = detected.clone();
    // A script (`#!` first) is text to `check`, whatever its name (issue 41, item 3).
    let script = window
        .bytes
        .starts_with(b"#!")
        .then_some("a script (#! first)");
    // The byte gate runs when the verdict does not decode the bytes as Unicode (a code page,
    // binary): UTF-8 sequences unless the file is then read as UTF-8, and UTF-16 units.
    let unicode = detected.format.is_text() && detected.format != Format::Legacy;
    // A binary file read on is read as UTF-8: its UTF-8 sequences are the scanner's.
    let utf8 = detected.format != Format::Binary;
    if detected.format == Format::Binary {
        if let Some(why) = text.or(script) {
            binary_in_text = Some(binary_in_text_message(why, &detected));
        } else if !include_binary {
            // Only with `bidi` denied: the default `trojan-source` does not read every binary
            // file to its end (nor find three bytes by chance in a large image).
            let raw = policy
                .denies(Rule::Bidi)
                .then(|| RawScan::new(policy, true, 0).map(Box::new))
                .flatten();
            return Run::Skipped(binary_figures(&detected), raw);
        }
        let forced = Options {
            force: Some(Format::Utf8),
            ..opts.clone()
        };
        detected = Detected::of(window.bytes, window.at_eof, &forced);
    }
    let reading = Box::new(Reading::new(detected, window, opts, policy));
    let raw = if unicode {
        None
    } else {
        let start = match reading.as_ref() {
            Reading::Report(_, c) => c.start_offset(),
            Reading::Scanned(_, c) => c.start_offset(),
        };
        RawScan::new(policy, utf8, start).map(Box::new)
    };
    Run::Read {
        reading,
        binary_in_text,
        raw,
    }
}

/// The outcome once the whole file (`size` bytes) is read.
fn finish(run: Run, size: u64, policy: &Policy) -> Outcome {
    let (reading, binary_in_text, raw) = match run {
        Run::Read {
            reading,
            binary_in_text,
            raw,
        } => (reading, binary_in_text, raw),
        Run::Skipped(why, raw) => {
            let raw = raw.filter(|r| !r.findings.is_empty() || !r.counts.is_empty());
            if !policy.denies(Rule::Binary) && raw.is_none() {
                return Outcome::SkippedBinary(why);
            }
            let mut findings = Vec::new();
            let mut counts = std::collections::BTreeMap::new();
            if policy.denies(Rule::Binary) {
                findings.push(Breach {
                    line: 1,
                    column: 1,
                    offset: 0,
                    rule: Rule::Binary,
                    message: format!("binary, not checked; {why}"),
                });
                counts.insert(Rule::Binary, 1);
            }
            if let Some(r) = raw {
                merge_raw(&mut findings, &mut counts, *r);
            }
            return Outcome::Checked { findings, counts };
        }
    };
    let (report, scanner) = reading.finish(size);
    let (mut findings, mut counts) = rules::findings(&report, policy, scanner);
    if let Some(r) = raw {
        merge_raw(&mut findings, &mut counts, *r);
    }
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

/// Adds the byte gate's findings, in order of place, one per place.
fn merge_raw(
    findings: &mut Vec<Breach>,
    counts: &mut std::collections::BTreeMap<Rule, u64>,
    raw: RawScan,
) {
    for (rule, n) in raw.counts {
        *counts.entry(rule).or_insert(0) += n;
    }
    findings.extend(raw.findings);
    findings.sort_by(|a, b| {
        (a.line, a.column, a.offset, a.rule).cmp(&(b.line, b.column, b.offset, b.rule))
    });
}

/// The `binary_in_text` message: why the file is text to the walk, and the figures that made
/// detection call it binary.
fn binary_in_text_message(why: &str, d: &Detected) -> String {
    let figures = binary_figures(d);
    format!(
        "detected as binary ({figures}), but {why} is checked as text: its bytes are checked as UTF-8"
    )
}

/// Why detection called a file binary: the figures of the UTF-8 parser (the first tried on
/// such bytes), else of the first step.
fn binary_figures(d: &Detected) -> String {
    let steps = &d.steps;
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
    let mut front = Front::new(opts.clone(), |d: &Detected, window| {
        plan(d, window, policy, include_binary, text, &opts)
    });
    input::stream(&name, &mut src, None, |chunk| front.feed(chunk))?;
    let size = front.position();
    let (_, run) = front.finish();
    Ok(finish(run, size, policy))
}
