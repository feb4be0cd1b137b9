//! The line loop's step without a branch per line (decision 72): once a line of 64 characters
//! or more has been seen, a block of plain lines with no checkpoint due in it is taken by its
//! first line's length, its count of endings and where its last line starts. The harness of
//! kernels.rs puts a checkpoint every 61 bytes, which keeps that step from running; here the
//! checkpoints are sparse (S2), so that it runs, and the lines have every length around a
//! block's 64 units, before and after the longest one (L5). Every kernel must give the
//! reference's report and index, whole and in chunks.

mod common;

use common::{encode, FORMATS};
use proptest::prelude::*;
use textscope::{Analyzer, Kernel, LineIndex, Options, Report};

fn analyse(bytes: &[u8], opts: &Options, kernel: Kernel, size: usize) -> (Report, LineIndex) {
    let mut a = Analyzer::new(Options {
        kernel,
        ..opts.clone()
    });
    for chunk in bytes.chunks(size.max(1)) {
        a.feed(chunk);
    }
    a.finish_with_index()
}

/// A line of at most `max` characters: ASCII, or mostly letters beyond ASCII of one to four
/// UTF-8 bytes (two UTF-16 units for the emoji), or with zero-width joiners now and then (a
/// finding, listed with its line and column wherever it falls in a block).
fn line(max: usize) -> impl Strategy<Value = String> {
    let letter = prop_oneof![
        8 => prop::char::range('a', 'z'),
        1 => Just(' '),
        2 => prop::sample::select(vec!['é', 'δ', 'ж', '中', '😀']),
        1 => Just('\u{200D}'),
    ];
    proptest::collection::vec(letter, 0..=max).prop_map(|v| v.into_iter().collect())
}

/// Lines of at most 8 to 150 characters: short enough on average for the step in every
/// format (96 bytes are 24 characters of UTF-32), or too long for it.
fn lines() -> impl Strategy<Value = Vec<String>> {
    (8usize..150).prop_flat_map(|max| proptest::collection::vec(line(max), 1..80))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn lines_after_a_long_one_are_counted_as_the_reference_counts_them(
        first in 0usize..200, lines in lines(),
        crlf in any::<bool>(), last_ended in any::<bool>(),
        size in 1usize..300, every in 64u64..2000,
    ) {
        let ending = if crlf { "\r\n" } else { "\n" };
        let mut s = "x".repeat(first);
        for l in &lines {
            s.push_str(ending);
            s.push_str(l);
        }
        if last_ended {
            s.push_str(ending);
        }
        for f in FORMATS {
            let bytes = encode(&s, f, false);
            // Every finding listed, each on its own, so that each one's line and column count.
            let all = Options {
                force: Some(f),
                max_problems_per_kind: 100_000,
                group_runs: false,
                ..Options::default()
            };
            for opts in [all.clone(), Options { index_every: Some(every), ..all }] {
                let reference = analyse(&bytes, &opts, Kernel::Off, usize::MAX);
                for k in Kernel::available() {
                    for size in [usize::MAX, size] {
                        let got = analyse(&bytes, &opts, k, size);
                        prop_assert_eq!(&got, &reference, "kernel {} in chunks of {}", k.name(), size);
                    }
                }
            }
        }
    }
}
