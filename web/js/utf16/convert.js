// The UTF-16 page's converter: the inspector's text in the forms people paste it in — UTF-8
// bytes, numeric character references, and the escapes of JSON, JavaScript, Python, Rust, C
// and URLs. Every form is written from the code points and can be read back, so each field of
// the page is editable and updates the others. Reading is strict: a lone surrogate, a bad
// UTF-8 sequence or a malformed escape is an error with its place, never a U+FFFD.

const hex = (v, w) => v.toString(16).toUpperCase().padStart(w, '0');
const utf8 = new TextEncoder();

/** The code points of a string (a JS string from our own fields holds no lone surrogate). */
const cps = (text) => [...text].map((c) => c.codePointAt(0));

/** The UTF-8 bytes of a text. */
const bytesOf = (text) => [...utf8.encode(text)];

/** Strict UTF-8 decoding of bytes: the text, or null when they are not UTF-8. */
function fromUtf8(bytes) {
  try { return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes)); } catch { return null; }
}

/** The UTF-16 units of a code point. */
function units(v) {
  if (v < 0x10000) return [v];
  const c = v - 0x10000;
  return [0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF)];
}

// What stays itself in a string literal: printable ASCII but the quote and the backslash.
const plain = (v) => v >= 0x20 && v < 0x7F && v !== 0x22 && v !== 0x5C;
const SHORT = { 0x0A: '\\n', 0x0D: '\\r', 0x09: '\\t', 0x22: '\\"', 0x5C: '\\\\' };

/** A string literal: each code point plain, a short escape, or `esc(v)`. */
const literal = (text, esc) => cps(text).map((v) => (plain(v) ? String.fromCodePoint(v) : SHORT[v] || esc(v))).join('');

const u4 = (u) => `\\u${hex(u, 4)}`;
const UCN = (v) => (v < 0x10000 ? `\\u${hex(v, 4)}` : `\\U${hex(v, 8)}`);
const braces = (v) => `\\u{${hex(v, 1)}}`;
// Python writes U+00XX as \xXX, the rest of the BMP as \uXXXX, the others as \UXXXXXXXX (lower case).
const python = (v) => {
  if (v < 0x100) return `\\x${hex(v, 2).toLowerCase()}`;
  return v < 0x10000 ? `\\u${hex(v, 4).toLowerCase()}` : `\\U${hex(v, 8).toLowerCase()}`;
};

/** An error of reading a form: what, where (index in the field's characters). */
const fail = (what, at, token = '') => ({ error: { what, at, token } });

/**
 * Reads the escapes of a string literal (the quotes around it optional) into text. `rules`
 * says what each escape means in that language: u4 (\uXXXX, UTF-16 units paired), braces
 * (\u{…}), U8 (\UXXXXXXXX), x ('byte': UTF-8 bytes, 'cp': U+00XX, null: not allowed).
 */
