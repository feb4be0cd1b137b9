//! Caching (docs/web.md, "Caching"): scripts, styles and the wasm module under a content-hashed
//! directory with `Cache-Control: immutable`; pages (and the plain paths) `no-cache`.
#![cfg(feature = "explorer")]

use textscope_cli::serve;
use textscope_cli::site;

fn get(path: &str) -> serve::Response {
    serve::answer(&format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).0
}

#[test]
fn the_asset_directory_is_named_by_a_hash() {
    let hash = site::ASSETS.strip_prefix("/assets/").unwrap();
    assert_eq!(hash.len(), 16);
    assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()));
}

#[test]
fn assets_are_immutable_and_pages_are_not() {
    for path in [
        "/js/app.js",
        "/js/worker.js",
        "/css/site.css",
        "/textscope.wasm",
    ] {
        let plain = get(path);
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(serve::cache_control(&plain), "no-cache", "{path}");
        let hashed = get(&format!("{}{path}", site::ASSETS));
        assert_eq!(hashed.status, 200, "{path}");
        assert_eq!(hashed.body, plain.body, "{path}");
        assert_eq!(hashed.content_type, plain.content_type, "{path}");
        assert_eq!(
            serve::cache_control(&hashed),
            "public, max-age=31536000, immutable"
        );
    }
    for page in ["/", "/index.html", "/utf-16le.html"] {
        assert_eq!(serve::cache_control(&get(page)), "no-cache", "{page}");
    }
    // Pages are not served from the asset directory; another hash is not there at all.
    assert_eq!(get(&format!("{}/index.html", site::ASSETS)).status, 404);
    assert_eq!(get("/assets/0000000000000000/js/app.js").status, 404);
    assert_eq!(get(site::ASSETS).status, 404);
}

#[test]
fn pages_load_their_scripts_and_styles_from_the_asset_directory() {
    let dir = &site::ASSETS[1..];
    for f in site::files().filter(|f| f.path.ends_with(".html")) {
        let text = std::str::from_utf8(f.bytes).unwrap();
        let depth = f.path.matches('/').count() - 1;
        let prefix = format!("{}{dir}/", "../".repeat(depth));
        assert!(
            text.contains(&format!("src=\"{prefix}js/app.js\"")),
            "{}",
            f.path
        );
        assert!(
            text.contains(&format!("href=\"{prefix}css/site.css\"")),
            "{}",
            f.path
        );
        assert!(!text.contains("src=\"js/"), "{}", f.path);
        // Every reference into the directory names an embedded file.
        for part in text.split(&prefix).skip(1) {
            let rest = part.split('"').next().unwrap();
            assert!(
                site::lookup(&format!("{}/{rest}", site::ASSETS)).is_some(),
                "{}: {rest}",
                f.path
            );
        }
    }
}

#[test]
fn site_writes_the_asset_directory() {
    let dir = std::env::temp_dir().join(format!("textscope-cache-{}", std::process::id()));
    site::write_site(&dir).unwrap();
    let assets = dir.join(&site::ASSETS[1..]);
    assert!(assets.join("textscope.wasm").is_file());
    assert!(assets.join("js/explorer.js").is_file());
    assert!(!assets.join("index.html").exists());
    assert!(dir.join("index.html").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}
