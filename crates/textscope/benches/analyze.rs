//! Throughput of the full analysis (report of every line and problem) on generated inputs of
//! about 100 MB per format, ASCII-heavy and multilingual, with every fast-path kernel
//! (`Kernel::Off` is the character-at-a-time reference). `TEXTSCOPE_BENCH_MB` changes the size;
//! `TEXTSCOPE_BENCH_INPUTS=utf-8/ascii,utf-16le` and `TEXTSCOPE_BENCH_KERNELS=avx2,off` pick.

mod inputs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use inputs::{analyze, inputs, kernels, size};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    for (name, bytes) in inputs(size()) {
        let mut g = c.benchmark_group(&name);
        g.sample_size(10);
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        for k in kernels() {
            g.bench_function(k.name(), |b| {
                b.iter(|| black_box(analyze(black_box(&bytes), k)))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
