//! Runs (issue 14): touching problems or findings of one kind are one item with a `count`,
//! whole or chunked at any size; counts stay exact; `group_runs: false` lists one per
//! character. The segment merge is covered in segments.rs.

mod common;
use common::*;
use proptest::prelude::*;
use textscope::{Options, ProblemKind, Report};

fn runs_text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => "[a-z ]{1,8}".prop_map(String::into_bytes),
        2 => Just(b"\n".to_vec()),
        1 => Just(b"\r\n".to_vec()),
        2 => (1usize..20).prop_map(|n| vec![0u8; n]),
        1 => proptest::collection::vec(prop_oneof![Just(1u8), Just(7), Just(0x1b), Just(0x7f)], 1..4),
        1 => proptest::collection::vec(0x80u8..0xFF, 1..5),
        1 => Just("\u{FEFF}\u{FEFF}".as_bytes().to_vec()),
        1 => Just(b"\x1b[31m\x1b[1m".to_vec()),
        1 => Just(b"\x1b]52;c;aGk=\x07\x1b]0;t\x1b\\".to_vec()),
        1 => Just("\u{200B}\u{200B}\u{202E}".as_bytes().to_vec()),
    ];
    proptest::collection::vec(piece, 0..60).prop_map(|v| v.concat())
}

/// Items stand for exactly the counted characters, less the omitted ones; no two listed items
/// of one kind touch when grouping is on; every item is one character when it is off.
fn check_items(r: &Report, group: bool) {
    let listed: u64 = r.problems.iter().map(|p| p.count).sum();
    assert_eq!(listed + r.problems_omitted, r.problem_counts.total());
    let listed: u64 = r.findings.iter().map(|f| f.count).sum();
    assert_eq!(listed + r.findings_omitted, r.finding_counts.total());
    for k in ProblemKind::ALL {
        let items: Vec<_> = r.problems.iter().filter(|p| p.kind == k).collect();
        for w in items.windows(2) {
            if group && k != ProblemKind::MixedLineEndings {
                assert_ne!(
                    w[0].offset + w[0].length,
                    w[1].offset,
                    "touching items not grouped"
                );
            }
        }
        if !group {
            assert!(items.iter().all(|p| p.count == 1));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn runs_are_chunk_invariant(
        bytes in runs_text(), sizes in proptest::collection::vec(1usize..30, 1..6),
        cap in 1usize..5, group in any::<bool>(), forced in any::<bool>(),
    ) {
        let mut opts = Options { max_problems_per_kind: cap, group_runs: group, ..Options::default() };
        if forced {
            opts = opts.force_encoding("utf-8").unwrap();
        }
        let w = whole(&bytes, &opts);
        prop_assert_eq!(&chunked(&bytes, &opts, &sizes), &w);
        check_items(&w, group);
    }
}

#[test]
fn every_chunk_size_gives_the_same_runs() {
    let bytes = b"a\x00\x00\x00b\xff\xfe\x80\n\x07\x07\x1b[1m\x1b[2m\x1b]0;x\x07\x00\x00";
    let opts = Options::default().force_encoding("utf-8").unwrap();
    let w = whole(bytes, &opts);
    for n in 1..=bytes.len() {
        assert_eq!(chunked(bytes, &opts, &[n]), w, "chunk size {n}");
    }
    let nul = &w.problems[0];
    assert_eq!(
        (nul.kind, nul.offset, nul.length, nul.count),
        (ProblemKind::Nul, 1, 3, 3)
    );
    assert_eq!(nul.message, "3 NULs (U+0000) in a row");
    let bad = &w.problems[1];
    assert_eq!(
        (bad.kind, bad.offset, bad.length, bad.count),
        (ProblemKind::InvalidUtf8, 5, 3, 3)
    );
    assert_eq!(bad.bytes, "FF", "the first character's bytes");
}

#[test]
fn a_run_of_4096_nuls_is_one_item_and_the_cap_counts_items() {
    let mut bytes = b"log start\n".to_vec();
    bytes.extend(std::iter::repeat_n(0u8, 4096));
    bytes.extend_from_slice(b"\n\x00x\x00y\x00z\n");
    let opts = Options {
        max_problems_per_kind: 2,
        ..Options::default().force_encoding("utf-8").unwrap()
    };
    let r = whole(&bytes, &opts);
    assert_eq!(r.problem_counts.nul, 4099);
    let nuls: Vec<_> = r
        .problems
        .iter()
        .filter(|p| p.kind == ProblemKind::Nul)
        .collect();
    assert_eq!(nuls.len(), 2, "the cap counts runs");
    assert_eq!(
        (nuls[0].count, nuls[0].length, nuls[0].line, nuls[0].column),
        (4096, 4096, 2, 1)
    );
    assert_eq!(nuls[0].message, "4,096 NULs (U+0000) in a row");
    assert_eq!(nuls[1].count, 1);
    assert_eq!(r.problems_omitted, 2, "two NULs no listed item covers");
    let flat = whole(
        &bytes,
        &Options {
            group_runs: false,
            ..opts
        },
    );
    assert_eq!(flat.problems.len(), 2);
    assert_eq!(flat.problems_omitted, 4097);
    assert_eq!(
        flat.problem_counts, r.problem_counts,
        "counts stay exact per character"
    );
}

#[test]
fn mixed_line_endings_are_never_grouped_and_runs_need_one_kind() {
    let opts = Options::default().force_encoding("utf-8").unwrap();
    let r = analyze_every_way_with(b"a\n\x00\x01\x01\x00b\r\n", &opts);
    let kinds: Vec<_> = r.problems.iter().map(|p| (p.kind, p.count)).collect();
    assert_eq!(
        kinds,
        vec![
            (ProblemKind::Nul, 1),
            (ProblemKind::ControlCharacter, 2),
            (ProblemKind::Nul, 1),
            (ProblemKind::MixedLineEndings, 1),
        ]
    );
}
