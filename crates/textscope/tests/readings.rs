//! A binary verdict is never a dead end (issue 14): a container named from the first bytes,
//! else the closest text reading, and hints to force a format.

mod common;
use common::*;
use textscope::{Format, Options, Report};

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn report(name: &str) -> Report {
    whole(&data(name), &Options::default())
}

#[test]
fn png_and_zip_are_named_and_text_has_no_container() {
    let png = report("image.png");
    assert_eq!(png.format, Format::Binary);
    let c = png.container.as_ref().expect("PNG container");
    assert_eq!(
        (c.name.as_str(), c.mime.as_str(), c.extension.as_str()),
        ("PNG", "image/png", "png")
    );
    assert!(
        png.text_reading.is_none(),
        "a container gets no text reading"
    );
    let zip = report("archive.zip");
    assert_eq!(zip.format, Format::Binary);
    assert_eq!(zip.container.as_ref().map(|c| c.name.as_str()), Some("ZIP"));
    for text in [
        "hello-utf8.txt",
        "utf16le-nobom.txt",
        "windows-1252.txt",
        "colour-build.log",
    ] {
        assert_eq!(report(text).container, None, "{text}");
    }
    // A forced format is text, whatever the bytes: no container.
    let forced = whole(
        &data("image.png"),
        &Options::default().force_encoding("utf-8").unwrap(),
    );
    assert_eq!(forced.container, None);
}
