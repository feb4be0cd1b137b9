//! Issue 15, item 10: a request whose head has bare-LF line endings gets 400 at once, not a
//! wait until the head deadline.
#![cfg(feature = "explorer")]

use textscope_cli::serve;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

fn exchange(request: &'static [u8]) -> (String, Duration) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let client = std::thread::spawn(move || {
        let mut c = TcpStream::connect(addr).unwrap();
        c.write_all(request).unwrap();
        // The connection stays open: only the server may end the exchange.
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
fn bare_lf_request_is_answered_400_at_once() {
    for req in [
        &b"GET / HTTP/1.1\nHost: localhost\n\n"[..],
        &b"GET / HTTP/1.1\r\nHost: localhost\n\r\n"[..],
    ] {
        let (resp, took) = exchange(req);
        assert!(resp.starts_with("HTTP/1.1 400"), "{resp}");
        assert!(took < Duration::from_secs(2), "{took:?}");
    }
    let (resp, _) = exchange(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
}
