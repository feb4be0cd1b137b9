// The analysis worker: reads the file with File.slice in chunks, feeds the wasm core, keeps the
// handle (and so the sparse line index) for structure requests. The protocol is in docs/web.md.
import { load, DONE } from './textscope.js';
import { searchFile, textNeedle, parseHex } from './search.js';

const CHUNK = 4 * 1024 * 1024; // analysis reads
const READ = 1024 * 1024; // structure and locate reads
const AHEAD = 2; // analysis reads in flight while the core works

let file = null;
let analysis = null;
let generation = 0; // bumped by every analyze and cancel: stale loops stop
let queue = Promise.resolve();
let searching = 0; // bumped by every search, analyze and cancel: the newest search wins

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'cancel') {
    generation++;
    searching++;
    return;
  }
  if (m.type === 'search-cancel') {
    searching++;
    return;
  }
  if (m.type === 'search') {
    // Outside the queue: the tree and the hex view keep getting their lines while it runs.
    search(m, ++searching).catch((err) => {
      self.postMessage({ type: 'error', id: m.id, message: String(err && err.message || err) });
    });
    return;
  }
  if (m.type === 'analyze') {
    generation++;
    searching++;
  }
  const gen = generation;
  queue = queue.then(() => handle(m, gen)).catch((err) => {
    self.postMessage({ type: 'error', id: m.id, message: String(err && err.message || err) });
  });
};

async function handle(m, gen) {
  const ts = await load();
  switch (m.type) {
    case 'analyze': return analyze(ts, m, gen);
    case 'lines': return lines(m);
    case 'locate': return locate(m);
    case 'peek': return peek(ts, m);
    case 'repair': return repair(m);
    default: throw new Error(`unknown request ${m.type}`);
  }
}

async function analyze(ts, m, gen) {
  if (analysis) analysis.free();
  analysis = null;
  file = m.file;
  const a = ts.open(m.force || '');
  const t0 = performance.now();
  let readMs = 0; // waiting for reads that had not arrived yet
  let feedMs = 0; // in the wasm core
  let pos = 0;
  self.postMessage({ type: 'progress', done: 0, total: file.size });
  const reads = slices(file, 0, m.chunk || CHUNK, AHEAD);
  for (;;) {
    const r0 = performance.now();
    const { value: bytes, done } = await reads.next();
    const f0 = performance.now();
    readMs += f0 - r0;
    if (gen !== generation) {
      await reads.return();
      a.free();
      self.postMessage({ type: 'cancelled' });
      return;
    }
    if (done) break;
    a.feed(bytes);
    feedMs += performance.now() - f0;
    pos += bytes.length;
    self.postMessage({ type: 'progress', done: pos, total: file.size });
  }
  const report = a.finish();
  analysis = a;
  self.postMessage({ type: 'report', report, ms: performance.now() - t0, readMs, feedMs });
}

/**
 * The bytes of `f` from `start` on, in slices of `size`, with `ahead` reads in flight while the
 * caller works on the slice it was given: the browser reads the next slices (on its own
 * threads) while the core analyses this one, instead of one after the other.
 */
async function* slices(f, start, size, ahead) {
  const inflight = [];
  let next = start;
  const more = () => {
    const end = Math.min(f.size, next + size);
    inflight.push(f.slice(next, end).arrayBuffer());
    next = end;
  };
  while (inflight.length < ahead && next < f.size) more();
  while (inflight.length) {
    const buf = await inflight.shift();
    if (next < f.size) more();
    yield new Uint8Array(buf);
  }
}

/** Reads from `start` in READ slices, feeding `feed` until it says DONE or the file ends. */
async function readFrom(start, feed) {
  for await (const bytes of slices(file, start, READ, 1)) {
    if (feed(bytes) === DONE) return;
  }
}

async function lines(m) {
  if (!analysis) throw new Error('no file analysed');
  const start = analysis.linesBegin(m.first, m.last, m.maxChars, m.maxText);
  await readFrom(start, (b) => analysis.linesFeed(b));
  const structure = JSON.parse(analysis.linesFinish());
  self.postMessage({ type: 'lines', id: m.id, structure });
}

/**
 * The first lines of the file as another format reads them (a binary file's text reading, for
 * the preview): a handle of its own, forced to `m.force`, fed the first `m.bytes` bytes and
 * freed at once. `cut` says whether the file goes on past them.
 */
async function peek(ts, m) {
  if (!file) throw new Error('no file analysed');
  const a = ts.open(m.force);
  try {
    const end = Math.min(file.size, m.bytes);
    const bytes = new Uint8Array(await file.slice(0, end).arrayBuffer());
    a.feed(bytes);
    a.finish();
    const start = a.linesBegin(1, m.lines, 0, m.maxText);
    if (start < bytes.length) a.linesFeed(bytes.subarray(start));
    const structure = JSON.parse(a.linesFinish());
    self.postMessage({ type: 'peek', id: m.id, structure, cut: end < file.size });
  } finally {
    a.free();
  }
}

/**
 * "Save as UTF-8 (repaired)": the file read twice in chunks, first for its runs of mojibake,
 * then through the core's repair (textscope::repair); the output goes into a Blob part by part,
 * so the page never holds the file and its repair at once. Nothing is sent anywhere.
 */
async function repair(m) {
  if (!analysis) throw new Error('no file analysed');
  analysis.repairScanBegin();
  for await (const bytes of slices(file, 0, CHUNK, AHEAD)) analysis.repairScanFeed(bytes);
  analysis.repairBegin();
  let blob = new Blob([]);
  for await (const bytes of slices(file, 0, CHUNK, AHEAD)) {
    const out = analysis.repairFeed(bytes);
    if (out.length) blob = new Blob([blob, out]);
  }
  const tail = analysis.repairFinish();
  const summary = analysis.repairSummary();
  blob = new Blob([blob, tail], { type: 'text/plain;charset=utf-8' });
  self.postMessage({ type: 'repair', id: m.id, blob, summary });
}

async function locate(m) {
  if (!analysis) throw new Error('no file analysed');
  const start = analysis.locateBegin(m.offset);
  await readFrom(start, (b) => analysis.locateFeed(b));
  self.postMessage({ type: 'locate', id: m.id, line: analysis.locateLine() });
}

/**
 * A search of the file analysed last: text `m.q` in the encoding `m.format` / `m.encoding`
 * (from `m.base`, the mark's end), or the hex bytes of `m.q`. Answers {offsets, total, length,
 * ms}, or {cancelled} once a newer search, a new file or a cancel has come (decision 78).
 */
async function search(m, mine) {
  const f = file;
  const alive = () => mine === searching && f === file;
  const t0 = performance.now();
  let what;
  if (m.mode === 'hex') {
    const needle = parseHex(m.q);
    if (!needle) throw new Error('not hex pairs');
    what = { needle, unit: 1, base: 0 };
  } else {
    what = textNeedle(m.q, m.format, m.encoding, m.base || 0);
  }
  if (!f) throw new Error('no file analysed');
  let last = 0;
  const progress = (done, total) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    self.postMessage({ type: 'search-progress', seq: m.seq, done, size: f.size, total });
  };
  const found = what ? await searchFile(f, what, alive, progress) : { offsets: [], total: 0 };
  if (!found) {
    self.postMessage({ type: 'search', id: m.id, seq: m.seq, cancelled: true });
    return;
  }
  self.postMessage({
    type: 'search', id: m.id, seq: m.seq, offsets: found.offsets, total: found.total,
    length: what ? what.needle.length : 0, ms: performance.now() - t0,
  });
}
