//! The web explorer, embedded: every file of `web/` and the wasm module, as build.rs found them.
//! Every file but the pages is also served under [`ASSETS`], a directory named by a hash of
//! their contents, which the pages reference: there a browser may cache it for ever. A site
//! built without its module (no wasm32 target, or a debug build before `scripts/build-wasm.sh`)
//! says so in [`WASM_MISSING`]. The CLI's `serve` and `site` commands use it, behind the
//! `explorer` cargo feature.

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
    /// True under the content-hashed directory: it never changes at that address.
    pub immutable: bool,
}

/// The file served at a URL path; "/" is "/index.html". Only exact embedded paths exist, and
/// every file but the pages also under [`ASSETS`] (immutable).
pub fn lookup(path: &str) -> Option<SiteFile> {
    let path = if path == "/" { "/index.html" } else { path };
    if let Some(rest) = path
        .strip_prefix(ASSETS)
        .filter(|r| r.starts_with('/') && !r.ends_with(".html"))
    {
        return lookup(rest).map(|f| SiteFile {
            immutable: true,
            ..f
        });
    }
    files().find(|f| f.path == path)
}

/// Every file of the site at its own path (the pages, and the other files outside [`ASSETS`]).
pub fn files() -> impl Iterator<Item = SiteFile> {
    FILES.iter().map(|&(path, bytes, content_type)| SiteFile {
        path,
        bytes,
        content_type,
        immutable: false,
    })
}

/// Writes the static site into `out` (created if missing): the same files `serve` serves,
/// the non-page files twice (at their own path and under [`ASSETS`]). Any static host can
/// serve it; it needs `application/wasm` for `.wasm` and, for the CSP and caching, the
/// headers of docs/web.md (`immutable` under `assets/`, `no-cache` elsewhere).
pub fn write_site(out: &Path) -> io::Result<()> {
    for f in files() {
        let rel = f.path.trim_start_matches('/');
        let dest = out.join(rel);
        if let Some(dir) = dest.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&dest, f.bytes)?;
        if !f.path.ends_with(".html") {
            let dest = out.join(ASSETS.trim_start_matches('/')).join(rel);
            if let Some(dir) = dest.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&dest, f.bytes)?;
        }
    }
    Ok(())
}
