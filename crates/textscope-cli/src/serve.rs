//! `textscope serve`: the embedded explorer on a loopback port, with std::net and threads.
//!
//! The server only hands out the embedded files (site.rs): GET and HEAD, exact paths, no
//! file system access, so there is nothing to traverse. It binds 127.0.0.1 (and [::1] when the
//! system has it), refuses Host names other than loopback ones (DNS rebinding), and sends a
//! Content-Security-Policy that forbids inline script and every third-party origin. Files never
//! reach the server: the page reads them in the browser.

use crate::site;
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// The policy sent with every response (docs/web.md explains each directive).
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Most bytes of a request head (request line and headers).
const MAX_HEAD: usize = 16 * 1024;
/// Most connections served at once; more get 503.
const MAX_CONNECTIONS: usize = 64;
/// How long a connection may take to send its request or read the response.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Serves the explorer on 127.0.0.1:`port` (and [::1]:`port` if available) until the process
/// ends; port 0 picks a free port. Prints the address on stdout once listening.
pub fn serve(port: u16) -> io::Result<()> {
    let v4 = TcpListener::bind(("127.0.0.1", port))?;
    let port = v4.local_addr()?.port();
    let v6 = TcpListener::bind(("::1", port)).ok();
    {
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "textscope: serving the explorer at http://127.0.0.1:{port}/"
        )?;
        out.flush()?;
    }
    let active = Arc::new(AtomicUsize::new(0));
    if let Some(v6) = v6 {
        let active = Arc::clone(&active);
        thread::spawn(move || accept_loop(&v6, &active));
    }
    accept_loop(&v4, &active);
    Ok(())
}

fn accept_loop(listener: &TcpListener, active: &Arc<AtomicUsize>) {
    for conn in listener.incoming() {
        let Ok(mut stream) = conn else {
            // Out of descriptors or a connection reset before accept: wait a little.
            thread::sleep(Duration::from_millis(20));
            continue;
        };
        let _ = stream.set_read_timeout(Some(TIMEOUT));
        let _ = stream.set_write_timeout(Some(TIMEOUT));
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = respond(&mut stream, &Response::error(503, "busy"), false);
            continue;
        }
        let guard = Slot(Arc::clone(active));
        thread::spawn(move || {
            let _guard = guard;
            let mut stream = stream;
            if handle(&mut stream).is_ok() {
                linger(&mut stream);
            }
        });
    }
}

/// Gives back a connection slot when its thread ends, even by panic.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A response about to be written.
#[derive(Debug, PartialEq, Eq)]
pub struct Response {
    /// HTTP status.
    pub status: u16,
    /// Content-Type.
    pub content_type: &'static str,
    /// Body (not sent for HEAD).
    pub body: Vec<u8>,
}

impl Response {
    fn error(status: u16, text: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: format!("{status} {}: {text}\n", reason(status)).into_bytes(),
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// A lingering close: after the response, stop writing and read what the client still sends
/// (a refused body, the rest of an oversized head) for a moment, so that closing with unread
/// input does not make the kernel reset the connection before the client reads the response.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    let mut sink = [0u8; 4096];
    let mut total = 0;
    while total < 256 * 1024 {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => total += n,
        }
    }
}

fn handle(stream: &mut TcpStream) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    let head_len = loop {
        if let Some(i) = find_head_end(&buf) {
            break i;
        }
        if buf.len() > MAX_HEAD {
            return respond(
                stream,
                &Response::error(431, "request head too large"),
                false,
            );
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    if head_len > MAX_HEAD {
        return respond(
            stream,
            &Response::error(431, "request head too large"),
            false,
        );
    }
    let head = String::from_utf8_lossy(&buf[..head_len]);
    let (response, is_head) = answer(&head);
    respond(stream, &response, is_head)
}

fn find_head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4)
}

/// The response to a request head (request line and headers): the whole policy in one pure
/// function, so that it can be tested without sockets. The flag is true for HEAD.
pub fn answer(head: &str) -> (Response, bool) {
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return (Response::error(400, "malformed request line"), false);
    };
    if !version.starts_with("HTTP/1.") {
        return (Response::error(400, "HTTP/1.x only"), false);
    }
    let mut host = None;
    for line in lines {
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("host") {
                if host.is_some() {
                    return (Response::error(400, "more than one Host header"), false);
                }
                host = Some(value.trim());
            }
        }
    }
    let Some(host) = host else {
        return (Response::error(400, "no Host header"), false);
    };
    if !is_loopback_host(host) {
        return (
            Response::error(
                403,
                "this server answers only to 127.0.0.1, localhost and [::1]",
            ),
            false,
        );
    }
    let is_head = match method {
        "GET" => false,
        "HEAD" => true,
        _ => return (Response::error(405, "GET and HEAD only"), false),
    };
    let path = target.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/')
        || path.contains("..")
        || path.contains('%')
        || path.contains('\\')
        || path.contains('\0')
        || path.contains("//")
    {
        return (Response::error(400, "bad path"), is_head);
    }
    match site::lookup(path) {
        Some(f) => (
            Response {
                status: 200,
                content_type: f.content_type,
                body: f.bytes.to_vec(),
            },
            is_head,
        ),
        None => (Response::error(404, "no such page"), is_head),
    }
}

/// True for `127.0.0.1`, `localhost` and `[::1]`, each with or without a port.
pub fn is_loopback_host(host: &str) -> bool {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((inner, after)) => (format!("[{inner}]"), after),
            None => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((n, p)) => (n.to_string(), p),
            None => (host.to_string(), ""),
        }
    };
    let port_ok = match port.strip_prefix(':') {
        Some(p) => !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()),
        None => {
            port.is_empty() || !host.starts_with('[') && port.bytes().all(|b| b.is_ascii_digit())
        }
    };
    let name = name.to_ascii_lowercase();
    port_ok && matches!(name.as_str(), "127.0.0.1" | "localhost" | "[::1]")
}

fn respond(stream: &mut TcpStream, r: &Response, is_head: bool) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Content-Security-Policy: {CSP}\r\nX-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n\
         Cross-Origin-Opener-Policy: same-origin\r\nCross-Origin-Resource-Policy: same-origin\r\n\
         Cache-Control: no-cache\r\nConnection: close\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    if r.status == 405 {
        head.push_str("Allow: GET, HEAD\r\n");
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if !is_head {
        stream.write_all(&r.body)?;
    }
    stream.flush()
}
