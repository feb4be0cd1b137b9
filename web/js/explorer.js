// The explorer view: summary, detection, problems, structure tree, hex view and preview of one
// file. The analysis runs in a worker (worker.js); this side holds only the report, the lines in
// view (fetched through the sparse index) and the bytes in view (File.slice).
import { el, hexOffset, bytesLen, humanSize } from './dom.js';
import { t, num, onChange } from './i18n.js';
import { VScroll } from './vscroll.js';

const ROW = 22; // px, tree and hex rows
const BLOCK = 256; // lines per structure request for the tree
const MAX_BLOCKS = 64; // cached blocks of lines
const LIST_TEXT = 2000; // characters of text per line in the tree and preview
const DETAIL_CHARS = 10000; // characters itemised when a line is expanded
const HEX_BLOCK = 16 * 1024; // bytes per File.slice of the hex view
const ENDING_LABEL = { lf: 'LF', crlf: 'CRLF', cr: 'CR', nel: 'NEL', ls: 'LS', ps: 'PS' };

export class Explorer {
  constructor(root) {
    this.root = root;
    this.worker = null;
    this.reqs = new Map();
    this.nextId = 1;
    this.build();
    onChange(() => this.rerender());
  }

  // ---- layout ----------------------------------------------------------------------------

  build() {
    this.status = el('p', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
    this.progress = el('progress', { id: 'progress', max: 1, value: 0, hidden: true });
    this.cancelBtn = el('button', { id: 'cancel', type: 'button', hidden: true, onclick: () => this.cancel() });
    this.summary = el('dl', { id: 'summary', class: 'summary' });
    this.steps = el('ol', { id: 'detection', class: 'steps' });
    this.problems = el('ul', { id: 'problems', class: 'problems' });
    this.findings = el('ul', { id: 'findings', class: 'problems findings' });
    this.treeBox = el('div', { id: 'tree', class: 'vbox tree', tabindex: 0, role: 'tree', 'aria-label': 'structure' });
    this.hexBox = el('div', { id: 'hex', class: 'vbox hex', tabindex: 0, role: 'grid', 'aria-label': 'bytes' });
    this.previewBox = el('div', { id: 'preview', class: 'preview' });
    this.json = el('pre', { id: 'report-json', class: 'json' });
    this.titles = {};
    const h = (key, tag = 'h2') => (this.titles[key] = el(tag, { dataset: { i18n: key } }, t(key)));
    this.root.replaceChildren(
      el('div', { class: 'ex-bar' },
        el('h2', { id: 'file-name', class: 'file-name' }),
        this.progress, this.cancelBtn, this.status),
      el('div', { class: 'ex-top', id: 'ex-body', hidden: true },
        el('section', { class: 'panel' }, h('summary.title'), this.summary),
        el('section', { class: 'panel' }, h('detection.title'), this.steps),
        el('section', { class: 'panel' }, h('problems.title'), this.problems,
          el('div', { class: 'findings-box' }, h('findings.title', 'h3'),
            el('p', { class: 'help', dataset: { i18n: 'findings.help' } }, t('findings.help')), this.findings))),
      el('div', { class: 'ex-main', id: 'ex-main', hidden: true },
        el('section', { class: 'panel' }, h('tree.title'), this.treeBox),
        el('section', { class: 'panel' }, h('hex.title'), this.hexBox)),
      el('section', { class: 'panel', id: 'ex-preview', hidden: true }, h('preview.title'),
        el('p', { class: 'help', dataset: { i18n: 'preview.help' } }, t('preview.help')), this.previewBox),
      el('details', { class: 'panel', id: 'ex-json', hidden: true },
        el('summary', { dataset: { i18n: 'json.title' } }, t('json.title')), this.json),
    );
    this.cancelBtn.textContent = t('explorer.cancel');
    this.tree = new VScroll(this.treeBox, ROW, (i) => this.treeRow(i));
    this.tree.onRender = () => this.renderPreview();
    this.hex = new VScroll(this.hexBox, ROW, (i) => this.hexRow(i));
    this.treeBox.addEventListener('keydown', (e) => this.treeKey(e));
    this.treeBox.addEventListener('click', (e) => this.treeClick(e));
    this.hexBox.addEventListener('click', (e) => this.hexClick(e));
  }

  show(part, on) { this.root.querySelector(part).hidden = !on; }

  // ---- worker ----------------------------------------------------------------------------

  ensureWorker() {
    if (this.worker) return;
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.onMessage(e.data);
    this.worker.onerror = (e) => this.fail(e.message || 'worker error');
  }

  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.reqs.set(id, { resolve, reject, gen: this.gen });
      this.worker.postMessage({ ...msg, id });
    });
  }

  onMessage(m) {
    if (m.id && this.reqs.has(m.id)) {
      const r = this.reqs.get(m.id);
      this.reqs.delete(m.id);
      if (m.type === 'error') r.reject(new Error(m.message));
      else if (r.gen === this.gen) r.resolve(m);
      return;
    }
    switch (m.type) {
      case 'progress':
        this.progress.max = Math.max(1, m.total);
        this.progress.value = m.done;
        this.progress.dataset.done = m.done;
        this.status.textContent = t('explorer.progress', { done: humanSize(m.done), total: humanSize(m.total) });
        break;
      case 'report':
        // The worker's timings, for scripts/bench-browser.sh: total, waiting for reads, in wasm.
        Object.assign(this.root.dataset, { ms: m.ms, readMs: m.readMs, feedMs: m.feedMs });
        this.onReport(JSON.parse(m.report), m.ms);
        break;
      case 'cancelled':
        this.busy(false);
        this.status.textContent = t('explorer.cancelled');
        this.root.dataset.state = 'cancelled';
        break;
      case 'error': this.fail(m.message); break;
      default: break;
    }
  }

  fail(message) {
    this.busy(false);
    this.status.textContent = t('explorer.error', { message });
    this.root.dataset.state = 'error';
  }

  busy(on) {
    this.progress.hidden = !on;
    this.cancelBtn.hidden = !on;
  }

  // ---- opening a file --------------------------------------------------------------------

  open(file) {
    this.ensureWorker();
    this.gen = (this.gen || 0) + 1;
    this.file = file;
    this.report = null;
    this.blocks = new Map();
    this.details = new Map();
    this.expanded = [];
    this.hexBlocks = new Map();
    this.sel = null;
    this.tree.setCount(0);
    this.hex.setCount(0);
    this.root.dataset.state = 'analysing';
    this.root.querySelector('#file-name').textContent = file.name;
    for (const p of ['#ex-body', '#ex-main', '#ex-preview', '#ex-json']) this.show(p, false);
    this.progress.value = 0;
    this.busy(true);
    this.status.textContent = t('explorer.analysing', { name: file.name });
    this.worker.postMessage({ type: 'analyse', file });
  }

  cancel() { if (this.worker) this.worker.postMessage({ type: 'cancel' }); }

  onReport(report, ms) {
    this.report = report;
    this.ms = ms;
    this.busy(false);
    this.problemIndex = report.problems.map((p) => [p.offset, p.offset + p.length]);
    // Findings (docs/findings.md) are listed in file order; an older report has none.
    report.findings = report.findings || [];
    this.findingIndex = report.findings.map((f) => [f.offset, f.offset + f.length]);
    this.findingAt = new Map(report.findings.map((f) => [f.offset, f]));
    this.status.textContent = t('explorer.done', { size: humanSize(report.size), ms: Math.round(ms) });
    this.json.textContent = JSON.stringify(report, null, 2);
    for (const p of ['#ex-body', '#ex-main', '#ex-preview', '#ex-json']) this.show(p, true);
    this.renderSummary();
    this.renderProblems();
    this.renderFindings();
    this.tree.box.scrollTop = 0;
    this.hex.box.scrollTop = 0;
    this.problems.scrollTop = 0;
    this.findings.scrollTop = 0;
    this.tree.setCount(this.rowCount());
    this.hex.setCount(Math.ceil(report.size / 16));
    this.root.dataset.state = 'done';
  }

  rerender() {
    this.cancelBtn.textContent = t('explorer.cancel');
    if (!this.report) return;
    this.status.textContent = t('explorer.done', { size: humanSize(this.report.size), ms: Math.round(this.ms) });
    this.renderSummary();
    this.renderProblems();
    this.renderFindings();
    this.tree.render();
  }

  // ---- summary, detection, problems ------------------------------------------------------

  renderSummary() {
    const r = this.report;
    const rows = [];
    const add = (field, key, text, value) => {
      rows.push(el('dt', {}, t(key)), el('dd', { dataset: { field, value: JSON.stringify(value) } }, text));
    };
    const endings = Object.entries(r.endings).filter(([, n]) => n > 0)
      .map(([k, n]) => `${ENDING_LABEL[k]} ${num(n)}`).join(', ');
    const total = Object.values(r.problem_counts).reduce((a, b) => a + b, 0);
    add('file', 'summary.file', this.file.name, this.file.name);
    add('format', 'summary.format', r.format, r.format);
    add('encoding', 'summary.encoding', r.encoding, r.encoding);
    add('bom', 'summary.bom', r.bom ? t('summary.bomvalue', { bytes: r.bom.bytes, n: r.bom.length }) : t('summary.none'), r.bom);
    add('size', 'summary.size', t('summary.bytes', { n: num(r.size) }), r.size);
    add('lines', 'summary.lines', num(r.lines), r.lines);
    add('characters', 'summary.characters', num(r.characters), r.characters);
    add('endings', 'summary.endings', endings || t('summary.none'), r.endings);
    add('longest_line', 'summary.longest', r.longest_line
      ? t('summary.longestvalue', { line: num(r.longest_line.line), n: num(r.longest_line.characters) })
      : t('summary.none'), r.longest_line);
    add('ascii', 'summary.ascii', r.ascii ? t('summary.yes') : t('summary.no'), r.ascii);
    add('problems', 'summary.problems', num(total), total);
    const fc = r.finding_counts || {};
    const found = Object.values(fc).reduce((a, b) => a + b, 0);
    const kinds = Object.entries(fc).filter(([, n]) => n > 0).map(([k, n]) => `${num(n)} ${t(`finding.${k}`)}`);
    add('findings', 'summary.findings', found ? `${num(found)} (${kinds.join(', ')})` : num(0), fc);
    this.summary.replaceChildren(...rows);

    const steps = r.detection.steps.map((s) => el('li', {
      class: s.accepted ? 'ok' : 'no', dataset: { format: s.format, accepted: s.accepted },
    }, el('strong', {}, s.format), ` — ${s.accepted ? t('detection.accepted') : t('detection.rejected')}: `,
    el('span', { class: 'reason' }, s.reason)));
    this.steps.replaceChildren(...steps,
      el('li', { class: 'window' }, t('detection.window', { n: num(r.detection.window) })));
  }

  renderProblems() {
    const r = this.report;
    const items = [];
    r.problems.forEach((p, i) => {
      items.push(el('li', {}, el('a', {
        href: `#problem-${i}`, class: 'problem', dataset: { index: i, kind: p.kind },
        onclick: (e) => { e.preventDefault(); this.jump(p.line, p.offset, p.length); },
      }, el('span', { class: 'kind' }, p.kind), ' ', t('problems.at', { line: num(p.line), column: num(p.column), offset: num(p.offset) }),
      ' ', el('code', {}, p.bytes), ' — ', p.message)));
    });
    if (r.problems_omitted > 0) items.push(el('li', { class: 'omitted' }, t('problems.omitted', { n: num(r.problems_omitted) })));
    r.notes.forEach((n, i) => {
      items.push(el('li', {}, el('a', {
        href: `#note-${i}`, class: 'note', dataset: { index: i, kind: n.kind },
        onclick: (e) => { e.preventDefault(); this.jump(n.line, null, 0); },
      }, el('span', { class: 'kind' }, n.kind), ' ', t('notes.at', { line: num(n.line), offset: num(n.offset) }), ' — ', n.message)));
    });
    if (!items.length) items.push(el('li', { class: 'none' }, t('problems.none')));
    this.problems.replaceChildren(...items);
  }

  /**
   * Bidi controls and invisible characters: valid text, not SPEC problems, so a list of their
   * own (a.finding, not a.problem) that jumps to each character like a problem does.
   */
  renderFindings() {
    const r = this.report;
    const items = r.findings.map((f, i) => el('li', {}, el('a', {
      href: `#finding-${i}`, class: 'finding',
      dataset: { index: i, kind: f.kind, offset: f.offset, line: f.line, column: f.column },
      onclick: (e) => { e.preventDefault(); this.jump(f.line, f.offset, f.length); },
    }, el('span', { class: 'kind' }, f.kind), ' ', el('code', { class: 'cp' }, f.code_point), ' ',
    t('problems.at', { line: num(f.line), column: num(f.column), offset: num(f.offset) }),
    ' ', el('code', { class: 'bytes' }, f.bytes), ' — ', el('span', { class: 'msg' }, f.message))));
    if (r.findings_omitted > 0) items.push(el('li', { class: 'omitted' }, t('findings.omitted', { n: num(r.findings_omitted) })));
    if (!items.length) items.push(el('li', { class: 'none' }, t('findings.none')));
    this.findings.replaceChildren(...items);
  }

  // ---- the row model of the tree ---------------------------------------------------------
  // Rows: the mark (if any), then one row per line; an expanded line is followed by one row
  // per listed character (and one "more" row when the structure left some out).

  markRows() { return this.report && this.report.bom ? 1 : 0; }

  children(line) {
    const d = this.details.get(line);
    return d ? d.chars.length + (d.chars_omitted > 0 ? 1 : 0) : 0;
  }

  rowCount() {
    let n = this.markRows() + this.report.lines;
    for (const e of this.expanded) n += this.children(e);
    return n;
  }

  rowAt(i) {
    if (i < this.markRows()) return { kind: 'mark' };
    let idx = i - this.markRows();
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
  }

  rowOf(line, index = -1) {
    let i = this.markRows() + line - 1;
    for (const e of this.expanded) if (e < line) i += this.children(e);
    return index >= 0 ? i + 1 + index : i;
  }

  // ---- lines through the worker ----------------------------------------------------------

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
  }

  fetchBlock(b) {
    if (this.blocks.has(b)) return this.blocks.get(b).promise;
    const block = { lines: null };
    const first = b * BLOCK + 1;
    block.promise = this.request({ type: 'lines', first, last: first + BLOCK - 1, maxChars: 0, maxText: LIST_TEXT })
      .then((m) => {
        block.lines = m.structure.lines;
        while (this.blocks.size > MAX_BLOCKS) this.blocks.delete(this.blocks.keys().next().value);
        this.tree.render();
        return block;
      }).catch((e) => { this.blocks.delete(b); throw e; });
    this.blocks.set(b, block);
    return block.promise;
  }

  async line(n) {
    await this.fetchBlock(Math.floor((n - 1) / BLOCK));
    return this.lineInfo(n);
  }

  expandable(info) { return info && (info.non_ascii || info.problems.length > 0); }

  async expand(n) {
    if (this.expanded.includes(n)) return this.details.get(n);
    const m = await this.request({ type: 'lines', first: n, last: n, maxChars: DETAIL_CHARS, maxText: 0 });
    const line = m.structure.lines[0];
    if (!line) return null;
    this.details.set(n, line);
    this.expanded.push(n);
    this.expanded.sort((a, b) => a - b);
    this.tree.setCount(this.rowCount());
    return line;
  }

  collapse(n) {
    const i = this.expanded.indexOf(n);
    if (i < 0) return;
    this.expanded.splice(i, 1);
    this.tree.setCount(this.rowCount());
  }

  // ---- tree rendering and interaction ----------------------------------------------------

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
        e.append(
          el('span', { class: 'text' }, info.text),
          el('span', { class: 'meta' }, `${t('tree.chars', { n: num(info.characters) })} · ${t('tree.bytesat', { n: num(info.length), offset: num(info.offset) })} · ${ending}`));
        if (info.problems.length) e.append(el('span', { class: 'badge' }, info.problems.join(', ')));
      }
      e.setAttribute('aria-selected', String(this.sel?.kind === 'line' && this.sel.line === row.line));
    } else if (row.kind === 'char') {
      const c = this.details.get(row.line).chars[row.index];
      e = el('div', { ...base, dataset: { row: i, kind: 'char', line: row.line, index: row.index }, 'aria-level': 2 },
        el('span', { class: 'twisty' }),
        el('code', { class: 'cp' }, c.code_point || t('tree.bad')),
        el('span', { class: 'glyph' }, c.text),
        el('code', { class: 'bytes' }, c.bytes),
        c.units ? el('span', { class: 'meta' }, `${t('tree.units')} ${c.units}`) : null,
        c.problem ? el('span', { class: 'badge' }, c.problem) : null,
        !c.problem && this.findingAt.has(c.offset)
          ? el('span', { class: 'badge finding' }, this.findingAt.get(c.offset).kind) : null);
      e.setAttribute('aria-selected', String(this.sel?.kind === 'char' && this.sel.line === row.line && this.sel.index === row.index));
    } else {
      const d = this.details.get(row.line);
      e = el('div', { ...base, dataset: { row: i, kind: 'more' }, 'aria-level': 2 },
        el('span', { class: 'twisty' }), el('span', { class: 'meta' }, t('tree.more', { n: num(d.chars_omitted) })));
    }
    return e;
  }

  async selectRow(i, { toggle = false } = {}) {
    if (i < 0 || i >= this.tree.n) return;
    const row = this.rowAt(i);
    if (row.kind === 'mark') {
      this.select({ kind: 'mark', start: 0, end: this.report.bom.length });
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
  }

  /** Selects a node: the tree marks it, the hex view highlights its bytes and shows them. */
  select(sel) {
    this.sel = sel;
    this.root.dataset.selStart = sel.start;
    this.root.dataset.selEnd = sel.end;
    this.tree.render();
    const row = Math.floor(sel.start / 16);
    this.hex.scrollToRow(row);
  }

  selectedRow() {
    const s = this.sel;
    if (!s) return -1;
    if (s.kind === 'mark') return 0;
    if (s.kind === 'line') return this.rowOf(s.line);
    if (s.kind === 'char') return this.rowOf(s.line, s.index);
    return -1;
  }

  treeClick(e) {
    const rowEl = e.target.closest('[data-row]');
    if (!rowEl) return;
    this.treeBox.focus({ preventScroll: true });
    const onTwisty = e.target.classList.contains('twisty');
    const i = Number(rowEl.dataset.row);
    const again = this.selectedRow() === i;
    this.selectRow(i, { toggle: onTwisty || again || e.detail === 2 });
  }

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
  }

  /** Goes to a place: the line, and the character at `offset` if the line lists characters. */
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
  }

  // ---- hex view --------------------------------------------------------------------------

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
  }

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
  }

  hexRow(i) {
    const start = i * 16;
    const end = Math.min(this.report.size, start + 16);
    const bytes = this.hexBytes(start);
    const row = el('div', { class: 'hrow', dataset: { offset: start } }, el('span', { class: 'off' }, hexOffset(start)));
    const cells = el('span', { class: 'cells' });
    let ascii = '';
    const s = this.sel;
    const markLen = this.report.bom ? this.report.bom.length : 0;
    for (let o = start; o < end; o++) {
      const v = bytes ? bytes[o - (Math.floor(start / HEX_BLOCK) * HEX_BLOCK)] : null;
      const cls = ['b'];
      if (o < markLen) cls.push('mark');
      if (this.inRanges(this.problemIndex, o)) cls.push('bad');
      if (this.inRanges(this.findingIndex, o)) cls.push('finding');
      if (s && o >= s.start && o < s.end) cls.push('sel');
      cells.append(el('span', { class: cls.join(' '), dataset: { off: o } }, v === null ? '··' : v.toString(16).toUpperCase().padStart(2, '0')));
      ascii += v === null ? ' ' : (v >= 0x20 && v < 0x7f ? String.fromCharCode(v) : '.');
    }
    row.append(cells, el('span', { class: 'ascii' }, ascii));
    return row;
  }

  async hexClick(e) {
    const cell = e.target.closest('[data-off]');
    if (!cell) return;
    const off = Number(cell.dataset.off);
    const r = this.report;
    if (r.bom && off < r.bom.length) {
      this.select({ kind: 'mark', start: 0, end: r.bom.length });
      this.tree.scrollToRow(0);
      return;
    }
    const m = await this.request({ type: 'locate', offset: off });
    if (!m.line) return;
    const info = await this.line(m.line);
    if (this.expandable(info)) {
      const d = await this.expand(m.line);
      const k = d.chars.findIndex((c) => c.offset <= off && off < c.offset + bytesLen(c.bytes));
      if (k >= 0) {
        await this.selectRow(this.rowOf(m.line, k));
        return;
      }
    }
    await this.selectRow(this.rowOf(m.line));
  }

  // ---- preview ---------------------------------------------------------------------------

  renderPreview() {
    if (!this.report) return;
    const first = this.rowAt(this.tree.first);
    const startLine = first.kind === 'mark' ? 1 : first.line;
    const lines = [];
    const count = Math.max(1, this.tree.shown);
    for (let n = startLine; n <= this.report.lines && lines.length < count; n++) {
      const info = this.lineInfo(n);
      const text = info ? info.text + (info.text_truncated ? t('preview.truncated') : '') : '';
      lines.push(el('div', { class: 'pline', dataset: { line: n } },
        el('span', { class: 'num' }, num(n)), el('span', { class: 'text' }, text)));
    }
    this.previewBox.replaceChildren(...lines);
  }
}

/** The bytes of a line, its ending included. */
function lineRange(info) {
  const end = info.ending ? info.ending.offset + bytesLen(info.ending.bytes) : info.offset + info.length;
  return { start: info.offset, end };
}
