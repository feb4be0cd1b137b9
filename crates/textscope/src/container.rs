//! The file format that a binary file's first bytes show (a magic number), by the `infer`
//! crate: named only when detection found no text (issue 14), never for text.

use serde::{Deserialize, Serialize};

/// A file format recognised by its first bytes (a magic number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Container {
    /// A short name: "PNG", "ZIP", "PDF".
    pub name: String,
    /// Its media type: "image/png".
    pub mime: String,
    /// Its usual file name extension, without the dot: "png".
    pub extension: String,
}

/// The container whose magic number `head` starts with, if `infer` knows one. Text formats
/// that `infer` also knows (HTML, XML, shell scripts) are left out: they are not containers.
pub(crate) fn sniff(head: &[u8]) -> Option<Container> {
    let t = infer::get(head)?;
    if t.matcher_type() == infer::MatcherType::Text {
        return None;
    }
    let extension = t.extension();
    Some(Container {
        name: name(extension),
        mime: t.mime_type().to_string(),
        extension: extension.to_string(),
    })
}

/// A short name for a person: the usual spelling where the upper-cased extension is not it.
fn name(extension: &str) -> String {
    let known = match extension {
        "gz" => "gzip",
        "bz2" => "bzip2",
        "xz" => "xz",
        "zst" => "Zstandard",
        "sqlite" => "SQLite",
        "exe" => "Windows executable",
        "dll" => "Windows library",
        "elf" => "ELF",
        "mach" => "Mach-O",
        "class" => "Java class",
        "wasm" => "WebAssembly",
        "jpg" => "JPEG",
        "tif" => "TIFF",
        "mp3" => "MP3",
        "mp4" => "MP4",
        "docx" => "Word document",
        "xlsx" => "Excel workbook",
        "pptx" => "PowerPoint presentation",
        _ => return extension.to_ascii_uppercase(),
    };
    known.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_zip_gzip_and_not_text() {
        let png = [
            0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D,
        ];
        let c = sniff(&png).unwrap();
        assert_eq!(
            (c.name.as_str(), c.mime.as_str(), c.extension.as_str()),
            ("PNG", "image/png", "png")
        );
        assert_eq!(sniff(b"PK\x03\x04\x14\0\0\0").unwrap().name, "ZIP");
        assert_eq!(sniff(&[0x1F, 0x8B, 0x08, 0]).unwrap().name, "gzip");
        assert_eq!(sniff(b"<html><body>hi</body></html>"), None);
        assert_eq!(sniff(b"#!/bin/sh\necho hi\n"), None);
        assert_eq!(sniff(b"plain words"), None);
        assert_eq!(sniff(b""), None);
    }
}
