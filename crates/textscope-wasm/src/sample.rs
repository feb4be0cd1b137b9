//! Samples for the format pages: a text encoded in a format, then analysed by the core, so that
//! every hex example on the site comes from real bytes through the same code as the CLI.

use serde::Serialize;
use textscope::{hex, Analyzer, Format, Options, Report, Structure, StructureBuilder, StructureOptions};

/// What a sample hands back to the page.
#[derive(Serialize)]
struct Sample {
    /// The bytes, "FF FE 41 00".
    bytes: String,
    /// Characters the format cannot hold (legacy only); they were left out.
    unmappable: Vec<String>,
    /// The core's report on those bytes.
    report: Report,
    /// The core's structure of every line, every character itemised.
    structure: Structure,
}

/// The legacy code page the examples use.
const LEGACY: &str = "windows-1252";

/// Encodes `text` in the format named `format`; `flags` as in `ts_sample`.
pub fn sample(format: &str, text: &str, flags: u32) -> Option<String> {
    let with_mark = flags & 1 != 0;
    let detect = flags & 2 != 0;
    let fmt = Format::from_name(format)?;
    let mut bytes = Vec::new();
    let mut unmappable = Vec::new();
    if with_mark {
        bytes.extend_from_slice(fmt.mark().unwrap_or_default());
    }
    if fmt == Format::Legacy {
        let enc = encoding_rs::Encoding::for_label(LEGACY.as_bytes())?;
        let mut buf = [0u8; 4];
        for c in text.chars() {
            let (b, _, had_errors) = enc.encode(c.encode_utf8(&mut buf));
            if had_errors {
                unmappable.push(c.to_string());
            } else {
                bytes.extend_from_slice(&b);
            }
        }
    } else {
        let mut buf = [0u8; 4];
        for c in text.chars() {
            let n = fmt.encode_char(c, &mut buf);
            bytes.extend_from_slice(&buf[..n]);
        }
    }
    let mut opts = Options {
        index_every: Some(textscope::DEFAULT_INDEX_EVERY),
        ..Options::default()
    };
    if !detect {
        let name = if fmt == Format::Legacy { LEGACY } else { fmt.name() };
        opts = opts.force_encoding(name).ok()?;
    }
    let mut a = Analyzer::new(opts);
    a.feed(&bytes);
    let (report, index) = a.finish_with_index();
    let sopts = StructureOptions {
        all_chars: true,
        ..StructureOptions::default()
    };
    let mut b = StructureBuilder::new(&index, 1, u64::MAX, sopts);
    let start = usize::try_from(b.start_offset()).unwrap_or(usize::MAX);
    b.feed(bytes.get(start..).unwrap_or_default());
    let structure = b.finish();
    serde_json::to_string(&Sample {
        bytes: hex(&bytes),
        unmappable,
        report,
        structure,
    })
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16le_euro_has_its_bytes_and_units() {
        let json = sample("utf-16le", "€", 0).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["bytes"], "AC 20");
        assert_eq!(v["structure"]["lines"][0]["chars"][0]["units"], "20AC");
    }

    #[test]
    fn legacy_leaves_out_what_windows_1252_cannot_hold() {
        let json = sample("legacy", "é中€", 0).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["bytes"], "E9 80");
        assert_eq!(v["unmappable"][0], "中");
    }

    #[test]
    fn marked_sample_is_detected_with_its_mark() {
        let json = sample("utf-32be", "A", 3).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["bytes"], "00 00 FE FF 00 00 00 41");
        assert_eq!(v["report"]["format"], "utf-32be");
    }
}
