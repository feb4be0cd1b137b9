// The server: the CSP and the other headers, loopback Host names only, GET and HEAD only, no
// path outside the embedded site; the pages hold no inline script or style.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startServer, launch, newPage } from './harness.js';

let server;
before(async () => { server = await startServer(); });
after(() => server?.stop());

const PAGES = ['index.html', 'utf-8.html', 'utf-16le.html', 'utf-16be.html', 'utf-32le.html', 'utf-32be.html', 'legacy.html', 'utf-16.html'];

function raw(request) {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), '127.0.0.1', () => s.end(request));
    let out = '';
    s.on('data', (d) => { out += d; });
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
}
const status = (res) => Number(res.split(' ')[1]);

test('every page is sent with the CSP and the safety headers', async () => {
  for (const p of PAGES) {
    const res = await fetch(new URL(p, server.url));
    assert.equal(res.status, 200, p);
    const csp = res.headers.get('content-security-policy');
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self'"]) assert.ok(csp.includes(d), d);
    assert.ok(!csp.includes('unsafe-inline'));
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    const html = await res.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, `${p}: inline script`);
    assert.doesNotMatch(html, /<style|\sstyle=|\son\w+=/i, `${p}: inline style or handler`);
  }
  const wasm = await fetch(new URL('textscope.wasm', server.url));
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
});

test('the server refuses other hosts, methods and paths', async () => {
  assert.equal(status(await raw('GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n')), 403);
  assert.equal(status(await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1.nip.io\r\n\r\n')), 403);
  assert.equal(status(await raw('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')), 200);
  assert.equal(status(await raw('GET / HTTP/1.1\r\nHost: [::1]:80\r\n\r\n')), 200);
  assert.equal(status(await raw('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n')), 405);
  assert.equal(status(await raw('DELETE / HTTP/1.1\r\nHost: localhost\r\n\r\n')), 405);
  for (const p of ['/../Cargo.toml', '/%2e%2e/Cargo.toml', '/js/..%2f..%2fCargo.toml', '/etc/passwd', '//etc/passwd', '/index.html%00']) {
    const s = status(await raw(`GET ${p} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    assert.ok(s === 400 || s === 404, `${p}: ${s}`);
  }
  assert.equal(status(await raw(`GET / HTTP/1.1\r\nHost: localhost\r\nX: ${'a'.repeat(20000)}\r\n\r\n`)), 431);
  const head = await raw('HEAD /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n');
  assert.equal(status(head), 200);
  assert.ok(head.endsWith('\r\n\r\n'), 'HEAD has no body');
});

test('the page enforces the policy: no eval, no inline script', async () => {
  const context = await launch();
  try {
    const page = await newPage(context);
    await page.goto(server.url);
    const r = await page.evaluate(async () => {
      const violations = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const s = document.createElement('script');
      s.textContent = 'window.__inline = true';
      document.body.append(s);
      setTimeout('window.__evaled = true', 0); // a string is eval: blocked without 'unsafe-eval'
      const img = new Image();
      img.src = 'http://example.invalid/x.png';
      await new Promise((r) => setTimeout(r, 300));
      return { inline: window.__inline === true, evaled: window.__evaled === true, violations: violations.sort() };
    });
    assert.equal(r.inline, false);
    assert.equal(r.evaled, false);
    assert.ok(r.violations.some((v) => v.startsWith('script-src')), r.violations.join());
    assert.ok(r.violations.some((v) => v.startsWith('img-src')), r.violations.join());
  } finally {
    await context.close();
  }
});
