//! `textscope serve`: the embedded explorer on a loopback port, with std::net and threads.
//!
//! The server only hands out the embedded files (site.rs): GET and HEAD, exact paths, no
//! file system access, so there is nothing to traverse. It binds 127.0.0.1 (and [::1] when the
//! system has it), refuses Host names other than loopback ones (DNS rebinding), and sends a
//! Content-Security-Policy that forbids inline script and every third-party origin. Files never
//! reach the server: the page reads them in the browser.
//!
//! Every connection is bounded in time (a deadline for its request head, another for its
//! response) and in number (at most [`MAX_CONNECTIONS`]; the rest wait in the kernel's queue),
//! so slow, silent or non-reading clients cannot take the server away from the browser
//! (docs/web.md; `tests/serve_load.rs`). When every slot is taken, the connection that has
//! waited longest without finishing its request head is closed to make room, so that silent
//! connections, however many, cannot keep a real request waiting (issue 41).
//!
//! Compressible files are sent brotli- or gzip-encoded when the request's Accept-Encoding
//! takes it (q-values honoured; identity when nothing else matches), from variants made at
//! build time (decision 88), always with `Vary: Accept-Encoding`.

use crate::site;
use std::borrow::Cow;
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The policy sent with every response (docs/web.md explains each directive).
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Most bytes of a request head (request line and headers).
const MAX_HEAD: usize = 16 * 1024;
/// Most connections served at once. At the limit the server stops accepting until a slot is
/// given back, so that new connections wait in the kernel's listen queue instead of being
/// refused; every connection gives its slot back within 2 × the timeout + [`LINGER`].
pub const MAX_CONNECTIONS: usize = 256;
/// How long a connection may take to send its whole request head, and then, separately, to
/// take its whole response: deadlines for the whole exchange, not per read or write, so that a
/// client sending or reading a byte at a time cannot hold its slot for longer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The environment variable that shortens [`TIMEOUT`] (milliseconds, 100 to 600,000), for tests
/// that cannot wait 10 s for a slow client to be dropped (`tests/serve_load.rs`).
pub const TIMEOUT_ENV: &str = "TEXTSCOPE_SERVE_TIMEOUT_MS";
/// The longest a lingering close lasts, in all.
const LINGER: Duration = Duration::from_millis(500);
/// Stack of a connection's thread: it holds a 2 KiB buffer and a few small values.
const STACK: usize = 256 * 1024;

/// Serves the explorer on 127.0.0.1:`port` (and [::1]:`port` if available) until the process
/// ends; port 0 picks a free port. Prints the address on stdout once listening.
pub fn serve(port: u16) -> io::Result<()> {
    let timeout = timeout_from_env();
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
    let slots = Arc::new(Slots::default());
    if let Some(v6) = v6 {
        let slots = Arc::clone(&slots);
        thread::spawn(move || accept_loop(&v6, &slots, timeout));
    }
    accept_loop(&v4, &slots, timeout);
    Ok(())
}

/// [`TIMEOUT`], or the value of [`TIMEOUT_ENV`] when it is a number of milliseconds in range.
fn timeout_from_env() -> Duration {
    std::env::var(TIMEOUT_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|ms| (100..=600_000).contains(ms))
        .map_or(TIMEOUT, Duration::from_millis)
}

