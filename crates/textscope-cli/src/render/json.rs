//! Every JSON object the CLI prints (report, structure, `utf16`), one per line, through the
//! core's terminal-safe writer (`textscope::json`, the one escaper).

use serde::Serialize;
use std::io::{self, Write};
use textscope::structure::Line;
use textscope::{Detected, Report, StructureJson};

/// The report of one file (`--json`): the core's object, on one line.
pub fn report(w: &mut impl Write, r: &Report) -> io::Result<()> {
    let mut json = r.to_json();
    json.push('\n');
    w.write_all(json.as_bytes())
}

/// The structure object's head (`--structure --json`), left open for its lines: they stream
/// as they are decoded, so a range of a huge file is never held whole.
pub fn structure_head(
    w: &mut impl Write,
    d: &Detected,
    path: &str,
    first: u64,
    last: u64,
) -> io::Result<()> {
    let head = StructureJson::head_detected(d, Some(path.to_string()), first, last);
    w.write_all(head.head_open().map_err(io::Error::other)?.as_bytes())
}

/// One line of the structure object's `lines` array.
pub fn structure_line(w: &mut impl Write, l: &Line, first: bool) -> io::Result<()> {
    if !first {
        w.write_all(b",")?;
    }
    textscope::json::to_writer(&mut *w, l).map_err(io::Error::other)
}

/// The end of the structure object.
pub fn structure_end(w: &mut impl Write) -> io::Result<()> {
    writeln!(w, "]}}")
}

/// Any value as one line of terminal-safe JSON (`textscope utf16 --json`).
pub fn line<T: Serialize + ?Sized>(value: &T) -> String {
    // Serializing the library's own types cannot fail (no maps with non-string keys).
    let mut s = textscope::json::to_string(value).unwrap_or_default();
    s.push('\n');
    s
}
