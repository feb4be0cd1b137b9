//! The benchmarks' inputs, generated (never committed): log-like ASCII and multilingual text in
//! every format, CR LF text, one long line, windows-1252; and the kernels to run.
#![allow(dead_code)]

use textscope::{Analyzer, Kernel, Options};

pub fn size() -> usize {
    std::env::var("TEXTSCOPE_BENCH_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
        << 20
}

/// Log-like ASCII lines, or lines mixing Latin, Cyrillic, CJK and emoji.
pub fn text(multilingual: bool, bytes: usize) -> String {
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
    repeat_lines(lines, bytes)
}

/// French and German lines, every character in windows-1252.
pub fn latin(bytes: usize) -> String {
    let lines = [
        "Café crème brûlée, déjà vu, naïve façade — « citation » 50 € à l'hôtel.",
        "Grüße aus Köln: Größe, Übermaß und Äpfel; 2 × 3 = 6, ½ Stück.",
        "2026-12-02 11:15:45 INFO serveur : requête traitée en 12 ms (pièce n° 7)",
    ];
    repeat_lines(&lines, bytes)
}

/// `lines` in turn, each ended by LF, until the text holds at least `bytes` bytes.
fn repeat_lines(lines: &[&str], bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 200);
    let mut i = 0;
    while s.len() < bytes {
        s.push_str(lines[i % lines.len()]);
        s.push('\n');
        i += 1;
    }
    s
}

pub fn encode(s: &str, format: &str) -> Vec<u8> {
    match format {
        "utf-16le" => s.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "utf-16be" => s.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "utf-32le" => s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect(),
        "utf-32be" => s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
        "windows-1252" => encoding_rs::WINDOWS_1252.encode(s).0.into_owned(),
        _ => s.as_bytes().to_vec(),
    }
}

/// The report's lines. `TEXTSCOPE_BENCH_TWO_ENCODINGS=0` leaves segments and mojibake out
/// (`Options::two_encodings`), to time the pass alone.
pub fn analyze(bytes: &[u8], kernel: Kernel) -> u64 {
    let two_encodings = std::env::var("TEXTSCOPE_BENCH_TWO_ENCODINGS").as_deref() != Ok("0");
    let mut a = Analyzer::new(Options {
        kernel,
        two_encodings,
        ..Options::default()
    });
    for chunk in bytes.chunks(1 << 20) {
        a.feed(chunk);
    }
    a.finish().lines
}

/// The kernels to measure: `TEXTSCOPE_BENCH_KERNELS=avx2,off` picks some; by default every
/// kernel this machine runs.
pub fn kernels() -> Vec<Kernel> {
    let all = Kernel::available();
    match std::env::var("TEXTSCOPE_BENCH_KERNELS") {
        Ok(list) => all
            .into_iter()
            .filter(|k| list.split(',').any(|n| n.trim() == k.name()))
            .collect(),
        Err(_) => all,
    }
}

/// The inputs, by name: log-like ASCII and multilingual text in every format, one long line,
/// and Western European text in windows-1252.
///
/// With `TEXTSCOPE_BENCH_FILES=DIR`, the `.txt` files of DIR instead (as
/// `scripts/bench/make_inputs.py` makes them for `scripts/bench-peers.sh`), by file name,
/// each cut to `n` bytes at most.
pub fn inputs(n: usize) -> Vec<(String, Vec<u8>)> {
    let only = std::env::var("TEXTSCOPE_BENCH_INPUTS").ok();
    let wanted = |name: &str| {
        only.as_ref()
            .is_none_or(|o| o.split(',').any(|p| name.contains(p.trim())))
    };
    let mut out = Vec::new();
    if let Ok(dir) = std::env::var("TEXTSCOPE_BENCH_FILES") {
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        names.retain(|p| p.extension().is_some_and(|e| e == "txt"));
        names.sort();
        for p in names {
            let name = p.file_stem().map(|s| s.to_string_lossy().into_owned());
            let Some(name) = name.filter(|n| wanted(n)) else {
                continue;
            };
            if let Ok(mut bytes) = std::fs::read(&p) {
                // Whole UTF-32 units and UTF-16 pairs, as the file has them.
                bytes.truncate(n - n % 4);
                out.push((name, bytes));
            }
        }
        return out;
    }
    for multilingual in [false, true] {
        let mut base = None;
        for format in [
            "utf-8",
            "utf-16le",
            "utf-16be",
            "utf-32le",
            "utf-32be",
            "windows-1252",
        ] {
            if format == "windows-1252" {
                // Pure ASCII would be detected as UTF-8: Western European text instead.
                let name = "windows-1252/latin";
                if !multilingual && wanted(name) {
                    out.push((name.to_string(), encode(&latin(n), format)));
                }
                continue;
            }
            let kind = if multilingual {
                "multilingual"
            } else {
                "ascii"
            };
            let name = format!("{format}/{kind}");
            if wanted(&name) {
                let base = base.get_or_insert_with(|| text(multilingual, n));
                out.push((name, encode(base, format)));
            }
        }
    }
    for format in ["utf-8", "utf-16le"] {
        let name = format!("{format}/ascii-crlf");
        if wanted(&name) {
            let crlf = text(false, n).replace('\n', "\r\n");
            out.push((name, encode(&crlf, format)));
        }
    }
    if wanted("utf-8/one-long-line") {
        out.push((
            "utf-8/one-long-line".to_string(),
            "x".repeat(n).into_bytes(),
        ));
    }
    out
}
