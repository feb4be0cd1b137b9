//! The report for people: a first line like file(1)'s, then the details.

use super::{plural, safe, Style};
use textscope::{Format, Report};

/// What the file is, in the words of the first line (without the path).
pub fn describe(r: &Report) -> String {
    if !r.format.is_text() {
        return kind(r, true);
    }
    let mut parts = vec![kind(r, true)];
    if r.bom.is_some() {
        parts.push("with byte order mark".to_string());
    }
    let present = r.endings.present();
    match present.as_slice() {
        [] if r.lines > 0 => parts.push("no line endings".to_string()),
        [] => {}
        [(k, _)] => parts.push(format!("{} line endings", k.label())),
        many => {
            let list: Vec<String> = many
                .iter()
                .map(|(k, n)| format!("{n} {}", k.label()))
                .collect();
            parts.push(format!("mixed line endings ({})", list.join(", ")));
        }
    }
    parts.push(plural(r.lines, "line", "lines"));
    if let Some(l) = r.longest_line {
        parts.push(format!(
            "longest {}",
            plural(l.characters, "character", "characters")
        ));
    }
    let total = r.problem_total();
    if total > 0 {
        parts.push(plural(total, "problem", "problems"));
    }
    parts.join(", ")
}

/// The first line: `path: description`.
pub fn brief(r: &Report, name: &str, style: Style) -> String {
    let mut d = describe(r);
    if r.problem_total() > 0 {
        // Colour the problem count only.
        if let Some(i) = d.rfind(", ") {
            let (head, tail) = d.split_at(i + 2);
            d = format!("{head}{}", style.red(tail));
        }
    }
    format!("{}: {d}", style.bold(&safe(name)))
}

/// The whole report for people.
pub fn full(r: &Report, name: &str, style: Style) -> String {
    let mut out = String::new();
    out.push_str(&brief(r, name, style));
    out.push('\n');
    let label = |s: &str| style.dim(&format!("  {s:<11}"));
    let field = |out: &mut String, name: &str, value: String| {
        out.push_str(&label(name));
        out.push_str(&value);
        out.push('\n');
    };
    let mut enc = r.encoding.clone();
    if let Some(m) = &r.bom {
        enc.push_str(&format!(", byte order mark {}", m.bytes));
    }
    if r.format.is_text() {
        field(&mut out, "encoding", enc);
    }
    let steps: Vec<String> = r
        .detection
        .steps
        .iter()
        .map(|s| {
            format!(
                "{}: {}: {}",
                s.format,
                if s.accepted {
                    "accepted"
                } else {
                    "turned down"
                },
                s.reason
            )
        })
        .collect();
    for (i, s) in steps.iter().enumerate() {
        field(&mut out, if i == 0 { "detection" } else { "" }, s.clone());
    }
    field(&mut out, "size", plural(r.size, "byte", "bytes"));
    if !r.format.is_text() {
        return out;
    }
    let lines = match r.longest_line {
        Some(l) if r.lines > 0 => format!(
            "{} (longest: line {}, {})",
            r.lines,
            l.line,
            plural(l.characters, "character", "characters")
        ),
        _ => r.lines.to_string(),
    };
    field(&mut out, "lines", lines);
    field(&mut out, "characters", r.characters.to_string());
    let present = r.endings.present();
    let endings = if present.is_empty() {
        "none".to_string()
    } else {
        present
            .iter()
            .map(|(k, n)| format!("{n} {}", k.label()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    field(&mut out, "endings", endings);
    let total = r.problem_total();
    if total == 0 {
        field(&mut out, "problems", style.green("none"));
    } else {
        let by_kind: Vec<String> = textscope::ProblemKind::ALL
            .iter()
            .filter(|k| r.problem_counts.get(**k) > 0)
            .map(|k| format!("{} {}", r.problem_counts.get(*k), k.name()))
            .collect();
        field(
            &mut out,
            "problems",
            style.red(&format!("{total} ({})", by_kind.join(", "))),
        );
        for p in &r.problems {
            let at = format!("{}:{}", p.line, p.column);
            out.push_str(&format!(
                "    {at:<10} offset {:<8} {:<14} {}: {}\n",
                p.offset,
                p.bytes,
                style.red(p.kind.name()),
                safe(&p.message)
            ));
        }
        if r.problems_omitted > 0 {
            out.push_str(&format!(
                "    … and {} more not listed (raise --max-problems to see them)\n",
                r.problems_omitted
            ));
        }
    }
    let found = r.finding_counts.total();
    if found > 0 {
        // Bidi controls and invisible characters: not SPEC problems, listed apart.
        let by_kind: Vec<String> = textscope::FindingKind::ALL
            .iter()
            .filter(|k| r.finding_counts.get(**k) > 0)
            .map(|k| format!("{} {}", r.finding_counts.get(*k), k.name()))
            .collect();
        field(
            &mut out,
            "findings",
            style.yellow(&format!("{found} ({})", by_kind.join(", "))),
        );
        for f in &r.findings {
            let at = format!("{}:{}", f.line, f.column);
            out.push_str(&format!(
                "    {at:<10} offset {:<8} {:<14} {}: {}\n",
                f.offset,
                f.bytes,
                style.yellow(f.kind.name()),
                safe(&f.message)
            ));
        }
        if r.findings_omitted > 0 {
            out.push_str(&format!(
                "    … and {} more not listed (raise --max-problems to see them)\n",
                r.findings_omitted
            ));
        }
    }
    if !r.notes.is_empty() {
        for (i, n) in r.notes.iter().enumerate() {
            field(
                &mut out,
                if i == 0 { "notes" } else { "" },
                style.yellow(&safe(&n.message)),
            );
        }
    }
    out
}

/// What kind of file: "UTF-16LE text", "ASCII text" (when `ascii_known`), "binary data …".
fn kind(r: &Report, ascii_known: bool) -> String {
    match r.format {
        Format::Empty => "empty".to_string(),
        Format::Binary => "binary data (no text format accepted it)".to_string(),
        Format::Utf8 if ascii_known && r.ascii && r.bom.is_none() => "ASCII text".to_string(),
        Format::Legacy => format!("{} text (legacy code page)", r.encoding),
        _ => format!("{} text", r.encoding),
    }
}

/// The header of the structure view: what the file is, from the detection window (which
/// cannot tell whether the whole file is ASCII).
pub fn header(r: &Report, name: &str, style: Style) -> String {
    let mut what = kind(r, false);
    if r.bom.is_some() {
        what.push_str(", with byte order mark");
    }
    format!("{}: {what}", style.bold(&safe(name)))
}
