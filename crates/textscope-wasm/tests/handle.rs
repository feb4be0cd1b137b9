//! The adapter gives the same report as the core fed whole, whatever the chunking, and its
//! line and locate requests agree with the core's structure.

use textscope::{analyze, Options};
use textscope_wasm::{status, Handle};

const F2: &[u8] = &[
    0xFF, 0xFE, 0x43, 0x00, 0x61, 0x00, 0x66, 0x00, 0xE9, 0x00, 0x20, 0x00, 0xAC, 0x20, 0x34, 0x00,
    0x0D, 0x00, 0x0A, 0x00, 0x2D, 0x4E, 0x87, 0x65, 0x20, 0x00, 0x3D, 0xD8, 0x00, 0xDE, 0x0D, 0x00,
    0x0A, 0x00,
];

fn analysed(bytes: &[u8], chunk: usize) -> Handle {
    let mut h = Handle::new(Options::default());
    for c in bytes.chunks(chunk) {
        assert_eq!(h.feed(c), status::OK);
    }
    h.finish().unwrap();
    h
}

#[test]
fn report_equals_the_core_whole_at_every_chunk_size() {
    let expected = analyze(F2, Options::default()).to_json();
    for chunk in [1, 2, 3, 5, 34] {
        let h = analysed(F2, chunk);
        assert_eq!(std::str::from_utf8(h.result()).unwrap(), expected);
    }
}

#[test]
fn lines_request_gives_the_structure() {
    let mut h = analysed(F2, 7);
    let start = h.lines_begin(2, 2, Default::default()).unwrap() as usize;
    let mut st = status::OK;
    for c in F2[start..].chunks(3) {
        st = h.lines_feed(c);
        if st == status::DONE {
            break;
        }
    }
    assert_eq!(st, status::DONE);
    assert_eq!(h.lines_finish(), status::OK);
    let v: serde_json::Value = serde_json::from_slice(h.result()).unwrap();
    assert_eq!(v["lines"][0]["number"], 2);
    assert_eq!(v["lines"][0]["text"], "中文 😀");
    assert_eq!(v["lines"][0]["chars"][3]["bytes"], "3D D8 00 DE");
    assert_eq!(v["lines"][0]["chars"][3]["units"], "D83D DE00");
}

#[test]
fn locate_finds_the_line_of_a_byte() {
    let mut h = analysed(F2, 34);
    for (offset, line) in [(2u64, 1u64), (17, 1), (19, 1), (20, 2), (33, 2)] {
        let start = h.locate_begin(offset).unwrap() as usize;
        h.locate_feed(&F2[start..]);
        assert_eq!(h.locate_line(), line, "offset {offset}");
    }
    // A last line without an ending is found once the file ends.
    let mut h = analysed(b"ab\ncd", 5);
    let start = h.locate_begin(4).unwrap() as usize;
    h.locate_feed(&b"ab\ncd"[start..]);
    assert_eq!(h.locate_line(), 2);
}

#[test]
fn calls_out_of_order_are_refused() {
    let mut h = Handle::new(Options::default());
    assert_eq!(
        h.lines_begin(1, 1, Default::default()),
        Err(status::WRONG_STATE)
    );
    h.finish().unwrap();
    assert_eq!(h.feed(b"x"), status::WRONG_STATE);
    assert_eq!(h.finish().err(), Some(status::WRONG_STATE));
}

#[test]
fn utf16_inspector_and_validator_through_the_c_surface() {
    use textscope_wasm::{ts_free, ts_result_len, ts_result_ptr, ts_utf16_check, ts_utf16_inspect};
    let json = |h: *mut textscope_wasm::Handle| {
        assert!(!h.is_null());
        // SAFETY: the pointer and length describe the handle's result buffer.
        let s = unsafe { std::slice::from_raw_parts(ts_result_ptr(h), ts_result_len(h)) };
        let v: serde_json::Value = serde_json::from_slice(s).unwrap();
        // SAFETY: h came from ts_utf16_* and is freed once.
        unsafe { ts_free(h) };
        v
    };
    let text = "😀";
    let v = json(ts_utf16_inspect(text.as_ptr(), text.len()));
    assert_eq!(v["code_points"][0]["utf16le"], "3D D8 00 DE");
    let units = "D83D 0041";
    let v = json(ts_utf16_check(units.as_ptr(), units.len()));
    assert_eq!(v["ok"]["headline"]["class"], "EXPECTED_LOW_SURROGATE");
    assert_eq!(v["ok"]["headline"]["position"], 1);
    let bad = "zz";
    let v = json(ts_utf16_check(bad.as_ptr(), bad.len()));
    assert!(v["error"]["token"].is_string());
}

