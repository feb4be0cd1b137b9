//! The structure view (S1) and the report agree: the same lines, the same endings, the same
//! characters and the same longest line, on every file of the corpus and of tests/data and on
//! random input; and a range read from any checkpoint of the index (the lines before it
//! counted on the fast path, with each kernel) is exactly that range of the whole structure.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use textscope::structure::{Line, StructureBuilder, StructureOptions};
use textscope::{Analyzer, EndingKind, Endings, Kernel, LineIndex, LongestLine, Options, Report};

fn report_and_index(bytes: &[u8], every: u64) -> (Report, LineIndex) {
    let mut a = Analyzer::new(Options {
        index_every: Some(every),
        ..Options::default()
    });
    a.feed(bytes);
    a.finish_with_index()
}

fn opts() -> StructureOptions {
    StructureOptions {
        max_chars_per_line: 4,
        max_text_per_line: 64,
        all_chars: false,
    }
}

/// Lines `first..=last`, fed in pieces of `piece` bytes from the builder's start offset.
fn range(
    bytes: &[u8],
    index: &LineIndex,
    first: u64,
    last: u64,
    kernel: Kernel,
    piece: usize,
) -> (Vec<Line>, Option<u64>) {
    let mut b = StructureBuilder::new(index, first, last, opts()).with_kernel(kernel);
    let start = usize::try_from(b.start_offset()).unwrap();
    let mut lines = Vec::new();
    for chunk in bytes[start.min(bytes.len())..].chunks(piece.max(1)) {
        if b.done() {
            break;
        }
        b.feed(chunk);
        lines.extend(b.take_lines());
    }
    let (s, count) = b.finish_counting();
    lines.extend(s.lines);
    (lines, count)
}

/// The structure's lines say what the report says.
fn agrees(name: &str, bytes: &[u8]) {
    let (report, index) = report_and_index(bytes, 256);
    let (all, count) = range(bytes, &index, 1, u64::MAX, Kernel::Off, 1 << 16);
    assert_eq!(all.len() as u64, report.lines, "{name}: lines");
    if report.format.is_text() {
        assert_eq!(count, Some(report.lines), "{name}: lines counted");
    }
    let mut endings = [0u64; 6];
    let mut characters = 0;
    let mut longest: Option<LongestLine> = None;
    for (i, l) in all.iter().enumerate() {
        assert_eq!(l.number, i as u64 + 1, "{name}: numbering");
        characters += l.characters;
        if let Some(e) = &l.ending {
            let k = EndingKind::ALL.iter().position(|&k| k == e.kind).unwrap();
            endings[k] += 1;
            characters += if e.kind == EndingKind::Crlf { 2 } else { 1 };
            assert_eq!(
                e.length * 3,
                e.bytes.len() as u64 + 1,
                "{name}: ending length"
            );
            assert_eq!(e.offset, l.offset + l.length, "{name}: ending offset");
        }
        if longest.is_none_or(|m| l.characters > m.characters) {
            longest = Some(LongestLine {
                line: l.number,
                characters: l.characters,
            });
        }
    }
    let e = report.endings;
    let want: Vec<u64> = EndingKind::ALL.iter().map(|&k| e.get(k)).collect();
    assert_eq!(endings.to_vec(), want, "{name}: endings");
    assert_eq!(characters, report.characters, "{name}: characters");
    assert_eq!(longest, report.longest_line, "{name}: longest line");
    let _: &Endings = &report.endings;

    // Which line holds each byte (the index's locator, on the fast path) is the line of the
    // structure whose characters or ending hold it; none for the mark or past the end.
    let step = (bytes.len() / 97).max(1);
    for n in (0..bytes.len() as u64 + 2).step_by(step) {
        let mut l = index.locate(n);
        let from = usize::try_from(l.start_offset()).unwrap().min(bytes.len());
        for chunk in bytes[from..].chunks(5) {
            if l.done() {
                break;
            }
            l.feed(chunk);
        }
        let want = all
            .iter()
            .find(|line| {
                let end = line
                    .ending
                    .as_ref()
                    .map_or(line.offset + line.length, |e| e.offset + e.length);
                line.offset <= n && n < end
            })
            .map(|line| line.number);
        assert_eq!(l.finish(), want, "{name}: the line of byte {n}");
    }

    // Ranges from the index: around each checkpoint (the lines before counted on the fast
    // path), with every kernel, fed whole and in small pieces.
    let mut firsts: Vec<u64> = index
        .checkpoints
        .iter()
        .flat_map(|c| [c.line.saturating_sub(1), c.line, c.line + 1, c.line + 3])
        .collect();
    firsts.extend([report.lines, report.lines + 1, report.lines + 5]);
    firsts.sort_unstable();
    firsts.dedup();
    for first in firsts.into_iter().filter(|&f| f >= 1).take(24) {
        let last = first + 2;
        let want: Vec<Line> = all
            .iter()
            .filter(|l| (first..=last).contains(&l.number))
            .cloned()
            .collect();
        for kernel in Kernel::available() {
            for piece in [1 << 16, 7] {
                let (got, count) = range(bytes, &index, first, last, kernel, piece);
                assert_eq!(
                    got, want,
                    "{name}: lines {first}-{last}, {kernel:?}, pieces of {piece}"
                );
                if want.is_empty() && report.format.is_text() {
                    assert_eq!(
                        count,
                        Some(report.lines),
                        "{name}: past the end, {kernel:?}"
                    );
                }
            }
        }
    }
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.is_file() && p.file_name().is_some_and(|n| n != "SOURCES.md"));
    v.sort();
    v
}

#[test]
fn tests_data_structure_equals_report() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let files = files_in(&dir);
    assert!(files.len() > 10, "tests/data has its files");
    for p in files {
        let bytes = std::fs::read(&p).unwrap();
        agrees(&p.display().to_string(), &bytes);
    }
}

#[test]
fn corpus_structure_equals_report() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if !corpus.is_dir() {
        println!("no corpus at {}: nothing to compare", corpus.display());
        return;
    }
    // The real files, and the Unicode data files (large, many lines: long ranges and many
    // checkpoints).
    for dir in ["real", "unicode"] {
        for p in files_in(&corpus.join(dir)) {
            let bytes = std::fs::read(&p).unwrap();
            agrees(&p.display().to_string(), &bytes);
        }
    }
}

/// Text made of pieces that stress lines: every ending, lone CRs, controls, NUL, bidi and
/// invisible characters, characters beyond ASCII, long plain runs.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("\r".to_string()),
        Just("\u{85}".to_string()),
        Just("\u{2028}".to_string()),
        Just("\u{2029}".to_string()),
        Just("\0".to_string()),
        Just("\u{B}\u{C}\t".to_string()),
        Just("\u{202E}\u{200B}\u{FEFF}".to_string()),
        Just("é中😀".to_string()),
        "[a-z ]{0,80}",
        "[a-z]{60,200}\n",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_text_structure_equals_report(
        parts in prop::collection::vec(piece(), 0..120),
        format in 0usize..3,
    ) {
        let s: String = parts.concat();
        let bytes: Vec<u8> = match format {
            0 => s.into_bytes(),
            1 => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            _ => s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
        };
        agrees("random", &bytes);
    }

    #[test]
    fn random_bytes_structure_equals_report(bytes in prop::collection::vec(
        prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'a'), Just(0xC3u8), Just(0xA9u8), Just(0xFFu8), Just(0u8)],
        0..600,
    )) {
        agrees("random bytes", &bytes);
    }
}
