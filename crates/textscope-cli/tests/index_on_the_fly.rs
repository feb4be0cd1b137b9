//! Decision 10: without `--index`, a range past line 1 of a large regular file is found through
//! an index built for the run (one fast pass, then the checkpoint before the range). Its output
//! must be byte for byte what decoding from the start gives, which is what a stream (standard
//! input, never indexed) gets; and a saved index must give the same too.

use std::io::Write;
use std::process::{Command, Stdio};

fn textscope(args: &[&str], stdin: Option<&[u8]>) -> Vec<u8> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_textscope"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        });
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o.stdout
}

/// About 9 MiB of lines of every length, with every ending, non-ASCII text and a few problems.
fn text() -> String {
    let words = [
        "alpha",
        "Grüße",
        "中文",
        "😀",
        "naïve",
        "tab\there",
        "\u{1}",
        "\u{202E}",
    ];
    let ends = ["\n", "\r\n", "\n", "\r", "\u{2028}", "\n", "\u{85}"];
    let mut s = String::new();
    let mut seed = 7u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    while s.len() < 9 << 20 {
        for _ in 0..next(14) {
            s.push_str(words[next(words.len())]);
            s.push(' ');
        }
        if next(500) == 0 {
            s.push_str(&"x".repeat(70_000));
        }
        s.push_str(ends[next(ends.len())]);
    }
    s
}

#[test]
fn a_range_found_through_an_index_built_for_the_run_is_the_range_decoded_from_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let s = text();
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(s.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    for (name, bytes) in [("utf8.txt", s.into_bytes()), ("utf16.txt", utf16)] {
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).unwrap();
        let file = path.to_str().unwrap();
        let index = dir.path().join(format!("{name}.idx"));
        let index = index.to_str().unwrap();
        textscope(&["--json", "--save-index", index, file], None);
        // The text has about 53,000 lines (some of 70,000 characters): ranges near the start,
        // the middle and the end, past the end, and one line.
        for range in [
            "2..40",
            "5000..5100",
            "30000..30020",
            "52900..",
            "999999999..",
            "41234",
        ] {
            for mode in [
                &["--structure"][..],
                &["--structure", "--json"],
                &["--preview"],
            ] {
                let mut args = mode.to_vec();
                args.extend(["--lines", range]);
                let built = textscope(&[&args[..], &[file]].concat(), None);
                let one_thread = textscope(&[&args[..], &["-j1", file]].concat(), None);
                let saved = textscope(&[&args[..], &["--index", index, file]].concat(), None);
                let streamed = textscope(&[&args[..], &["-"]].concat(), Some(&bytes));
                // The stream is named "(standard input)" (or "-" in JSON) instead of the path.
                let streamed = String::from_utf8(streamed)
                    .unwrap()
                    .replace("(standard input)", file)
                    .replace("\"path\":\"-\"", &format!("\"path\":\"{file}\""));
                let built = String::from_utf8(built).unwrap();
                assert_eq!(built, streamed, "{name} {args:?}");
                assert_eq!(
                    String::from_utf8(one_thread).unwrap(),
                    built,
                    "{name} {args:?} -j1"
                );
                assert_eq!(
                    String::from_utf8(saved).unwrap(),
                    built,
                    "{name} {args:?} --index"
                );
            }
        }
    }
}
