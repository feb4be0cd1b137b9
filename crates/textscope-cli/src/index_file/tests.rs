//! The saved index: round trips, staleness and corrupt files.

use super::*;
use textscope::Checkpoint;

fn index() -> LineIndex {
    LineIndex {
        format: Format::Utf16Le,
        encoding: "UTF-8".to_string(),
        mark_len: 2,
        size: 1000,
        lines: 40,
        checkpoints: vec![
            Checkpoint { line: 1, offset: 2 },
            Checkpoint {
                line: 17,
                offset: 400,
            },
            Checkpoint {
                line: 30,
                offset: 810,
            },
        ],
        switches: Vec::new(),
    }
}

fn id() -> FileId {
    FileId {
        size: 1000,
        mtime_s: 1_700_000_000,
        mtime_ns: 5,
        head_fnv1a: "0123456789abcdef".to_string(),
    }
}

#[test]
fn the_head_hash_is_fnv1a_of_the_first_64_kib_however_fed() {
    let mut h = HeadHash::default();
    h.feed(b"");
    assert_eq!(h.hex(), "cbf29ce484222325");
    h.feed(b"a");
    assert_eq!(h.hex(), "af63dc4c8601ec8c");
    let big: Vec<u8> = (0..200_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let mut whole = HeadHash::default();
    whole.feed(&big);
    let mut parts = HeadHash::default();
    for c in big.chunks(999) {
        parts.feed(c);
    }
    let mut head = HeadHash::default();
    head.feed(&big[..HEAD]);
    assert_eq!(whole.hex(), parts.hex());
    assert_eq!(whole.hex(), head.hex());
}

#[test]
fn an_index_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.idx");
    save(&p, id(), 64, &index()).unwrap();
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(
        text.contains(r#""line_deltas":[1,16,13],"offset_deltas":[2,398,410]"#),
        "{text}"
    );
    let (got, back) = load(&p).unwrap();
    assert_eq!(got, id());
    assert_eq!(back, index());
}

#[test]
fn staleness_names_the_cause() {
    assert_eq!(id().stale(&id()), None);
    let bigger = FileId { size: 1001, ..id() };
    assert_eq!(
        id().stale(&bigger).unwrap().to_string(),
        "the file is 1001 bytes now, the index was built when it was 1000"
    );
    let touched = FileId {
        mtime_ns: 6,
        ..id()
    };
    assert_eq!(
        id().stale(&touched).unwrap().to_string(),
        "the file was modified after the index was built"
    );
    let other = FileId {
        head_fnv1a: "0000000000000000".to_string(),
        ..id()
    };
    assert_eq!(
        id().stale(&other).unwrap().to_string(),
        "the file's first 64 KiB differ from those the index was built from"
    );
}

#[test]
fn corrupt_indexes_are_errors_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.idx");
    let good = {
        save(&p, id(), 64, &index()).unwrap();
        std::fs::read_to_string(&p).unwrap()
    };
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "not a textscope index (not JSON"),
        ("[1,2]".into(), "no \"textscope_index\""),
        (
            good.replace(":2,\"file\"", ":3,\"file\""),
            "index version 3 is not supported",
        ),
        (
            good.replace("\"lines\":40", "\"lines\":\"x\""),
            "corrupt index:",
        ),
        (good.replace("[1,16,13]", "[1,16]"), "3 offset deltas"),
        (
            good.replace("[1,16,13]", "[1,0,13]"),
            "checkpoint 2 does not move",
        ),
        (
            good.replace("[2,398,410]", "[2,398,4100]"),
            "outside the file's text",
        ),
        (
            good.replace("[1,16,13]", "[1,16,18446744073709551615]"),
            "line number overflows",
        ),
        (
            good.replace("\"lines\":40", "\"lines\":20"),
            "after the last line (20)",
        ),
        (
            good.replace("\"mark_len\":2", "\"mark_len\":9"),
            "byte order mark of 9",
        ),
        (good.replace("utf-16le", "utf-99"), "corrupt index:"),
        (
            good.replace("\"every\"", "\"extra\":1,\"every\""),
            "corrupt index:",
        ),
    ];
    for (text, want) in cases {
        std::fs::write(&p, &text).unwrap();
        let err = load(&p).unwrap_err().to_string();
        assert!(err.contains(want), "{text:?}: {err} (wanted {want})");
    }
    assert_eq!(
        load(&dir.path().join("none")).unwrap_err().to_string(),
        "no such index file"
    );
}
