//! Throughput of the full analysis (report of every line and problem) on generated inputs of
//! about 100 MB per format, ASCII-heavy and multilingual. `TEXTSCOPE_BENCH_MB` changes the size.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use textscope::{Analyzer, Options};

fn size() -> usize {
    std::env::var("TEXTSCOPE_BENCH_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
        << 20
}

/// Log-like ASCII lines, or lines mixing Latin, Cyrillic, CJK and emoji.
fn text(multilingual: bool, bytes: usize) -> String {
    let lines: &[&str] = if multilingual {
        &[
            "Grüße aus Köln — naïve café, déjà vu; 50 € pro Stück.",
            "Привет, мир! Это строка на русском языке для проверки.",
            "中文文本的一行，包含标点符号。日本語のテキストも少し。",
            "Emoji 😀🎉 and math ∑ ∞ ≠, then plain ASCII words again.",
        ]
    } else {
        &[
            "2026-12-02T11:15:45Z INFO server: request handled in 12 ms path=/api/v1/items",
            "2026-12-02T11:15:46Z WARN cache: miss for key user:1234 (ttl 300 s)",
            "2026-12-02T11:15:47Z ERROR db: connection reset by peer; retrying (attempt 2)",
        ]
    };
    let mut s = String::with_capacity(bytes + 200);
    let mut i = 0;
    while s.len() < bytes {
        s.push_str(lines[i % lines.len()]);
        s.push('\n');
        i += 1;
    }
    s
}

fn encode(s: &str, format: &str) -> Vec<u8> {
    match format {
        "utf-16le" => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "utf-16be" => s.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "utf-32le" => s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect(),
        "utf-32be" => s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
        "windows-1252" => encoding_rs::WINDOWS_1252.encode(s).0.into_owned(),
        _ => s.as_bytes().to_vec(),
    }
}

fn analyse(bytes: &[u8]) -> u64 {
    let mut a = Analyzer::new(Options::default());
    for chunk in bytes.chunks(1 << 20) {
        a.feed(chunk);
    }
    a.finish().lines
}

fn bench(c: &mut Criterion) {
    let n = size();
    let mut g = c.benchmark_group("analyze");
    g.sample_size(10);
    for multilingual in [false, true] {
        let base = text(multilingual, n);
        for format in [
            "utf-8",
            "utf-16le",
            "utf-16be",
            "utf-32le",
            "utf-32be",
            "windows-1252",
        ] {
            if multilingual && format == "windows-1252" {
                continue;
            }
            let bytes = encode(&base, format);
            g.throughput(Throughput::Bytes(bytes.len() as u64));
            let name = format!(
                "{format}/{}",
                if multilingual {
                    "multilingual"
                } else {
                    "ascii"
                }
            );
            g.bench_function(name, |b| b.iter(|| black_box(analyse(black_box(&bytes)))));
        }
    }
    let line = "x".repeat(n);
    g.throughput(Throughput::Bytes(line.len() as u64));
    g.bench_function("utf-8/one-long-line", |b| {
        b.iter(|| black_box(analyse(black_box(line.as_bytes()))))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
