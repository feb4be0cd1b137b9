// The UTF-16 page's tools, every result from the core (textscope::utf16 and the analyser,
// through wasm): the inspector of text or code points (I1), the pair → code point calculator,
// the unit validator (I2) and the byte validator, which reads a leading FE FF / FF FE as a mark
// and otherwise asks for the byte order or lets the core's detection guess it.
import { el } from '../dom.js';
import { lang } from '../i18n.js';

const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
const gen = (text, attrs = {}) => el('code', { class: 'gen', ...attrs }, text);

/** "D83D DE00" (hex tokens of `bits` bits) in the display format: hex, dec or bin. */
export function shown(hex, bits, format) {
  if (!hex || format === 'hex') return hex;
  return hex.split(' ').map((h) => {
    const v = parseInt(h, 16);
    return format === 'dec' ? String(v) : v.toString(2).padStart(bits, '0');
  }).join(' ');
}

/** Code points typed as U+XXXX (all tokens, at least one): the text, or an error; null if not that form. */
export function codePoints(input, tx) {
  const tokens = input.trim().split(/[\s,]+/).filter(Boolean);
  if (!tokens.length || !tokens.every((k) => /^U\+[0-9A-Fa-f]{1,6}$/i.test(k))) return null;
  let text = '';
  for (const k of tokens) {
    const v = parseInt(k.slice(2), 16);
    if (v >= 0xD800 && v <= 0xDFFF) return { error: fill(tx.cpError, { token: k.toUpperCase(), why: tx.cpWhySurrogate }) };
    if (v > 0x10FFFF) return { error: fill(tx.cpError, { token: k.toUpperCase(), why: tx.cpWhyLarge }) };
    text += String.fromCodePoint(v);
  }
  return { text };
}

/** A copy button for the text of `source()`; data-copied holds what was copied. */
export function copyButton(tx, source, id) {
  const b = el('button', { type: 'button', class: 'copy', id }, tx.copy);
  b.addEventListener('click', async () => {
    const v = source();
    try { await navigator.clipboard.writeText(v); } catch {
      const ta = el('textarea', { class: 'visually-hidden' });
      ta.value = v;
      document.body.append(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    b.dataset.copied = v;
    b.textContent = tx.copied;
    setTimeout(() => { b.textContent = tx.copy; }, 1500);
  });
  return b;
}

function planeName(tx, plane) { return tx.planes[plane.number] || tx.planes.other; }

/** The inspector's table rows for an Inspection, in the display format. */
export function inspectRows(tx, r, format) {
  return r.code_points.map((c) => {
    const d = c.derivation;
    const deriv = d ? el('ol', { class: 'steps' }, ...d.steps.map((s, i) => el('li', {}, `${tx.steps[i] || s.what}: `, el('code', {}, s.expression), ' = ', gen(s.result)))) : '—';
    return el('tr', { dataset: { cp: c.code_point } },
      el('td', { class: 'char' }, el('span', { class: 'glyph' }, c.character)),
      el('td', {}, el('code', {}, c.code_point)),
      el('td', { class: 'uname' }, c.label),
      el('td', {}, `${c.plane.number}${c.plane.abbr ? ` ${c.plane.abbr}` : ''} — ${planeName(tx, c.plane)}`),
      el('td', { class: 'units', dataset: { hex: c.utf16.join(' ') } }, gen(shown(c.utf16.join(' '), 16, format))),
      el('td', { class: 'be', dataset: { hex: c.utf16be } }, gen(shown(c.utf16be, 8, format))),
      el('td', { class: 'le', dataset: { hex: c.utf16le } }, gen(shown(c.utf16le, 8, format))),
      el('td', { class: 'derivation' }, deriv));
  });
}

/** Words for a ParseError from the core (its fields, not its English message). */
export function parseErrorText(tx, e) {
  return fill(tx.parseError, { token: e.token, index: e.index, what: tx.parseWhat[e.kind] || tx.parseWhat.not_hex });
}

/** The error rows of a Validation, with the byte offset when the input was bytes. */
export function errorRows(tx, v, byteBase = null) {
  return v.errors.map((e) => el('tr', { dataset: { class: e.class, position: e.position } },
    el('td', {}, String(e.position)),
    byteBase === null ? null : el('td', {}, String(e.byte_offset ?? byteBase + 2 * e.position)),
    el('td', {}, el('span', {}, el('code', {}, e.class), el('span', { class: 'help block' }, tx.classes[e.class] || ''))),
    el('td', {}, e.unit ? gen(e.unit) : ''),
    el('td', {}, fill(tx.messages[e.class] || e.message, { unit: e.unit || '' })),
    el('td', { class: 'risk' }, tx.risks[e.class] || '')));
}

export function errorHead(tx, bytes) {
  const c = tx.errCols;
  return el('thead', {}, el('tr', {}, ...[c.pos, bytes ? c.byte : null, c.cls, c.unit, c.msg, c.risk].filter(Boolean).map((h) => el('th', {}, h))));
}

/** Parses hex bytes ("FE FF D8 3D", "FEFFD83D", "0xFE,0xFF"); {bytes} or {error}. */
export function parseBytes(input) {
  const tokens = input.trim().split(/[\s,]+/).filter(Boolean);
  if (!tokens.length) return { error: { kind: 'empty', token: '', index: 0 } };
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    const raw = tokens[i];
    const digits = raw.replace(/^0x/i, '');
    if (!/^[0-9A-Fa-f]+$/.test(digits)) return { error: { kind: 'not_hex', token: raw, index: i } };
    if (digits.length > 2 && digits.length % 2) return { error: { kind: 'odd_digits', token: raw, index: i } };
    if (raw.toLowerCase().startsWith('0x') && digits.length > 2) return { error: { kind: 'too_long', token: raw, index: i } };
    for (let j = 0; j < digits.length; j += 2) out.push(parseInt(digits.slice(j, j + 2).padStart(2, '0'), 16));
  }
  return { bytes: out };
}

/**
 * The byte order of a byte string for the validator: the mark if it starts with one, else the
 * user's choice, else the core's detection (a forced-free analysis of the bytes), else BE.
 */
export function byteOrder(ts, bytes, choice) {
  if (bytes[0] === 0xFE && bytes[1] === 0xFF) return { order: 'be', how: 'mark', mark: 2 };
  if (bytes[0] === 0xFF && bytes[1] === 0xFE) return { order: 'le', how: 'mark', mark: 2 };
  if (choice !== 'auto') return { order: choice, how: 'chosen', mark: 0 };
  const a = ts.open('');
  try {
    a.feed(new Uint8Array(bytes));
    const r = JSON.parse(a.finish());
    if (r.format === 'utf-16be') return { order: 'be', how: 'guess', mark: 0 };
    if (r.format === 'utf-16le') return { order: 'le', how: 'guess', mark: 0 };
  } finally { a.free(); }
  return { order: 'be', how: 'default', mark: 0 };
}

/** Pairs bytes into hex units in an order; the odd last byte, if any, is returned apart. */
export function unitsOf(bytes, order) {
  const units = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const v = order === 'be' ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8);
    units.push(v.toString(16).toUpperCase().padStart(4, '0'));
  }
  return { units, odd: bytes.length % 2 ? bytes[bytes.length - 1] : null };
}

export const orderName = (o) => (o === 'be' ? 'UTF-16BE' : 'UTF-16LE');
