//! U5: the analyser fed the input whole and fed it in fuzzer-chosen chunks gives identical
//! reports and identical line indexes.
//!
//! Input layout: byte 0 is a control byte, bytes 1..=n (n = control & 7) are chunk sizes
//! (0 means an empty feed), the rest is the file. Control bits 3–5 pick detection or a forced
//! format; bit 6 sets a tiny problem cap (exercising the "omitted" arithmetic); bit 7 repeats
//! the file past the 64 KiB window so that streaming after detection is exercised too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use textscope::{Analyzer, Options, WINDOW};

const FORCE: [Option<&str>; 8] = [
    None,
    None,
    Some("utf-8"),
    Some("utf-16le"),
    Some("utf-16be"),
    Some("utf-32le"),
    Some("utf-32be"),
    Some("shift_jis"),
];

fuzz_target!(|input: &[u8]| {
    let Some((&control, rest)) = input.split_first() else {
        return;
    };
    let n = usize::from(control & 7).min(rest.len());
    let (sizes, data) = rest.split_at(n);
    let mut opts = Options {
        index_every: Some(64),
        max_problems_per_kind: if control & 0x40 != 0 { 2 } else { 1000 },
        ..Options::default()
    };
    if let Some(name) = FORCE[usize::from((control >> 3) & 7)] {
        opts = opts.force_encoding(name).expect("known label");
    }
    let owned;
    let data = if control & 0x80 != 0 && !data.is_empty() {
        owned = data
            .iter()
            .copied()
            .cycle()
            .take(WINDOW + 4099)
            .collect::<Vec<u8>>();
        &owned[..]
    } else {
        data
    };

    let mut whole = Analyzer::new(opts.clone());
    whole.feed(data);
    let (whole_report, whole_index) = whole.finish_with_index();

    let mut chunked = Analyzer::new(opts);
    let mut at = 0;
    let mut k = 0;
    while at < data.len() {
        let mut size = if sizes.is_empty() {
            1
        } else {
            // Sizes 0..=255, scaled up for the long inputs so that a run stays quick.
            let s = usize::from(sizes[k % sizes.len()]);
            if data.len() > WINDOW {
                s * 17
            } else {
                s
            }
        };
        k += 1;
        if size == 0 {
            // An empty feed, then at least one byte so that the loop ends.
            chunked.feed(&[]);
            size = 1;
        }
        let end = (at + size).min(data.len());
        chunked.feed(&data[at..end]);
        at = end;
    }
    let (chunked_report, chunked_index) = chunked.finish_with_index();
    assert_eq!(whole_report, chunked_report);
    assert_eq!(whole_index, chunked_index);
});
