//! Issue 41's minor items for `serve`, and issue 43 item 7 (precompressed assets):
//! - the head parser rejects what RFC 9112 says a server must: NUL, bare CR and other controls
//!   in a header value, obs-fold, whitespace before the colon, a version that is not
//!   `HTTP/d.d` (400), and a major version other than 1 (505);
//! - a bare CR is answered at once over a socket, as a bare LF is;
//! - Content-Encoding from Accept-Encoding with q-values, identity when nothing matches or when
//!   the request has a Range, `Vary: Accept-Encoding` on every compressible file, and the
//!   bytes sent are the embedded variant's.
#![cfg(feature = "explorer")]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};
use textscope_cli::serve::{self, Coding};
use textscope_cli::site;

fn status(head: &str) -> u16 {
    serve::answer(head).0.status
}

#[test]
fn header_values_with_nul_or_bare_cr_are_refused() {
    assert_eq!(status("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"), 200);
    for bad in [
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\0b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\x1bb\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\x7f\r\n\r\n",
    ] {
        assert_eq!(status(bad), 400, "{bad:?}");
    }
    // A tab is allowed in a value; obs-text (bytes past ASCII) too.
    assert_eq!(
        status("GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\tb \u{e9}\r\n\r\n"),
        200
    );
}

#[test]
fn obs_fold_and_malformed_header_lines_are_refused() {
    for bad in [
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\r\n b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\r\n\tb\r\n\r\n",
        "GET / HTTP/1.1\r\n Host: localhost\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : localhost\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: localhost\r\n: empty name\r\n\r\n",
        "GET / HTTP/1.1\r\nHo(st: localhost\r\n\r\n",
    ] {
        assert_eq!(status(bad), 400, "{bad:?}");
    }
}

#[test]
fn versions_follow_rfc_9112() {
    for (version, want) in [
        ("HTTP/1.1", 200),
        ("HTTP/1.0", 200),
        ("HTTP/1.2", 200), // a later minor version of 1 is answered as 1.1
        ("HTTP/1.10", 400),
        ("HTTP/1.", 400),
        ("HTTP/11", 400),
        ("http/1.1", 400),
        ("HTTP/1.1x", 400),
        ("HTTP/2.0", 505),
        ("HTTP/3.0", 505),
        ("HTTP/0.9", 505),
    ] {
        let head = format!("GET / {version}\r\nHost: localhost\r\n\r\n");
        assert_eq!(status(&head), want, "{version}");
    }
    let r = serve::answer("GET / HTTP/2.0\r\nHost: localhost\r\n\r\n").0;
    assert!(String::from_utf8_lossy(&r.body).contains("505 HTTP Version Not Supported"));
    // Controls in the request line are refused too.
    assert_eq!(status("GET /\x01 HTTP/1.1\r\nHost: localhost\r\n\r\n"), 400);
    assert_eq!(status("G\0T / HTTP/1.1\r\nHost: localhost\r\n\r\n"), 400);
}

/// Sends `request` to [`serve::handle`] on a real socket; returns the response and how long
/// the server took.
fn exchange(request: &'static [u8]) -> (String, Duration) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let client = std::thread::spawn(move || {
        let mut c = TcpStream::connect(addr).unwrap();
        c.write_all(request).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut got = Vec::new();
        let _ = c.read_to_end(&mut got);
        String::from_utf8_lossy(&got).into_owned()
    });
    let (mut s, _) = listener.accept().unwrap();
    let t = Instant::now();
    let _ = serve::handle(&mut s, Duration::from_secs(10));
    let took = t.elapsed();
    drop(s);
    (client.join().unwrap(), took)
}

#[test]
fn a_bare_cr_is_answered_400_at_once() {
    // The head never ends with CRLF CRLF: without the early check this waited 10 s.
    for req in [
        &b"GET / HTTP/1.1\rHost: localhost\r\r"[..],
        &b"GET / HTTP/1.1\r\nHost: local\rhost\r\n"[..],
    ] {
        let (resp, took) = exchange(req);
        assert!(resp.starts_with("HTTP/1.1 400"), "{resp}");
        assert!(took < Duration::from_secs(2), "{took:?}");
    }
}

#[test]
fn the_coding_follows_accept_encoding_and_its_q_values() {
    use Coding::{Br, Gzip, Identity};
    let both = |ae: Option<&str>| serve::choose_coding(ae, true, true);
    assert_eq!(both(None), Identity);
    assert_eq!(both(Some("")), Identity);
    assert_eq!(both(Some("gzip, deflate, br, zstd")), Br); // what Chromium sends
    assert_eq!(both(Some("gzip")), Gzip);
    assert_eq!(both(Some("x-gzip")), Gzip);
    assert_eq!(both(Some("GZIP;Q=1")), Gzip);
    assert_eq!(both(Some("br;q=0.5, gzip;q=0.8")), Gzip);
    assert_eq!(both(Some("br;q=0.8, gzip;q=0.8")), Br);
    assert_eq!(both(Some("br;q=0, gzip")), Gzip);
    assert_eq!(both(Some("br;q=0, gzip;q=0")), Identity);
    assert_eq!(both(Some("identity;q=1, br;q=0.5")), Identity);
    assert_eq!(both(Some("identity;q=0.2, br;q=0.5")), Br);
    assert_eq!(both(Some("*")), Br);
    assert_eq!(both(Some("*;q=0.5, br;q=0.1")), Gzip);
    assert_eq!(both(Some("deflate, zstd")), Identity);
    // Nothing acceptable: identity all the same (no 406).
    assert_eq!(both(Some("identity;q=0")), Identity);
    assert_eq!(both(Some("*;q=0")), Identity);
    // A malformed q is no q for that coding.
    assert_eq!(both(Some("br;q=2, gzip")), Gzip);
    assert_eq!(both(Some("br;q=0.0001, gzip")), Gzip);
    assert_eq!(both(Some("br;q=x")), Identity);
    assert_eq!(both(Some("br;q=1.000")), Br);
    assert_eq!(both(Some(" , ,br ; q = 0.9")), Br);
    // Only variants that exist are sent.
    assert_eq!(serve::choose_coding(Some("br"), false, true), Identity);
    assert_eq!(serve::choose_coding(Some("br, gzip"), false, true), Gzip);
    assert_eq!(
        serve::choose_coding(Some("br, gzip"), false, false),
        Identity
    );
}

