//! The fast path: every kernel this machine runs (AVX-512, AVX2, SSE2, scalar) gives the report
//! and line index of `Kernel::Off`, which decodes one character at a time.
//!
//! Input layout: byte 0 picks detection or a forced format (bits 0–2) and a chunk size for the
//! kernels' side (bits 3–7: 0 means whole, else 1–31 × 13 bytes); the rest is the file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use textscope::{Analyzer, Kernel, LineIndex, Options, Report};

const FORCE: [Option<&str>; 8] = [
    None,
    Some("utf-8"),
    Some("utf-16le"),
    Some("utf-16be"),
    Some("utf-32le"),
    Some("utf-32be"),
    Some("windows-1252"),
    Some("iso-8859-7"),
];

fn run(data: &[u8], opts: &Options, kernel: Kernel, chunk: usize) -> (Report, LineIndex) {
    let mut a = Analyzer::new(Options {
        kernel,
        ..opts.clone()
    });
    for c in data.chunks(chunk.max(1)) {
        a.feed(c);
    }
    a.finish_with_index()
}

fuzz_target!(|input: &[u8]| {
    let Some((&control, data)) = input.split_first() else {
        return;
    };
    let mut opts = Options {
        index_every: Some(50),
        max_problems_per_kind: 3,
        ..Options::default()
    };
    if let Some(name) = FORCE[usize::from(control & 7)] {
        opts = opts.force_encoding(name).expect("known label");
    }
    let chunk = match usize::from(control >> 3) {
        0 => data.len(),
        k => k * 13,
    };
    let reference = run(data, &opts, Kernel::Off, data.len());
    for kernel in Kernel::available() {
        assert_eq!(run(data, &opts, kernel, chunk), reference, "{}", kernel.name());
    }
});
