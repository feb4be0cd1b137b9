// Issue 43, item 7: the cold home page transfers at most 1.2 MB. A fresh profile loads "/"
// from `textscope serve`; every response's bytes on the wire (CDP's encodedDataLength:
// headers and body as sent) are added up once the page has fetched its wasm module and the
// network is idle. The module (about 3.4 MB raw) must come brotli-encoded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch } from './harness.js';

const LIMIT = 1_200_000;

test('the cold home page transfers at most 1.2 MB, the wasm module in brotli', async () => {
  const server = await startServer();
  const context = await launch();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map();
    let total = 0;
    cdp.on('Network.responseReceived', (e) => {
      responses.set(e.requestId, { url: e.response.url, headers: e.response.headers });
    });
    cdp.on('Network.loadingFinished', (e) => {
      total += e.encodedDataLength;
      const r = responses.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'), { timeout: 60_000 });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await wasm;
    await page.waitForLoadState('networkidle');
    const rows = [...responses.values()].map((r) => {
      const h = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return { url: r.url.replace(server.url, '/'), bytes: r.bytes, coding: h['content-encoding'] || 'identity', vary: h.vary };
    });
    console.log(`transfer: cold home page ${total} bytes in ${rows.length} responses`);
    for (const r of rows) console.log(`transfer:   ${r.bytes} ${r.coding} ${r.url}`);
    const module = rows.find((r) => r.url.endsWith('.wasm'));
    assert.ok(module, 'the page fetched no wasm module');
    assert.equal(module.coding, 'br', JSON.stringify(module));
    assert.equal(module.vary, 'Accept-Encoding');
    assert.ok(total <= LIMIT, `the cold home page transferred ${total} bytes (limit ${LIMIT})`);
  } finally {
    await context.close();
    server.stop();
  }
});