fn get(path: &str, extra: &str) -> serve::Response {
    serve::answer(&format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n"
    ))
    .0
}

#[test]
fn compressible_files_are_sent_in_the_coding_asked_for_with_vary() {
    let mut compressed = 0;
    for f in site::files() {
        let id = get(f.path, "");
        assert_eq!(id.content_encoding, None, "{}", f.path);
        assert_eq!(&id.body[..], f.bytes, "{}", f.path);
        assert_eq!(id.vary, f.compressible, "{}", f.path);
        let br = get(f.path, "Accept-Encoding: gzip, deflate, br\r\n");
        let gz = get(f.path, "Accept-Encoding: gzip\r\n");
        assert_eq!(br.vary, f.compressible, "{}", f.path);
        match f.br {
            Some(b) => {
                assert_eq!(br.content_encoding, Some("br"), "{}", f.path);
                assert_eq!(&br.body[..], b, "{}", f.path);
                compressed += 1;
            }
            None => assert_eq!(&br.body[..], f.gzip.unwrap_or(f.bytes), "{}", f.path),
        }
        if let Some(g) = f.gzip {
            assert_eq!(gz.content_encoding, Some("gzip"), "{}", f.path);
            assert_eq!(&gz.body[..], g, "{}", f.path);
        }
        // A range request is answered whole, in identity.
        let ranged = get(f.path, "Accept-Encoding: br, gzip\r\nRange: bytes=0-9\r\n");
        assert_eq!(ranged.status, 200, "{}", f.path);
        assert_eq!(ranged.content_encoding, None, "{}", f.path);
        assert_eq!(&ranged.body[..], f.bytes, "{}", f.path);
    }
    assert!(
        compressed >= 5,
        "only {compressed} files have a brotli variant"
    );
    // The pages, the scripts and the module are all among them; errors do not vary.
    for p in ["/", "/js/app.js", "/css/site.css", "/textscope.wasm"] {
        let f = site::lookup(p).unwrap();
        assert!(f.compressible && f.br.is_some() && f.gzip.is_some(), "{p}");
    }
    let missing = get("/nope", "Accept-Encoding: br\r\n");
    assert_eq!(
        (missing.status, missing.vary, missing.content_encoding),
        (404, false, None)
    );
    // Under the asset directory, the same variants.
    let hashed = get(
        &format!("{}/textscope.wasm", site::ASSETS),
        "Accept-Encoding: br\r\n",
    );
    assert_eq!(
        &hashed.body[..],
        site::lookup("/textscope.wasm").unwrap().br.unwrap()
    );
}

/// One real exchange over loopback: the response head and body as sent.
fn over_socket(request: String) -> (String, Vec<u8>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let client = std::thread::spawn(move || {
        let mut c = TcpStream::connect(addr).unwrap();
        c.write_all(request.as_bytes()).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut got = Vec::new();
        let _ = c.read_to_end(&mut got);
        got
    });
    let (mut s, _) = listener.accept().unwrap();
    let _ = serve::handle(&mut s, Duration::from_secs(10));
    drop(s);
    let raw = client.join().unwrap();
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    (
        String::from_utf8_lossy(&raw[..end]).into_owned(),
        raw[end..].to_vec(),
    )
}

#[test]
fn the_headers_on_the_wire_name_the_coding_and_its_length() {
    let wasm = site::lookup("/textscope.wasm").unwrap();
    let br = wasm.br.unwrap();
    let req = |method: &str, ae: &str| {
        format!("{method} /textscope.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n{ae}\r\n")
    };
    let (head, body) = over_socket(req("GET", "Accept-Encoding: br;q=1, gzip;q=0.5\r\n"));
    assert!(head.contains("\r\nContent-Encoding: br\r\n"), "{head}");
    assert!(head.contains("\r\nVary: Accept-Encoding\r\n"), "{head}");
    assert!(
        head.contains(&format!("\r\nContent-Length: {}\r\n", br.len())),
        "{head}"
    );
    assert_eq!(body, br);
    // HEAD: the same head, no body.
    let (head2, body2) = over_socket(req("HEAD", "Accept-Encoding: br;q=1, gzip;q=0.5\r\n"));
    assert_eq!(head2, head);
    assert!(body2.is_empty());
    // Identity: no Content-Encoding, the file's own length, still Vary.
    let (head3, body3) = over_socket(req("GET", ""));
    assert!(!head3.contains("Content-Encoding"), "{head3}");
    assert!(head3.contains("\r\nVary: Accept-Encoding\r\n"), "{head3}");
    assert!(
        head3.contains(&format!("\r\nContent-Length: {}\r\n", wasm.bytes.len())),
        "{head3}"
    );
    assert_eq!(body3, wasm.bytes);
}
