// The hex view: offset, bytes and the text column, as many bytes a row as the pane has room
// for (16 at most, 4 at least), read by File.slice in blocks. Methods of Explorer (explorer.js).
// As in a hex editor (decision 79): a cursor byte moved by the keys, a range selected by a
// drag or shift + the keys, copied as hex, a C array, Base64 or text, and the data inspector's
// values of the bytes at the cursor.
import { el, hexOffset } from './dom.js';
import { num } from './i18n.js';
import { m } from './messages.js';
import { decodeRange, glyph } from './glyphs.js';

const HEX_BLOCK = 16 * 1024; // bytes per File.slice of the hex view
const WIDTHS = [16, 8, 4];

export const hexMethods = {
  /** Bytes a row that fit the pane (clientWidth: the scrollbar excluded). */
  fitHex() {
    const probe = el('span', { class: 'hex-probe' }, '0'.repeat(40));
    this.hexBox.append(probe);
    const ch = probe.getBoundingClientRect().width / 40 || 8;
    probe.remove();
    // padding 8 px, offset 8ch, two gaps of 1ch, 3ch + 1ch a byte; half a ch to spare.
    const room = this.hexBox.clientWidth - 10;
    const bpr = WIDTHS.find((w) => (10.5 + 4 * w) * ch <= room) || WIDTHS[WIDTHS.length - 1];
    if (bpr !== this.bpr) {
      this.bpr = bpr;
      this.hexBox.dataset.bpr = bpr;
      this.hexBox.style.setProperty('--bpr', bpr);
      if (this.report) {
        this.hex.setCount(Math.ceil(this.report.size / bpr));
        if (this.sel) this.hex.scrollToRow(Math.floor(this.sel.start / bpr));
      }
    }
  },

  hexBytes(offset) {
    const b = Math.floor(offset / HEX_BLOCK);
    const block = this.hexBlocks.get(b);
    if (!block) {
      const entry = { bytes: null };
      this.hexBlocks.set(b, entry);
      const start = b * HEX_BLOCK;
      const file = this.file;
      file.slice(start, Math.min(this.report.size, start + HEX_BLOCK)).arrayBuffer().then((buf) => {
        if (file !== this.file) return;
        entry.bytes = new Uint8Array(buf);
        while (this.hexBlocks.size > 64) this.hexBlocks.delete(this.hexBlocks.keys().next().value);
        this.hex.render();
      });
      return null;
    }
    return block.bytes;
  },

  /** The file's bytes [from, to) if every block is loaded (loads the missing ones), else null. */
  hexRange(from, to) {
    const out = new Uint8Array(Math.max(0, to - from));
    let ok = true;
    for (let b = Math.floor(from / HEX_BLOCK); b * HEX_BLOCK < to; b++) {
      const bytes = this.hexBytes(b * HEX_BLOCK);
      if (!bytes) { ok = false; continue; }
      const s = Math.max(from, b * HEX_BLOCK);
      const e = Math.min(to, b * HEX_BLOCK + bytes.length);
      if (e > s) out.set(bytes.subarray(s - b * HEX_BLOCK, e - b * HEX_BLOCK), s - from);
    }
    return ok ? out : null;
  },

  /** Before a render: the decoded characters of the rows in view (and a little around). */
  hexPrepare(first, last) {
    if (!this.report) return;
    const bpr = this.bpr;
    const from = first * bpr;
    const to = Math.min(this.report.size, (last + 1) * bpr);
    const base = Math.max(0, from - 64);
    const end = Math.min(this.report.size, to + 4);
    const bytes = this.hexRange(base, end);
    this.glyphs = bytes ? decodeRange(bytes, base, from, to, this.report) : null;
  },

  /** Whether byte o lies in one of the sorted, disjoint ranges of idx. */
  inRanges(idx, o) {
    let lo = 0;
    let hi = idx.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (idx[mid][0] <= o) lo = mid + 1; else hi = mid;
    }
    for (let k = lo - 1; k >= 0 && k >= lo - 4; k--) if (o < idx[k][1] && o >= idx[k][0]) return true;
    return false;
  },

  hexRow(i) {
    const bpr = this.bpr;
    const start = i * bpr;
    const end = Math.min(this.report.size, start + bpr);
    // A grid of rows (the row header is the offset, one cell a byte); the text column repeats
    // the bytes for the eye and is hidden from assistive technology.
    const row = el('div', { class: 'hrow', role: 'row', 'aria-rowindex': i + 1, dataset: { offset: start } },
      el('span', { class: 'off', role: 'rowheader' }, hexOffset(start)));
    const cells = el('span', { class: 'cells', role: 'presentation' });
    const text = el('span', { class: 'txt', 'aria-hidden': 'true' });
    const s = this.sel;
    const markLen = this.report.bom ? this.report.bom.length : 0;
    const inSel = (a, b) => s && a < s.end && b > s.start;
    for (let o = start; o < end; o++) {
      const bytes = this.hexBytes(o);
      const v = bytes ? bytes[o % HEX_BLOCK] : null;
      const cls = ['b'];
      if (o < markLen) cls.push('mark');
      if (this.inRanges(this.problemIndex, o)) cls.push('bad');
      if (this.inRanges(this.findingIndex, o)) cls.push('finding');
      this.hexTwofold(o, cls);
      if (inSel(o, o + 1)) cls.push('sel');
      if (this.match && o >= this.match.start && o < this.match.end) cls.push('hit');
      const cur = o === this.cursor;
      if (cur) cls.push('cur');
      cells.append(el('span', {
        class: cls.join(' '), role: 'gridcell', id: cur ? 'hex-cur' : null, 'aria-selected': inSel(o, o + 1) ? 'true' : 'false', dataset: { off: o },
      }, v === null || v === undefined ? '··' : v.toString(16).toUpperCase().padStart(2, '0')));
    }
    // The text column: one glyph over all of a character's bytes in this row.
    for (let o = start; o < end;) {
      const c = this.glyphs && this.glyphs.get(o);
      if (!c) {
        text.append(el('span', { class: 'g none', dataset: { off: o } }, ' '));
        o++;
        continue;
      }
      const span = Math.min(end, c.start + c.len) - o;
      const cls = ['g'];
      if (c.start < start && o === start) cls.push('cont');
      if (c.cp === -1) cls.push('bad');
      if (c.cp === -2) cls.push('mark');
      if (inSel(c.start, c.start + c.len)) cls.push('sel');
      const g = el('span', { class: cls.join(' '), dataset: { off: c.start, len: c.len } }, c.start < start ? '' : glyph(c.cp));
      g.style.gridColumn = `span ${span}`;
      text.append(g);
      o += span;
    }
    row.append(cells, text);
    return row;
  },

  // ---- the cursor and the range --------------------------------------------------------

  /** The byte under the mouse, or null. */
  hexCellAt(e) {
    const cell = e.target.closest && e.target.closest('[data-off]');
    return cell && this.hexBox.contains(cell) ? Number(cell.dataset.off) : null;
  },

  /**
   * A press on a byte: the cursor goes there (shift: the range grows to it); moving with the
   * button down selects the bytes between; a press without a move selects the character.
   */
  hexDown(e) {
    if (e.button !== 0 || !this.report) return;
    const off = this.hexCellAt(e);
    if (off === null) return;
    e.preventDefault();
    this.hexBox.focus({ preventScroll: true });
    if (e.shiftKey && this.cursor !== null) { this.moveCursor(off, true); return; }
    this.drag = { from: off, moved: false };
    const move = (ev) => {
      const o = this.hexCellAt(ev);
      if (o === null || !this.drag) return;
      if (o !== this.drag.from || this.drag.moved) {
        if (!this.drag.moved) { this.anchor = this.drag.from; this.cursor = this.drag.from; }
        this.drag.moved = true;
        this.moveCursor(o, true);
      }
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      const d = this.drag;
      this.drag = null;
      if (d && !d.moved) this.moveCursor(d.from, false);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  },

  /**
   * Moves the cursor to byte `c`. With `extend` the range runs from the anchor (where the
   * selection began) to it; without, the byte is selected, and then the character holding it
   * in the tree (a moment later, so that holding a key down does not queue a lookup a byte).
   */
  moveCursor(c, extend) {
    const size = this.report.size;
    if (!size) return;
    c = Math.max(0, Math.min(size - 1, c));
    if (extend) {
      if (this.anchor === null || this.anchor === undefined) this.anchor = this.cursor ?? c;
    } else this.anchor = null;
    this.cursor = c;
    const start = extend ? Math.min(this.anchor, c) : c;
    const end = extend ? Math.max(this.anchor, c) + 1 : c + 1;
    this.setSel({ kind: extend ? 'bytes' : 'byte', start, end });
    this.hex.scrollToRow(Math.floor(c / this.bpr));
    clearTimeout(this.syncTimer);
    if (!extend) {
      this.syncTimer = setTimeout(() => {
        if (this.cursor === c && this.anchor === null && this.report) this.gotoOffset(c).then(() => { this.cursor = c; this.hex.render(); this.renderInspector(); });
      }, 150);
    }
  },

  /** The keys of the hex pane: arrows, Page Up/Down, Home/End (Ctrl: of the file), Shift to select, Ctrl+C, Escape. */
  hexKey(e) {
    if (!this.report || !this.report.size) return;
    const bpr = this.bpr;
    const c = this.cursor ?? (this.sel ? this.sel.start : 0);
    const page = bpr * Math.max(1, this.hex.visibleCount() - 1);
    const ctrl = e.ctrlKey || e.metaKey;
    let to = null;
    switch (e.key) {
      case 'ArrowLeft': to = c - 1; break;
      case 'ArrowRight': to = c + 1; break;
      case 'ArrowUp': to = c - bpr; break;
      case 'ArrowDown': to = c + bpr; break;
      case 'PageUp': to = c - page; break;
      case 'PageDown': to = c + page; break;
      case 'Home': to = ctrl ? 0 : c - (c % bpr); break;
      case 'End': to = ctrl ? this.report.size - 1 : c - (c % bpr) + bpr - 1; break;
      case 'Escape': if (this.anchor !== null && this.anchor !== undefined) { e.preventDefault(); this.moveCursor(c, false); } return;
      case 'c': case 'C':
        if (ctrl && !e.altKey) { e.preventDefault(); this.copySel('hex'); }
        return;
      default: return;
    }
    e.preventDefault();
    // The first key in a pane without a cursor puts it on the selection's first byte.
    if (this.cursor === null || this.cursor === undefined) { this.moveCursor(c, false); return; }
    this.moveCursor(to, e.shiftKey);
  },

  /** A selection made in the hex pane: marked in both panes and the address, no scrolling. */
  setSel(sel) {
    this.sel = sel;
    this.root.dataset.selStart = sel.start;
    this.root.dataset.selEnd = sel.end;
    this.root.dataset.cursor = this.cursor;
    this.selWrite(sel.start);
    this.tree.render();
    this.hex.render();
    this.renderSelInfo();
    this.renderInspector();
  },

  // ---- copying ---------------------------------------------------------------------------

  /** The hex pane's tools: what is selected, and copying it in four forms. */
  buildHexTools() {
    this.selInfo = el('span', { id: 'sel-info', class: 'sel-info' });
    this.copyLabel = el('span', { class: 'copy-label', id: 'copy-label' });
    this.copyBtns = ['hex', 'c', 'base64', 'text'].map((f) => el('button', {
      type: 'button', class: 'copy', id: `copy-${f}`, dataset: { form: f }, onclick: () => this.copySel(f),
    }));
    this.inspector = el('table', { id: 'inspector', class: 'inspector' });
    this.inspectorTitle = el('h3', { id: 'inspector-title' });
    return [
      el('div', { class: 'hex-tools', role: 'group', 'aria-labelledby': 'copy-label' }, this.selInfo, this.copyLabel, ...this.copyBtns),
    ];
  },

  renderHexTools() {
    this.copyLabel.textContent = m('hex.copyas');
    const names = { hex: 'hex.formhex', c: 'hex.formc', base64: 'hex.formbase64', text: 'hex.formtext' };
    for (const b of this.copyBtns) b.textContent = m(names[b.dataset.form]);
    this.inspectorTitle.textContent = m('inspector.title');
    this.renderSelInfo();
    this.renderInspector();
  },

  renderSelInfo() {
    if (!this.selInfo) return;
    const s = this.sel;
    this.selInfo.textContent = s && this.report
      ? m('hex.selection', { n: num(s.end - s.start), start: num(s.start), hex: `0x${s.start.toString(16).toUpperCase()}` })
      : '';
    for (const b of this.copyBtns) b.disabled = !s;
  },

  /** Copies the selected bytes (at most 16 MiB) as `form`: hex, c, base64 or text. */
  async copySel(form) {
    const s = this.sel;
    if (!s || !this.report) return;
    const end = Math.min(s.end, s.start + 16 * 1024 * 1024, this.report.size);
    const bytes = new Uint8Array(await this.file.slice(s.start, end).arrayBuffer());
    const text = copyForm(bytes, form, this.report);
    const what = m({ hex: 'hex.formhex', c: 'hex.formc', base64: 'hex.formbase64', text: 'hex.formtext' }[form]);
    let ok = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // An older browser, or a page without clipboard permission: the selection of a
      // hidden text area, copied the old way.
      const ta = el('textarea', { class: 'visually-hidden', 'aria-hidden': 'true', tabindex: -1 });
      ta.value = text;
      document.body.append(ta);
      ta.select();
      try { ok = document.execCommand('copy'); } catch { ok = false; }
      ta.remove();
      this.hexBox.focus({ preventScroll: true });
    }
    this.root.dataset.copied = text;
    this.toolStatus(ok ? m('hex.copied', { n: num(bytes.length), what }) : m('hex.copyfail'));
  },

  // ---- the data inspector ----------------------------------------------------------------

  /** The values of the bytes at the cursor: integers and floats both ways, and the character in each Unicode form. */
  async renderInspector() {
    if (!this.inspector) return;
    const at = this.cursor;
    if (at === null || at === undefined || !this.report || at >= this.report.size) {
      this.inspector.replaceChildren();
      this.inspector.hidden = true;
      this.inspectorTitle.hidden = true;
      return;
    }
    const file = this.file;
    const bytes = new Uint8Array(await file.slice(at, Math.min(this.report.size, at + 8)).arrayBuffer());
    if (file !== this.file || at !== this.cursor) return;
    this.inspector.hidden = false;
    this.inspectorTitle.hidden = false;
    const head = el('tr', {}, el('th', { scope: 'col' }, m('inspector.type')), el('th', { scope: 'col' }, m('inspector.le')), el('th', { scope: 'col' }, m('inspector.be')));
    const rows = inspect(bytes).map(([type, le, be]) => el('tr', { dataset: { type } },
      el('th', { scope: 'row' }, type), el('td', { dataset: { order: 'le' } }, le ?? '—'), el('td', { dataset: { order: 'be' } }, be ?? '—')));
    const where = this.inspectorTwofold(at);
    this.inspector.replaceChildren(
      el('caption', {}, m('inspector.at', { n: num(at), hex: `0x${at.toString(16).toUpperCase()}` }), ...where),
      el('thead', {}, head), el('tbody', {}, ...rows));
    this.inspector.dataset.offset = at;
  },
};

