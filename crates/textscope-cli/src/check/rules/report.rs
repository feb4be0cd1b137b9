//! The findings of one file that the report gives: its problems and notes, the `ansi_escape`
//! findings, and the policy checks on the whole file (`bom`, `encoding`); with the scanner's.

use super::{Breach, Policy, Rule, Scanner};
use std::collections::BTreeMap;
use textscope::{Format, ProblemKind, Report};

/// The findings for one file: the report's problems and notes, the policy checks on the whole
/// file, and the scanner's findings. Sorted by line, column, rule. Counts are exact.
pub fn findings(
    r: &Report,
    p: &Policy,
    scan: Option<Scanner>,
) -> (Vec<Breach>, BTreeMap<Rule, u64>) {
    let mut out = Vec::new();
    let mut counts: BTreeMap<Rule, u64> = BTreeMap::new();
    for k in ProblemKind::ALL {
        let rule = Rule::Problem(k);
        let n = r.problem_counts.get(k);
        if n > 0 && p.denies(rule) {
            counts.insert(rule, n);
        }
    }
    for pr in &r.problems {
        let rule = Rule::Problem(pr.kind);
        if p.denies(rule) {
            out.push(Breach {
                line: pr.line,
                column: pr.column,
                offset: pr.offset,
                rule,
                message: pr.message.clone(),
            });
        }
    }
    // `mojibake` and `mixed_encoding` (off by default): the report's findings of that kind.
    for (rule, kind) in [
        (Rule::Mojibake, textscope::FindingKind::Mojibake),
        (Rule::MixedEncoding, textscope::FindingKind::MixedEncoding),
    ] {
        let all = r.finding_counts.get(kind);
        if !p.denies(rule) || all == 0 {
            continue;
        }
        counts.insert(rule, all);
        for f in r.findings.iter().filter(|f| f.kind == kind) {
            out.push(Breach {
                line: f.line,
                column: f.column,
                offset: f.offset,
                rule,
                message: f.message.clone(),
            });
        }
    }
    if p.denies(Rule::AnsiEscape) {
        let listed = r.findings.iter().filter(|f| {
            f.kind == textscope::FindingKind::AnsiEscape
                && (p.ansi_all || f.dangerous == Some(true))
        });
        for f in listed {
            *counts.entry(Rule::AnsiEscape).or_insert(0) += f.count.max(1);
            out.push(Breach {
                line: f.line,
                column: f.column,
                offset: f.offset,
                rule: Rule::AnsiEscape,
                message: f.message.clone(),
            });
        }
        let all = r.finding_counts.get(textscope::FindingKind::AnsiEscape);
        if p.ansi_all && all > 0 {
            // Exact, listed or not.
            counts.insert(Rule::AnsiEscape, all);
        }
    }
    // `trojan-source` (denied by default): the report's own `bidi_control` findings, so that
    // the default keeps the core's fast path; with `bidi` denied they are the scanner's.
    if p.denies(Rule::TrojanSource) && !p.denies(Rule::Bidi) {
        let kind = textscope::FindingKind::BidiControl;
        for f in r.findings.iter().filter(|f| f.kind == kind) {
            let c = f
                .code_point
                .strip_prefix("U+")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .and_then(char::from_u32);
            let mut message = match c {
                Some(c) => super::scan::finding_message(kind, c),
                None => f.message.clone(),
            };
            if f.count > 1 {
                let more = f.count - 1;
                message.push_str(&format!(" (and {more} more touching it)"));
            }
            out.push(Breach {
                line: f.line,
                column: f.column,
                offset: f.offset,
                rule: Rule::TrojanSource,
                message,
            });
        }
        let n = r.finding_counts.get(kind);
        if n > 0 {
            counts.insert(Rule::TrojanSource, n);
        }
    }
    let mut whole = |rule: Rule, message: String| {
        *counts.entry(rule).or_insert(0) += 1;
        out.push(Breach {
            line: 1,
            column: 1,
            offset: 0,
            rule,
            message,
        });
    };
    if r.format.is_text() {
        if p.denies(Rule::Bom) {
            match (&r.bom, p.bom_required) {
                (Some(m), false) => whole(
                    Rule::Bom,
                    format!(
                        "byte order mark {} ({}) at the start of the file",
                        m.bytes, r.format
                    ),
                ),
                (None, true) => whole(
                    Rule::Bom,
                    "no byte order mark at the start of the file".into(),
                ),
                _ => {}
            }
        }
        if p.denies(Rule::Encoding) && !p.encodings.iter().any(|a| a.accepts(r)) {
            let allowed: Vec<String> = p.encodings.iter().map(|a| a.name()).collect();
            let enc = if r.format == Format::Legacy {
                format!("legacy code page {}", r.encoding.to_lowercase())
            } else {
                r.format.name().to_string()
            };
            whole(
                Rule::Encoding,
                format!(
                    "{enc} is not an allowed encoding (allowed: {})",
                    allowed.join(", ")
                ),
            );
        }
    }
    if let Some(s) = scan {
        let last_col = s.last_col;
        for (r, n) in &s.counts {
            *counts.entry(*r).or_insert(0) += n;
        }
        out.extend(s.findings);
        if p.denies(Rule::FinalNewline) {
            for n in &r.notes {
                *counts.entry(Rule::FinalNewline).or_insert(0) += 1;
                out.push(Breach {
                    line: n.line,
                    column: last_col + 1,
                    offset: n.offset,
                    rule: Rule::FinalNewline,
                    message: "no line ending at the end of the file".to_string(),
                });
            }
        }
    }
    out.sort_by(|a, b| {
        (a.line, a.column, a.offset, a.rule).cmp(&(b.line, b.column, b.offset, b.rule))
    });
    (out, counts)
}
