//! The chunking harness (DESIGN practice 6): every input is analysed whole, byte by byte, at
//! every split point (for short inputs) and at pseudo-random splits, and the complete reports
//! must be identical (U5).
#![allow(dead_code)]

use textscope::{Analyzer, Format, Kernel, Options, Report};

pub fn whole(bytes: &[u8], opts: &Options) -> Report {
    let mut a = Analyzer::new(opts.clone());
    a.feed(bytes);
    a.finish()
}

pub fn chunked(bytes: &[u8], opts: &Options, sizes: &[usize]) -> Report {
    let mut a = Analyzer::new(opts.clone());
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let n = sizes[i % sizes.len()].clamp(1, rest.len());
        a.feed(&rest[..n]);
        a.feed(&[]);
        rest = &rest[n..];
        i += 1;
    }
    a.finish()
}

/// Analyses `bytes` every way and returns the report after checking they all agree.
pub fn analyze_every_way(bytes: &[u8]) -> Report {
    analyze_every_way_with(bytes, &Options::default())
}

pub fn analyze_every_way_with(bytes: &[u8], opts: &Options) -> Report {
    let r = whole(bytes, opts);
    // Every fast-path kernel this machine runs gives the reference's report (Kernel::Off:
    // one character at a time through the decoder and the tracker).
    for kernel in Kernel::available() {
        let o = Options {
            kernel,
            ..opts.clone()
        };
        assert_eq!(whole(bytes, &o), r, "kernel {}", kernel.name());
        assert_eq!(
            chunked(bytes, &o, &[7]),
            r,
            "kernel {}, 7 at a time",
            kernel.name()
        );
    }
    assert_eq!(chunked(bytes, opts, &[1]), r, "byte by byte");
    assert_eq!(chunked(bytes, opts, &[3]), r, "three at a time");
    if bytes.len() <= 300 {
        for split in 1..bytes.len() {
            let mut a = Analyzer::new(opts.clone());
            a.feed(&bytes[..split]);
            a.feed(&bytes[split..]);
            assert_eq!(a.finish(), r, "split at {split}");
        }
    }
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ bytes.len() as u64;
    for _ in 0..4 {
        let sizes: Vec<usize> = (0..16)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                1 + (seed % 70_000) as usize
            })
            .collect();
        assert_eq!(chunked(bytes, opts, &sizes), r, "random splits {sizes:?}");
    }
    r
}

/// The bytes of a file of `tests/data/`.
pub fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn hexb(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect()
}

pub fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

pub fn utf16be(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

pub fn utf32le(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect()
}

pub fn utf32be(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect()
}

pub fn kinds(r: &Report) -> Vec<&'static str> {
    r.problems.iter().map(|p| p.kind.name()).collect()
}

/// `text` in format `f`, behind the format's mark when `mark`.
pub fn encode(text: &str, f: Format, mark: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if mark {
        out.extend(f.mark().unwrap_or_default());
    }
    out.extend(match f {
        Format::Utf16Le => utf16le(text),
        Format::Utf16Be => utf16be(text),
        Format::Utf32Le => utf32le(text),
        Format::Utf32Be => utf32be(text),
        _ => text.as_bytes().to_vec(),
    });
    out
}

/// The five Unicode formats.
pub const FORMATS: [Format; 5] = [
    Format::Utf8,
    Format::Utf16Le,
    Format::Utf16Be,
    Format::Utf32Le,
    Format::Utf32Be,
];
