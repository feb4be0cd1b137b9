//! The structure view (S1, S2): 100 lines read from the index (the checkpoint before them, then
//! only as far as the last), and a full structure pass over every line, on generated ASCII and
//! multilingual UTF-8 and UTF-16LE text of 8 MiB (`TEXTSCOPE_BENCH_MB` changes the size).

mod inputs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use inputs::{encode, text};
use std::hint::black_box;
use textscope::{Analyzer, LineIndex, Options, StructureBuilder, StructureOptions};

fn index_of(bytes: &[u8]) -> LineIndex {
    let mut a = Analyzer::new(Options {
        index_every: Some(textscope::DEFAULT_INDEX_EVERY),
        ..Options::default()
    });
    a.feed(bytes);
    a.finish_with_index().1
}

/// Lines `first..=last` from the index, as the CLI reads them (64 KiB pieces until done).
fn view(bytes: &[u8], index: &LineIndex, first: u64, last: u64) -> usize {
    let mut b = StructureBuilder::new(index, first, last, StructureOptions::default());
    let mut at = usize::try_from(b.start_offset()).unwrap_or(usize::MAX);
    let mut lines = 0;
    while !b.done() && at < bytes.len() {
        let end = (at + 64 * 1024).min(bytes.len());
        b.feed(bytes.get(at..end).unwrap_or_default());
        lines += b.take_lines().len();
        at = end;
    }
    lines + b.finish().lines.len()
}

fn bench(c: &mut Criterion) {
    let mb = std::env::var("TEXTSCOPE_BENCH_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8usize);
    for (name, multilingual, format) in [
        ("utf-8/ascii", false, "utf-8"),
        ("utf-8/multilingual", true, "utf-8"),
        ("utf-16le/ascii", false, "utf-16le"),
    ] {
        let bytes = encode(&text(multilingual, mb << 20), format);
        let index = index_of(&bytes);
        // The worst place for 100 lines: they start just before a checkpoint, so nearly all
        // of the 64 KiB before them is decoded only to count lines.
        let mid = index.checkpoints.len() / 2;
        let first = index.checkpoints.get(mid + 1).map_or(1, |c| c.line - 1);
        let mut g = c.benchmark_group(format!("structure/{name}"));
        g.sample_size(10);
        g.bench_function("100 lines from the index", |b| {
            b.iter(|| black_box(view(black_box(&bytes), &index, first, first + 99)))
        });
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function("full pass", |b| {
            b.iter(|| black_box(view(black_box(&bytes), &index, 1, u64::MAX)))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