/** The bytes as text to copy: "4A 2F", a C array, Base64, or decoded in the file's encoding. */
export function copyForm(bytes, form, report) {
  const hx = (b) => b.toString(16).toUpperCase().padStart(2, '0');
  if (form === 'hex') return Array.from(bytes, hx).join(' ');
  if (form === 'c') {
    const lines = [];
    for (let i = 0; i < bytes.length; i += 12) lines.push(`  ${Array.from(bytes.subarray(i, i + 12), (b) => `0x${hx(b)}`).join(', ')}`);
    return `unsigned char data[${bytes.length}] = {\n${lines.join(',\n')}\n};`;
  }
  if (form === 'base64') {
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(bin);
  }
  return decodeText(bytes, report.format === 'binary' && report.text_reading ? report.text_reading : report);
}

/** Bytes decoded as `r.format` / `r.encoding` reads them (U+FFFD for what is not a character). */
function decodeText(bytes, r) {
  if (r.format === 'utf-32le' || r.format === 'utf-32be') {
    let out = '';
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i + 4 <= bytes.length; i += 4) {
      const v = dv.getUint32(i, r.format === 'utf-32le');
      out += v > 0x10ffff || (v >= 0xd800 && v < 0xe000) ? '\uFFFD' : String.fromCodePoint(v);
    }
    return bytes.length % 4 ? `${out}\uFFFD` : out;
  }
  const label = r.format === 'legacy' ? r.encoding : ({ 'utf-16le': 'utf-16le', 'utf-16be': 'utf-16be' }[r.format] || 'utf-8');
  try { return new TextDecoder(label).decode(bytes); } catch { return new TextDecoder().decode(bytes); }
}

