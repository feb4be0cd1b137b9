// The hex view's text column: the bytes in view decoded in the file's own encoding, one
// character at a time with its offset and length, so that one glyph can stand over all of the
// character's bytes. UTF-8/16/32 are decoded here; code pages through the browser's TextDecoder
// (the same WHATWG encodings the core's encoding_rs implements), by lead-byte lengths.

const MULTI = {
  shift_jis: (b) => ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc) ? 2 : 1),
  'euc-jp': (b) => (b === 0x8f ? 3 : (b === 0x8e || (b >= 0xa1 && b <= 0xfe) ? 2 : 1)),
  'euc-kr': (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
  big5: (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
  gbk: (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
  gb18030: (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
};
const decoders = new Map();
function decoder(label) {
  if (!decoders.has(label)) {
    let d = null;
    try { d = new TextDecoder(label); } catch { d = null; }
    decoders.set(label, d);
  }
  return decoders.get(label);
}

/** One character of `b` at `i`: [length, code point or -1 when ill-formed]. */
function next(b, i, format, enc) {
  const n = b.length - i;
  if (format === 'utf-16le' || format === 'utf-16be') {
    if (n < 2) return [n, -1];
    const u = (k) => (format === 'utf-16le' ? b[k] | (b[k + 1] << 8) : (b[k] << 8) | b[k + 1]);
    const a = u(i);
    if (a >= 0xd800 && a < 0xdc00) {
      if (n >= 4) {
        const c = u(i + 2);
        if (c >= 0xdc00 && c < 0xe000) return [4, 0x10000 + ((a - 0xd800) << 10) + (c - 0xdc00)];
      }
      return [2, -1];
    }
    return [2, a >= 0xdc00 && a < 0xe000 ? -1 : a];
  }
  if (format === 'utf-32le' || format === 'utf-32be') {
    if (n < 4) return [n, -1];
    const v = format === 'utf-32le'
      ? (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000
      : b[i] * 0x1000000 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
    return [4, v > 0x10ffff || (v >= 0xd800 && v < 0xe000) ? -1 : v];
  }
  if (format === 'legacy') {
    const key = enc.toLowerCase();
    const len = Math.min(n, MULTI[key] ? MULTI[key](b[i]) : 1);
    const d = decoder(key);
    const s = d ? d.decode(b.subarray(i, i + len)) : String.fromCharCode(b[i]);
    const cp = s.codePointAt(0);
    return [len, s.length === 0 || cp === 0xfffd ? -1 : cp];
  }
  // UTF-8 (and the verdicts binary/empty, shown as UTF-8).
  const c = b[i];
  if (c < 0x80) return [1, c];
  const need = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
  if (need < 0) return [1, -1];
  let v = c & (0x3f >> need);
  for (let k = 1; k <= need; k++) {
    const x = b[i + k];
    if (x === undefined || (x & 0xc0) !== 0x80) return [k, -1];
    if (k === 1 && ((c === 0xe0 && x < 0xa0) || (c === 0xed && x > 0x9f) || (c === 0xf0 && x < 0x90) || (c === 0xf4 && x > 0x8f))) return [1, -1];
    v = (v << 6) | (x & 0x3f);
  }
  return [need + 1, v];
}

/** Where decoding may start at or after `lo` (a character boundary, or close to one). */
function sync(b, base, lo, format, enc, markLen) {
  let i = Math.max(lo, markLen) - base;
  if (format.startsWith('utf-16') || format.startsWith('utf-32')) {
    const w = format.startsWith('utf-16') ? 2 : 4;
    i += (w - ((base + i) % w)) % w;
  } else if (base + i <= markLen) {
    return i; // the start of the text is a character boundary
  } else if (format === 'legacy' && MULTI[enc.toLowerCase()]) {
    // A byte below 40 is never the second byte of a double-byte character in these pages.
    for (let k = i; k < Math.min(b.length, i + 64); k++) if (b[k] < 0x40) return k + 1;
  } else {
    while (i < b.length && (b[i] & 0xc0) === 0x80 && i < lo - base + 3) i++;
  }
  return i;
}

/**
 * The characters of `b` (the file's bytes from offset `base`) that touch [from, to): a Map
 * from each of their byte offsets to {start, len, cp}. Decoding starts up to 64 bytes before
 * `from`, so that a character cut by the row's start still shows as one.
 */
export function decodeRange(b, base, from, to, report) {
  const map = new Map();
  const format = report.format;
  const enc = report.encoding || '';
  const markLen = report.bom ? report.bom.length : 0;
  for (let o = base; o < Math.min(markLen, base + b.length); o++) map.set(o, { start: 0, len: markLen, cp: -2 });
  let i = sync(b, base, Math.max(base, from - 64), format, enc, markLen);
  while (i < b.length && base + i < to) {
    const [len, cp] = next(b, i, format, enc);
    const rec = { start: base + i, len: Math.max(1, len), cp };
    for (let k = 0; k < rec.len; k++) if (base + i + k >= from) map.set(base + i + k, rec);
    i += rec.len;
  }
  return map;
}

const HIDDEN = /^[\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]$/u;
const MARK = /^[\p{Mn}\p{Me}]$/u;

/** What the text column shows for a code point: never a raw control or bidi character. */
export function glyph(cp) {
  if (cp === -2) return '·';
  if (cp < 0) return '\uFFFD';
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return '·';
  const s = String.fromCodePoint(cp);
  if (HIDDEN.test(s) || /^\p{Zs}$/u.test(s) && cp !== 0x20) return '·';
  if (MARK.test(s)) return `\u25CC${s}`;
  return s;
}
