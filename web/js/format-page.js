// A format page: the prose of format-docs.js, and every byte, verdict and problem computed by
// the core (wasm) from real bytes at load time.
import { el } from './dom.js';
import { DOCS } from './format-docs.js';
import { FORMATS } from './app.js';
import { load } from './textscope.js';
import { t, onChange } from './i18n.js';

const ENDINGS = [['LF', '\n'], ['CR LF', '\r\n'], ['CR', '\r'], ['NEL', '\u0085'], ['LS', '\u2028'], ['PS', '\u2029']];

const main = document.getElementById('format-page');
const id = main.dataset.format;
const doc = DOCS[id];

const h2 = (key) => el('h2', { dataset: { i18n: key } }, t(key));
const p = (text) => el('p', {}, text);
const gen = (text) => el('code', { class: 'gen' }, text);

function problemCell(report, notes = true) {
  const items = report.problems.map((x) => el('div', {}, el('strong', {}, x.kind), ` @ ${x.offset} (${t('problems.at', { line: x.line, column: x.column, offset: x.offset })}): `, gen(x.bytes), ` — ${x.message}`));
  if (notes) for (const n of report.notes) items.push(el('div', {}, el('strong', {}, n.kind), ` — ${n.message}`));
  return items.length ? items : [t('problems.none')];
}

function render(ts) {
  const sample = (recipe, flags = 0) => ts.sample(id, recipe, flags);
  const parts = [];

  parts.push(el('h1', {}, doc.title), p(doc.intro), el('p', { class: 'help', dataset: { i18n: 'fmt.generated' } }, t('fmt.generated')));

  // The parts of the file, from a real two-line sample.
  const withMark = id !== 'legacy' ? 1 : 0;
  const s = sample('Hi\r\nyo\n', withMark);
  const all = s.bytes.split(' ');
  const slice = (from, n) => all.slice(from, from + n).join(' ');
  const bar = el('div', { class: 'parts', id: 'parts' });
  if (s.report.bom) bar.append(el('span', { class: 'p-mark', title: t('summary.bom') }, `${t('tree.mark')}: ${s.report.bom.bytes}`));
  for (const line of s.structure.lines) {
    bar.append(el('span', { class: 'p-line' }, `${t('tree.line', { n: line.number })} “${line.text}”: ${slice(line.offset, line.length)}`));
    if (line.ending) bar.append(el('span', { class: 'p-end' }, `${line.ending.kind.toUpperCase()}: ${line.ending.bytes}`));
  }
  parts.push(h2('fmt.parts'), p(doc.parts), bar);

  // How characters become bytes.
  const rows = DOCS.EXAMPLES.map((c) => {
    const x = sample(c);
    const ch = x.structure.lines[0]?.chars[0];
    const cp = `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    if (!ch) return el('tr', { dataset: { char: c } }, el('td', {}, c), el('td', {}, cp), el('td', { colspan: 2 }, t('fmt.notmapped')));
    return el('tr', { dataset: { char: c } }, el('td', {}, ch.text), el('td', {}, ch.code_point || cp),
      el('td', {}, gen(ch.bytes)), el('td', {}, ch.units ? gen(ch.units) : gen(ch.bytes)));
  });
  parts.push(h2('fmt.encoding'), p(doc.encoding), el('table', { id: 'examples' },
    el('thead', {}, el('tr', {}, ...['fmt.char', 'fmt.cp', 'fmt.bytes', 'fmt.units'].map((k) => el('th', { dataset: { i18n: k } }, t(k))))),
    el('tbody', {}, ...rows)));

  // The mark.
  parts.push(h2('fmt.mark'), ...doc.mark.map(p));
  if (doc.markSamples.length) {
    parts.push(el('table', { id: 'mark-samples' },
      el('thead', {}, el('tr', {}, ...['fmt.bytes', 'fmt.verdict', 'fmt.problem'].map((k) => el('th', {}, t(k))))),
      el('tbody', {}, ...doc.markSamples.map((m) => {
        const x = sample(m.recipe, m.flags);
        return el('tr', {}, el('td', {}, gen(x.bytes), m.what ? el('div', { class: 'help' }, m.what) : null),
          el('td', {}, `${x.report.format}${x.report.bom ? ` · ${t('summary.bom')} ${x.report.bom.bytes}` : ''}`),
          el('td', {}, ...problemCell(x.report)));
      }))));
  }

  // Lines and endings.
  const endRows = ENDINGS.map(([name, e]) => {
    const x = sample(`a${e}`);
    const ending = x.structure.lines[0]?.ending;
    return el('tr', {}, el('td', {}, name), el('td', {}, ending && ending.kind !== 'lf' || name === 'LF' ? gen(ending ? ending.bytes : '') : t('fmt.notmapped')));
  });
  parts.push(h2('fmt.lines'), p(doc.lines), el('table', { id: 'endings' },
    el('thead', {}, el('tr', {}, el('th', {}, t('summary.endings')), el('th', {}, t('fmt.bytes')))), el('tbody', {}, ...endRows)));

  // The end of the file.
  parts.push(h2('fmt.end'), p(doc.end), sampleTable('end-samples', doc.endSamples, sample));

  // Problems.
  parts.push(h2('fmt.problems'), sampleTable('problems', doc.problems, sample, false));

  // Detection.
  parts.push(h2('fmt.detection'), ...doc.detection.map(p));
  parts.push(el('table', { id: 'detect-samples' },
    el('thead', {}, el('tr', {}, el('th', {}, t('fmt.sample')), el('th', {}, t('fmt.verdict')), el('th', {}, t('detection.title')))),
    el('tbody', {}, ...doc.detectSamples.map((d) => {
      const x = sample(d.recipe, 2);
      return el('tr', {}, el('td', {}, gen(x.bytes.length > 60 ? `${x.bytes.slice(0, 60)} …` : x.bytes)),
        el('td', {}, el('strong', {}, x.report.format), ` (${x.report.encoding})`),
        el('td', {}, el('ol', { class: 'steps' }, ...x.report.detection.steps.map((st) => el('li', { class: st.accepted ? 'ok' : 'no' }, el('strong', {}, st.format), `: ${st.reason}`)))));
    }))));

  // Variants.
  parts.push(h2('fmt.variants'), el('ul', {}, ...doc.variants.map((v) => {
    const f = FORMATS.find((x) => x.id === v);
    return el('li', {}, el('a', { href: f.page }, f.name));
  }), el('li', {}, el('a', { href: 'utf-16.html', dataset: { i18n: 'nav.utf16' } }, t('nav.utf16')))));

  main.replaceChildren(...parts);
  document.body.dataset.examples = 'ready';
}

function sampleTable(tid, list, sample, notes = true) {
  return el('table', { id: tid },
    el('thead', {}, el('tr', {}, ...['fmt.bytes', 'fmt.problem'].map((k) => el('th', {}, t(k))))),
    el('tbody', {}, ...list.map((m) => {
      const x = sample(m.recipe);
      return el('tr', {}, el('td', {}, gen(x.bytes), el('div', { class: 'help' }, m.what)), el('td', {}, ...problemCell(x.report, notes)));
    })));
}

load().then((ts) => {
  render(ts);
  onChange(() => render(ts));
});
