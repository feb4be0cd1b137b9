// A 200 MB file is analysed to the end in the worker with the progress bar moving, the page
// responsive, cancel working; every request the page makes goes to the site's own files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, cliReport, pickFile, waitDone, pageReport, TMP, DATA } from './harness.js';

let server;
let context;
let page;
let big;
const requests = [];
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
  context.on('request', (r) => requests.push({ url: r.url(), method: r.method(), post: r.postData() }));
  page = await newPage(context, errors);
  await page.goto(server.url);
  // 200 MiB of mixed text: ASCII, accents, CJK, emoji, CRLF and LF lines.
  const unit = Buffer.from(Array.from({ length: 4096 }, (_, i) => `${i} café 中文 😀 ${'x'.repeat(i % 50)}${i % 7 ? '\n' : '\r\n'}`).join(''));
  big = path.join(TMP, 'big-200mb.txt');
  const fd = fs.openSync(big, 'w');
  let written = 0;
  while (written < 200 * 1024 * 1024) { fs.writeSync(fd, unit); written += unit.length; }
  fs.closeSync(fd);
});
after(async () => { await context?.close(); server?.stop(); });

test('cancel stops an analysis', async () => {
  await pickFile(page, big);
  await page.waitForFunction(() => Number(document.querySelector('#progress').dataset.done || 0) > 0);
  await page.click('#cancel');
  await page.waitForSelector('#ex-root[data-state="cancelled"]');
  assert.equal(await page.isVisible('#progress'), false);
});

test('a 200 MB file is analysed to the end with the progress bar moving', async () => {
  await page.evaluate(() => {
    window.__progress = [];
    window.__gap = 0;
    let last = performance.now();
    const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; window.__raf = requestAnimationFrame(tick); };
    window.__raf = requestAnimationFrame(tick);
    const p = document.querySelector('#progress');
    new MutationObserver(() => window.__progress.push(Number(p.value))).observe(p, { attributes: true, attributeFilter: ['data-done'] });
  });
  const t0 = Date.now();
  await pickFile(page, big);
  // The page answers while the worker works.
  const pings = [];
  while (await page.getAttribute('#ex-root', 'data-state') === 'analysing') {
    const s = Date.now();
    await page.evaluate(() => 1);
    pings.push(Date.now() - s);
    await page.waitForTimeout(200);
  }
  await waitDone(page, 300000);
  const seconds = (Date.now() - t0) / 1000;
  const progress = await page.evaluate(() => window.__progress);
  const gap = await page.evaluate(() => { cancelAnimationFrame(window.__raf); return window.__gap; });
  const size = fs.statSync(big).size;
  assert.ok(progress.length >= 40, `progress moved ${progress.length} times`);
  for (let i = 1; i < progress.length; i++) assert.ok(progress[i] >= progress[i - 1]);
  assert.equal(progress[progress.length - 1], size);
  assert.ok(Math.max(...pings) < 1000, `slowest ping ${Math.max(...pings)} ms`);
  assert.ok(gap < 1000, `longest frame gap ${gap} ms`);
  console.log(`# 200 MiB analysed in the browser in ${seconds.toFixed(1)} s`);
  const r = await pageReport(page);
  assert.deepEqual(r, cliReport(big));
  // The last line is reachable through the sparse index.
  await page.focus('#tree');
  await page.keyboard.press('End');
  await page.waitForSelector(`#tree .row.line[data-line="${r.lines}"] .text`);
  assert.deepEqual(errors, []);
});

test('every request goes to the site\'s own static files', async () => {
  await page.goto(server.url);
  await pickFile(page, path.join(DATA, 'f2-notes-utf16le.txt'));
  await waitDone(page);
  await page.click('#tree .row.line[data-line="2"] .twisty');
  await page.click('#hex .b[data-off="22"]');
  await page.goto(new URL('utf-16.html', server.url).href);
  await page.waitForLoadState('networkidle');
  const origin = new URL(server.url).origin;
  assert.ok(requests.length > 5);
  for (const r of requests) {
    const u = new URL(r.url);
    assert.equal(u.origin, origin, r.url);
    assert.equal(r.method, 'GET', r.url);
    assert.equal(r.post, null, r.url);
    assert.match(u.pathname, /^\/([\w-]+\/)*[\w.-]*$/, r.url);
  }
});
