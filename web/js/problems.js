// Problems and notes grouped by kind, with a filter; findings; the n / p keys. Methods of
// Explorer (explorer.js). Every sentence is built from the report's fields (describe.js).
import { el } from './dom.js';
import { t, num } from './i18n.js';
import { m } from './messages.js';
import { problemText, noteText, findingText, runText, ansiText } from './describe.js';
import { names } from './names.js';

const at = (x) => t('problems.at', { line: num(x.line), column: num(x.column), offset: num(x.offset) });

export const problemMethods = {
  buildProblemFilter() {
    this.filterSelect = el('select', { id: 'problem-filter', onchange: () => { this.renderProblems(); this.renderFindings(); } });
    this.filterLabel = el('label', { for: 'problem-filter' });
    return el('div', { class: 'problem-filter' }, this.filterLabel, ' ', this.filterSelect);
  },

  /**
   * The listed problems and findings in file order, as the filter shows them (n / p walk
   * these): one problem kind, one finding kind ("finding:ansi_escape"), or all of both.
   */
  shownProblems() {
    const f = this.filterSelect.value;
    const fk = f.startsWith('finding:') ? f.slice(8) : null;
    const problems = fk ? [] : this.view.problems.map((p, i) => ({ p, i })).filter(({ p }) => !f || p.kind === f);
    const findings = f && !fk ? [] : this.view.findings.map((p, i) => ({ p, i, finding: true })).filter(({ p }) => !fk || p.kind === fk);
    return [...problems, ...findings].sort((a, b) => a.p.offset - b.p.offset);
  },

  /**
   * Goes to a listed problem or finding and selects all its bytes (a run: offset..offset+length).
   * A binary file has no lines: its text reading's items select their bytes in the hex view.
   */
  goTo(x) {
    if (this.report.lines === 0) {
      this.select({ kind: 'bytes', start: x.offset, end: x.offset + x.length });
      this.reveal();
      return Promise.resolve();
    }
    return this.jump(x.line, x.offset, x.length);
  },

  renderProblems() {
    if (!this.report) return;
    const r = this.view;
    const counts = r.problem_counts;
    const kinds = Object.keys(counts).filter((k) => counts[k] > 0);
    const keep = this.filterSelect.value;
    // The finding kinds too (a coloured build log has hundreds of escapes to skip or to walk).
    const fcounts = {};
    for (const x of r.findings) fcounts[x.kind] = (fcounts[x.kind] || 0) + 1;
    const fkinds = Object.keys(fcounts);
    this.filterLabel.textContent = m('problems.filter');
    this.filterSelect.replaceChildren(el('option', { value: '' }, m('problems.allkinds')),
      ...kinds.map((k) => el('option', { value: k }, `${m(`kind.${k}`)} (${num(counts[k])})`)),
      ...fkinds.map((k) => el('option', { value: `finding:${k}` }, `${m(`finding.${k}`)} (${num(fcounts[k])})`)));
    const values = [...kinds, ...fkinds.map((k) => `finding:${k}`)];
    this.filterSelect.value = values.includes(keep) ? keep : '';
    this.filterSelect.parentElement.hidden = values.length === 0;
    const f = this.filterSelect.value;
    const onlyFindings = f.startsWith('finding:');
    const groups = [];
    for (const k of kinds) {
      if (onlyFindings || (f && k !== f)) continue;
      const items = [];
      r.problems.forEach((p, i) => {
        if (p.kind !== k) return;
        items.push(el('li', {}, el('a', {
          href: `#problem-${i}`, class: 'problem', dataset: { index: i, kind: p.kind, offset: p.offset, line: p.line, column: p.column, count: p.count || 1 },
          'data-length': p.length,
          onclick: (e) => { e.preventDefault(); this.current = i; this.goTo(p); },
        }, el('span', { class: 'where' }, at(p)), ' ', el('code', { class: 'bytes' }, p.bytes),
        p.count > 1 ? el('span', { class: 'run' }, ` ${runText(p)}`) : null,
        ' — ', el('span', { class: 'msg' }, problemText(p, r)))));
      });
      const listed = items.length;
      const head = el('summary', {}, el('span', { class: 'kind' }, m(`kind.${k}`)), ` ${num(counts[k])}`,
        listed < counts[k] ? el('span', { class: 'help' }, ` (${m('problems.listed', { n: num(listed) })})`) : null);
      groups.push(el('details', { class: 'group', open: true, dataset: { kind: k } }, head, el('ul', {}, ...items)));
    }
    if (r.problems_omitted > 0) groups.push(el('p', { class: 'omitted' }, t('problems.omitted', { n: num(r.problems_omitted) })));
    if (r.notes.length && !this.filterSelect.value) {
      groups.push(el('details', { class: 'group notes', open: true, dataset: { kind: 'notes' } },
        el('summary', {}, el('span', { class: 'kind' }, m('kind.notes')), ` ${num(r.notes.length)}`),
        el('ul', {}, ...r.notes.map((n, i) => el('li', {}, el('a', {
          href: `#note-${i}`, class: 'note', dataset: { index: i, kind: n.kind },
          onclick: (e) => { e.preventDefault(); this.jump(n.line, null, 0); },
        }, el('span', { class: 'where' }, t('notes.at', { line: num(n.line), offset: num(n.offset) })), ' — ',
        el('span', { class: 'msg' }, noteText(n))))))));
    }
    if (!groups.length && !onlyFindings) groups.push(el('p', { class: 'none' }, t('problems.none')));
    if (r !== this.report) groups.unshift(el('p', { class: 'reading-note' }, m('problems.reading', { enc: r.encoding })));
    this.problems.replaceChildren(...groups);
  },

  /**
   * Bidi controls and invisible characters: valid text, not SPEC problems, so a list of their
   * own (a.finding, not a.problem) that jumps to each character like a problem does.
   */
  renderFindings() {
    const r = this.view;
    const fv = this.filterSelect.value;
    const shown = (f) => !fv || fv === `finding:${f.kind}`;
    const items = r.findings.map((f, i) => el('li', { hidden: !shown(f) }, f.kind === 'ansi_escape' ? this.ansiItem(f, i) : el('a', {
      href: `#finding-${i}`, class: 'finding',
      dataset: { index: i, kind: f.kind, offset: f.offset, line: f.line, column: f.column, count: f.count || 1, length: f.length },
      onclick: (e) => { e.preventDefault(); this.goTo(f); },
    }, el('span', { class: 'kind' }, m(`finding.${f.kind}`)), ' ', el('code', { class: 'cp' }, f.code_point), ' ',
    at(f), ' ', el('code', { class: 'bytes' }, f.bytes),
    f.count > 1 ? el('span', { class: 'run' }, ` ${runText(f)}`) : null,
    ' — ', el('span', { class: 'msg' }, findingText(f, this.findingNames?.get(f.code_point), r)))));
    if (r.findings_omitted > 0) items.push(el('li', { class: 'omitted' }, t('findings.omitted', { n: num(r.findings_omitted) })));
    if (!items.length) items.push(el('li', { class: 'none' }, t('findings.none')));
    this.findings.replaceChildren(...items);
    if (!r.findings.length) this.findings.dataset.names = 'ready';
    if (!this.findingNames && r.findings.length) {
      delete this.findings.dataset.names;
      const cps = [...new Set(r.findings.map((f) => f.code_point).filter(Boolean))];
      this.findingNames = new Map();
      names(cps.map((c) => parseInt(c.slice(2), 16))).then((labels) => {
        cps.forEach((c, k) => this.findingNames.set(c, labels[k]));
        if (this.report === r) this.renderFindings();
        this.findings.dataset.names = 'ready';
      }).catch(() => {});
    }
  },

  /**
   * A terminal escape sequence: what it does (its `effect`), marked when dangerous, and the
   * sequence as the core wrote it in visible form (`\e[32m`), as text.
   */
  ansiItem(f, i) {
    return el('a', {
      href: `#finding-${i}`, class: f.dangerous ? 'finding ansi dangerous' : 'finding ansi',
      dataset: { index: i, kind: f.kind, offset: f.offset, line: f.line, column: f.column, count: f.count || 1, length: f.length, effect: f.effect || '', dangerous: !!f.dangerous },
      onclick: (e) => { e.preventDefault(); this.goTo(f); },
    }, el('span', { class: 'kind' }, m('finding.ansi_escape')), ' ',
    f.dangerous ? el('strong', { class: 'danger' }, m('ansi.danger')) : null, f.dangerous ? ' ' : null,
    el('code', { class: 'seq' }, f.sequence || f.bytes), ' ', at(f),
    f.count > 1 ? el('span', { class: 'run' }, ` ${runText(f)}`) : null,
    ' — ', el('span', { class: 'msg' }, ansiText(f)));
  },

  /** n / p: the next or previous listed problem after (before) the selection. */
  async stepProblem(dir) {
    const list = this.shownProblems();
    if (!list.length) {
      this.toolStatus(m('tools.noproblem'));
      return;
    }
    const here = this.sel ? this.sel.start : -1;
    let k;
    if (dir > 0) {
      k = list.findIndex(({ p }) => p.offset > here);
      if (k < 0) k = 0;
    } else {
      k = -1;
      list.forEach(({ p }, j) => { if (p.offset < here) k = j; });
      if (k < 0) k = list.length - 1;
    }
    const { p, i, finding } = list[k];
    this.current = i;
    const kind = finding ? m(`finding.${p.kind}`) : m(`kind.${p.kind}`);
    this.toolStatus(m('tools.stepof', { kind, i: num(k + 1), n: num(list.length) }));
    await this.goTo(p);
  },

  globalKey(e) {
    if (!this.report || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || (e.target && e.target.isContentEditable)) return;
    if (this.root.closest('[hidden]')) return;
    if (e.key === 'n') { e.preventDefault(); this.stepProblem(1); }
    else if (e.key === 'p') { e.preventDefault(); this.stepProblem(-1); }
  },
};
