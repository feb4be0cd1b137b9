// The explorer's tool bar: "Read as", go to an offset or line:column, search for text or hex
// bytes with next / previous. Methods of Explorer (explorer.js).
import { el, bytesLen } from './dom.js';
import { num } from './i18n.js';
import { m, READ_AS } from './messages.js';
import { parseHex, findBytes, findText, CAP } from './search.js';

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
    this.hitIndex = -1;
    this.match = null;
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

  async search() {
    if (!this.report) return;
    const q = this.searchInput.value;
    const mode = this.searchMode.value;
    this.searchReset();
    if (!q) return;
    const gen = this.gen;
    const alive = () => gen === this.gen;
    this.toolStatus(m('tools.searching'));
    let hits;
    if (mode === 'hex') {
      const needle = parseHex(q);
      if (!needle) { this.toolStatus(m('tools.badhex')); return; }
      hits = await findBytes(this.file, needle, alive);
    } else {
      hits = await findText((msg) => this.request(msg), this.report.lines, q, alive);
    }
    if (!hits) return;
    this.hits = hits;
    this.hitsFor = `${mode}:${q}`;
    this.statusOut.dataset.count = hits.length;
    if (!hits.length) { this.toolStatus(m('tools.nomatch')); return; }
    // The first match at or after the selection.
    const here = this.sel ? this.sel.start : -1;
    const k = hits.findIndex((h) => (h.offset ?? -1) >= here);
    this.hitIndex = (mode === 'hex' && k >= 0 ? k : 0) - 1;
    await this.searchStep(1);
  },

  async searchStep(dir) {
    if (!this.hits || !this.hits.length) return;
    this.hitIndex = (this.hitIndex + dir + this.hits.length) % this.hits.length;
    const h = this.hits[this.hitIndex];
    if (h.offset === undefined) await this.resolveText(h);
    this.match = { start: h.offset, end: h.offset + h.length };
    this.showHit();
    if (h.offset >= 0 && h.line === undefined) {
      await this.gotoOffset(h.offset);
      this.select({ ...this.sel, start: h.offset, end: h.offset + h.length });
    } else {
      await this.jump(h.line, h.offset, h.length);
    }
    this.reveal();
  },

  showHit() {
    const n = this.hits.length;
    this.statusOut.dataset.index = this.hitIndex;
    if (this.hitIndex < 0) return;
    this.toolStatus(m(n >= CAP ? 'tools.manymatch' : 'tools.match', { i: num(this.hitIndex + 1), n: num(n) }));
  },

  /** A text match's bytes: through the line's characters, or by unit width on an ASCII line. */
  async resolveText(h) {
    const info = await this.line(h.line);
    const q = this.searchInput.value;
    if (this.expandable(info)) {
      const d = await this.lineChars(h.line);
      let text = '';
      const starts = [];
      for (const c of d.chars) { starts.push(text.length); text += c.text; }
      // The k-th occurrence in the line's text is the k-th in its characters' text.
      const nth = this.hits.filter((x) => x.line === h.line && x.index < h.index).length;
      let i = -1;
      for (let k = 0; k <= nth; k++) i = text.indexOf(q, i + (k ? q.length : 0));
      if (i >= 0) {
        let a = starts.findIndex((s) => s > i) - 1;
        if (a < 0) a = starts.length - 1;
        let b = starts.findIndex((s) => s >= i + q.length);
        if (b < 0) b = d.chars.length;
        const first = d.chars[a];
        const last = d.chars[b - 1];
        h.offset = first.offset;
        h.length = last.offset + bytesLen(last.bytes) - first.offset;
        return;
      }
      h.offset = info.offset;
      h.length = 0;
      return;
    }
    const w = WIDTH[this.report.format] || 1;
    h.offset = info.offset + h.index * w;
    h.length = q.length * w;
  },
};
