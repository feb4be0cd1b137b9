//! The web explorer, embedded: every file of `web/` and the wasm module, as build.rs found them.

use std::io;
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/site_files.rs"));

/// One file of the site.
#[derive(Clone, Copy, Debug)]
pub struct SiteFile {
    /// Its URL path ("/js/worker.js").
    pub path: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
    /// Its Content-Type.
    pub content_type: &'static str,
}

/// The file served at a URL path; "/" is "/index.html". Only exact embedded paths exist.
pub fn lookup(path: &str) -> Option<SiteFile> {
    let path = if path == "/" { "/index.html" } else { path };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(path, bytes, content_type)| SiteFile {
            path,
            bytes,
            content_type,
        })
}

/// Every file of the site.
pub fn files() -> impl Iterator<Item = SiteFile> {
    FILES.iter().map(|&(path, bytes, content_type)| SiteFile {
        path,
        bytes,
        content_type,
    })
}

/// Writes the static site into `out` (created if missing): the same files `serve` serves.
/// Any static host can serve it; it needs `application/wasm` for `.wasm` and, for the CSP,
/// the headers of docs/web.md.
pub fn write_site(out: &Path) -> io::Result<()> {
    for f in files() {
        let rel = f.path.trim_start_matches('/');
        let dest = out.join(rel);
        if let Some(dir) = dest.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&dest, f.bytes)?;
    }
    Ok(())
}
