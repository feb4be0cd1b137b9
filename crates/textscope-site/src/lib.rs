//! The web explorer, embedded: every file of `web/` and the wasm module, as build.rs found them.
//! Every file but the pages is also served under [`ASSETS`], a directory named by a hash of
//! their contents, which the pages reference: there a browser may cache it for ever. A site
//! built without its module (no wasm32 target, or a debug build before `scripts/build-wasm.sh`)
//! says so in [`WASM_MISSING`]. Every compressible file comes with its brotli and gzip
//! variants, made at build time (decision 88), when they are smaller. The CLI's `serve` and
//! `site` commands use it, behind the `explorer` cargo feature.

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
    /// Compressible (text, scripts, styles, SVG, wasm): the response varies with
    /// Accept-Encoding, whether or not a variant turned out smaller.
    pub compressible: bool,
    /// Its bytes compressed with brotli, when that is smaller.
    pub br: Option<&'static [u8]>,
    /// Its bytes in a gzip member, when that is smaller.
    pub gzip: Option<&'static [u8]>,
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
    FILES
        .iter()
        .map(|&(path, bytes, content_type, br, gzip)| SiteFile {
            path,
            bytes,
            content_type,
            immutable: false,
            compressible: !path.ends_with(".png"),
            br,
            gzip,
        })
}

/// Writes the static site into `out` (created if missing): the same files `serve` serves,
/// the non-page files twice (at their own path and under [`ASSETS`]), each with its
/// precompressed variants beside it (`app.js.br`, `app.js.gz`) for hosts that serve those
/// (nginx's `gzip_static`/`brotli_static`, Caddy's `precompressed`). Any static host can
/// serve it; it needs `application/wasm` for `.wasm` and, for the CSP and caching, the
/// headers of docs/web.md (`immutable` under `assets/`, `no-cache` elsewhere).
pub fn write_site(out: &Path) -> io::Result<()> {
    for f in files() {
        let rel = f.path.trim_start_matches('/');
        write_file(&out.join(rel), &f)?;
        if !f.path.ends_with(".html") {
            write_file(&out.join(ASSETS.trim_start_matches('/')).join(rel), &f)?;
        }
    }
    Ok(())
}

/// One file at `dest` and its variants at `dest.br` and `dest.gz`.
fn write_file(dest: &Path, f: &SiteFile) -> io::Result<()> {
    if let Some(dir) = dest.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(dest, f.bytes)?;
    for (ext, bytes) in [("br", f.br), ("gz", f.gzip)] {
        if let Some(bytes) = bytes {
            let mut name = dest.as_os_str().to_owned();
            name.push(".");
            name.push(ext);
            std::fs::write(name, bytes)?;
        }
    }
    Ok(())
}