/// The files of issue 14 (tests/data, made by make.py).
fn data(name: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn binary_verdicts_carry_their_container_or_text_reading_at_every_chunk_size() {
    for name in [
        "nul-log.txt",
        "many-faults.txt",
        "colour-build.log",
        "image.png",
    ] {
        let bytes = data(name);
        let expected = analyze(&bytes, Options::default()).to_json();
        for chunk in [1, 7, 4096, bytes.len().max(1)] {
            let h = analysed(&bytes, chunk);
            assert_eq!(
                std::str::from_utf8(h.result()).unwrap(),
                expected,
                "{name} in chunks of {chunk}"
            );
        }
    }
    let report = |name: &str| -> serde_json::Value {
        serde_json::from_slice(analysed(&data(name), 4096).result()).unwrap()
    };
    let nul = report("nul-log.txt");
    assert_eq!(nul["format"], "binary");
    assert_eq!(nul["text_reading"]["format"], "utf-8");
    let runs: Vec<_> = nul["text_reading"]["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["count"] == 4096)
        .collect();
    assert_eq!(runs.len(), 1, "the 4,096 NULs are one item");
    assert_eq!(runs[0]["length"], 4096);
    let png = report("image.png");
    assert_eq!(png["format"], "binary");
    assert_eq!(png["container"]["name"], "PNG");
    assert!(png.get("text_reading").is_none());
    assert_eq!(report("colour-build.log")["format"], "utf-8");
}

/// What the page's preview of a binary file does (worker.js `peek`): a handle forced to the
/// text reading's format, fed the first bytes only, gives the same first lines as the whole file
/// read that way.
#[test]
fn a_forced_handle_on_the_first_bytes_gives_the_first_lines() {
    let bytes = data("nul-log.txt");
    let lines = |input: &[u8]| -> serde_json::Value {
        let mut h = Handle::new(Options::default().force_encoding("utf-8").unwrap());
        assert_eq!(h.feed(input), status::OK);
        h.finish().unwrap();
        let start = h.lines_begin(1, 3, Default::default()).unwrap() as usize;
        h.lines_feed(&input[start..]);
        assert_eq!(h.lines_finish(), status::OK);
        serde_json::from_slice::<serde_json::Value>(h.result()).unwrap()["lines"].clone()
    };
    let whole = lines(&bytes);
    let first = lines(&bytes[..bytes.len().min(1024)]);
    assert_eq!(whole.as_array().unwrap().len(), 3);
    assert_eq!(first, whole);
}

/// The page's structure is the CLI's `--structure --json` object (the core's `StructureJson`),
/// with no path.
#[test]
fn the_structure_is_the_clis_object_without_a_path() {
    let mut h = analysed(F2, 34);
    let start = h.lines_begin(1, 5, Default::default()).unwrap() as usize;
    h.lines_feed(&F2[start..]);
    assert_eq!(h.lines_finish(), status::OK);
    let s: textscope::StructureJson = serde_json::from_slice(h.result()).unwrap();
    assert_eq!(s.path, None);
    assert_eq!(s.schema, textscope::SCHEMA_VERSION);
    assert_eq!((s.first_line, s.last_line), (1, Some(5)));
    assert_eq!(s.format, textscope::Format::Utf16Le);
    assert_eq!(s.encoding, "UTF-16LE");
    assert_eq!(s.bom.map(|m| m.bytes), Some("FF FE".to_string()));
    assert_eq!(s.lines.len(), 2);
    let v: serde_json::Value = serde_json::from_slice(h.result()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "bom",
            "encoding",
            "first_line",
            "format",
            "last_line",
            "lines",
            "path",
            "schema"
        ]
    );
}
