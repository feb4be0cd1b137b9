//! U3 against the standard library: forced to UTF-8, the analyser finds no P5 or P7 exactly
//! when `std::str::from_utf8` accepts the bytes; P5 + P7 equals the number of ill-formed
//! subparts that `<[u8]>::utf8_chunks` finds (the same maximal-subpart rule), P5 is the last
//! subpart when it is cut by the end; and the character count equals the character count of
//! `String::from_utf8_lossy` (less one for a leading mark, which is no character: B1).
#![no_main]

use libfuzzer_sys::fuzz_target;
use textscope::{analyze, Options, ProblemKind};

fuzz_target!(|data: &[u8]| {
    let opts = Options::default().force_encoding("utf-8").expect("utf-8");
    let r = analyze(data, opts);
    let p5 = r.problem_counts.truncated_character;
    let p7 = r.problem_counts.invalid_utf8;

    let valid = std::str::from_utf8(data).is_ok();
    assert_eq!(p5 + p7 == 0, valid, "verdict differs from std");

    let mut subparts = 0u64;
    let mut cut_at_end = false;
    for chunk in data.utf8_chunks() {
        if !chunk.invalid().is_empty() {
            subparts += 1;
            cut_at_end = std::str::from_utf8(chunk.invalid())
                .err()
                .is_some_and(|e| e.error_len().is_none());
        } else {
            cut_at_end = false;
        }
    }
    assert_eq!(p5 + p7, subparts, "subpart count differs from std");
    assert_eq!(p5, u64::from(cut_at_end), "P5 differs from std");

    let lossy = String::from_utf8_lossy(data).chars().count() as u64;
    let mark = u64::from(data.starts_with(b"\xEF\xBB\xBF"));
    assert_eq!(
        r.characters,
        lossy - mark,
        "character count differs from std"
    );

    // Every listed P7 and P5 is inside the file and its length matches its bytes: 1–3 bytes a
    // subpart, `count` of them in a run of touching ones (schema 3).
    for p in &r.problems {
        if matches!(
            p.kind,
            ProblemKind::InvalidUtf8 | ProblemKind::TruncatedCharacter
        ) {
            assert!(p.offset + p.length <= data.len() as u64);
            assert!(p.count >= 1 && (p.count..=3 * p.count).contains(&p.length));
        }
    }
});
