//! The structure view (S1) for people: the report's header, the mark, then each line with its
//! ending and, when itemised, its characters.

use super::{human, safe, Style};
use std::fmt::Write as _;
use std::io;
use textscope::structure::Line;
use textscope::{Detected, Mark};

/// What comes before the lines: the report's header, and the mark node.
pub fn head(w: &mut impl io::Write, d: &Detected, name: &str, style: Style) -> io::Result<()> {
    writeln!(w, "{}", human::header(d, name, style))?;
    if let Some(m) = &d.bom() {
        w.write_all(mark(m, style).as_bytes())?;
    }
    Ok(())
}

/// The mark node.
pub fn mark(m: &Mark, style: Style) -> String {
    format!(
        "{} offset {} length {} bytes {}\n",
        style.bold("mark"),
        m.offset,
        m.length,
        m.bytes
    )
}

/// One line node and, when itemised, its characters.
pub fn line(l: &Line, style: Style) -> String {
    let mut out = String::new();
    let ending = match &l.ending {
        Some(e) => format!("{} at {} ({})", e.kind.label(), e.offset, e.bytes),
        None => "no ending".to_string(),
    };
    out.push_str(&format!(
        "{} offset {} bytes {} chars {} ending {}",
        style.bold(&format!("line {}", l.number)),
        l.offset,
        l.length,
        l.characters,
        ending
    ));
    if !l.problems.is_empty() {
        let kinds: Vec<&str> = l.problems.iter().map(|k| k.name()).collect();
        out.push_str(&format!("  {}", style.red(&kinds.join(", "))));
    }
    out.push('\n');
    out.push_str(&format!("  │ {}", safe(&l.text)));
    if l.text_truncated {
        out.push_str(&style.dim(" … (cut)"));
    }
    out.push('\n');
    for c in &l.chars {
        // Written in place: a 1 GiB file's 100 itemised lines are thousands of rows.
        let start = out.len();
        let _ = write!(
            out,
            "  ├ {:<10} {:<12} {:<4} {:<9}",
            c.offset,
            c.bytes,
            safe(&c.text),
            c.code_point.as_deref().unwrap_or("U+FFFD")
        );
        if let Some(u) = &c.units {
            let _ = write!(out, " units {u}");
        }
        if let Some(p) = c.problem {
            out.push(' ');
            out.push_str(&style.red(p.name()));
        }
        let kept = out.get(start..).map_or(0, |row| row.trim_end().len());
        out.truncate(start + kept);
        out.push('\n');
    }
    if l.chars_omitted > 0 {
        out.push_str(&format!("  └ … {} more characters\n", l.chars_omitted));
    }
    out
}
