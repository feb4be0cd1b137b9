//! Samples for the format pages: a text encoded in a format, then analysed by the core, so that
//! every hex example on the site comes from real bytes through the same code as the CLI.

use serde::Serialize;
use textscope::{
    hex, Analyzer, Format, Options, Report, StructureBuilder, StructureJson, StructureOptions,
};

/// What a sample hands back to the page.
#[derive(Serialize)]
struct Sample {
    /// The bytes, "FF FE 41 00".
    bytes: String,
    /// Characters the format cannot hold (legacy only); they were left out.
    unmappable: Vec<String>,
    /// The core's report on those bytes.
    report: Report,
    /// The core's structure of every line, every character itemised (the CLI's
    /// `--structure --json` object, path null).
    structure: StructureJson,
}

/// The legacy code page the examples use.
const LEGACY: &str = "windows-1252";

/// A piece of a sample's recipe.
enum Piece {
    /// Text, encoded as the format encodes it.
    Text(String),
    /// `{u:XXXX}`: one raw code unit in the format's width and byte order (a byte in UTF-8 and
    /// legacy), valid or not: how the pages build faulty files.
    Unit(u32),
    /// `{cut}`: drop the last byte (a character cut short by the end of the file).
    Cut,
}

/// Splits a recipe into pieces; a `{` that starts no escape is text.
fn recipe(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        cur.push_str(&rest[..i]);
        let after = &rest[i..];
        let esc = after.find('}').map(|j| &after[1..j]);
        let piece = match esc {
            Some("cut") => Some(Piece::Cut),
            Some(e) => e
                .strip_prefix("u:")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .map(Piece::Unit),
            None => None,
        };
        match piece {
            Some(p) => {
                if !cur.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut cur)));
                }
                out.push(p);
                rest = &after[esc.map_or(1, |e| e.len() + 2)..];
            }
            None => {
                cur.push('{');
                rest = &after[1..];
            }
        }
    }
    cur.push_str(rest);
    if !cur.is_empty() {
        out.push(Piece::Text(cur));
    }
    out
}

fn encode(
    fmt: Format,
    text: &str,
    bytes: &mut Vec<u8>,
    unmappable: &mut Vec<String>,
) -> Option<()> {
    let mut buf = [0u8; 4];
    if fmt == Format::Legacy {
        let enc = encoding_rs::Encoding::for_label(LEGACY.as_bytes())?;
        for c in text.chars() {
            let (b, _, had_errors) = enc.encode(c.encode_utf8(&mut buf));
            if had_errors {
                unmappable.push(c.to_string());
            } else {
                bytes.extend_from_slice(&b);
            }
        }
    } else {
        for c in text.chars() {
            let n = fmt.encode_char(c, &mut buf);
            bytes.extend_from_slice(&buf[..n]);
        }
    }
    Some(())
}

fn raw_unit(fmt: Format, u: u32, bytes: &mut Vec<u8>) {
    match fmt {
        Format::Utf16Le => bytes.extend_from_slice(&(u as u16).to_le_bytes()),
        Format::Utf16Be => bytes.extend_from_slice(&(u as u16).to_be_bytes()),
        Format::Utf32Le => bytes.extend_from_slice(&u.to_le_bytes()),
        Format::Utf32Be => bytes.extend_from_slice(&u.to_be_bytes()),
        _ => bytes.push(u as u8),
    }
}

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
    for piece in recipe(text) {
        match piece {
            Piece::Text(t) => encode(fmt, &t, &mut bytes, &mut unmappable)?,
            Piece::Unit(u) => raw_unit(fmt, u, &mut bytes),
            Piece::Cut => {
                bytes.pop();
            }
        }
    }
    let mut opts = Options {
        index_every: Some(textscope::DEFAULT_INDEX_EVERY),
        ..Options::default()
    };
    if !detect {
        let name = if fmt == Format::Legacy {
            LEGACY
        } else {
            fmt.name()
        };
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
    let structure = StructureJson::new(&report, None, b.finish());
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
    fn recipe_builds_faulty_bytes() {
        let v: serde_json::Value =
            serde_json::from_str(&sample("utf-16le", "{u:D83D}A{cut}", 0).unwrap()).unwrap();
        assert_eq!(v["bytes"], "3D D8 41");
        assert_eq!(v["report"]["problems"][0]["kind"], "unpaired_surrogate");
        let v: serde_json::Value =
            serde_json::from_str(&sample("utf-32be", "{u:110000}{x}", 0).unwrap()).unwrap();
        assert_eq!(
            v["bytes"],
            "00 11 00 00 00 00 00 7B 00 00 00 78 00 00 00 7D"
        );
        assert_eq!(v["report"]["problems"][0]["kind"], "invalid_code_point");
    }

    #[test]
    fn marked_sample_is_detected_with_its_mark() {
        let json = sample("utf-32be", "A", 3).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["bytes"], "00 00 FE FF 00 00 00 41");
        assert_eq!(v["report"]["format"], "utf-32be");
    }
}
