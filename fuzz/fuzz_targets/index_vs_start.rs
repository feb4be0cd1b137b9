//! S2: the structure of a line range decoded from a sparse index (a checkpoint every few
//! bytes) equals the structure decoded from the start (the index cut to its first checkpoint).
//!
//! Input layout: byte 0 picks the checkpoint spacing (1–64 bytes) and a forced format, bytes
//! 1 and 2 pick the first line and the length of the range, the rest is the file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use textscope::{structure_of, Analyzer, Options};

const FORCE: [Option<&str>; 8] = [
    None,
    None,
    Some("utf-8"),
    Some("utf-16le"),
    Some("utf-16be"),
    Some("utf-32le"),
    Some("windows-1252"),
    Some("shift_jis"),
];

fuzz_target!(|input: &[u8]| {
    let [control, a, b, data @ ..] = input else {
        return;
    };
    let mut opts = Options {
        index_every: Some(u64::from(control & 63) + 1),
        ..Options::default()
    };
    if let Some(name) = FORCE[usize::from(control >> 6) + usize::from(a & 1) * 4] {
        opts = opts.force_encoding(name).expect("known label");
    }
    let mut an = Analyzer::new(opts);
    an.feed(data);
    let (report, index) = an.finish_with_index();
    let lines = report.lines.max(1);
    let first = u64::from(*a) % (lines + 1) + 1;
    let last = first + u64::from(*b % 8);

    let sparse = structure_of(data, &index, first, last, Default::default());
    let mut from_start = index.clone();
    from_start.checkpoints.truncate(1);
    let full = structure_of(data, &from_start, first, last, Default::default());
    assert_eq!(
        sparse, full,
        "lines {first}..={last}, index {:?}",
        index.checkpoints
    );
});
