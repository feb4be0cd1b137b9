//! U1 against the standard library: forced to UTF-16LE, the set of offsets of P1 problems and
//! the character count agree with `char::decode_utf16` over the units (after a FF FE mark),
//! with an odd trailing byte as one more character and one P5.
#![no_main]

use libfuzzer_sys::fuzz_target;
use textscope::{Options, ProblemKind};

fuzz_target!(|data: &[u8]| {
    // One item per unpaired unit, to compare offsets with std's (runs are whole_vs_chunked's).
    let opts = Options {
        max_problems_per_kind: usize::MAX,
        group_runs: false,
        ..Options::default()
            .force_encoding("utf-16le")
            .expect("utf-16le")
    };
    let r = textscope::analyze(data, opts);

    let mark = if data.starts_with(&[0xFF, 0xFE]) {
        2
    } else {
        0
    };
    let body = &data[mark..];
    let units = body
        .chunks_exact(2)
        .map(|u| u16::from_le_bytes([u[0], u[1]]));
    let mut chars = 0u64;
    let mut unit_pos = 0u64;
    let mut unpaired = Vec::new();
    for item in char::decode_utf16(units) {
        chars += 1;
        match item {
            Ok(c) => unit_pos += c.len_utf16() as u64,
            Err(_) => {
                unpaired.push(mark as u64 + 2 * unit_pos);
                unit_pos += 1;
            }
        }
    }
    let odd = body.len() % 2 == 1;
    chars += u64::from(odd);

    let ours: Vec<u64> = r
        .problems
        .iter()
        .filter(|p| p.kind == ProblemKind::UnpairedSurrogate)
        .map(|p| p.offset)
        .collect();
    assert_eq!(ours, unpaired, "P1 offsets differ from std");
    assert_eq!(r.problem_counts.unpaired_surrogate, unpaired.len() as u64);
    assert_eq!(r.problem_counts.truncated_character, u64::from(odd));
    assert_eq!(r.characters, chars, "character count differs from std");
    assert_eq!(r.problems_omitted, 0);
});
