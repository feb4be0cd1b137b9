//! The tables of `textscope utf16` (SPEC §8): an inspected text (I1) and a validation (I2).
//! Everything shown from the user's input goes through [`visible`] (the one sanitiser).

use super::{plural, Style};
use textscope::preview::{push_visible, visible};
use textscope::utf16::{ByteOrder, Inspection, Validation};

/// Lays out rows of ASCII cells in columns two spaces apart; the last cell is left unpadded
/// (it holds the character, whose width on screen varies).
fn table(header: &[&str], rows: &[Vec<String>], style: Style) -> String {
    let cols = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| -> String {
        let mut s = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i + 1 == cols {
                s.push_str(cell);
            } else {
                let pad = widths[i] - cell.chars().count();
                s.push_str(cell);
                s.push_str(&" ".repeat(pad + 2));
            }
        }
        s.trim_end().to_owned()
    };
    let mut out = style.bold(&line(header.iter().map(|h| (*h).to_owned()).collect()));
    out.push('\n');
    for row in rows {
        out.push_str(&line(row.clone()));
        out.push('\n');
    }
    out
}

/// The table of an inspected text (I1): one row per code point, then the derivation of each
/// surrogate pair, then the totals.
pub fn inspection(ins: &Inspection, style: Style) -> String {
    let mut out = format!("{} \"{}\"\n", style.bold("text"), visible(&ins.text));
    let rows: Vec<Vec<String>> = ins
        .code_points
        .iter()
        .map(|c| {
            let plane = match c.plane.abbr {
                Some(a) => format!("{} {a}", c.plane.number),
                None => format!("{} unassigned", c.plane.number),
            };
            let mut shown = String::new();
            push_visible(c.character, &mut shown);
            vec![
                c.index.to_string(),
                c.code_point.clone(),
                c.label.clone(),
                plane,
                c.utf16.join(" "),
                c.utf16be.clone(),
                c.utf16le.clone(),
                shown,
            ]
        })
        .collect();
    if !rows.is_empty() {
        let header = [
            "#",
            "code point",
            "name",
            "plane",
            "UTF-16",
            "UTF-16BE",
            "UTF-16LE",
            "char",
        ];
        out.push_str(&table(&header, &rows, style));
    }
    for c in &ins.code_points {
        let Some(d) = &c.derivation else { continue };
        out.push_str(&format!(
            "\n{} {} → surrogate pair {}\n",
            style.bold("derivation of"),
            c.code_point,
            c.utf16.join(" ")
        ));
        let what = d
            .steps
            .iter()
            .map(|s| s.what.chars().count())
            .max()
            .unwrap_or(0);
        for (i, s) in d.steps.iter().enumerate() {
            let pad = " ".repeat(what - s.what.chars().count());
            out.push_str(&format!(
                "  {}{pad}  {} = {}",
                s.what, s.expression, s.result
            ));
            if i == 0 {
                out.push_str(&style.dim(&format!("  (bits {})", d.bits)));
            }
            out.push('\n');
        }
    }
    let t = &ins.totals;
    out.push_str(&format!(
        "\n{} {}, {}, {}, {}\n",
        style.bold("totals"),
        plural(t.code_points as u64, "code point", "code points"),
        plural(t.utf16_units as u64, "UTF-16 unit", "UTF-16 units"),
        plural(t.bytes as u64, "byte", "bytes"),
        plural(t.graphemes as u64, "grapheme cluster", "grapheme clusters"),
    ));
    out
}

/// The report of a validation (I2): the verdict or the headline first, the units, every error,
/// and, when well-formed, the inspection of the decoded text.
pub fn validation(v: &Validation, style: Style) -> String {
    let mut out = String::new();
    match &v.headline {
        None => out.push_str(&format!(
            "{}: {} → {}\n",
            style.green("well-formed"),
            plural(v.units.len() as u64, "unit", "units"),
            plural(
                v.decoded.as_ref().map_or(0, |d| d.totals.code_points) as u64,
                "code point",
                "code points"
            ),
        )),
        Some(h) => out.push_str(&format!(
            "{}: {} at unit {}\n",
            style.red("not well-formed"),
            style.red(h.class.as_str()),
            h.position
        )),
    }
    if let (Some(order), Some(n)) = (v.byte_order, v.byte_count) {
        let order = match order {
            ByteOrder::Be => "BE",
            ByteOrder::Le => "LE",
        };
        out.push_str(&format!("{} {}, {order}\n", style.bold("bytes"), n));
    }
    let units: Vec<String> = v
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| format!("{} {u}", style.dim(&format!("[{i}]"))))
        .collect();
    out.push_str(&format!("{} {}\n", style.bold("units"), units.join("  ")));
    if !v.errors.is_empty() {
        out.push_str(&format!(
            "{}\n",
            style.bold(&format!("errors ({})", v.errors.len()))
        ));
        for e in &v.errors {
            let at = match e.byte_offset {
                Some(b) => format!("unit {}, byte {b}", e.position),
                None => format!("unit {}", e.position),
            };
            out.push_str(&format!(
                "  {} at {at}: {}\n",
                style.red(e.class.as_str()),
                visible(&e.message)
            ));
        }
        out.push_str(&format!(
            "{} \"{}\" (U+FFFD for each bad unit)\n",
            style.bold("as text"),
            visible(&v.lossy)
        ));
    }
    if let Some(d) = &v.decoded {
        out.push('\n');
        out.push_str(&inspection(d, style));
    }
    out
}