fn accept_loop(listener: &TcpListener, slots: &Arc<Slots>, timeout: Duration) {
    loop {
        // Wait for a free slot before accepting (closing the oldest connection still waiting
        // for its head when all are taken): meanwhile the kernel queues new connections.
        let slot = Slots::take(slots);
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of descriptors or a connection reset before accept: wait a little.
                drop(slot);
                thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        // A second handle, kept while the head is awaited, through which the connection can be
        // closed to make room. Without one (out of descriptors) it simply cannot be evicted.
        if let Ok(handle) = stream.try_clone() {
            slot.await_head(handle);
        }
        let spawned = thread::Builder::new()
            .name("textscope-conn".into())
            .stack_size(STACK)
            .spawn(move || {
                let mut stream = stream;
                if exchange(&mut stream, timeout, Some(&slot)).is_ok() {
                    linger(&mut stream);
                }
                drop(slot);
            });
        if spawned.is_err() {
            // No thread to be had (the closure, with the connection and its slot, is dropped:
            // the connection closes). Wait a little rather than spin.
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The connection slots: how many are taken, the connections still waiting for their request
/// head (oldest first), and a signal when a slot is given back.
#[derive(Default)]
struct Slots {
    state: Mutex<SlotState>,
    freed: Condvar,
}

#[derive(Default)]
struct SlotState {
    taken: usize,
    next_id: u64,
    /// (slot id, a handle on its connection) for every connection whose head has not arrived.
    awaiting: VecDeque<(u64, TcpStream)>,
}

impl Slots {
    /// Takes a slot. When all are taken, closes the connection that has waited longest for its
    /// head (its thread then ends and gives its slot back), and waits until one is free.
    fn take(slots: &Arc<Slots>) -> Slot {
        let mut state = slots.state.lock().unwrap_or_else(PoisonError::into_inner);
        while state.taken >= MAX_CONNECTIONS {
            if let Some((_, oldest)) = state.awaiting.pop_front() {
                let _ = oldest.shutdown(Shutdown::Both);
            }
            // Bounded, so that a slot freed without a signal is still seen.
            state = slots
                .freed
                .wait_timeout(state, Duration::from_millis(100))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        state.taken += 1;
        state.next_id += 1;
        Slot {
            slots: Arc::clone(slots),
            id: state.next_id,
        }
    }
}

/// A taken connection slot, given back when dropped (when its thread ends, even by panic).
struct Slot {
    slots: Arc<Slots>,
    id: u64,
}

impl Slot {
    fn lock(&self) -> std::sync::MutexGuard<'_, SlotState> {
        self.slots
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Marks the connection as waiting for its head: it may be closed to make room.
    fn await_head(&self, handle: TcpStream) {
        self.lock().awaiting.push_back((self.id, handle));
    }

    /// The head has arrived: the connection is no longer a candidate for closing.
    fn head_received(&self) {
        let mut state = self.lock();
        state.awaiting.retain(|(id, _)| *id != self.id);
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut state = self.lock();
        state.awaiting.retain(|(id, _)| *id != self.id);
        state.taken = state.taken.saturating_sub(1);
        drop(state);
        self.slots.freed.notify_one();
    }
}

/// The time left before `deadline`, or a timeout error once it has passed.
fn time_left(deadline: Instant) -> io::Result<Duration> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        Err(io::ErrorKind::TimedOut.into())
    } else {
        Ok(left)
    }
}

/// A response about to be written.
#[derive(Debug, PartialEq, Eq)]
pub struct Response {
    /// HTTP status.
    pub status: u16,
    /// Content-Type.
    pub content_type: &'static str,
    /// Body (not sent for HEAD): the embedded bytes themselves for a file, in the chosen
    /// content coding.
    pub body: Cow<'static, [u8]>,
    /// A file under the content-hashed asset directory (site::ASSETS): cached for ever.
    pub immutable: bool,
    /// The Content-Encoding of the body (`br`, `gzip`), or None for identity.
    pub content_encoding: Option<&'static str>,
    /// True when the response depends on Accept-Encoding (`Vary: Accept-Encoding`): every
    /// compressible file, whatever coding was chosen.
    pub vary: bool,
}

impl Response {
    fn error(status: u16, text: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: Cow::Owned(format!("{status} {}: {text}\n", reason(status)).into_bytes()),
            immutable: false,
            content_encoding: None,
            vary: false,
        }
    }
}

/// `immutable` for the content-hashed assets (their address changes with their bytes), else
/// `no-cache`: the pages, and the same files at their plain paths, are revalidated every time.
pub fn cache_control(r: &Response) -> &'static str {
    if r.immutable && r.status == 200 {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
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
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}

/// A lingering close: after the response, stop writing and read what the client still sends
/// (a refused body, the rest of an oversized head) for a moment, so that closing with unread
/// input does not make the kernel reset the connection before the client reads the response.
/// At most [`LINGER`] and 256 KiB in all.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + LINGER;
    let mut sink = [0u8; 4096];
    let mut total = 0;
    while total < 256 * 1024 {
        let Ok(left) = time_left(deadline) else { break };
        if stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => total += n,
        }
    }
}

/// Reads one request head and answers it: the head must arrive within `timeout` of the
/// connection's start, and the response must be taken within `timeout` after that. A client
/// that sends no complete head in time is disconnected without an answer.
pub fn handle(stream: &mut TcpStream, timeout: Duration) -> io::Result<()> {
    exchange(stream, timeout, None)
}

