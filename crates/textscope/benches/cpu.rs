//! The same inputs and kernels as `analyze`, timed by the CPU time this thread spent
//! (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`) rather than by the wall clock, so that a machine busy
//! with other work still gives the kernels' own throughput. Best of `TEXTSCOPE_BENCH_ROUNDS`
//! (default 5) rounds; prints a table in GB/s (10^9 bytes per second).
//!
//!     TEXTSCOPE_BENCH_MB=64 cargo bench -p textscope --bench cpu

mod inputs;

use inputs::{analyze, inputs, kernels, size};
use std::hint::black_box;
use textscope::{structure_of, Analyzer, Options, StructureOptions, DEFAULT_INDEX_EVERY};

/// Nanoseconds this thread has run on a CPU (`CLOCK_THREAD_CPUTIME_ID`); the wall clock where
/// that clock is missing.
fn cpu_ns(start: std::time::Instant) -> u64 {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec through a valid pointer.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64;
        }
    }
    start.elapsed().as_nanos() as u64
}

fn main() {
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return; // `cargo test --benches` and `--list` run nothing here.
    }
    let rounds: usize = std::env::var("TEXTSCOPE_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let ks = kernels();
    print!("{:<30}", "input (GB/s, CPU time)");
    for k in &ks {
        print!("{:>9}", k.name());
    }
    println!();
    let t0 = std::time::Instant::now();
    for (name, bytes) in inputs(size()) {
        print!("{name:<30}");
        for &k in &ks {
            let mut best = u64::MAX;
            for _ in 0..rounds {
                let a = cpu_ns(t0);
                black_box(analyze(black_box(&bytes), k));
                best = best.min(cpu_ns(t0).saturating_sub(a).max(1));
            }
            print!("{:>9.2}", bytes.len() as f64 / best as f64);
        }
        println!();
    }
    // The structure of 100 lines near the end, given the sparse index, against a full pass
    // that builds the index (S2; the issue asks for under 1 %).
    for (name, bytes) in inputs(size()) {
        if !(name.ends_with("/ascii") || name.ends_with("/multilingual")) {
            continue;
        }
        let opts = Options {
            index_every: Some(DEFAULT_INDEX_EVERY),
            ..Options::default()
        };
        let mut full = u64::MAX;
        let mut index = None;
        for _ in 0..rounds {
            let a = cpu_ns(t0);
            let mut an = Analyzer::new(opts.clone());
            for c in bytes.chunks(1 << 20) {
                an.feed(c);
            }
            index = Some(black_box(an.finish_with_index()).1);
            full = full.min(cpu_ns(t0).saturating_sub(a).max(1));
        }
        let Some(index) = index else { continue };
        let first = index.lines.saturating_sub(150).max(1);
        let mut part = u64::MAX;
        for _ in 0..rounds {
            let a = cpu_ns(t0);
            let s = structure_of(
                &bytes,
                &index,
                first,
                first + 99,
                StructureOptions::default(),
            );
            black_box(s);
            part = part.min(cpu_ns(t0).saturating_sub(a).max(1));
        }
        // The structure's cost does not grow with the file; the full pass's does, so the
        // issue's ratio (for a 1 GiB file) is the structure over the pass scaled to 1 GiB.
        let gib = full as f64 * (1u64 << 30) as f64 / bytes.len() as f64;
        println!(
            "{:<30}{:>9.3} %  of a 1 GiB pass ({:.3} % of this one): lines {first}..{} from the index in {:.3} ms; full pass with the index {:.1} ms",
            format!("{name} (100 lines)"),
            100.0 * part as f64 / gib,
            100.0 * part as f64 / full as f64,
            first + 99,
            part as f64 / 1e6,
            full as f64 / 1e6
        );
    }
    // The bar for legacy code pages: at least as fast as encoding_rs decoding them.
    for (name, bytes) in inputs(size()) {
        if let Some(format) = name.strip_suffix("/latin") {
            let enc =
                encoding_rs::Encoding::for_label(format.as_bytes()).unwrap_or(encoding_rs::UTF_8);
            let mut best = u64::MAX;
            for _ in 0..rounds {
                let a = cpu_ns(t0);
                black_box(enc.decode_without_bom_handling(black_box(&bytes)));
                best = best.min(cpu_ns(t0).saturating_sub(a).max(1));
            }
            println!(
                "{:<30}{:>9.2}  (encoding_rs decoding to UTF-8, for comparison)",
                format!("{name} (encoding_rs)"),
                bytes.len() as f64 / best as f64
            );
        }
    }
}
