// The explorer's tool bar: "Read as", go to an offset or line:column, search for text or hex
// bytes with next / previous. Methods of Explorer (explorer.js).
import { el } from './dom.js';
import { num } from './i18n.js';
import { m, READ_AS } from './messages.js';
import { parseHex } from './search.js';

const WIDTH = { 'utf-16le': 2, 'utf-16be': 2, 'utf-32le': 4, 'utf-32be': 4 };

export const toolMethods = {
  buildTools() {
    const L = (id) => el('label', { for: id, class: 'tool-label' });
    this.readAsSelect = el('select', { id: 'read-as', onchange: () => this.setReadAs(this.readAsSelect.value) });
    this.gotoInput = el('input', { id: 'goto', type: 'text', autocomplete: 'off', spellcheck: 'false', inputmode: 'text' });
    this.gotoBtn = el('button', { type: 'button', id: 'goto-go', onclick: () => this.gotoTyped() });
    this.gotoInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); this.gotoTyped(); } });
    this.searchInput = el('input', { id: 'search', type: 'search', autocomplete: 'off', spellcheck: 'false' });
    this.searchMode = el('select', { id: 'search-mode' });
    this.findBtn = el('button', { type: 'button', id: 'search-find', onclick: () => this.search() });
    this.prevBtn = el('button', { type: 'button', id: 'search-prev', onclick: () => this.searchStep(-1) });
    this.nextBtn = el('button', { type: 'button', id: 'search-next', onclick: () => this.searchStep(1) });
    this.searchInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); if (this.hits && this.hitsFor === this.searchKey()) this.searchStep(e.shiftKey ? -1 : 1); else this.search(); }
    });
    this.statusOut = el('output', { id: 'tool-status', class: 'tool-status', role: 'status', 'aria-live': 'polite' });
    this.keysHelp = el('p', { class: 'help keys' });
    this.labels = { readAs: L('read-as'), goto: L('goto'), search: L('search') };
    const tools = el('div', { class: 'ex-tools', id: 'ex-tools', hidden: true },
      el('div', { class: 'tool' }, this.labels.readAs, this.readAsSelect),
      el('div', { class: 'tool' }, this.labels.goto, this.gotoInput, this.gotoBtn),
      el('div', { class: 'tool search' }, this.labels.search, this.searchInput, this.searchMode, this.findBtn, this.prevBtn, this.nextBtn),
      this.statusOut, this.keysHelp);
    this.renderTools();
    return tools;
  },

  renderTools() {
    this.labels.readAs.textContent = m('tools.readas');
    this.labels.goto.textContent = m('tools.goto');
    this.labels.search.textContent = m('tools.search');
    this.gotoInput.placeholder = m('tools.gotohint');
    this.searchInput.placeholder = m('tools.searchhint');
    this.gotoBtn.textContent = m('tools.go');
    this.findBtn.textContent = m('tools.find');
    this.prevBtn.textContent = m('tools.prev');
    this.nextBtn.textContent = m('tools.next');
    this.keysHelp.textContent = m('tools.keys');
    const mode = this.searchMode.value || 'text';
    this.searchMode.replaceChildren(el('option', { value: 'text' }, m('tools.text')), el('option', { value: 'hex' }, m('tools.hex')));
    this.searchMode.value = mode;
    this.searchMode.setAttribute('aria-label', m('tools.searchmode'));
    this.readAsSelect.replaceChildren(el('option', { value: '' }, m('tools.detect')), ...this.readAsOptions());
    this.readAsSelect.value = this.readAs || '';
    if (this.hits) this.showHit();
  },

  /**
   * The formats and code pages a file can be read as (option groups), the current choice
   * included: the Unicode formats, the guessed code page, then every page the core decodes,
   * grouped by family (the core's list, codepages.js). Before the list has come from the wasm
   * module, only the first two groups; the selects built then are filled again when it comes.
   */
  readAsOptions() {
    const groups = READ_AS.groups();
    if (!groups.length) {
      READ_AS.load().then(() => {
        const refill = (sel, first) => {
          if (!sel || !sel.isConnected) return;
          const v = sel.value;
          sel.replaceChildren(el('option', { value: '' }, first), ...this.readAsOptions());
          sel.value = v;
        };
        refill(this.readAsSelect, m('tools.detect'));
        refill(document.getElementById('force-format'), m('deadend.choose'));
      }).catch(() => { /* no list: the formats and the guessed page stay */ });
    }
    const known = [...READ_AS.formats, 'legacy', ...READ_AS.codepages.map((p) => p.name)];
    const extra = this.readAs && !known.includes(this.readAs) ? [this.readAs] : [];
    return [
      el('optgroup', { label: m('tools.formats') }, ...READ_AS.formats.map((f) => el('option', { value: f }, f.toUpperCase()))),
      el('optgroup', { label: m('tools.guessed') }, el('option', { value: 'legacy' }, m('tools.legacy')),
        ...extra.map((c) => el('option', { value: c }, c))),
      ...groups.map(([family, names]) => el('optgroup', { label: m('tools.family', { family: READ_AS.familyName(family) }) },
        ...names.map((c) => el('option', { value: c }, c)))),
    ];
  },

  toolStatus(text) { this.statusOut.textContent = text; },

  searchReset() {
    this.hits = null;
    this.hitsFor = null;
    this.hitsTotal = null;
    this.hitIndex = -1;
    this.match = null;
    this.searchSeq = this.searchSeq || 0;
    this.toolStatus('');
    delete this.statusOut.dataset.count;
  },

  /** Parses the "go to" field: 0x1A / 26 → an offset; 3:5 → line 3, column 5; 3: → line 3. */
  async gotoTyped() {
    if (!this.report) return;
    const s = this.gotoInput.value.trim();
    const r = this.report;
    let mt;
    if ((mt = /^(\d+)\s*:\s*(\d*)$/.exec(s))) {
      const line = Number(mt[1]);
      if (line < 1 || line > r.lines) { this.toolStatus(m('tools.noline', { n: num(r.lines) })); return; }
      this.toolStatus('');
      await this.gotoLine(line, mt[2] ? Math.max(1, Number(mt[2])) : 0);
      return;
    }
    let off = null;
    if (/^0x[0-9a-f]+$/i.test(s)) off = parseInt(s.slice(2), 16);
    else if (/^\d+$/.test(s)) off = Number(s);
    if (off === null) { this.toolStatus(m('tools.badgoto')); return; }
    if (off >= r.size) { this.toolStatus(m('tools.pastend', { n: num(off), size: num(r.size) })); return; }
    this.toolStatus('');
    await this.gotoOffset(off);
    this.reveal();
  },

  /** Line `line`, and its character at `column` (from 1; 0 = the whole line). */
  async gotoLine(line, column) {
    const info = await this.line(line);
    if (!info) return;
    if (!column) { await this.jump(line, null, 0); return; }
    const col = Math.min(column, Math.max(1, info.characters));
    if (this.expandable(info)) {
      const d = await this.expand(line);
      if (d && d.chars[col - 1]) {
        await this.selectRow(this.rowOf(line, col - 1));
        this.reveal();
        return;
      }
    }
    const w = WIDTH[this.report.format] || 1;
    await this.gotoOffset(info.offset + (col - 1) * w);
    this.reveal();
  },

  searchKey() { return `${this.searchMode.value}:${this.searchInput.value}`; },

  /**
   * Searches the file in the worker (search.js): the text as the bytes it is in the file's
   * encoding, or hex bytes. Each search has a number; a newer one (or a new file) makes the
   * worker stop the older one, and an older answer that still arrives is dropped.
   */
  async search() {
    if (!this.report) return;
    const q = this.searchInput.value;
    const mode = this.searchMode.value;
    this.searchReset();
    const seq = ++this.searchSeq;
    if (!q || (mode === 'hex' && !parseHex(q))) {
      this.worker.postMessage({ type: 'search-cancel' });
      if (q) this.toolStatus(m('tools.badhex'));
      return;
    }
    const r = this.report;
    // A binary verdict is searched as its text reading, or as UTF-8 bytes.
    const as = r.format === 'binary' || r.format === 'empty' ? r.text_reading || { format: 'utf-8', encoding: 'UTF-8' } : r;
    this.toolStatus(m('tools.searching'));
    this.statusOut.dataset.busy = 'true';
    const msg = await this.request({
      type: 'search', mode, q, seq, format: as.format, encoding: as.encoding,
      base: as.bom ? as.bom.length : 0,
    });
    if (seq !== this.searchSeq || msg.cancelled) return;
    delete this.statusOut.dataset.busy;
    this.hits = msg.offsets.map((offset) => ({ offset, length: msg.length }));
    this.hitsTotal = msg.total;
    this.hitsFor = `${mode}:${q}`;
    Object.assign(this.statusOut.dataset, { count: msg.total, ms: Math.round(msg.ms) });
    if (!this.hits.length) { this.toolStatus(m('tools.nomatch')); return; }
    // The first match at or after the selection.
    const here = this.sel ? this.sel.start : -1;
    const k = this.hits.findIndex((h) => h.offset >= here);
    this.hitIndex = (k >= 0 ? k : 0) - 1;
    await this.searchStep(1);
  },

  /** The worker's word on a search under way: how far it has read, how many it has found. */
  searchProgress(msg) {
    if (msg.seq !== this.searchSeq || this.hits) return;
    this.toolStatus(m('tools.searchprogress', { pct: num(Math.floor((100 * msg.done) / Math.max(1, msg.size))), n: num(msg.total) }));
  },

  async searchStep(dir) {
    if (!this.hits || !this.hits.length) return;
    const seq = this.searchSeq;
    this.hitIndex = (this.hitIndex + dir + this.hits.length) % this.hits.length;
    const h = this.hits[this.hitIndex];
    this.match = { start: h.offset, end: h.offset + h.length };
    this.showHit();
    await this.gotoOffset(h.offset);
    // A newer search, or another step, since: that one places the selection.
    if (seq !== this.searchSeq || this.hits[this.hitIndex] !== h) return;
    this.select({ ...this.sel, start: h.offset, end: h.offset + h.length });
    this.reveal();
  },

  showHit() {
    const n = this.hits.length;
    this.statusOut.dataset.index = this.hitIndex;
    if (this.hitIndex < 0) return;
    const total = this.hitsTotal ?? n;
    if (total > n) this.toolStatus(m('tools.matchcapped', { i: num(this.hitIndex + 1), n: num(total), cap: num(n) }));
    else this.toolStatus(m('tools.match', { i: num(this.hitIndex + 1), n: num(n) }));
  },
};
