//! The server's policy (serve::answer) and the embedded site, without sockets; then one real
//! request over loopback.
#![cfg(feature = "explorer")]

use textscope_cli::serve;
use textscope_cli::site;

fn get(path: &str, host: &str) -> u16 {
    serve::answer(&format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n"))
        .0
        .status
}

#[test]
fn serves_embedded_files_only() {
    assert_eq!(get("/", "127.0.0.1:8080"), 200);
    assert_eq!(get("/index.html?x=1", "localhost"), 200);
    assert_eq!(get("/textscope.wasm", "[::1]:9"), 200);
    assert_eq!(get("/nope.html", "localhost"), 404);
    assert_eq!(get("/Cargo.toml", "localhost"), 404);
}

#[test]
fn refuses_traversal() {
    for p in [
        "/../Cargo.toml",
        "/js/../../etc/passwd",
        "/%2e%2e/etc/passwd",
        "/%2E%2E/x",
        "//etc/passwd",
        "/a\\..\\b",
        "/index.html\0",
        "http://evil.example/index.html",
        "*",
    ] {
        let s = get(p, "localhost");
        assert!(s == 400 || s == 404, "{p}: {s}");
    }
}

#[test]
fn refuses_other_hosts_and_methods() {
    assert_eq!(get("/", "evil.example"), 403);
    assert_eq!(get("/", "127.0.0.1.evil.example"), 403);
    assert_eq!(get("/", "localhost.evil:80"), 403);
    assert_eq!(get("/", "[::1]x"), 403);
    assert_eq!(get("/", "localhost:abc"), 403);
    assert_eq!(serve::answer("GET / HTTP/1.1\r\n\r\n").0.status, 400);
    let post = serve::answer("POST / HTTP/1.1\r\nHost: localhost\r\n\r\n").0;
    assert_eq!(post.status, 405);
    let (head, is_head) = serve::answer("HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert_eq!((head.status, is_head), (200, true));
}

#[test]
fn site_has_the_wasm_and_content_types() {
    let wasm = site::lookup("/textscope.wasm").unwrap();
    assert_eq!(&wasm.bytes[..4], b"\0asm");
    assert_eq!(wasm.content_type, "application/wasm");
    assert!(site::lookup("/")
        .unwrap()
        .content_type
        .starts_with("text/html"));
    let dir = std::env::temp_dir().join(format!("textscope-site-{}", std::process::id()));
    site::write_site(&dir).unwrap();
    assert!(dir.join("textscope.wasm").is_file());
    assert!(dir.join("index.html").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn policy_forbids_inline_script_and_other_origins() {
    assert!(serve::CSP.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval';"));
    for d in [
        "style-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(serve::CSP.contains(d), "{d}");
    }
    assert!(!serve::CSP.contains("unsafe-inline"));
}
