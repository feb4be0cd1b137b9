// Searching a file, in the analysis worker (worker.js): text is searched as the bytes it is
// in the file's own encoding, so a match is found at the speed of a byte scan and is already a
// byte range; hex searches are the same scan. The file is read in chunks, and a newer search
// (or a new file) stops an older one between two chunks (decision 78).
//
// Text in a file with a binary verdict is searched as its text reading's encoding, or as
// UTF-8 bytes when it has none (so "IHDR" is found in a PNG).

/** Offsets kept to step through; matches past it are still counted. */
export const CAP = 100000;
const CHUNK = 4 * 1024 * 1024;
const BACK = 1024; // bytes read before a chunk to find a character boundary in a multi-byte code page

/** Parses "E2 80 AE", "e280ae", "0xE2 0x80": the bytes, or null if it is not hex pairs. */
export function parseHex(s) {
  const h = s.replace(/0x/gi, '').replace(/[\s,]+/g, '');
  if (!h || h.length % 2 || /[^0-9a-f]/i.test(h)) return null;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

// Lead-byte lengths of the multi-byte code pages (as glyphs.js reads them).
const MULTI = {
  shift_jis: (b) => ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc) ? 2 : 1),
  'euc-jp': (b) => (b === 0x8f ? 3 : (b === 0x8e || (b >= 0xa1 && b <= 0xfe) ? 2 : 1)),
  'euc-kr': (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
  big5: (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
  gbk: (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
  gb18030: (b) => (b >= 0x81 && b <= 0xfe ? 2 : 1),
};

const tables = new Map();

/**
 * The code page's encoder as a map from character to bytes, built by decoding every one- and
 * two-byte sequence with the browser's TextDecoder (the WHATWG tables the core uses too), or
 * null if the browser does not know the label. The first sequence found for a character wins.
 */
function codePage(label) {
  if (tables.has(label)) return tables.get(label);
  let table = null;
  try {
    const d = new TextDecoder(label, { fatal: true });
    table = new Map();
    const put = (bytes) => {
      let s;
      try { s = d.decode(bytes); } catch { return; }
      if (s.length && !table.has(s)) table.set(s, bytes);
    };
    const len = MULTI[label];
    for (let b = 0; b < 256; b++) if (!len || len(b) === 1) put(Uint8Array.of(b));
    if (len) {
      for (let a = 0x81; a <= 0xfe; a++) {
        if (len(a) !== 2) continue;
        for (let b = 0x40; b <= 0xfe; b++) put(Uint8Array.of(a, b));
      }
    }
  } catch { table = null; }
  tables.set(label, table);
  return table;
}

/**
 * What to look for when searching text `q` in a file read as `format` / `encoding` (the
 * report's fields, or its text reading's for a binary verdict): {needle, unit, base, multi},
 * with `unit` the code-unit width a match must be aligned to from byte `base` (the mark's
 * end), `multi` the lead-byte lengths of a multi-byte code page. Null when `q` has a
 * character the code page cannot hold: it cannot be in the file.
 */
export function textNeedle(q, format, encoding, base = 0) {
  if (format === 'utf-16le' || format === 'utf-16be') {
    const out = new Uint8Array(q.length * 2);
    for (let i = 0; i < q.length; i++) {
      const u = q.charCodeAt(i);
      const [a, b] = format === 'utf-16le' ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff];
      out[2 * i] = a;
      out[2 * i + 1] = b;
    }
    return { needle: out, unit: 2, base };
  }
  if (format === 'utf-32le' || format === 'utf-32be') {
    const cps = Array.from(q, (c) => c.codePointAt(0));
    const out = new Uint8Array(cps.length * 4);
    cps.forEach((v, i) => {
      const be = [v >>> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
      out.set(format === 'utf-32le' ? be.reverse() : be, 4 * i);
    });
    return { needle: out, unit: 4, base };
  }
  if (format === 'legacy' && encoding) {
    const label = encoding.toLowerCase();
    const table = codePage(label);
    if (table) {
      const parts = [];
      for (const c of q) {
        const b = table.get(c);
        if (!b) return null;
        parts.push(...b);
      }
      return { needle: Uint8Array.from(parts), unit: 1, base: 0, multi: MULTI[label] || null };
    }
  }
  // UTF-8, and bytes as text for a binary file without a text reading.
  return { needle: new TextEncoder().encode(q), unit: 1, base };
}

/**
 * Calls `hit(i)` for every i in [from, to) where `needle` starts in `hay` (the match may run
 * past `to`, within `hay`). Boyer–Moore–Horspool for needles of 3 bytes or more, the engine's
 * indexOf of the first byte for shorter ones.
 */
export function scan(hay, needle, from, to, hit) {
  const m = needle.length;
  const end = Math.min(to, hay.length - m + 1);
  if (m === 0 || end <= from) return;
  if (m < 3) {
    const first = needle[0];
    for (let i = hay.indexOf(first, from); i >= 0 && i < end; i = hay.indexOf(first, i + 1)) {
      if (m === 1 || hay[i + 1] === needle[1]) hit(i);
    }
    return;
  }
  const skip = new Int32Array(256).fill(m);
  for (let k = 0; k < m - 1; k++) skip[needle[k]] = m - 1 - k;
  const last = needle[m - 1];
  for (let i = from; i < end;) {
    const b = hay[i + m - 1];
    if (b === last) {
      let k = m - 2;
      while (k >= 0 && hay[i + k] === needle[k]) k--;
      if (k < 0) hit(i);
    }
    i += skip[b];
  }
}

/** Whether byte `i` of `b` starts a character, walking lead bytes from a line start before it. */
function charStart(b, i, len) {
  if (i === 0) return true;
  let s = b.lastIndexOf(0x0a, i - 1);
  s = Math.max(s < 0 ? 0 : s + 1, i - BACK); // a line start, or as far back as a chunk reaches
  while (s < i) s += len(b[s]);
  return s === i;
}

/**
 * Every match of `what` ({needle, unit, base, multi}) in `file`: {offsets, total}, the first
 * CAP offsets and the count of all. `alive()` false between two chunks stops it (null);
 * `progress(done)` hears of each chunk. The chunks overlap by the needle's length less one
 * so that a match across a cut is found once.
 */
export async function searchFile(file, what, alive, progress = () => {}) {
  const { needle, unit = 1, base = 0, multi = null } = what;
  const n = needle.length;
  const offsets = [];
  let total = 0;
  let free = 0;
  if (!n) return { offsets, total };
  const back = multi ? BACK : 0;
  const read = (pos) => {
    const s = Math.max(0, pos - back);
    return file.slice(s, Math.min(file.size, pos + CHUNK + n - 1)).arrayBuffer().then((buf) => [s, buf]);
  };
  let ahead = file.size > 0 ? read(0) : null;
  for (let pos = 0; pos < file.size; pos += CHUNK) {
    const [s, buf] = await ahead;
    if (!alive()) return null;
    ahead = pos + CHUNK < file.size ? read(pos + CHUNK) : null;
    const b = new Uint8Array(buf);
    scan(b, needle, pos - s, pos - s + CHUNK, (i) => {
      const off = s + i;
      if (unit > 1 && (off - base) % unit !== 0) return;
      if (unit > 1 && off < base) return;
      if (multi && !charStart(b, i, multi)) return;
      if (off < free) return; // matches do not overlap: "aa" is twice in "aaaa", not three times
      free = off + n;
      if (offsets.length < CAP) offsets.push(off);
      total++;
    });
    progress(Math.min(file.size, pos + CHUNK), total);
  }
  return { offsets, total };
}
