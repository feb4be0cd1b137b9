// Browser throughput of the explorer (issue 5), run by scripts/bench-browser.sh:
//   node bench.js DIR SIZE_MIB ROUNDS
// For each generated file (ASCII-heavy UTF-8 log lines, multilingual UTF-8, UTF-16LE with a
// mark and CRLF) it sets the file on the page's file input, as the picker does, and measures in
// the page the time from the input's change event to the explorer's "done" state; samples the
// progress bar while the worker runs; measures how late a 10 ms main-thread timer fires and
// the longest gap between animation frames (the page must stay responsive); and prints a table
// of GB/s (10^9 bytes per second). Each file is written to DIR, measured, then deleted.
// Not a test: nothing here is asserted against a time.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, launch, newPage } from './tests/harness.js';
import { FILES } from './bench-inputs.js';

const [dir, sizeArg = '1024', roundsArg = '3'] = process.argv.slice(2);
const SIZE = Number(sizeArg) * 1024 * 1024;
const ROUNDS = Math.max(1, Number(roundsArg));
if (!dir || !(SIZE > 0)) {
  console.error('usage: node bench.js DIR SIZE_MIB [ROUNDS]');
  process.exit(2);
}

/** Writes `size` bytes (the mark, then whole blocks, the last one cut on a line end). */
function generate(file, spec) {
  const block = spec.block();
  const fd = fs.openSync(file, 'w');
  let written = 0;
  if (spec.mark) written += fs.writeSync(fd, spec.mark);
  while (written < SIZE) {
    let b = block;
    if (written + b.length > SIZE) {
      const nl = spec.mark ? Buffer.from('\n', 'utf16le') : Buffer.from('\n');
      const cut = b.subarray(0, SIZE - written).lastIndexOf(nl);
      if (cut < 0) break;
      b = b.subarray(0, cut + nl.length);
    }
    written += fs.writeSync(fd, b);
  }
  fs.closeSync(fd);
  return written;
}

// Page-side probes: the change event starts the clock, data-state="done" on #ex-root stops
// it; every progress update is recorded; a 10 ms timer and requestAnimationFrame measure how
// long the main thread ever kept them waiting.
function installProbes() {
  const B = (window.__bench = { t0: 0, t1: 0, progress: [], timerLate: 0, rafGap: 0, running: false });
  document.addEventListener('change', (e) => {
    if (e.target.id !== 'file-input') return;
    Object.assign(B, { t0: performance.now(), t1: 0, progress: [], timerLate: 0, rafGap: 0, running: true });
  }, true);
  new MutationObserver((muts) => {
    for (const m of muts) {
      if (m.attributeName === 'data-done') B.progress.push([performance.now() - B.t0, Number(m.target.dataset.done)]);
      if (m.attributeName === 'data-state' && m.target.dataset.state === 'done' && B.running) {
        B.t1 = performance.now();
        B.running = false;
      }
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-done', 'data-state'] });
  let due = performance.now() + 10;
  setInterval(() => {
    const now = performance.now();
    if (B.running) B.timerLate = Math.max(B.timerLate, now - due);
    due = now + 10;
  }, 10);
  let last = performance.now();
  const frame = (t) => {
    if (B.running) B.rafGap = Math.max(B.rafGap, t - last);
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function measure(page, file, size) {
  await page.setInputFiles('#file-input', file);
  // Sample the progress bar from outside every 250 ms; the round trip shows the page answers.
  const samples = [];
  let slowestPing = 0;
  for (;;) {
    const s = Date.now();
    const st = await page.evaluate(() => {
      const p = document.querySelector('#progress');
      return { state: document.querySelector('#ex-root')?.dataset.state, value: p ? Number(p.value) : 0, max: p ? Number(p.max) : 1 };
    });
    slowestPing = Math.max(slowestPing, Date.now() - s);
    if (st.state === 'done') break;
    if (st.state === 'error' || st.state === 'cancelled') throw new Error(`analysis ended: ${st.state}`);
    samples.push(st.value / st.max);
    await new Promise((r) => setTimeout(r, 250));
  }
  const b = await page.evaluate(() => {
    const B = window.__bench;
    const ds = document.querySelector('#ex-root').dataset;
    return { ms: B.t1 - B.t0, progress: B.progress, timerLate: B.timerLate, rafGap: B.rafGap, worker: Number(ds.ms), readMs: Number(ds.readMs), feedMs: Number(ds.feedMs), size: JSON.parse(document.querySelector('#report-json').textContent).size };
  });
  if (b.size !== size) throw new Error(`the page analysed ${b.size} bytes of ${size}`);
  return { ...b, samples, slowestPing };
}

const gbps = (bytes, ms) => (bytes / ms / 1e6).toFixed(2);
const pct = (x) => `${Math.round(x * 100)}%`;

const server = await startServer();
const context = await launch();
const rows = [];
try {
  const page = await newPage(context);
  await page.goto(server.url);
  await page.evaluate(installProbes);
  const ua = await page.evaluate(() => navigator.userAgent);
  let chromium = '';
  try { chromium = execFileSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim(); } catch { /* the user agent says it too */ }
  console.log(`# ${chromium || ua}`);
  console.log(`# ${(SIZE / 1048576).toFixed(0)} MiB per file, ${ROUNDS} round(s), best round shown; ${new Date().toISOString()}`);
  for (const spec of FILES) {
    const file = path.join(dir, spec.name);
    const size = generate(file, spec);
    let best = null;
    for (let r = 0; r < ROUNDS; r++) {
      const m = await measure(page, file, size);
      process.stderr.write(`  ${spec.name} round ${r + 1}: ${gbps(size, m.ms)} GB/s (worker ${Math.round(m.worker)} ms: read wait ${Math.round(m.readMs)}, wasm ${Math.round(m.feedMs)})\n`);
      if (!best || m.ms < best.ms) best = m;
    }
    fs.rmSync(file, { force: true });
    rows.push({ spec, size, m: best });
  }
} finally {
  await context.close();
  server.stop();
}

const head = ['file', 'MiB', 'page s', 'GB/s', 'wasm GB/s', 'read wait s', 'progress updates', 'progress samples', 'timer late ms', 'frame gap ms'];
const table = [head, head.map(() => '---')];
for (const { spec, size, m } of rows) {
  const shown = m.samples.length <= 8 ? m.samples : m.samples.filter((_, i) => i % Math.ceil(m.samples.length / 8) === 0);
  table.push([spec.label, (size / 1048576).toFixed(0), (m.ms / 1000).toFixed(2), gbps(size, m.ms), gbps(size, m.feedMs),
    (m.readMs / 1000).toFixed(2), String(m.progress.length), `${shown.map(pct).join(' ')} → 100%`,
    Math.round(m.timerLate).toString(), Math.round(m.rafGap).toString()]);
}
for (const r of table) console.log(`| ${r.join(' | ')} |`);
console.log('\nGB/s: file size over the time from the file input\'s change event to the report shown; wasm GB/s: over the time spent in ts_feed alone;');
console.log('read wait: time the worker waited for File.slice reads; timer late / frame gap: the worst delay of a 10 ms main-thread timer and between animation frames during the run.');
