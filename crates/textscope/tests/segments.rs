//! Parallel analysis: a file split after LF units into segments analysed on their own and
//! merged gives exactly the report of one analyser fed everything (issue 5's merge property).

mod common;
use common::*;
use proptest::prelude::*;
use textscope::{Analyzer, Format, Options, Report};

/// Feeds the window to the main analyser, then cuts the rest after the LF unit at or after
/// each of `cuts` (fractions of the length) and analyses each part as a segment.
fn split_report(bytes: &[u8], opts: &Options, cuts: &[f64]) -> Report {
    let mut a = Analyzer::new(opts.clone());
    let window = textscope::WINDOW.min(bytes.len());
    a.feed(&bytes[..window]);
    let mut points = Vec::new();
    if a.format().is_some() {
        let mut from = window as u64;
        let mut sorted: Vec<f64> = cuts.to_vec();
        sorted.sort_by(f64::total_cmp);
        for c in sorted {
            let at = ((bytes.len() as f64 * c) as u64).max(from);
            if let Some(p) = a.split_after_lf(&bytes[at as usize..], at) {
                if p > from && p < bytes.len() as u64 {
                    points.push(p);
                    from = p;
                }
            }
        }
    }
    let first_end = points.first().map_or(bytes.len(), |&p| p as usize);
    a.feed(&bytes[window..first_end]);
    let mut segs = Vec::new();
    for (i, &p) in points.iter().enumerate() {
        let end = points.get(i + 1).map_or(bytes.len(), |&q| q as usize);
        let mut s = a.segment(p).expect("splittable");
        for chunk in bytes[p as usize..end].chunks(977) {
            s.feed(chunk);
        }
        segs.push(s);
    }
    a.finish_with_segments(segs).unwrap().0
}

fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => "[a-z ]{1,20}",
        3 => Just("\n".to_string()),
        1 => Just("\r\n".to_string()),
        1 => Just("\r".to_string()),
        1 => "[é中😀\u{1}\u{0}\u{2028}\u{FEFF}\u{202E}\u{200B}]{1,2}",
    ];
    proptest::collection::vec(piece, 0..300).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn any_split_after_lf_gives_the_same_report(
        text in text_strategy(), fi in 0usize..5,
        cuts in proptest::collection::vec(0.0f64..1.0, 0..6),
        faults in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
        cap in 1usize..4,
    ) {
        let f = [Format::Utf8, Format::Utf16Le, Format::Utf16Be, Format::Utf32Le, Format::Utf32Be][fi];
        // Past the window, so that detection has run before the segments are cut.
        let padded = format!("{}\n{text}", "w".repeat(textscope::WINDOW));
        let mut bytes = encode(&padded, f, true);
        let head = textscope::WINDOW * f.unit_width() + 8;
        for (at, b) in faults {
            if bytes.len() <= head {
                break; // no text past the window to damage
            }
            let i = head + at.index(bytes.len() - head);
            bytes[i] = b;
        }
        // The trackers' merge; the segments and mojibake keep to `Analyzer::rest` (twofold.rs).
        let opts = Options { max_problems_per_kind: cap, index_every: Some(64), two_encodings: false, ..Options::default() };
        let whole = whole(&bytes, &opts);
        prop_assert_eq!(split_report(&bytes, &opts, &cuts), whole);
    }
}

#[test]
fn legacy_multibyte_splits_too() {
    let text = "日本語のテキスト、これはテストです。\n".repeat(6000);
    let bytes = encoding_rs::SHIFT_JIS.encode(&text).0.into_owned();
    let opts = Options::default().force_encoding("shift_jis").unwrap();
    let r = split_report(&bytes, &opts, &[0.3, 0.5, 0.9]);
    assert_eq!(r, whole(&bytes, &opts));
    assert_eq!(r.lines, 6000);
}

#[test]
fn misplaced_segment_is_an_error_not_a_wrong_report() {
    let bytes = "line\n".repeat(20_000).into_bytes();
    let mut a = Analyzer::new(Options::default());
    a.feed(&bytes[..textscope::WINDOW]);
    let s = a.segment(textscope::WINDOW as u64 + 10).unwrap();
    let err = a.finish_with_segments(vec![s]).unwrap_err();
    let err = err.to_string();
    assert!(err.contains("does not end just after an LF") || err.contains("starts at"));
}

/// Text full of runs: NULs, controls, bad bytes, terminal escape sequences, U+FEFF.
fn runs_strategy() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-z ]{1,12}",
        2 => Just("\n".to_string()),
        2 => "\u{0}{1,9}",
        1 => "[\u{1}\u{7}\u{1b}]{1,4}",
        1 => "\u{FEFF}{1,3}",
        1 => Just("\u{1b}[31m\u{1b}[1m".to_string()),
        1 => Just("\u{1b}]0;title\u{7}".to_string()),
        1 => "[\u{200B}\u{202E}]{1,3}",
    ];
    proptest::collection::vec(piece, 0..200).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 30, ..ProptestConfig::default() })]

    /// Runs (issue 14) are the same whether the file is analysed whole or in merged segments,
    /// grouped or not, with a small cap.
    #[test]
    fn runs_survive_the_segment_merge(
        text in runs_strategy(), fi in 0usize..3,
        cuts in proptest::collection::vec(0.0f64..1.0, 0..6),
        cap in 1usize..4, group in any::<bool>(),
    ) {
        let f = [Format::Utf8, Format::Utf16Le, Format::Utf32Be][fi];
        let padded = format!("{}\n{text}", "w".repeat(textscope::WINDOW));
        let bytes = encode(&padded, f, true);
        let opts = Options { max_problems_per_kind: cap, group_runs: group, two_encodings: false, ..Options::default() };
        let whole = whole(&bytes, &opts);
        prop_assert_eq!(split_report(&bytes, &opts, &cuts), whole);
    }
}