/** The character the bytes start with in `form`, as "U+20AC €", or null if they do not start with one. */
function charOf(b, form) {
  const cp = (v) => (v > 0x10ffff || (v >= 0xd800 && v < 0xe000) ? null : `U+${v.toString(16).toUpperCase().padStart(4, '0')} ${glyph(v)}`);
  if (form === 'utf-8') {
    const c = b[0];
    if (c === undefined) return null;
    if (c < 0x80) return cp(c);
    const need = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (need < 0 || b.length < need + 1) return null;
    let v = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      if ((b[k] & 0xc0) !== 0x80) return null;
      v = (v << 6) | (b[k] & 0x3f);
    }
    const min = [0, 0x80, 0x800, 0x10000][need];
    return v < min ? null : cp(v);
  }
  const le = form.endsWith('le');
  if (form.startsWith('utf-16')) {
    if (b.length < 2) return null;
    const u = (k) => (le ? b[k] | (b[k + 1] << 8) : (b[k] << 8) | b[k + 1]);
    const a = u(0);
    if (a >= 0xd800 && a < 0xdc00) {
      if (b.length < 4) return null;
      const c = u(2);
      return c >= 0xdc00 && c < 0xe000 ? cp(0x10000 + ((a - 0xd800) << 10) + (c - 0xdc00)) : null;
    }
    return cp(a);
  }
  if (b.length < 4) return null;
  return cp(new DataView(b.buffer, b.byteOffset, 4).getUint32(0, le));
}

