//! The structure as JSON, one type for every face: `textscope --structure --json` prints it
//! (one object per file, its lines streamed) and the wasm adapter hands it to the page.

use super::{Line, Structure};
use crate::format::Format;
use crate::front::Detected;
use crate::report::{Mark, Report, SCHEMA_VERSION};
use serde::{Deserialize, Serialize, Serializer};

/// The structure of a line range with what the report says of the file.
///
/// The fields are declared in the order they are written (names in alphabetical order, then
/// `lines`), so that a printer can write the head and then stream the lines into the array
/// that ends the object (see [`StructureJson::head_open`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructureJson {
    /// The byte order mark, as in the report (its fields written in alphabetical order too).
    #[serde(serialize_with = "mark_in_order")]
    pub bom: Option<Mark>,
    /// The encoding, as in the report.
    pub encoding: String,
    /// The first line asked for.
    pub first_line: u64,
    /// The file's format, as in the report (`binary` for a binary file read as text).
    pub format: Format,
    /// The last line asked for; `None` (null) when the range is open.
    pub last_line: Option<u64>,
    /// The path as given (null where there is none, as in the page).
    pub path: Option<String>,
    /// The JSON schema version ([`SCHEMA_VERSION`]).
    pub schema: u32,
    /// The lines in range that exist.
    pub lines: Vec<Line>,
}

impl StructureJson {
    /// The object for lines `first..=last` (`last` = `u64::MAX`: open) of the file `report`
    /// describes, without its lines.
    pub fn head(report: &Report, path: Option<String>, first: u64, last: u64) -> StructureJson {
        StructureJson {
            bom: report.bom.clone(),
            encoding: report.encoding.clone(),
            ..StructureJson::head_of(report.format, path, first, last)
        }
    }

    /// The same head from what detection found, before the file is read (a structure
    /// streamed behind the front end): the fields are the report's.
    pub fn head_detected(
        detected: &Detected,
        path: Option<String>,
        first: u64,
        last: u64,
    ) -> StructureJson {
        StructureJson {
            bom: detected.bom(),
            encoding: detected.encoding_name(),
            ..StructureJson::head_of(detected.format, path, first, last)
        }
    }

    fn head_of(format: Format, path: Option<String>, first: u64, last: u64) -> StructureJson {
        StructureJson {
            bom: None,
            encoding: String::new(),
            first_line: first,
            format,
            last_line: (last != u64::MAX).then_some(last),
            path,
            schema: SCHEMA_VERSION,
            lines: Vec::new(),
        }
    }

    /// The whole object: `structure`'s range and lines, described by `report`.
    pub fn new(report: &Report, path: Option<String>, structure: Structure) -> StructureJson {
        StructureJson {
            lines: structure.lines,
            ..StructureJson::head(report, path, structure.first_line, structure.last_line)
        }
    }

    /// The head as JSON text (terminal-safe, [`crate::json`]), left open for the lines: it
    /// ends with `"lines":[`. A printer writes it, then the lines separated by commas, then
    /// `]}`; the result is this type's JSON.
    pub fn head_open(&self) -> serde_json::Result<String> {
        let empty = StructureJson {
            lines: Vec::new(),
            ..self.clone()
        };
        let whole = crate::json::to_string(&empty)?;
        match whole.strip_suffix("]}") {
            Some(open) => Ok(open.to_string()),
            None => Err(serde::ser::Error::custom(
                "the structure JSON ends with its lines",
            )),
        }
    }
}

/// The mark with its fields in alphabetical order, as every key of this object (the CLI has
/// always printed them so).
fn mark_in_order<S: Serializer>(mark: &Option<Mark>, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct InOrder<'a> {
        bytes: &'a str,
        length: u64,
        offset: u64,
    }
    mark.as_ref()
        .map(|m| InOrder {
            bytes: &m.bytes,
            length: m.length,
            offset: m.offset,
        })
        .serialize(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Analyzer, Options, StructureOptions};

    fn report_and_structure(bytes: &[u8], first: u64, last: u64) -> (Report, Structure) {
        let mut a = Analyzer::new(Options::default());
        a.feed(bytes);
        let (r, index) = a.finish_with_index();
        let s = crate::structure_of(bytes, &index, first, last, StructureOptions::default());
        (r, s)
    }

    #[test]
    fn streamed_head_lines_and_end_are_the_whole_object() {
        let (r, s) = report_and_structure("\u{FEFF}a\r\nb\u{202E}\nc".as_bytes(), 2, u64::MAX);
        let doc = StructureJson::new(&r, Some("f.txt".into()), s.clone());
        let mut streamed = doc.head_open().unwrap();
        for (i, l) in s.lines.iter().enumerate() {
            if i > 0 {
                streamed.push(',');
            }
            streamed.push_str(&crate::json::to_string(l).unwrap());
        }
        streamed.push_str("]}");
        assert_eq!(streamed, crate::json::to_string(&doc).unwrap());
        let back: StructureJson = serde_json::from_str(&streamed).unwrap();
        assert_eq!(back, doc);
        assert_eq!(back.last_line, None, "an open range is null");
        assert_eq!(back.lines.len(), 2);
        assert!(streamed.starts_with(
            "{\"bom\":{\"bytes\":\"EF BB BF\",\"length\":3,\"offset\":0},\"encoding\":\"UTF-8\",\
             \"first_line\":2,\"format\":\"utf-8\",\"last_line\":null,\"path\":\"f.txt\","
        ), "{streamed}");
    }

    #[test]
    fn a_closed_range_keeps_its_last_line() {
        let (r, s) = report_and_structure(b"a\nb\n", 1, 1);
        let doc = StructureJson::new(&r, None, s);
        let v: serde_json::Value = serde_json::to_value(&doc).unwrap();
        assert_eq!(v["last_line"], 1);
        assert_eq!(v["path"], serde_json::Value::Null);
        assert_eq!(v["schema"], SCHEMA_VERSION);
    }
}
