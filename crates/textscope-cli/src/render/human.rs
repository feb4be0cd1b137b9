//! The report for people: a first line like file(1)'s, then the details.

use super::{plural, safe, Style};
use textscope::{Detected, Format, Report};

/// What the file is, in the words of the first line (without the path).
pub fn describe(r: &Report) -> String {
    if !r.format.is_text() {
        return kind(&Kind::of(r), true);
    }
    let mut parts = vec![kind(&Kind::of(r), true)];
    if let Some(except) = except(r) {
        parts.push(except);
    }
    let mojibake = r.finding_counts.get(textscope::FindingKind::Mojibake);
    if mojibake > 0 {
        let lines = r
            .findings
            .iter()
            .filter(|f| f.kind == textscope::FindingKind::Mojibake)
            .map(|f| f.line);
        let (first, last) = lines.fold((u64::MAX, 0), |(a, b), l| (a.min(l), b.max(l)));
        let at = match first == last {
            true => format!("line {first}"),
            false => format!("lines {first}\u{2013}{last}"),
        };
        parts.push(format!("mojibake on {at}"));
    }
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

/// Below this confidence a code page is a guess, and the report says so (SPEC D12, D13).
const SURE: f64 = 0.8;

/// Fewer bytes above 7F than this show little (SPEC D13).
const FEW_HIGH: u64 = 16;

/// How sure the named code page is, when it is a guess or rests on a few bytes: "; low
/// confidence: 0.41; next: windows-1257" or "; confidence 0.93, from 3 bytes above 7F only".
fn guess_note(r: &Report) -> Option<String> {
    if r.format != Format::Legacy {
        return None;
    }
    let c = r.detection.confidence?;
    let high = r
        .detection
        .steps
        .iter()
        .rev()
        .find(|s| s.format == Format::Legacy)
        .and_then(|s| s.figures.get("high_bytes").copied());
    let few = high
        .filter(|&h| h < FEW_HIGH)
        .map(|h| {
            format!(
                ", from {} only",
                plural(h, "byte above 7F", "bytes above 7F")
            )
        })
        .unwrap_or_default();
    if c < SURE {
        let next = r
            .detection
            .candidates
            .get(1)
            .map(|n| format!("; next: {}", safe(&n.encoding)))
            .unwrap_or_default();
        Some(format!("; low confidence: {c:.2}{few}{next}"))
    } else if !few.is_empty() {
        Some(format!("; confidence {c:.2}{few}"))
    } else {
        None
    }
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
    if let Some(guess) = guess_note(r) {
        enc.push_str(&guess);
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
        if let Some(t) = &r.text_reading {
            text_reading(&mut out, t, name, style);
        }
        hints(&mut out, r, style);
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
            out.push_str(&item(
                (p.line, p.column),
                (p.offset, p.length, p.count),
                &p.bytes,
                &style.red(p.kind.name()),
                &p.message,
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
            out.push_str(&item(
                (f.line, f.column),
                (f.offset, f.length, f.count),
                &f.bytes,
                &style.yellow(f.kind.name()),
                &f.message,
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
    hints(&mut out, r, style);
    out
}

/// One listed problem or finding: where (a run: its first character, and its byte range),
/// its bytes (a run's first character's, then `…`), its kind and message.
fn item(at: (u64, u64), span: (u64, u64, u64), bytes: &str, kind: &str, message: &str) -> String {
    let (offset, length, count) = span;
    let at = format!("{}:{}", at.0, at.1);
    let (offset, bytes) = if count > 1 {
        (
            format!("{offset}–{}", offset + length.saturating_sub(1)),
            format!("{bytes} …"),
        )
    } else {
        (offset.to_string(), bytes.to_string())
    };
    format!(
        "    {at:<10} offset {offset:<8} {bytes:<14} {kind}: {}\n",
        safe(message)
    )
}

/// Items of the text reading shown before the rest is left to `-e`.
const READING_ITEMS: usize = 10;

/// A binary file's best text reading, under a plain heading, ending with the command that
/// reads it so.
fn text_reading(out: &mut String, t: &Report, name: &str, style: Style) {
    let mut what = vec![
        plural(t.lines, "line", "lines"),
        plural(t.problem_total(), "problem", "problems"),
    ];
    let by_kind: Vec<String> = textscope::ProblemKind::ALL
        .iter()
        .filter(|k| t.problem_counts.get(**k) > 0)
        .map(|k| format!("{} {}", t.problem_counts.get(*k), k.name()))
        .collect();
    if !by_kind.is_empty() {
        what.push(format!("({})", by_kind.join(", ")));
    }
    if t.finding_counts.total() > 0 {
        what.push(plural(t.finding_counts.total(), "finding", "findings"));
    }
    out.push_str(&format!(
        "  {} {}\n",
        style.bold(&format!("Read as {} text anyway:", t.encoding)),
        what.join(", ").replace(", (", " (")
    ));
    let problems = t.problems.iter().map(|p| {
        item(
            (p.line, p.column),
            (p.offset, p.length, p.count),
            &p.bytes,
            &style.red(p.kind.name()),
            &p.message,
        )
    });
    let findings = t.findings.iter().map(|f| {
        item(
            (f.line, f.column),
            (f.offset, f.length, f.count),
            &f.bytes,
            &style.yellow(f.kind.name()),
            &f.message,
        )
    });
    let listed = t.problems.len() + t.findings.len();
    for line in problems.chain(findings).take(READING_ITEMS) {
        out.push_str(&line);
    }
    if listed > READING_ITEMS {
        out.push_str(&format!(
            "    … and {} more items\n",
            listed - READING_ITEMS
        ));
    }
    out.push_str(&format!(
        "  To read it so: textscope -e {} {}\n",
        t.encoding.to_lowercase(),
        shell_word(&safe(name))
    ));
}

/// A name as one shell word: as it is when it is plain, else in single quotes.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || "-_./+,:@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// The hints, one final line each: `hint: …: try -e utf-16le` (the core's message names the
/// encoding to force, as the page shows it too).
fn hints(out: &mut String, r: &Report, style: Style) {
    for h in &r.hints {
        out.push_str(&style.yellow(&format!("hint: {}", safe(&h.message))));
        out.push('\n');
    }
}

/// The segments in another encoding than the file's, in the first line's words: "except lines
/// 10–13 (windows-1252)" (at most three named, then how many more).
fn except(r: &Report) -> Option<String> {
    let other: Vec<String> = r
        .segments
        .iter()
        .filter(|s| s.encoding != r.encoding)
        .map(|s| {
            let lines = match s.first_line == s.last_line {
                true => format!("line {}", s.first_line),
                false => format!("lines {}\u{2013}{}", s.first_line, s.last_line),
            };
            format!("{lines} ({})", safe(&s.encoding))
        })
        .collect();
    match other.len() {
        0 => None,
        1..=3 => Some(format!("except {}", other.join(", "))),
        n => Some(format!(
            "except {} and {} more stretches",
            other.get(..3).unwrap_or_default().join(", "),
            n - 3
        )),
    }
}

/// What kind of file: "UTF-16LE text", "ASCII text" (when `ascii_known`), "binary data …".
/// What the first words of a header say of a file: from its report, or from what detection
/// found before the file was read.
struct Kind<'a> {
    format: Format,
    encoding: String,
    container: Option<&'a textscope::Container>,
    ascii: bool,
    marked: bool,
}

impl<'a> Kind<'a> {
    fn of(r: &'a Report) -> Kind<'a> {
        Kind {
            format: r.format,
            encoding: r.encoding.clone(),
            container: r.container.as_ref(),
            ascii: r.ascii,
            marked: r.bom.is_some(),
        }
    }

    fn detected(d: &'a Detected) -> Kind<'a> {
        Kind {
            format: d.format,
            encoding: d.encoding_name(),
            container: d.container.as_ref(),
            ascii: false,
            marked: d.mark_len > 0,
        }
    }
}

fn kind(r: &Kind<'_>, ascii_known: bool) -> String {
    match r.format {
        Format::Empty => "empty".to_string(),
        Format::Binary => match r.container {
            Some(c) => format!("{} ({}), binary data", container_words(c), c.mime),
            None => "binary data (no text format accepted it)".to_string(),
        },
        Format::Utf8 if ascii_known && r.ascii && !r.marked => "ASCII text".to_string(),
        Format::Legacy => format!("{} text (legacy code page)", r.encoding),
        _ => format!("{} text", r.encoding),
    }
}

/// A container in words: "PNG image", "ZIP archive", "PDF document".
fn container_words(c: &textscope::Container) -> String {
    let top = c.mime.split('/').next().unwrap_or_default();
    let noun = match top {
        "image" => "image",
        "audio" => "audio",
        "video" => "video",
        "font" => "font",
        _ if c.mime.contains("zip")
            || c.mime.contains("tar")
            || c.mime.contains("compressed")
            || c.mime.contains("gzip")
            || c.mime.contains("x-7z")
            || c.mime.contains("rar") =>
        {
            "archive"
        }
        _ if c.mime.contains("pdf") => "document",
        _ if c.mime.contains("executable") || c.mime.contains("elf") => "executable",
        _ => "file",
    };
    format!("{} {noun}", safe(&c.name))
}

/// The header of the structure view: what the file is, from the detection window (which
/// cannot tell whether the whole file is ASCII).
pub fn header(d: &Detected, name: &str, style: Style) -> String {
    let k = Kind::detected(d);
    let mut what = kind(&k, false);
    if k.marked {
        what.push_str(", with byte order mark");
    }
    format!("{}: {what}", style.bold(&safe(name)))
}

#[cfg(test)]
mod tests;