/// [`handle`], telling `slot` (when given) once the head has arrived: from then on the
/// connection is not closed to make room.
fn exchange(stream: &mut TcpStream, timeout: Duration, slot: Option<&Slot>) -> io::Result<()> {
    let deadline = Instant::now() + timeout;
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    let head_len = loop {
        let end = find_head_end(&buf);
        // A line ended by a bare LF, or a bare CR: answered at once, never waited on until the
        // deadline (RFC 9112 2.2).
        let seen = &buf[..end.unwrap_or(buf.len())];
        if has_bare_lf(seen) || has_bare_cr(seen) {
            let r = Response::error(400, "bare CR or LF in the request head");
            return respond(stream, &r, false, Instant::now() + timeout);
        }
        if let Some(i) = end {
            break i;
        }
        if buf.len() > MAX_HEAD {
            let r = Response::error(431, "request head too large");
            return respond(stream, &r, false, Instant::now() + timeout);
        }
        stream.set_read_timeout(Some(time_left(deadline)?))?;
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    if let Some(slot) = slot {
        slot.head_received();
    }
    let deadline = Instant::now() + timeout;
    if head_len > MAX_HEAD {
        let r = Response::error(431, "request head too large");
        return respond(stream, &r, false, deadline);
    }
    let head = String::from_utf8_lossy(&buf[..head_len]);
    let (response, is_head) = answer(&head);
    respond(stream, &response, is_head, deadline)
}

/// True when an LF in `head` is not preceded by a CR.
fn has_bare_lf(head: &[u8]) -> bool {
    head.iter()
        .enumerate()
        .any(|(i, &b)| b == b'\n' && (i == 0 || head.get(i - 1) != Some(&b'\r')))
}

/// True when a CR in `head` is followed by something other than an LF (a CR at the very end
/// may still be followed by one).
fn has_bare_cr(head: &[u8]) -> bool {
    head.windows(2).any(|w| w[0] == b'\r' && w[1] != b'\n')
}

fn find_head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4)
}

/// The response to a request head (request line and headers): the whole policy in one pure
/// function, so that it can be tested without sockets. The flag is true for HEAD.
///
/// The head is parsed as RFC 9112 asks of a server: a request line of exactly three parts
/// and a version `HTTP/d.d` (400 otherwise, 505 for a major version other than 1); header
/// lines of a token, a colon and a value, with no obs-fold (a line starting with a space or
/// tab), no whitespace before the colon, and no control character but tab in a value (NUL and
/// bare CR included): each of these is answered 400.
pub fn answer(head: &str) -> (Response, bool) {
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return (Response::error(400, "malformed request line"), false);
    };
    if method.is_empty() || !method.bytes().all(is_tchar) || target.bytes().any(is_ctl) {
        return (Response::error(400, "malformed request line"), false);
    }
    match version.as_bytes() {
        [b'H', b'T', b'T', b'P', b'/', major, b'.', minor]
            if major.is_ascii_digit() && minor.is_ascii_digit() =>
        {
            if *major != b'1' {
                return (Response::error(505, "HTTP/1.x only"), false);
            }
        }
        _ => return (Response::error(400, "malformed HTTP version"), false),
    }
    let mut host = None;
    let mut accept_encoding: Option<String> = None;
    let mut range = false;
    for line in lines.filter(|l| !l.is_empty()) {
        if line.starts_with([' ', '\t']) {
            return (Response::error(400, "obsolete line folding"), false);
        }
        let Some((name, value)) = line.split_once(':') else {
            return (Response::error(400, "header line without a colon"), false);
        };
        if name.is_empty() || !name.bytes().all(is_tchar) {
            return (Response::error(400, "malformed header name"), false);
        }
        if value.bytes().any(|b| is_ctl(b) && b != b'\t') {
            return (
                Response::error(400, "control character in a header value"),
                false,
            );
        }
        let value = value.trim_matches([' ', '\t']);
        if name.eq_ignore_ascii_case("host") {
            if host.is_some() {
                return (Response::error(400, "more than one Host header"), false);
            }
            host = Some(value);
        } else if name.eq_ignore_ascii_case("accept-encoding") {
            // Several lines are one comma-separated list (RFC 9110 5.3).
            let all = accept_encoding.get_or_insert_with(String::new);
            if !all.is_empty() {
                all.push(',');
            }
            all.push_str(value);
        } else if name.eq_ignore_ascii_case("range") {
            range = true;
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
        Some(f) => {
            // The server does no ranges (it never sends Accept-Ranges): a request with a Range
            // gets the whole file, in identity, so that whatever it then asks of the bytes is
            // about the file itself and not about one compressed form of it (decision 88).
            let coding = if range || !f.compressible {
                Coding::Identity
            } else {
                choose_coding(accept_encoding.as_deref(), f.br.is_some(), f.gzip.is_some())
            };
            let (body, content_encoding) = match (coding, f.br, f.gzip) {
                (Coding::Br, Some(b), _) => (b, Some("br")),
                (Coding::Gzip, _, Some(g)) => (g, Some("gzip")),
                _ => (f.bytes, None),
            };
            (
                Response {
                    status: 200,
                    content_type: f.content_type,
                    body: Cow::Borrowed(body),
                    immutable: f.immutable,
                    content_encoding,
                    vary: f.compressible,
                },
                is_head,
            )
        }
        None => (Response::error(404, "no such page"), is_head),
    }
}

