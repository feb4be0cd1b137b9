//! `--save-index` and `--index`: the structure and the preview of a line range read from a
//! checkpoint of the saved index are byte for byte those decoded from the start of the file;
//! a stale index (the file changed) is refused; a corrupt one is a one-line error, not a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let o = run(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Nothing on stderr but, for a range past the end, the note that says so (decision 19),
    // and for a binary file that it is shown as its text reading.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.lines().all(
            |l| (l.contains(": no line ") && l.contains(": the file has "))
                || l.contains(": binary; shown read as UTF-8 text anyway")
        ),
        "{args:?}: {err}"
    );
    o.stdout
}

/// Saves the index of `file` (with `extra` arguments) and returns the report's JSON.
fn save_index(file: &str, index: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["--json", "--save-index", index];
    args.extend_from_slice(extra);
    args.push(file);
    serde_json::from_slice(&ok(&args)).unwrap()
}

/// The checkpoints' line numbers, from the saved index.
fn checkpoint_lines(index: &str) -> Vec<u64> {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(index).unwrap()).unwrap();
    let mut line = 0;
    v["checkpoints"]["line_deltas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            line += d.as_u64().unwrap();
            line
        })
        .collect()
}

const MODES: [&[&str]; 3] = [&["--structure"], &["--structure", "--json"], &["--preview"]];

/// `range` gives the same bytes with and without the index, in every mode.
fn same_with_and_without(file: &str, index: &str, extra: &[&str], range: &str) {
    for mode in MODES {
        let mut args: Vec<&str> = mode.to_vec();
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--lines", range, file]);
        let plain = ok(&args);
        args.extend_from_slice(&["--index", index]);
        let indexed = ok(&args);
        assert!(
            plain == indexed,
            "{args:?}: differs\nwithout the index:\n{}\nwith it:\n{}",
            String::from_utf8_lossy(&plain),
            String::from_utf8_lossy(&indexed)
        );
    }
}

#[test]
fn the_ranges_of_the_test_files_are_the_same_with_a_checkpoint_on_every_line() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        "f1.txt",
        "f2-notes-utf16le.txt",
        "f3-utf32le.txt",
        "f4.txt",
        "f5-utf32le-bad-units.txt",
        "f6.txt",
        "ascii-crlf.txt",
        "hello-utf8.txt",
        "invalid-utf8.txt",
        "joined-bom.txt",
        "mixed-endings.txt",
        "nul-and-controls.txt",
        "shift_jis.txt",
        "truncated-utf8.txt",
        "utf16be-nobom.txt",
        "utf16le-nobom.txt",
        "utf16le-odd-length.txt",
        "utf32be-nobom.txt",
        "utf8-bom.csv",
        "windows-1252.txt",
        "binary.bin",
        "empty.txt",
    ];
    for name in files {
        let file = data(name);
        let file = file.to_str().unwrap();
        let index = dir.path().join(format!("{name}.idx"));
        let index = index.to_str().unwrap();
        // A checkpoint at every line start: every range starts at a different one.
        let report = save_index(file, index, &["--index-every", "1"]);
        let lines = report["lines"].as_u64().unwrap();
        if lines > 0 {
            assert_eq!(
                checkpoint_lines(index),
                (1..=lines).collect::<Vec<_>>(),
                "{name}"
            );
        }
        for a in 1..=lines + 1 {
            // Every range of the short files; of the longer one (32 lines), every range of
            // one or two lines and every open one.
            let to = if lines <= 8 { lines + 1 } else { a + 1 };
            for b in a..=to {
                same_with_and_without(file, index, &[], &format!("{a}..{b}"));
            }
            same_with_and_without(file, index, &[], &format!("{a}.."));
        }
    }
}

/// A few MiB of lines from a few characters to ~150 K characters, with characters of every
/// width, CRLF, CR, NEL and LS endings, a NUL, a leftover U+FEFF and C1 controls here and there.
fn generated_text() -> String {
    let words = [
        "alpha",
        "beta",
        "Grüße",
        "世界",
        "😀",
        "naïve",
        "Ελληνικά",
        "ok",
        "tab\there",
        "日本語",
        "🎉🎉",
        "Ω",
        "z",
    ];
    let mut s = String::new();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut line = 0u64;
    while s.len() < 2_500_000 {
        line += 1;
        if line.is_multiple_of(700) {
            // A long line that spans several checkpoints.
            let n = 50_000 + next(100_000) as usize;
            s.push_str(&"L".repeat(n));
            s.push('é');
        } else {
            for _ in 0..[0, 1, 2, 5, 12, 40][next(6) as usize] {
                s.push_str(words[next(words.len() as u64) as usize]);
                s.push(' ');
            }
        }
        match next(1000) {
            0 => s.push('\0'),
            1 => s.push('\u{FEFF}'),
            2 => s.push('\u{9B}'),
            _ => {}
        }
        s.push_str(match next(50) {
            0 => "\r\n",
            1 => "\r",
            2 => "\u{85}",
            3 => "\u{2028}",
            _ => "\n",
        });
    }
    s.push_str("the last line has no ending");
    s
}

