// A binary verdict is never a dead end: the page says so in words, names the container when the
// first bytes show one (a PNG image, a ZIP archive), otherwise shows the best text reading the
// core made in the same pass (`text_reading`: its lines, endings, problems and first lines)
// with a button to force that format, and always offers every format to force. Hints
// (`hints`: "try -e utf-16le") are a line each with a button that re-analyses with that
// encoding. Methods of Explorer (explorer.js); every string from the file goes in as text.
import { el } from './dom.js';
import { t, num } from './i18n.js';
import { m } from './messages.js';
import { forceName, containerWhat, hintText, readingSummary } from './describe.js';

const PEEK_BYTES = 64 * 1024; // bytes read as the text reading's format for the preview
const PEEK_LINES = 200;
const PEEK_TEXT = 2000;

export const deadEndMethods = {
  buildDeadEnd() {
    this.deadEnd = el('section', { class: 'panel deadend', id: 'dead-end', hidden: true });
    this.hintsBox = el('div', { class: 'hints', id: 'hints', hidden: true });
    return [this.deadEnd, this.hintsBox];
  },

  /** The report whose problems and findings the page lists: the text reading of a binary file. */
  viewOf(r) {
    return r.format === 'binary' && r.text_reading ? r.text_reading : r;
  },

  renderDeadEnd() {
    const r = this.report;
    const box = this.deadEnd;
    if (r.format !== 'binary') {
      box.hidden = true;
      box.replaceChildren();
      delete box.dataset.kind;
      return;
    }
    const parts = [el('h2', {}, m('deadend.title'))];
    const c = r.container;
    const reading = r.text_reading;
    if (c) {
      box.dataset.kind = 'container';
      parts.push(el('p', { class: 'container', id: 'container', dataset: { name: c.name, mime: c.mime || '', extension: c.extension || '' } },
        m('deadend.container', { what: containerWhat(c) })));
      parts.push(el('p', { class: 'help' }, m('deadend.containerhelp')));
    } else if (reading) {
      box.dataset.kind = 'reading';
      const name = forceName(reading);
      parts.push(el('p', {}, m('deadend.notext')));
      parts.push(el('h3', { id: 'reading-title' }, m('reading.title', { enc: reading.encoding })));
      const rows = readingSummary(reading).flatMap(([field, key, text, value]) => [
        el('dt', {}, m(key)), el('dd', { dataset: { field, value: JSON.stringify(value) } }, text)]);
      parts.push(el('dl', { class: 'summary reading', id: 'reading-summary' }, ...rows));
      parts.push(el('p', { class: 'help' }, m('reading.where')));
      parts.push(el('p', {}, el('button', {
        type: 'button', id: 'force-reading', dataset: { encoding: name },
        onclick: () => this.setReadAs(name),
      }, m('reading.force', { enc: reading.encoding }))));
    } else {
      box.dataset.kind = 'binary';
      parts.push(el('p', {}, m('deadend.unknown')));
    }
    // Any format, forced: the same choices as "Read as".
    const select = el('select', { id: 'force-format', onchange: () => { if (select.value) this.setReadAs(select.value); } },
      el('option', { value: '' }, m('deadend.choose')), ...this.readAsOptions());
    parts.push(el('p', { class: 'force' }, el('label', { for: 'force-format' }, m('deadend.force')), ' ', select));
    box.replaceChildren(...parts);
    box.hidden = false;
  },

  renderHints() {
    const hints = this.report.hints || [];
    this.hintsBox.hidden = hints.length === 0;
    this.hintsBox.replaceChildren(...hints.map((h) => el('p', { class: 'hint', dataset: { encoding: h.encoding, reason: h.reason } },
      // The hint's `figures` ("nul_share=0.05") are for scripts: the sentence says them in words.
      el('strong', {}, m('hint.label')), ' ', el('span', { class: 'msg' }, hintText(h, this.report)), ' ',
      el('button', { type: 'button', class: 'hint-try', dataset: { encoding: h.encoding }, onclick: () => this.setReadAs(h.encoding) },
        m('hint.try', { enc: h.encoding })))));
  },

  /**
   * The first lines of a binary file as its text reading's format reads them, for the preview:
   * the worker analyses the first PEEK_BYTES forced to that format (a handle of its own).
   */
  peekReading() {
    const r = this.report;
    this.peek = null;
    if (r.format !== 'binary' || !r.text_reading || !r.size) return;
    const name = forceName(r.text_reading);
    this.request({ type: 'peek', force: name, bytes: PEEK_BYTES, lines: PEEK_LINES, maxText: PEEK_TEXT })
      .then((msg) => {
        if (this.report !== r) return;
        this.peek = { lines: msg.structure.lines, cut: msg.cut, enc: r.text_reading.encoding };
        this.renderNotes();
        this.renderPreview();
      }).catch((e) => { if (this.report === r) this.previewNote.textContent = t('explorer.error', { message: e.message }); });
  },

  /** The preview of a binary file: its first lines as the text reading has them. */
  renderPeek() {
    const p = this.peek;
    const lines = p.lines.map((l, k) => el('div', { class: 'pline', dataset: { line: l.number ?? k + 1 } },
      el('span', { class: 'num' }, num(l.number ?? k + 1)),
      el('span', { class: 'text' }, l.text + (l.text_truncated || (p.cut && k === p.lines.length - 1 && !l.ending) ? t('preview.truncated') : ''))));
    this.previewBox.replaceChildren(...lines);
  },
};
