// The textscope core, compiled to wasm, as a plain ES module (no wasm-bindgen).
// The module exports extern "C" functions over opaque handles (crates/textscope-wasm); this file
// copies bytes in, reads JSON results out, and turns negative status codes into exceptions.
// Used by the worker (analysis of files) and by the pages (examples, inspector).

const STATUS = { 0: 'ok', 1: 'done', '-1': 'null handle', '-2': 'wrong state', '-3': 'bad argument' };
export const DONE = 1;

let loading = null;

/** Loads the module once; resolves to a Textscope. */
export function load(url = new URL('../textscope.wasm', import.meta.url)) {
  if (!loading) {
    loading = WebAssembly.instantiateStreaming(fetch(url), {})
      .then(({ instance }) => new Textscope(instance.exports));
  }
  return loading;
}

function check(code) {
  if (code < 0) throw new Error(`textscope wasm: ${STATUS[code] || code}`);
  return code;
}

export class Textscope {
  constructor(x) {
    this.x = x;
    this.buf = 0;
    this.bufLen = 0;
    this.dec = new TextDecoder();
    this.enc = new TextEncoder();
  }

  /** Whether the module was built with wasm SIMD (simd128; docs/web.md). */
  get simd128() { return this.x.ts_simd128() === 1; }

  /** The shared input buffer, grown to hold n bytes. */
  input(bytes) {
    const n = bytes.length;
    if (n > this.bufLen) {
      if (this.buf) this.x.ts_dealloc(this.buf, this.bufLen);
      this.bufLen = Math.max(n, 64 * 1024);
      this.buf = this.x.ts_alloc(this.bufLen);
    }
    new Uint8Array(this.x.memory.buffer, this.buf, n).set(bytes);
    return this.buf;
  }

  /** A string copied into a buffer of its own; call the returned free() after use. */
  str(s) {
    const b = this.enc.encode(s);
    const n = Math.max(b.length, 1);
    const p = this.x.ts_alloc(n);
    new Uint8Array(this.x.memory.buffer, p, b.length).set(b);
    return { p, n: b.length, free: () => this.x.ts_dealloc(p, n) };
  }

  result(h) {
    const p = this.x.ts_result_ptr(h);
    const n = this.x.ts_result_len(h);
    return this.dec.decode(new Uint8Array(this.x.memory.buffer, p, n));
  }

  /** A new analysis; `force` names a format (D10) or is empty for detection. */
  open(force = '') {
    const s = this.str(force);
    const h = this.x.ts_new(s.p, s.n);
    s.free();
    if (!h) throw new Error(`unknown encoding ${force}`);
    return new Analysis(this, h);
  }

  /**
   * The core's analysis of a sample: `text` encoded in `format` (see sample.rs for the
   * recipe escapes {u:XXXX} and {cut}); flags 1 = mark first, 2 = detect instead of forcing.
   * Returns {bytes, unmappable, report, structure}.
   */
  sample(format, text, flags = 0) {
    const f = this.str(format);
    const t = this.str(text);
    const h = this.x.ts_sample(f.p, f.n, t.p, t.n, flags);
    f.free();
    t.free();
    if (!h) throw new Error(`bad sample ${format}`);
    const json = this.result(h);
    this.x.ts_free(h);
    return JSON.parse(json);
  }
}

/** The UTF-16 inspector (SPEC I1): the core's Inspection of a text. */
Textscope.prototype.inspect = function inspect(text) {
  const s = this.str(text);
  const h = this.x.ts_utf16_inspect(s.p, s.n);
  s.free();
  const json = this.result(h);
  this.x.ts_free(h);
  return JSON.parse(json);
};

/** The UTF-16 validator (SPEC I2): {ok: Validation} or {error: ParseError}. */
Textscope.prototype.checkUnits = function checkUnits(units) {
  const s = this.str(units);
  const h = this.x.ts_utf16_check(s.p, s.n);
  s.free();
  const json = this.result(h);
  this.x.ts_free(h);
  return JSON.parse(json);
};

/** One file's analysis, then its line index (kept in the wasm handle). */
export class Analysis {
  constructor(ts, h) {
    this.ts = ts;
    this.h = h;
  }
  feed(bytes) {
    const x = this.ts.x;
    return check(x.ts_feed(this.h, this.ts.input(bytes), bytes.length));
  }
  /** The report JSON (the CLI's --json object, path null). */
  finish() {
    check(this.ts.x.ts_finish(this.h));
    return this.ts.result(this.h);
  }
  /** Starts lines first..last; returns the byte offset to read from. */
  linesBegin(first, last, maxChars, maxText) {
    return check(this.ts.x.ts_lines_begin(this.h, first, last, maxChars, maxText));
  }
  /** Returns DONE when every line asked for is complete. */
  linesFeed(bytes) {
    return check(this.ts.x.ts_lines_feed(this.h, this.ts.input(bytes), bytes.length));
  }
  /** The structure JSON. */
  linesFinish() {
    check(this.ts.x.ts_lines_finish(this.h));
    return this.ts.result(this.h);
  }
  locateBegin(offset) {
    return check(this.ts.x.ts_locate_begin(this.h, offset));
  }
  locateFeed(bytes) {
    return check(this.ts.x.ts_locate_feed(this.h, this.ts.input(bytes), bytes.length));
  }
  locateLine() {
    return this.ts.x.ts_locate_line(this.h);
  }
  /** The repaired UTF-8 file (docs/mojibake.md): the first pass looks for runs of mojibake. */
  repairScanBegin() { return check(this.ts.x.ts_repair_scan_begin(this.h)); }
  repairScanFeed(bytes) {
    return check(this.ts.x.ts_repair_scan_feed(this.h, this.ts.input(bytes), bytes.length));
  }
  /** The second pass: each chunk of the file again, from byte 0. */
  repairBegin() { return check(this.ts.x.ts_repair_begin(this.h)); }
  /** The repaired UTF-8 bytes of the chunk (a copy). */
  repairFeed(bytes) {
    check(this.ts.x.ts_repair_feed(this.h, this.ts.input(bytes), bytes.length));
    return this.resultBytes();
  }
  /** The last repaired bytes (a copy). */
  repairFinish() {
    check(this.ts.x.ts_repair_finish(this.h));
    return this.resultBytes();
  }
  /** {repaired, ambiguous, over_cap, segments, replaced, read}. */
  repairSummary() {
    check(this.ts.x.ts_repair_summary(this.h));
    return JSON.parse(this.ts.result(this.h));
  }
  resultBytes() {
    const x = this.ts.x;
    return new Uint8Array(x.memory.buffer, x.ts_result_ptr(this.h), x.ts_result_len(this.h)).slice();
  }
  free() {
    if (this.h) this.ts.x.ts_free(this.h);
    this.h = 0;
  }
}
