// The hex view: offset, bytes and the text column, as many bytes a row as the pane has room
// for (16 at most, 4 at least), read by File.slice in blocks. Methods of Explorer (explorer.js).
import { el, hexOffset } from './dom.js';
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
    const row = el('div', { class: 'hrow', dataset: { offset: start } }, el('span', { class: 'off' }, hexOffset(start)));
    const cells = el('span', { class: 'cells' });
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
      if (inSel(o, o + 1)) cls.push('sel');
      if (this.match && o >= this.match.start && o < this.match.end) cls.push('hit');
      cells.append(el('span', { class: cls.join(' '), dataset: { off: o } }, v === null || v === undefined ? '··' : v.toString(16).toUpperCase().padStart(2, '0')));
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

  async hexClick(e) {
    const cell = e.target.closest('[data-off]');
    if (!cell) return;
    await this.gotoOffset(Number(cell.dataset.off));
  },
};