fn encode(text: &str, format: &str) -> Vec<u8> {
    match format {
        "utf-8" => text.as_bytes().to_vec(),
        "utf-16le" => [&[0xFF, 0xFE][..]]
            .into_iter()
            .flatten()
            .copied()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect(),
        "utf-16be" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "utf-32le" => text
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect(),
        "utf-32be" => [0, 0, 0xFE, 0xFF]
            .into_iter()
            .chain(text.chars().flat_map(|c| (c as u32).to_be_bytes()))
            .collect(),
        _ => unreachable!(),
    }
}

/// Ranges around checkpoints (just before, at, just after), across a long line, at the end,
/// past it, and open-ended.
fn generated_ranges_agree(format: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("gen.{format}"));
    std::fs::write(&file, encode(&generated_text(), format)).unwrap();
    let file = file.to_str().unwrap();
    let index = dir.path().join("gen.idx");
    let index = index.to_str().unwrap();
    let forced = ["--encoding", format];
    let report = save_index(file, index, &forced);
    let lines = report["lines"].as_u64().unwrap();
    let cps = checkpoint_lines(index);
    // The long lines swallow some: a line start at least 64 KiB after the last checkpoint.
    assert!(cps.len() >= 12, "{format}: {} checkpoints", cps.len());
    // ~12 bytes of JSON per checkpoint.
    let idx_size = std::fs::metadata(index).unwrap().len();
    assert!(
        idx_size < 400 + 16 * cps.len() as u64,
        "{format}: {idx_size} bytes for {} checkpoints",
        cps.len()
    );
    let mut ranges = vec!["1".to_string(), "1..3".to_string()];
    let picks = [
        1,
        2,
        cps.len() / 3,
        cps.len() / 2,
        cps.len() - 2,
        cps.len() - 1,
    ];
    for &i in &picks {
        let c = cps[i];
        ranges.push(format!("{}..{}", c - 1, c + 1));
        ranges.push(format!("{c}"));
        ranges.push(format!("{}..{}", c + 1, c + 3));
    }
    let mid = cps[cps.len() / 2];
    ranges.push(format!("{mid}..{}", mid + 99));
    let long = (700..lines).step_by(700).nth(1).unwrap();
    ranges.push(format!("{}..{}", long - 1, long + 1));
    ranges.push(format!("{}..{}", lines - 2, lines));
    ranges.push(format!("{}..{}", lines, lines + 5));
    ranges.push(format!("{}", lines + 10));
    ranges.push(format!("{}..", cps[cps.len() - 1]));
    for r in &ranges {
        same_with_and_without(file, index, &forced, r);
    }
}

#[test]
fn generated_utf8_ranges_agree() {
    generated_ranges_agree("utf-8");
}

#[test]
fn generated_utf16le_ranges_agree() {
    generated_ranges_agree("utf-16le");
}

#[test]
fn generated_utf16be_ranges_agree() {
    generated_ranges_agree("utf-16be");
}

#[test]
fn generated_utf32le_ranges_agree() {
    generated_ranges_agree("utf-32le");
}

#[test]
fn generated_utf32be_ranges_agree() {
    generated_ranges_agree("utf-32be");
}

fn err_of(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{args:?}: one line: {e}");
    assert!(!e.contains("panicked"), "{e}");
    e
}

fn copy_test_file(dir: &Path, name: &str) -> String {
    let to = dir.join(name);
    std::fs::copy(data(name), &to).unwrap();
    to.to_str().unwrap().to_string()
}

#[test]
fn a_stale_index_is_refused_with_its_cause() {
    let dir = tempfile::tempdir().unwrap();
    let file = copy_test_file(dir.path(), "mixed-endings.txt");
    let index = dir.path().join("m.idx");
    let index = index.to_str().unwrap();
    save_index(&file, index, &["--index-every", "1"]);
    ok(&["--structure", "--index", index, &file]);
    let mtime = std::fs::metadata(&file).unwrap().modified().unwrap();
    let set_mtime = |t: std::time::SystemTime| {
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(t)
            .unwrap();
    };

    // Touched: same bytes, another time.
    set_mtime(mtime + std::time::Duration::from_secs(1));
    let e = err_of(&["--structure", "--index", index, &file]);
    assert_eq!(
        e,
        format!(
            "textscope: {index}: stale index for {file}: the file was modified after the index was built; build it again with --save-index\n"
        )
    );

    // Other bytes of the same size, the time put back.
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[0] ^= 0x20;
    std::fs::write(&file, &bytes).unwrap();
    set_mtime(mtime);
    let e = err_of(&["--preview", "--lines", "2", "--index", index, &file]);
    assert!(e.contains("the file's first 64 KiB differ"), "{e}");

    // Longer.
    bytes.push(b'\n');
    std::fs::write(&file, &bytes).unwrap();
    let e = err_of(&["--structure", "--json", "--index", index, &file]);
    assert!(
        e.contains("stale index for")
            && e.contains("the file is 38 bytes now, the index was built when it was 37"),
        "{e}"
    );

    // Built again, it is accepted.
    save_index(&file, index, &[]);
    ok(&["--structure", "--index", index, &file]);
}