function readLiteral(s, rules) {
  let body = s.trim();
  const m = body.match(/^(?:u8|b|r)?(["'])([\s\S]*)\1$/);
  if (m) body = m[2];
  const out = [];
  let pendingBytes = [];
  let pendingHigh = null;
  const flushBytes = (at) => {
    if (!pendingBytes.length) return null;
    const t = fromUtf8(pendingBytes);
    if (t === null) return fail('utf8', at);
    out.push(t);
    pendingBytes = [];
    return null;
  };
  const push = (v, at, token) => {
    if (pendingHigh !== null) return fail('unpaired', pendingHigh.at, pendingHigh.token);
    if (v >= 0xD800 && v <= 0xDFFF) return fail('unpaired', at, token);
    if (v > 0x10FFFF) return fail('large', at, token);
    out.push(String.fromCodePoint(v));
    return null;
  };
  for (let i = 0; i < body.length;) {
    const at = i;
    if (body[i] !== '\\') {
      const e = flushBytes(at) || (pendingHigh ? fail('unpaired', pendingHigh.at, pendingHigh.token) : null);
      if (e) return e;
      const c = body.codePointAt(i);
      out.push(String.fromCodePoint(c));
      i += c > 0xFFFF ? 2 : 1;
      continue;
    }
    const k = body[i + 1];
    let r;
    if (k === 'x' && rules.x) {
      const h = body.slice(i + 2, i + 4);
      if (!/^[0-9A-Fa-f]{2}$/.test(h)) return fail('escape', at, body.slice(i, i + 4));
      i += 4;
      if (rules.x === 'byte') {
        if (pendingHigh) return fail('unpaired', pendingHigh.at, pendingHigh.token);
        pendingBytes.push(parseInt(h, 16));
        continue;
      }
      r = flushBytes(at) || push(parseInt(h, 16), at, `\\x${h}`);
    } else if (k === 'u' && body[i + 2] === '{' && rules.braces) {
      const end = body.indexOf('}', i + 3);
      const h = end < 0 ? '' : body.slice(i + 3, end);
      if (!/^[0-9A-Fa-f]{1,6}$/.test(h)) return fail('escape', at, body.slice(i, end < 0 ? i + 3 : end + 1));
      i = end + 1;
      r = flushBytes(at) || push(parseInt(h, 16), at, `\\u{${h}}`);
    } else if (k === 'u' && rules.u4) {
      const h = body.slice(i + 2, i + 6);
      if (!/^[0-9A-Fa-f]{4}$/.test(h)) return fail('escape', at, body.slice(i, i + 6));
      i += 6;
      const v = parseInt(h, 16);
      r = flushBytes(at);
      if (!r && v >= 0xD800 && v <= 0xDBFF && rules.pairs) {
        if (pendingHigh) return fail('unpaired', pendingHigh.at, pendingHigh.token);
        pendingHigh = { v, at, token: `\\u${h}` };
        continue;
      }
      if (!r && v >= 0xDC00 && v <= 0xDFFF && pendingHigh && rules.pairs) {
        out.push(String.fromCodePoint(0x10000 + ((pendingHigh.v - 0xD800) << 10) + (v - 0xDC00)));
        pendingHigh = null;
        continue;
      }
      r = r || push(v, at, `\\u${h}`);
    } else if (k === 'U' && rules.U8) {
      const h = body.slice(i + 2, i + 10);
      if (!/^[0-9A-Fa-f]{8}$/.test(h)) return fail('escape', at, body.slice(i, i + 10));
      i += 10;
      r = flushBytes(at) || push(parseInt(h, 16), at, `\\U${h}`);
    } else {
      const simple = { n: '\n', r: '\r', t: '\t', '"': '"', "'": "'", '\\': '\\', '0': '\0', '/': '/' }[k];
      if (simple === undefined) return fail('escape', at, body.slice(i, i + 2));
      i += 2;
      r = flushBytes(at) || push(simple.codePointAt(0), at, `\\${k}`);
    }
    if (r) return r;
  }
  const e = flushBytes(body.length) || (pendingHigh ? fail('unpaired', pendingHigh.at, pendingHigh.token) : null);
  return e || { text: out.join('') };
}

/** Reads hex bytes ("F0 9F 98 80", "F09F9880", "0xF0,0x9F") as UTF-8. */
function readUtf8(s) {
  const tokens = s.trim().split(/[\s,]+/).filter(Boolean);
  const bytes = [];
  for (const [i, raw] of tokens.entries()) {
    const d = raw.replace(/^0x/i, '');
    if (!/^[0-9A-Fa-f]+$/.test(d) || d.length % 2) return fail('hex', i, raw);
    for (let j = 0; j < d.length; j += 2) bytes.push(parseInt(d.slice(j, j + 2), 16));
  }
  const t = fromUtf8(bytes);
  return t === null ? fail('utf8', 0) : { text: t };
}

/** Reads numeric character references (&#x1F600; &#128512;); other text stays itself. */
function readNcr(s) {
  const out = [];
  const re = /&#(?:[xX]([0-9A-Fa-f]+)|([0-9]+));?/g;
  let last = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    out.push(s.slice(last, m.index));
    const v = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2], 10);
    if (!(v <= 0x10FFFF)) return fail('large', m.index, m[0]);
    if (v >= 0xD800 && v <= 0xDFFF) return fail('unpaired', m.index, m[0]);
    out.push(String.fromCodePoint(v));
    last = m.index + m[0].length;
  }
  out.push(s.slice(last));
  return { text: out.join('') };
}

