// The structure tree: the mark, one row per line, an expanded line's characters (with offset,
// Unicode name and category). Methods of Explorer (explorer.js); lines come from the worker.
import { el, bytesLen } from './dom.js';
import { t, num } from './i18n.js';
import { m } from './messages.js';
import { names, category, categoryName } from './names.js';

const BLOCK = 256; // lines per structure request for the tree
const MAX_BLOCKS = 64; // cached blocks of lines
const LIST_TEXT = 2000; // characters of text per line in the tree and preview
const DETAIL_CHARS = 10000; // characters itemised when a line is expanded
export const ENDING_LABEL = { lf: 'LF', crlf: 'CRLF', cr: 'CR', nel: 'NEL', ls: 'LS', ps: 'PS' };

/** The bytes of a line, its ending included. */
export function lineRange(info) {
  const end = info.ending ? info.ending.offset + bytesLen(info.ending.bytes) : info.offset + info.length;
  return { start: info.offset, end };
}

export const treeMethods = {
  // Rows: the mark (if any), then one row per line; an expanded line is followed by one row
  // per listed character (and one "more" row when the structure left some out).
  markRows() { return this.report && this.report.bom ? 1 : 0; },

  children(line) {
    const d = this.details.get(line);
    return d ? d.chars.length + (d.chars_omitted > 0 ? 1 : 0) : 0;
  },

  /** Rows before line 1: the mark, then a file of two encodings' segments (twofold.js). */
  headRows() { return this.markRows() + this.segRows(); },

  rowCount() {
    let n = this.headRows() + this.report.lines;
    for (const e of this.expanded) n += this.children(e);
    return n;
  },

  rowAt(i) {
    if (i < this.markRows()) return { kind: 'mark' };
    if (i < this.headRows()) return { kind: 'seg', seg: i - this.markRows() - 1 };
    const idx = i - this.headRows();
    let before = 0;
    for (const e of this.expanded) {
      const pos = e - 1 + before;
      if (idx <= pos) break;
      const c = this.children(e);
      if (idx <= pos + c) {
        const k = idx - pos - 1;
        const d = this.details.get(e);
        return k < d.chars.length ? { kind: 'char', line: e, index: k } : { kind: 'more', line: e };
      }
      before += c;
    }
    return { kind: 'line', line: idx - before + 1 };
  },

  rowOf(line, index = -1) {
    let i = this.headRows() + line - 1;
    for (const e of this.expanded) if (e < line) i += this.children(e);
    return index >= 0 ? i + 1 + index : i;
  },

  lineInfo(n) {
    const b = Math.floor((n - 1) / BLOCK);
    const block = this.blocks.get(b);
    if (!block) {
      this.fetchBlock(b);
      return null;
    }
    if (block.lines) {
      this.blocks.delete(b); // LRU: re-insert as the newest
      this.blocks.set(b, block);
      return block.lines[n - 1 - b * BLOCK] || null;
    }
    return null;
  },

  fetchBlock(b) {
    if (this.blocks.has(b)) return this.blocks.get(b).promise;
    const block = { lines: null };
    const first = b * BLOCK + 1;
    block.promise = this.request({ type: 'lines', first, last: first + BLOCK - 1, maxChars: 0, maxText: LIST_TEXT })
      .then((msg) => {
        block.lines = msg.structure.lines;
        while (this.blocks.size > MAX_BLOCKS) this.blocks.delete(this.blocks.keys().next().value);
        this.tree.render();
        return block;
      }).catch((e) => { this.blocks.delete(b); throw e; });
    this.blocks.set(b, block);
    return block.promise;
  },

  async line(n) {
    await this.fetchBlock(Math.floor((n - 1) / BLOCK));
    return this.lineInfo(n);
  },

  expandable(info) { return info && (info.non_ascii || info.problems.length > 0); },

  /** The characters of line n (up to DETAIL_CHARS), with their Unicode names. */
  async lineChars(n) {
    if (this.details.has(n)) return this.details.get(n);
    const msg = await this.request({ type: 'lines', first: n, last: n, maxChars: DETAIL_CHARS, maxText: 0 });
    const line = msg.structure.lines[0];
    if (!line) return null;
    const cps = line.chars.filter((c) => c.code_point).map((c) => parseInt(c.code_point.slice(2), 16));
    try {
      const labels = await names(cps);
      let k = 0;
      for (const c of line.chars) if (c.code_point) c.name = labels[k++];
    } catch { /* names are a help; the rows stand without them */ }
    this.details.set(n, line);
    return line;
  },

  async expand(n) {
    if (this.expanded.includes(n)) return this.details.get(n);
    const line = await this.lineChars(n);
    if (!line || this.expanded.includes(n)) return line;
    this.expanded.push(n);
    this.expanded.sort((a, b) => a - b);
    this.tree.setCount(this.rowCount());
    return line;
  },

  collapse(n) {
    const i = this.expanded.indexOf(n);
    if (i < 0) return;
    this.expanded.splice(i, 1);
    this.tree.setCount(this.rowCount());
  },

  treeRow(i) {
    const row = this.rowAt(i);
    const r = this.report;
    const base = { role: 'treeitem', class: `row ${row.kind}`, dataset: { row: i } };
    let e;
    if (row.kind === 'mark') {
      e = el('div', { ...base, dataset: { row: i, kind: 'mark' } },
        el('span', { class: 'twisty' }), el('span', { class: 'label' }, t('tree.mark')),
        el('code', {}, r.bom.bytes), el('span', { class: 'meta' }, t('tree.bytesat', { n: r.bom.length, offset: 0 })));
      e.setAttribute('aria-selected', String(this.sel?.kind === 'mark'));
    } else if (row.kind === 'seg') {
      e = this.segRow(i, row.seg);
    } else if (row.kind === 'line') {
      const info = this.lineInfo(row.line);
      const open = this.expanded.includes(row.line);
      const can = this.expandable(info);
      e = el('div', { ...base, dataset: { row: i, kind: 'line', line: row.line }, 'aria-level': 1 },
        el('span', { class: 'twisty' }, can ? (open ? '▾' : '▸') : ''),
        el('span', { class: 'num' }, num(row.line)));
      if (can) e.setAttribute('aria-expanded', String(open));
      if (!info) e.append(el('span', { class: 'meta' }, t('tree.loading')));
      else {
        const ending = info.ending ? ENDING_LABEL[info.ending.kind] : t('tree.noending');
        e.title = `${t('tree.chars', { n: num(info.characters) })} · ${t('tree.bytesat', { n: num(info.length), offset: num(info.offset) })} · ${ending}`;
        e.append(
          el('span', { class: 'text' }, info.text),
          el('span', { class: 'meta' }, `${t('tree.chars', { n: num(info.characters) })} · ${t('tree.bytesat', { n: num(info.length), offset: num(info.offset) })} · ${ending}`));
        if (info.problems.length) e.append(el('span', { class: 'badge' }, info.problems.map((k) => m(`kind.${k}`)).join(', ')));
        e.append(...this.lineBadges(row.line));
      }
      e.setAttribute('aria-selected', String(this.sel?.kind === 'line' && this.sel.line === row.line));
    } else if (row.kind === 'char') {
      const c = this.details.get(row.line).chars[row.index];
      const cp = c.code_point ? parseInt(c.code_point.slice(2), 16) : null;
      const gc = cp === null ? null : category(cp);
      const finding = !c.problem && this.findingAt.get(c.offset);
      e = el('div', { ...base, dataset: { row: i, kind: 'char', line: row.line, index: row.index, offset: c.offset }, 'aria-level': 2 },
        el('span', { class: 'twisty' }),
        el('code', { class: 'cp' }, c.code_point || t('tree.bad')),
        el('span', { class: 'glyph' }, c.text),
        el('code', { class: 'bytes' }, c.bytes),
        el('span', { class: 'off' }, m('tree.at', { offset: num(c.offset) })),
        c.problem ? el('span', { class: 'badge', dataset: { kind: c.problem } }, m(`kind.${c.problem}`)) : null,
        finding ? el('span', { class: 'badge finding', dataset: { kind: finding.kind } }, m(`finding.${finding.kind}`)) : null,
        gc ? el('span', { class: 'cat', dataset: { gc } }, categoryName(gc)) : null,
        c.name ? el('span', { class: 'name', title: c.name }, c.name) : null,
        c.units ? el('span', { class: 'meta' }, `${t('tree.units')} ${c.units}`) : null);
      e.setAttribute('aria-selected', String(this.sel?.kind === 'char' && this.sel.line === row.line && this.sel.index === row.index));
    } else {
      const d = this.details.get(row.line);
      e = el('div', { ...base, dataset: { row: i, kind: 'more' }, 'aria-level': 2 },
        el('span', { class: 'twisty' }), el('span', { class: 'meta' }, t('tree.more', { n: num(d.chars_omitted) })));
    }
    return e;
  },

  async selectRow(i, { toggle = false } = {}) {
    if (i < 0 || i >= this.tree.n) return;
    const row = this.rowAt(i);
    if (row.kind === 'mark') {
      this.select({ kind: 'mark', start: 0, end: this.report.bom.length });
    } else if (row.kind === 'seg') {
      const s = this.segs[row.seg];
      if (s) this.select({ kind: 'seg', seg: row.seg, start: s.offset, end: s.offset + s.length });
    } else if (row.kind === 'line') {
      const info = await this.line(row.line);
      if (!info) return;
      this.select({ kind: 'line', line: row.line, ...lineRange(info) });
      if (toggle && this.expandable(info)) {
        if (this.expanded.includes(row.line)) this.collapse(row.line);
        else await this.expand(row.line);
      }
    } else if (row.kind === 'char') {
      const c = this.details.get(row.line).chars[row.index];
      this.select({ kind: 'char', line: row.line, index: row.index, start: c.offset, end: c.offset + bytesLen(c.bytes) });
    }
    this.tree.scrollToRow(i);
  },

  selectedRow() {
    const s = this.sel;
    if (!s) return -1;
    if (s.kind === 'mark') return 0;
    if (s.kind === 'seg') return this.markRows() + 1 + s.seg;
    if (s.kind === 'line') return this.rowOf(s.line);
    if (s.kind === 'char') return this.rowOf(s.line, s.index);
    return -1;
  },

  treeClick(e) {
    const rowEl = e.target.closest('[data-row]');
    if (!rowEl) return;
    this.treeBox.focus({ preventScroll: true });
    const onTwisty = e.target.classList.contains('twisty');
    const i = Number(rowEl.dataset.row);
    const again = this.selectedRow() === i;
    this.selectRow(i, { toggle: onTwisty || again || e.detail === 2 });
  },

  async treeKey(e) {
    if (!this.report) return;
    const cur = this.selectedRow();
    const page = this.tree.visibleCount() - 1;
    let next = null;
    switch (e.key) {
      case 'ArrowDown': next = cur < 0 ? this.tree.first : cur + 1; break;
      case 'ArrowUp': next = Math.max(0, cur - 1); break;
      case 'PageDown': next = Math.min(this.tree.n - 1, Math.max(cur, 0) + page); break;
      case 'PageUp': next = Math.max(0, cur - page); break;
      case 'Home': next = 0; break;
      case 'End': next = this.tree.n - 1; break;
      case 'ArrowRight': case 'Enter': case ' ':
        if (this.sel?.kind === 'line') {
          const info = await this.line(this.sel.line);
          if (this.expandable(info) && !this.expanded.includes(this.sel.line)) await this.expand(this.sel.line);
          else if (e.key === 'ArrowRight' && this.expanded.includes(this.sel.line)) next = cur + 1;
        }
        break;
      case 'ArrowLeft':
        if (this.sel?.kind === 'char') next = this.rowOf(this.sel.line);
        else if (this.sel?.kind === 'line') this.collapse(this.sel.line);
        break;
      default: return;
    }
    e.preventDefault();
    if (next !== null) await this.selectRow(Math.min(next, this.tree.n - 1));
  },

  /**
   * Goes to a place: the line, and the character at `offset` if the line lists characters;
   * `length` > 0 selects exactly [offset, offset + length) (a problem, a run, a match).
   */
  async jump(line, offset, length) {
    const info = await this.line(line);
    if (!info) return;
    let sel = { kind: 'line', line, ...lineRange(info) };
    if (offset !== null && this.expandable(info)) {
      const d = await this.expand(line);
      const k = d ? d.chars.findIndex((c) => c.offset <= offset && offset < c.offset + bytesLen(c.bytes)) : -1;
      if (k >= 0) {
        const c = d.chars[k];
        sel = { kind: 'char', line, index: k, start: c.offset, end: c.offset + bytesLen(c.bytes) };
      }
    }
    if (offset !== null && length > 0) {
      sel.start = offset;
      sel.end = offset + length;
    }
    this.select(sel);
    this.tree.scrollToRow(this.selectedRow());
    this.reveal();
  },

  /** Selects the node that holds byte `off`: the mark, or the character (or line) holding it. */
  async gotoOffset(off) {
    const r = this.report;
    if (r.bom && off < r.bom.length) {
      this.select({ kind: 'mark', start: 0, end: r.bom.length });
      this.tree.scrollToRow(0);
      return true;
    }
    if (!r.lines) {
      this.select({ kind: 'byte', start: off, end: off + 1 });
      return true;
    }
    const msg = await this.request({ type: 'locate', offset: off });
    if (!msg.line) return false;
    const info = await this.line(msg.line);
    if (this.expandable(info)) {
      const d = await this.expand(msg.line);
      const k = d.chars.findIndex((c) => c.offset <= off && off < c.offset + bytesLen(c.bytes));
      if (k >= 0) {
        await this.selectRow(this.rowOf(msg.line, k));
        return true;
      }
    }
    // A line without itemised characters: its row, and the bytes of the unit at `off`.
    const w = { 'utf-16le': 2, 'utf-16be': 2, 'utf-32le': 4, 'utf-32be': 4 }[r.format] || 1;
    const start = off - ((off - info.offset) % w);
    this.select({ kind: 'line', line: msg.line, start, end: Math.min(r.size, start + w) });
    this.tree.scrollToRow(this.rowOf(msg.line));
    return true;
  },
};