/// A token character of RFC 9110 (5.6.2): the letters, digits and ``!#$%&'*+-.^_`|~``.
fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// A control character: 0x00 to 0x1F, and DEL.
fn is_ctl(b: u8) -> bool {
    b < 0x20 || b == 0x7f
}

/// A content coding the server can send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    /// brotli (`br`).
    Br,
    /// gzip (`gzip`, also asked for as `x-gzip`).
    Gzip,
    /// No coding.
    Identity,
}

/// The coding to send for a request's Accept-Encoding (None: the header was absent) when the
/// brotli and gzip variants are there or not (RFC 9110 12.5.3). Each coding gets its own q,
/// else the q of `*`, else 0, except identity, which when neither names it is acceptable
/// but the least preferred. The highest q above 0 wins; between equals brotli, then gzip, then identity.
/// When nothing acceptable is available, identity is sent all the same (a 406 would leave the
/// page without its file). A malformed q counts as 0 for its coding. Without the header, or
/// with an empty one, identity.
pub fn choose_coding(accept_encoding: Option<&str>, br: bool, gzip: bool) -> Coding {
    let Some(list) = accept_encoding else {
        return Coding::Identity;
    };
    let (mut q_br, mut q_gzip, mut q_identity, mut q_star) = (None, None, None, None);
    for item in list.split(',') {
        let mut params = item.split(';');
        let name = params.next().unwrap_or("").trim().to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        let mut q = 1000;
        for p in params {
            let Some((k, v)) = p.split_once('=') else {
                q = 0;
                continue;
            };
            if k.trim().eq_ignore_ascii_case("q") {
                q = parse_q(v.trim()).unwrap_or(0);
            }
        }
        let slot = match name.as_str() {
            "br" => &mut q_br,
            "gzip" | "x-gzip" => &mut q_gzip,
            "identity" => &mut q_identity,
            "*" => &mut q_star,
            _ => continue,
        };
        // The same coding named twice: the higher q stands.
        *slot = Some(slot.map_or(q, |old: u32| old.max(q)));
    }
    let q_of = |own: Option<u32>| own.or(q_star).unwrap_or(0);
    // Identity unnamed (and no `*`) is acceptable but preferred to nothing that is asked for.
    let q_identity = q_identity.or(q_star).unwrap_or(1);
    let mut best = (Coding::Identity, q_identity);
    for (coding, there, q) in [
        (Coding::Gzip, gzip, q_of(q_gzip)),
        (Coding::Br, br, q_of(q_br)),
    ] {
        if there && q > 0 && q >= best.1 {
            best = (coding, q);
        }
    }
    best.0
}

/// A qvalue (RFC 9110 12.4.2) in thousandths: `0`, `1`, `0.` and up to three digits, `1.` and
/// up to three zeros; None for anything else.
fn parse_q(v: &str) -> Option<u32> {
    let (int, frac) = v.split_once('.').unwrap_or((v, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let frac_value = format!("{frac:0<3}").parse::<u32>().ok()?;
    match int {
        "0" => Some(frac_value),
        "1" if frac_value == 0 => Some(1000),
        _ => None,
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

/// Writes the response, all of it before `deadline` (or a timeout error).
fn respond(
    stream: &mut TcpStream,
    r: &Response,
    is_head: bool,
    deadline: Instant,
) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Content-Security-Policy: {CSP}\r\nX-Content-Type-Options: nosniff\r\n\
         Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n\
         Cross-Origin-Opener-Policy: same-origin\r\nCross-Origin-Resource-Policy: same-origin\r\n\
         Cache-Control: {}\r\nConnection: close\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len(),
        cache_control(r)
    );
    if let Some(coding) = r.content_encoding {
        head.push_str(&format!("Content-Encoding: {coding}\r\n"));
    }
    if r.vary {
        head.push_str("Vary: Accept-Encoding\r\n");
    }
    if r.status == 405 {
        head.push_str("Allow: GET, HEAD\r\n");
    }
    head.push_str("\r\n");
    write_before(stream, head.as_bytes(), deadline)?;
    if !is_head {
        write_before(stream, &r.body, deadline)?;
    }
    stream.flush()
}

/// Writes all of `bytes` before `deadline`, so that a client reading slowly cannot stretch the
/// write timeout by taking a little at a time.
pub fn write_before(stream: &mut TcpStream, bytes: &[u8], deadline: Instant) -> io::Result<()> {
    let mut rest = bytes;
    while !rest.is_empty() {
        stream.set_write_timeout(Some(time_left(deadline)?))?;
        match stream.write(rest) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => rest = rest.get(n..).unwrap_or_default(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