/** Reads percent-encoding (%F0%9F%98%80) as UTF-8; other characters stay themselves. */
function readPercent(s) {
  const bytes = [];
  for (let i = 0; i < s.length;) {
    if (s[i] === '%') {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(h)) return fail('escape', i, s.slice(i, i + 3));
      bytes.push(parseInt(h, 16));
      i += 3;
    } else {
      const c = s.codePointAt(i);
      bytes.push(...bytesOf(String.fromCodePoint(c)));
      i += c > 0xFFFF ? 2 : 1;
    }
  }
  const t = fromUtf8(bytes);
  return t === null ? fail('utf8', 0) : { text: t };
}

/**
 * The forms, in the page's order: id, how to write a text in it, how to read it back.
 * Labels are the page's (text-en.js / text-es.js `conv.forms`, by id).
 */
export const FORMS = [
  { id: 'utf8', write: (t) => bytesOf(t).map((b) => hex(b, 2)).join(' '), read: readUtf8 },
  { id: 'ncr-hex', write: (t) => cps(t).map((v) => `&#x${hex(v, 1)};`).join(''), read: readNcr },
  { id: 'ncr-dec', write: (t) => cps(t).map((v) => `&#${v};`).join(''), read: readNcr },
  { id: 'u16', write: (t) => cps(t).flatMap(units).map(u4).join(''), read: (s) => readLiteral(s, { u4: true, pairs: true }) },
  { id: 'ucn', write: (t) => cps(t).map(UCN).join(''), read: (s) => readLiteral(s, { u4: true, U8: true }) },
  { id: 'x', write: (t) => bytesOf(t).map((b) => `\\x${hex(b, 2)}`).join(''), read: (s) => readLiteral(s, { x: 'byte' }) },
  { id: 'percent', write: (t) => bytesOf(t).map((b) => `%${hex(b, 2)}`).join(''), read: readPercent },
  { id: 'json', write: (t) => `"${literal(t, (v) => units(v).map(u4).join(''))}"`, read: (s) => readLiteral(s, { u4: true, pairs: true }) },
  { id: 'js', write: (t) => `"${literal(t, (v) => (v < 0x10000 ? u4(v) : braces(v)))}"`, read: (s) => readLiteral(s, { u4: true, pairs: true, braces: true, x: 'cp' }) },
  { id: 'python', write: (t) => `"${literal(t, python)}"`, read: (s) => readLiteral(s, { u4: true, U8: true, x: 'cp' }) },
  { id: 'rust', write: (t) => `"${literal(t, braces)}"`, read: (s) => readLiteral(s, { braces: true, x: 'cp' }) },
  { id: 'c', write: (t) => `u8"${literal(t, (v) => (v < 0x80 ? `\\x${hex(v, 2)}` : UCN(v)))}"`, read: (s) => readLiteral(s, { u4: true, U8: true, x: 'byte' }) },
];

/** Every form of a text: {id: string}. */
export function writeAll(text) {
  return Object.fromEntries(FORMS.map((f) => [f.id, f.write(text)]));
}

/** Reads one form back: {text} or {error: {what, at, token}}. */
export function readForm(id, s) {
  const f = FORMS.find((x) => x.id === id);
  if (!f) return fail('escape', 0);
  return f.read(s);
}
