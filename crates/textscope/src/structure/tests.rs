//! The structure of 100 lines deep in a file runs on the fast path: the lines before the range
//! are counted by the kernels in bulk (issue 12), and the lines in range are the same with
//! every kernel as with none.

use super::*;
use crate::{Analyzer, Options};

/// A file of `n` numbered lines, every 97th with CR LF and every 89th with a character
/// beyond ASCII, so that both the plain-ASCII loop and the general block loop run.
fn file(n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 1..=n {
        out.extend_from_slice(format!("line {i} of the file").as_bytes());
        if i % 89 == 0 {
            out.extend_from_slice("é".as_bytes());
        }
        out.extend_from_slice(if i % 97 == 0 { b"\r\n" } else { b"\n" });
    }
    out
}

/// The index with a single checkpoint (line 1): every line before the range is counted.
fn index_of(bytes: &[u8]) -> LineIndex {
    let mut a = Analyzer::new(Options {
        index_every: Some(u64::MAX),
        ..Options::default()
    });
    a.feed(bytes);
    let (report, index) = a.finish_with_index();
    assert_eq!(index.checkpoints.len(), 1);
    assert_eq!(index.lines, report.lines);
    index
}

fn last_100(bytes: &[u8], index: &LineIndex, kernel: Kernel) -> (Vec<Line>, u64) {
    let lines = index.lines;
    let mut b = StructureBuilder::new(index, lines - 99, lines, StructureOptions::default())
        .with_kernel(kernel);
    assert_eq!(b.start_offset(), 0);
    for chunk in bytes.chunks(64 * 1024) {
        if b.done() {
            break;
        }
        b.feed(chunk);
    }
    let fast = b.fast_lines;
    (b.finish().lines, fast)
}

#[test]
fn the_lines_before_a_range_are_counted_on_the_fast_path() {
    let bytes = file(20_000);
    let index = index_of(&bytes);
    let (reference, none) = last_100(&bytes, &index, Kernel::Off);
    assert_eq!(none, 0, "no kernel: one character at a time");
    assert_eq!(reference.len(), 100);
    assert_eq!(reference.first().map(|l| l.number), Some(19_901));
    assert_eq!(
        reference.last().map(|l| l.text.as_str()),
        Some("line 20000 of the file")
    );
    for kernel in Kernel::available()
        .into_iter()
        .filter(|&k| k != Kernel::Off)
    {
        let (lines, fast) = last_100(&bytes, &index, kernel);
        assert_eq!(lines, reference, "{kernel:?}");
        // All but the few lines around each stop (a CR LF among LFs, a character beyond
        // ASCII) are taken in bulk.
        assert!(fast >= 19_000, "{kernel:?}: {fast} of 19,900 lines in bulk");
    }
}
