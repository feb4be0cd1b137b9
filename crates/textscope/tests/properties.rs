//! Property tests: chunking never changes a report (U5); text encoded in any format gives
//! back its lines and characters; the structure from a checkpoint equals the structure from
//! the start (S2).

mod common;
use common::*;
use proptest::prelude::*;
use textscope::{Analyzer, Options};

fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9 ,.]{1,12}",
        2 => Just("\n".to_string()),
        1 => Just("\r\n".to_string()),
        1 => Just("\r".to_string()),
        1 => "[é€中😀ß\u{85}\u{2028}\u{FEFF}\t\u{1}\u{0}]{1,3}",
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn chunk_sizes() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(1usize..40, 1..8)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// U5 on random bytes.
    #[test]
    fn chunking_never_changes_the_report_random_bytes(
        bytes in proptest::collection::vec(any::<u8>(), 0..400),
        sizes in chunk_sizes(),
    ) {
        let opts = Options { max_problems_per_kind: 5, ..Options::default() };
        prop_assert_eq!(chunked(&bytes, &opts, &sizes), whole(&bytes, &opts));
    }

    /// U5 on valid text in each format, with faults injected (bytes overwritten or cut).
    #[test]
    fn chunking_never_changes_the_report_faulty_text(
        text in text_strategy(), fi in 0usize..5, mark in any::<bool>(),
        faults in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in 0usize..4, sizes in chunk_sizes(), forced in any::<bool>(),
    ) {
        let f = FORMATS[fi];
        let mut bytes = encode(&text, f, mark);
        for (at, b) in faults {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        bytes.truncate(bytes.len().saturating_sub(cut));
        let opts = if forced {
            Options::default().force_encoding(f.name()).unwrap()
        } else {
            Options::default()
        };
        prop_assert_eq!(chunked(&bytes, &opts, &sizes), whole(&bytes, &opts));
    }

    /// Text encoded in any format, then analysed, gives back its lines and characters.
    #[test]
    fn encoded_text_gives_back_lines_and_characters(
        text in text_strategy(), fi in 0usize..5, mark in any::<bool>(),
    ) {
        let f = FORMATS[fi];
        // Without a mark, a leading U+FEFF would be read as the mark (B1).
        let text = if !mark && text.starts_with('\u{FEFF}') { format!("x{text}") } else { text };
        let bytes = encode(&text, f, mark);
        let opts = Options::default().force_encoding(f.name()).unwrap();
        let r = whole(&bytes, &opts);
        prop_assert_eq!(r.characters, text.chars().count() as u64);
        prop_assert_eq!(r.lines, naive_lines(&text));
        prop_assert_eq!(r.problem_counts.unpaired_surrogate + r.problem_counts.invalid_utf8, 0);
    }

    /// S2: the structure of any range from the index equals the one decoded from the start.
    #[test]
    fn structure_from_checkpoint_equals_structure_from_start(
        text in text_strategy(), fi in 0usize..5, every in 1u64..64,
        a in 1u64..30, len in 0u64..10,
    ) {
        let f = FORMATS[fi];
        let bytes = encode(&text, f, true);
        let opts = Options::default().force_encoding(f.name()).unwrap();
        let mut an = Analyzer::new(Options { index_every: Some(every), ..opts.clone() });
        an.feed(&bytes);
        let (report, index) = an.finish_with_index();
        let mut from_start = index.clone();
        from_start.checkpoints.truncate(1);
        let s1 = textscope::structure_of(&bytes, &index, a, a + len, Default::default());
        let s2 = textscope::structure_of(&bytes, &from_start, a, a + len, Default::default());
        prop_assert_eq!(&s1, &s2);
        let expected = report.lines.saturating_sub(a - 1).min(len + 1);
        prop_assert_eq!(s1.lines.len() as u64, expected);
        for l in &s1.lines {
            prop_assert!(l.offset + l.length <= bytes.len() as u64);
        }
    }
}

/// L1/L2 counted the plain way, on a Rust string.
fn naive_lines(text: &str) -> u64 {
    let t = text.replace("\r\n", "\n");
    let mut lines = 0;
    let mut open = false;
    for c in t.chars() {
        if matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}') {
            lines += 1;
            open = false;
        } else {
            open = true;
        }
    }
    lines + u64::from(open)
}