/** The inspector's rows: [type, little-endian value, big-endian value] (null: too few bytes). */
export function inspect(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = bytes.length;
  const both = (size, get) => (n < size ? [null, null] : [get(true), get(false)]);
  // Plain digits, as a hex editor shows them (no grouping to copy around).
  const int = (v) => String(v);
  const flt = (v) => String(v);
  const rows = [
    ['u8', n ? int(dv.getUint8(0)) : null, null],
    ['i8', n ? int(dv.getInt8(0)) : null, null],
    ['u16', ...both(2, (le) => int(dv.getUint16(0, le)))],
    ['i16', ...both(2, (le) => int(dv.getInt16(0, le)))],
    ['u32', ...both(4, (le) => int(dv.getUint32(0, le)))],
    ['i32', ...both(4, (le) => int(dv.getInt32(0, le)))],
    ['u64', ...both(8, (le) => dv.getBigUint64(0, le).toString())],
    ['i64', ...both(8, (le) => dv.getBigInt64(0, le).toString())],
    ['f32', ...both(4, (le) => flt(dv.getFloat32(0, le)))],
    ['f64', ...both(8, (le) => flt(dv.getFloat64(0, le)))],
    ['UTF-8', charOf(bytes, 'utf-8'), null],
    ['UTF-16', charOf(bytes, 'utf-16le'), charOf(bytes, 'utf-16be')],
    ['UTF-32', charOf(bytes, 'utf-32le'), charOf(bytes, 'utf-32be')],
  ];
  return rows;
}