#[test]
fn an_index_read_with_another_encoding_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = data("f2-notes-utf16le.txt");
    let file = file.to_str().unwrap();
    let index = dir.path().join("f2.idx");
    let index = index.to_str().unwrap();
    save_index(file, index, &[]);
    let e = err_of(&["--structure", "-e", "utf-8", "--index", index, file]);
    assert!(
        e.contains("as utf-16le with a 2-byte mark, but it reads as utf-8 with a 0-byte mark now"),
        "{e}"
    );
}

#[test]
fn a_corrupt_index_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = copy_test_file(dir.path(), "hello-utf8.txt");
    let index = dir.path().join("h.idx");
    let index_s = index.to_str().unwrap();
    save_index(&file, index_s, &["--index-every", "1"]);
    let good = std::fs::read_to_string(&index).unwrap();
    let edit = |from: &str, to: &str| -> Vec<u8> {
        assert!(good.contains(from), "{good} has no {from}");
        good.replacen(from, to, 1).into_bytes()
    };
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (Vec::new(), "not a textscope index (not JSON"),
        (
            vec![0xFF, 0x00, 0x9B, 0x1B],
            "not a textscope index (not JSON",
        ),
        (
            good.as_bytes()[..good.len() / 2].to_vec(),
            "not a textscope index (not JSON",
        ),
        (b"{\"schema\":1}".to_vec(), "no \"textscope_index\" version"),
        (
            edit("\"textscope_index\":2", "\"textscope_index\":7"),
            "index version 7 is not supported",
        ),
        (edit("\"mark_len\":0", "\"mark_len\":-1"), "corrupt index"),
        (
            edit("\"offset_deltas\":[0,22]", "\"offset_deltas\":[0,5,5]"),
            "2 line deltas but 3 offset deltas",
        ),
        (
            edit(
                "\"offset_deltas\":[0,22]",
                "\"offset_deltas\":[0,99999999999]",
            ),
            "outside the file's text",
        ),
        (
            edit("\"line_deltas\":[1,1]", "\"line_deltas\":[1,0]"),
            "does not move forward",
        ),
        (
            edit("\"format\":\"utf-8\"", "\"format\":\"ebcdic\""),
            "corrupt index",
        ),
    ];
    for (bytes, want) in cases {
        std::fs::write(&index, &bytes).unwrap();
        for mode in MODES {
            let mut args = mode.to_vec();
            args.extend_from_slice(&["--index", index_s, &file]);
            let e = err_of(&args);
            assert!(
                e.starts_with(&format!("textscope: {index_s}: ")) && e.contains(want),
                "{}: {e} (wanted {want})",
                String::from_utf8_lossy(&bytes)
            );
        }
    }
    let e = err_of(&["--structure", "--index", "/nonexistent/x.idx", &file]);
    assert_eq!(e, "textscope: /nonexistent/x.idx: no such index file\n");
}

#[test]
fn index_arguments_concern_one_regular_file() {
    let f = data("f1.txt");
    let f = f.to_str().unwrap();
    let e = err_of(&["--save-index", "/tmp/x.idx", f, f]);
    assert_eq!(
        e,
        "textscope: --save-index takes exactly one file (2 given)\n"
    );
    let e = err_of(&["--save-index", "/tmp/x.idx", "-"]);
    assert_eq!(
        e,
        "textscope: --save-index needs a regular file, not standard input\n"
    );
    let e = err_of(&["--structure", "--index", "/tmp/x.idx", f, f]);
    assert_eq!(e, "textscope: --index takes exactly one file (2 given)\n");
    let e = err_of(&["--index", "/tmp/x.idx", f]);
    assert!(
        e.starts_with("textscope: --index is for --structure and --preview"),
        "{e}"
    );
    let o = run(&["--structure", "--save-index", "/tmp/x.idx", f]);
    assert_eq!(o.status.code(), Some(2));
    let dir = tempfile::tempdir().unwrap();
    let e = err_of(&["--save-index", "/nonexistent/dir/x.idx", f]);
    assert_eq!(
        e,
        "textscope: /nonexistent/dir/x.idx: cannot write the index: no such directory\n"
    );
    drop(dir);
}

#[test]
fn the_parallel_pass_saves_the_same_index_as_one_thread() {
    // 36 MiB (above the 32 MiB where the report splits the file), lines of varied lengths.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.txt");
    let text = generated_text();
    let mut bytes = Vec::with_capacity(37 << 20);
    while bytes.len() < 36 << 20 {
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(b'\n');
    }
    std::fs::write(&file, &bytes).unwrap();
    drop(bytes);
    let file = file.to_str().unwrap();
    let one = dir.path().join("one.idx");
    let two = dir.path().join("two.idx");
    let r1 = save_index(file, one.to_str().unwrap(), &["-e", "utf-8", "-j", "1"]);
    let r2 = save_index(file, two.to_str().unwrap(), &["-e", "utf-8", "-j", "2"]);
    assert_eq!(r1, r2);
    let (one, two) = (std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    assert!(one == two, "the indexes differ");
    assert!(checkpoint_lines(dir.path().join("one.idx").to_str().unwrap()).len() > 100);
}
