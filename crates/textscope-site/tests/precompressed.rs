//! The precompressed variants (decision 88): each decompresses to its file's bytes, is smaller
//! than it, and `write_site` puts them beside the files as `.br` and `.gz`.

use std::io::Cursor;
use std::process::Command;

fn unbrotli(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli_decompressor::BrotliDecompress(&mut Cursor::new(b), &mut out).expect("valid brotli");
    out
}

/// The deflate stream of a gzip member as build.rs writes it (a 10-byte header without
/// optional fields), inflated, with the trailer's length checked.
fn ungzip(g: &[u8]) -> Vec<u8> {
    assert_eq!(&g[..4], &[0x1f, 0x8b, 8, 0], "a gzip header without flags");
    let body = &g[10..g.len() - 8];
    let out = miniz_oxide::inflate::decompress_to_vec(body).expect("valid deflate");
    let isize = u32::from_le_bytes(g[g.len() - 4..].try_into().unwrap());
    assert_eq!(isize as usize, out.len() % (1 << 32));
    out
}

#[test]
fn every_variant_is_its_file_and_smaller() {
    let mut n = 0;
    for f in textscope_site::files() {
        if let Some(b) = f.br {
            assert!(b.len() < f.bytes.len(), "{}", f.path);
            assert_eq!(unbrotli(b), f.bytes, "{}", f.path);
            n += 1;
        }
        if let Some(g) = f.gzip {
            assert!(g.len() < f.bytes.len(), "{}", f.path);
            assert_eq!(ungzip(g), f.bytes, "{}", f.path);
        }
        if f.path.ends_with(".png") {
            assert!(
                !f.compressible && f.br.is_none() && f.gzip.is_none(),
                "{}",
                f.path
            );
        }
    }
    assert!(n > 0, "no file has a variant");
}

#[test]
fn the_site_holds_the_variants_beside_the_files() {
    let dir = std::env::temp_dir().join(format!("textscope-site-pre-{}", std::process::id()));
    textscope_site::write_site(&dir).unwrap();
    let gzip = Command::new("gzip").arg("--version").output().is_ok();
    for f in textscope_site::files() {
        let rel = f.path.trim_start_matches('/');
        let mut places = vec![dir.join(rel)];
        if !f.path.ends_with(".html") {
            places.push(
                dir.join(textscope_site::ASSETS.trim_start_matches('/'))
                    .join(rel),
            );
        }
        for p in places {
            assert_eq!(std::fs::read(&p).unwrap(), f.bytes, "{}", p.display());
            let br = p.with_file_name(format!("{}.br", p.file_name().unwrap().to_string_lossy()));
            let gz = p.with_file_name(format!("{}.gz", p.file_name().unwrap().to_string_lossy()));
            assert_eq!(std::fs::read(&br).ok().as_deref(), f.br, "{}", br.display());
            assert_eq!(
                std::fs::read(&gz).ok().as_deref(),
                f.gzip,
                "{}",
                gz.display()
            );
            // An independent decoder checks the CRC-32 as well.
            if gzip && f.gzip.is_some() {
                let out = Command::new("gzip").arg("-dc").arg(&gz).output().unwrap();
                assert!(out.status.success(), "gzip -dc {}", gz.display());
                assert_eq!(out.stdout, f.bytes, "{}", gz.display());
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
