// The explorer view: summary, detection, problems, tools, structure tree, hex view and preview
// of one file. The analysis runs in a worker (worker.js); this side holds only the report, the
// lines in view (fetched through the sparse index) and the bytes in view (File.slice).
// The tree (tree.js), hex view (hex.js), problem lists (problems.js) and tools (tools.js) are
// methods of Explorer kept in modules of their own.
import { el, humanSize } from './dom.js';
import { t, num, onChange, languageName } from './i18n.js';
import { m } from './messages.js';
import { stepText, inferCode, runnersUpText, findingsText } from './describe.js';
import { VScroll } from './vscroll.js';
import { treeMethods } from './tree.js';
import { hexMethods } from './hex.js';
import { problemMethods } from './problems.js';
import { toolMethods } from './tools.js';
import { deadEndMethods } from './deadend.js';
import { twofoldMethods } from './twofold.js';
import { formatName } from './report-text.js';
import { containerWhat, forceName } from './describe.js';
import { readState, writeState } from './urlstate.js';

const ROW = 22; // px, tree and hex rows
const ENDING_LABEL = { lf: 'LF', crlf: 'CRLF', cr: 'CR', nel: 'NEL', ls: 'LS', ps: 'PS' };

export class Explorer {
  constructor(root) {
    this.root = root;
    this.worker = null;
    this.reqs = new Map();
    this.nextId = 1;
    this.bpr = 0;
    this.restore = readState(); // the address's read-as and offset, applied to the first file
    this.readAs = this.restore.as;
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
    this.problems = el('div', { id: 'problems', class: 'problems' });
    this.findings = el('ul', { id: 'findings', class: 'problems findings' });
    this.treeBox = el('div', { id: 'tree', class: 'vbox tree', tabindex: 0, role: 'tree', 'aria-label': 'structure' });
    this.hexBox = el('div', { id: 'hex', class: 'vbox hex', tabindex: 0, role: 'grid', 'aria-label': 'bytes' });
    this.treeNote = el('p', { id: 'tree-note', class: 'pane-note', hidden: true });
    this.hexNote = el('p', { id: 'hex-note', class: 'pane-note', hidden: true });
    this.previewNote = el('p', { id: 'preview-note', class: 'pane-note', hidden: true });
    // Focusable, so that a keyboard can scroll it; a region named by its title.
    this.previewBox = el('div', { id: 'preview', class: 'preview', tabindex: 0, role: 'region' });
    this.json = el('pre', { id: 'report-json', class: 'json' });
    this.titles = {};
    const h = (key, tag = 'h2') => (this.titles[key] = el(tag, { dataset: { i18n: key } }, t(key)));
    this.root.replaceChildren(
      el('div', { class: 'ex-bar' },
        // The page's first heading while a file is open: the page's own h1 is hidden then.
        el('h1', { id: 'file-name', class: 'file-name' }),
        this.progress, this.cancelBtn, this.status, this.buildDownload(), ...this.buildRepair()),
      this.buildTools(),
      el('div', { class: 'ex-main', id: 'ex-main', hidden: true },
        el('section', { class: 'panel', id: 'tree-panel' }, h('tree.title'), this.treeNote, this.treeBox),
        el('section', { class: 'panel', id: 'hex-panel' }, h('hex.title'), this.hexNote, ...this.buildHexTools(), this.hexBox,
          el('div', { class: 'inspector-box' }, this.inspectorTitle, this.inspector))),
      // A binary verdict's explanation, after the bytes it is about (decision 80: the first
      // screen shows the tree and the bytes).
      ...this.buildDeadEnd(),
      el('div', { class: 'ex-top', id: 'ex-body', hidden: true },
        el('section', { class: 'panel' }, h('summary.title'), this.summary),
        el('section', { class: 'panel' }, h('detection.title'), this.steps),
        el('section', { class: 'panel' }, h('problems.title'), this.buildProblemFilter(), this.problems,
          el('div', { class: 'findings-box' }, h('findings.title', 'h3'),
            el('p', { class: 'help', dataset: { i18n: 'findings.help' } }, t('findings.help')), this.findings))),
      el('section', { class: 'panel', id: 'ex-preview', hidden: true }, h('preview.title'),
        el('p', { class: 'help', dataset: { i18n: 'preview.help' } }, t('preview.help')), this.previewNote, this.previewBox),
      el('details', { class: 'panel', id: 'ex-json', hidden: true },
        el('summary', { dataset: { i18n: 'json.title' } }, t('json.title')), this.json),
    );
    // The key help goes in the status line, where a wide screen has room, to keep the tool bar one row.
    this.dlBox.before(this.keysHelp);
    this.cancelBtn.textContent = t('explorer.cancel');
    this.treeBox.setAttribute('aria-label', t('tree.title'));
    this.hexBox.setAttribute('aria-label', t('hex.title'));
    this.previewBox.setAttribute('aria-label', t('preview.title'));
    this.tree = new VScroll(this.treeBox, ROW, (i) => this.treeRow(i));
    this.tree.onRender = () => this.renderPreview();
    this.hex = new VScroll(this.hexBox, ROW, (i) => this.hexRow(i));
    this.hex.beforeRender = (first, last) => this.hexPrepare(first, last);
    this.treeBox.addEventListener('keydown', (e) => this.treeKey(e));
    this.treeBox.addEventListener('click', (e) => this.treeClick(e));
    this.hexBox.addEventListener('mousedown', (e) => this.hexDown(e));
    this.hexBox.addEventListener('keydown', (e) => this.hexKey(e));
    this.hex.onRender = () => {
      if (this.hexBox.querySelector('#hex-cur')) this.hexBox.setAttribute('aria-activedescendant', 'hex-cur');
      else this.hexBox.removeAttribute('aria-activedescendant');
    };
    this.renderHexTools();
    this.renderDownload();
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => this.fitHex()).observe(this.hexBox);
    document.addEventListener('keydown', (e) => this.globalKey(e));
  }

  /** Saving the report: the CLI's JSON object, or the page's panels as plain text. */
  buildDownload() {
    this.dlLabel = el('span', { id: 'download-label' });
    this.dlJson = el('button', { type: 'button', id: 'download-json', onclick: () => this.download('json') });
    this.dlText = el('button', { type: 'button', id: 'download-text', onclick: () => this.download('text') });
    this.dlBox = el('div', { class: 'download', role: 'group', 'aria-labelledby': 'download-label', hidden: true }, this.dlLabel, this.dlJson, this.dlText);
    return this.dlBox;
  }

  renderDownload() {
    this.dlLabel.textContent = m('report.download');
    this.dlJson.textContent = 'JSON';
    this.dlText.textContent = m('report.text');
  }

  /** The report as text: what the summary, detection, problems and findings panels say. */
  reportText() {
    const out = [`${m('summary.title')}`];
    const dts = this.summary.querySelectorAll('dt');
    for (const dt of dts) out.push(`  ${dt.textContent}: ${dt.nextElementSibling ? dt.nextElementSibling.textContent : ''}`);
    out.push('', m('detection.title'));
    for (const li of this.steps.querySelectorAll('li')) out.push(`  - ${li.textContent}`);
    out.push('', m('problems.title'));
    const probs = this.problems.querySelectorAll('li, p');
    if (!probs.length) out.push(`  ${this.problems.textContent}`);
    for (const li of probs) out.push(`  - ${li.textContent}`);
    out.push('', m('findings.title'));
    for (const li of this.findings.querySelectorAll('li')) out.push(`  - ${li.textContent}`);
    return `${out.join('\n')}\n`;
  }

  download(kind) {
    if (!this.report) return;
    const base = (this.file.name || 'file').replace(/[\\/:*?"<>|]+/g, '_');
    const body = kind === 'json' ? `${JSON.stringify(this.report, null, 2)}\n` : this.reportText();
    const blob = new Blob([body], { type: kind === 'json' ? 'application/json' : 'text/plain;charset=utf-8' });
    const a = el('a', { href: URL.createObjectURL(blob), download: `${base}.textscope.${kind === 'json' ? 'json' : 'txt'}`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
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

  onMessage(msg) {
    if (msg.id && this.reqs.has(msg.id)) {
      const r = this.reqs.get(msg.id);
      this.reqs.delete(msg.id);
      if (msg.type === 'error') r.reject(new Error(msg.message));
      else if (r.gen === this.gen) r.resolve(msg);
      return;
    }
    switch (msg.type) {
      case 'progress':
        this.progress.max = Math.max(1, msg.total);
        this.progress.value = msg.done;
        this.progress.dataset.done = msg.done;
        this.status.textContent = t('explorer.progress', { done: humanSize(msg.done), total: humanSize(msg.total) });
        break;
      case 'report':
        // The worker's timings, for scripts/bench-browser.sh: total, waiting for reads, in wasm.
        Object.assign(this.root.dataset, { ms: msg.ms, readMs: msg.readMs, feedMs: msg.feedMs });
        this.onReport(JSON.parse(msg.report), msg.ms);
        break;
      case 'search-progress': this.searchProgress(msg); break;
      case 'cancelled':
        this.busy(false);
        this.status.textContent = t('explorer.cancelled');
        this.root.dataset.state = 'cancelled';
        break;
      case 'error': this.fail(msg.message); break;
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

  /** Analyses `file` (detected, or read as this.readAs). A new file starts at its beginning. */
  open(file) {
    this.ensureWorker();
    const again = file === this.file;
    this.gen = (this.gen || 0) + 1;
    this.file = file;
    this.report = null;
    this.blocks = new Map();
    this.details = new Map();
    this.expanded = [];
    this.hexBlocks = new Map();
    this.glyphs = null;
    this.match = null;
    this.keepAt = again && this.sel ? this.sel.start : null;
    this.sel = null;
    this.cursor = null;
    this.anchor = null;
    this.peek = null;
    this.tree.setCount(0);
    this.hex.setCount(0);
    this.searchReset();
    if (!again) {
      writeState({ sample: file.sample || null, at: this.restore ? this.restore.at : null });
    }
    this.root.dataset.state = 'analysing';
    this.root.querySelector('#file-name').textContent = file.name;
    for (const p of ['#ex-body', '#ex-main', '#ex-preview', '#ex-json']) this.show(p, false);
    this.dlBox.hidden = true;
    this.repairBtn.hidden = true;
    this.repairSay('');
    this.repairDone = null;
    delete this.root.dataset.repair;
    this.segs = [];
    this.mojibake = [];
    this.mojibakeByLine = new Map();
    this.deadEnd.hidden = true;
    this.hintsBox.hidden = true;
    this.progress.value = 0;
    this.busy(true);
    this.status.textContent = t('explorer.analysing', { name: file.name });
    this.worker.postMessage({ type: 'analyze', file, force: this.readAs || '' });
  }

  /** "Read as": analyses the same file again, detected ('') or as that format / code page. */
  setReadAs(name) {
    this.readAs = name;
    this.readAsSelect.value = name;
    writeState({ as: name });
    if (this.file) this.open(this.file);
  }

  cancel() { if (this.worker) this.worker.postMessage({ type: 'cancel' }); }

  onReport(report, ms) {
    this.report = report;
    this.ms = ms;
    this.busy(false);
    // Findings (docs/findings.md) are listed in file order; an older report has none.
    report.findings = report.findings || [];
    // A binary file lists the problems and findings of its text reading (deadend.js): the hex
    // view tints their bytes and each link selects them.
    this.view = this.viewOf(report);
    this.view.findings = this.view.findings || [];
    this.problemIndex = this.view.problems.map((p) => [p.offset, p.offset + p.length]).sort((a, b) => a[0] - b[0]);
    this.findingIndex = this.view.findings.map((f) => [f.offset, f.offset + f.length]).sort((a, b) => a[0] - b[0]);
    this.findingAt = new Map(report.findings.map((f) => [f.offset, f]));
    this.findingNames = null;
    this.twofoldIndex(report);
    this.status.textContent = t('explorer.done', { size: humanSize(report.size), ms: Math.round(ms) });
    this.json.textContent = JSON.stringify(report, null, 2);
    for (const p of ['#ex-tools', '#ex-body', '#ex-main', '#ex-preview', '#ex-json']) this.show(p, true);
    this.dlBox.hidden = false;
    this.renderSummary();
    this.renderDeadEnd();
    this.renderHints();
    this.renderProblems();
    this.renderFindings();
    this.renderNotes();
    this.peekReading();
    this.tree.box.scrollTop = 0;
    this.hex.box.scrollTop = 0;
    this.problems.scrollTop = 0;
    this.findings.scrollTop = 0;
    this.bpr = 0;
    this.fitHex();
    this.tree.setCount(this.rowCount());
    this.hex.setCount(Math.ceil(report.size / this.bpr));
    this.hexBox.setAttribute('aria-rowcount', this.hex.n);
    this.renderSelInfo();
    this.renderInspector();
    const at = this.keepAt ?? (this.restore ? this.restore.at : null);
    this.restore = null;
    this.keepAt = null;
    // The offset of the address (a reload, a shared link): selected and scrolled into view.
    if (at !== null && at < report.size) {
      this.gotoOffset(at).then(() => {
        this.reveal();
        this.root.dataset.state = 'done';
      });
    }
    else this.root.dataset.state = 'done';
  }

  rerender() {
    this.cancelBtn.textContent = t('explorer.cancel');
    this.treeBox.setAttribute('aria-label', t('tree.title'));
    this.hexBox.setAttribute('aria-label', t('hex.title'));
    this.previewBox.setAttribute('aria-label', t('preview.title'));
    this.renderTools();
    this.renderHexTools();
    this.renderDownload();
    this.renderRepair();
    if (!this.report) return;
    this.status.textContent = t('explorer.done', { size: humanSize(this.report.size), ms: Math.round(this.ms) });
    this.renderSummary();
    this.renderDeadEnd();
    this.renderHints();
    this.renderProblems();
    this.renderFindings();
    this.renderNotes();
    this.tree.render();
    if (this.peek) this.renderPeek();
  }

  /**
   * The explanations of empty panes: an empty file, a binary one (what it is, or how many lines
   * its text reading has, with a button to show them), no lines to preview.
   */
  renderNotes() {
    const r = this.report;
    const note = (e, ...parts) => { e.hidden = !parts.length; e.replaceChildren(...parts); };
    const reading = r.format === 'binary' ? r.text_reading : null;
    if (r.format === 'empty') note(this.treeNote, m('tree.empty'));
    else if (r.format === 'binary' && r.container) note(this.treeNote, m('tree.container', { what: containerWhat(r.container) }));
    else if (reading) {
      note(this.treeNote, m('tree.reading', { enc: reading.encoding, n: num(reading.lines) }), ' ',
        el('button', { type: 'button', class: 'force-reading', onclick: () => this.setReadAs(forceName(reading)) },
          m('reading.force', { enc: reading.encoding })));
    } else if (r.format === 'binary' || (r.lines === 0 && !r.bom)) note(this.treeNote, m('tree.binary'));
    else note(this.treeNote);
    if (r.size === 0) note(this.hexNote, m('hex.empty')); else note(this.hexNote);
    if (reading && this.peek) note(this.previewNote, m('preview.reading', { enc: reading.encoding }));
    else if (r.lines === 0) note(this.previewNote, m('preview.empty'));
    else note(this.previewNote);
    this.treeBox.hidden = r.lines === 0 && !r.bom;
    this.hexBox.hidden = r.size === 0;
  }

  // ---- summary and detection -------------------------------------------------------------

  renderSummary() {
    const r = this.report;
    const rows = [];
    const add = (field, key, text, value) => {
      rows.push(el('dt', {}, m(key)), el('dd', { dataset: { field, value: JSON.stringify(value) } }, text));
    };
    const endings = Object.entries(r.endings).filter(([, n]) => n > 0)
      .map(([k, n]) => `${ENDING_LABEL[k]} ${num(n)}`).join(', ');
    const total = Object.values(r.problem_counts).reduce((a, b) => a + b, 0);
    add('file', 'summary.file', this.file.name, this.file.name);
    // "binary" and "empty" are verdicts, said in the page's language; format names stay as they are.
    const enc = r.encoding === r.format ? formatName(r.encoding) : r.encoding;
    add('format', 'summary.format', formatName(r.format), r.format);
    add('encoding', 'summary.encoding', r.detection.forced ? `${enc} (${m('summary.readas')})` : enc, r.encoding);
    if ('language' in r) add('language', 'summary.language', r.language ? languageName(r.language) : m('summary.unknownlang'), r.language);
    if (typeof r.detection.confidence === 'number') {
      add('confidence', 'summary.confidence', `${num(Math.round(r.detection.confidence * 100))} %`, r.detection.confidence);
    }
    if (Array.isArray(r.detection.candidates) && r.detection.candidates.length) {
      const others = runnersUpText(r);
      if (others) add('candidates', 'summary.candidates', others, r.detection.candidates);
    }
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
    add('findings', 'summary.findings', findingsText(fc), fc);
    if (r.container) add('container', 'summary.container', containerWhat(r.container), r.container);
    if (r.text_reading) {
      const tr = r.text_reading;
      const n = Object.values(tr.problem_counts).reduce((a, b) => a + b, 0);
      add('text_reading', 'summary.reading', m('summary.readingvalue', { enc: tr.encoding, lines: num(tr.lines), problems: num(n) }),
        { format: tr.format, encoding: tr.encoding, lines: tr.lines, problem_counts: tr.problem_counts });
    }
    this.summary.replaceChildren(...rows);

    const steps = r.detection.steps.map((s) => el('li', {
      class: s.accepted ? 'ok' : 'no',
      dataset: { format: s.format, accepted: s.accepted, code: s.code || inferCode(s) || '', figures: JSON.stringify(s.figures || {}) },
    }, el('strong', {}, s.format), ` — ${s.accepted ? t('detection.accepted') : t('detection.rejected')}: `,
    el('span', { class: 'reason' }, stepText(s, r))));
    if (!steps.length) steps.push(el('li', { class: 'empty' }, m('detection.empty')));
    this.steps.replaceChildren(...steps,
      el('li', { class: 'window' }, t('detection.window', { n: num(r.detection.window) })));
  }

  // ---- selection -------------------------------------------------------------------------

  /** Selects a node: the tree marks it, the hex view highlights its bytes and shows them. */
  select(sel) {
    this.sel = sel;
    // The hex cursor stays where it is if it is in the selection, else goes to its start.
    if (this.cursor === null || this.cursor < sel.start || this.cursor >= Math.max(sel.end, sel.start + 1)) this.cursor = sel.start;
    this.anchor = null;
    this.root.dataset.selStart = sel.start;
    this.root.dataset.selEnd = sel.end;
    this.root.dataset.cursor = this.cursor;
    this.selWrite(sel.start);
    this.tree.render();
    this.hex.scrollToRow(Math.floor(sel.start / this.bpr));
    this.hex.render();
    this.renderSelInfo();
    this.renderInspector();
  }

  /**
   * The selection's offset in the address (urlstate.js), a moment after it settles: a key held
   * down in the hex pane moves it thirty times a second, more than browsers let a page call
   * replaceState.
   */
  selWrite(at) {
    clearTimeout(this.stateTimer);
    this.stateTimer = setTimeout(() => { if (this.sel && this.sel.start === at) writeState({ at }); }, 120);
  }

  /**
   * Brings the tree and hex panes into view (on a phone they are below the fold), below the
   * page's sticky header whatever its height.
   */
  reveal() {
    const head = document.querySelector('header.site');
    const pos = head ? getComputedStyle(head).position : '';
    const top = pos === 'sticky' || pos === 'fixed' ? head.getBoundingClientRect().bottom : 0;
    const main = this.root.querySelector('#ex-main').getBoundingClientRect();
    const row = this.treeBox.querySelector('[aria-selected="true"]');
    const r = row ? row.getBoundingClientRect() : main;
    const b = this.hexBox.querySelector('.b.sel');
    const h = b ? b.getBoundingClientRect() : r;
    if (main.top < top || r.bottom > window.innerHeight || h.bottom > window.innerHeight) {
      window.scrollBy({ top: main.top - top - 4, behavior: 'instant' });
    }
  }

  // ---- preview ---------------------------------------------------------------------------

  renderPreview() {
    if (!this.report) return;
    if (this.peek) { this.renderPeek(); return; }
    const first = this.rowAt(this.tree.first);
    const startLine = first.line || 1;
    const lines = [];
    const count = Math.max(1, this.tree.shown);
    for (let n = startLine; n <= this.report.lines && lines.length < count; n++) {
      const info = this.lineInfo(n);
      const text = info ? info.text + (info.text_truncated ? t('preview.truncated') : '') : '';
      const row = el('div', { class: 'pline', dataset: { line: n } },
        el('span', { class: 'num' }, num(n)),
        info ? this.previewLine(n, info.text, info.text_truncated ? t('preview.truncated') : '') : el('span', { class: 'text' }, text));
      this.previewSegment(row, n);
      lines.push(row);
    }
    this.previewBox.replaceChildren(...lines);
  }
}

Object.assign(Explorer.prototype, treeMethods, hexMethods, problemMethods, toolMethods, deadEndMethods, twofoldMethods);
