// A format page: the prose of docs/*.js in the page's language, and every byte, verdict and
// problem computed by the core (wasm) from real bytes at load time. Sections carry
// data-point="…" (the content points the browser tests look for).
import { el } from './dom.js';
import { DOCS, EXAMPLES } from './format-docs.js';
import { FORMATS } from './formats.js';
import { load } from './textscope.js';
import { t, pick, href, onChange } from './i18n.js';
import { gen, problemCell, stepItem, formatName } from './report-text.js';
import { utf16Sections, utf32Sections, moreSections, ENDING_USE } from './format-extra.js';

const ENDINGS = [['LF', '\n'], ['CR LF', '\r\n'], ['CR', '\r'], ['NEL', '\u0085'], ['LS', '\u2028'], ['PS', '\u2029']];

const main = document.getElementById('format-page');
const id = main.dataset.format;

const h2 = (key) => el('h2', { dataset: { i18n: key } }, t(key));
const p = (text) => el('p', {}, text);
const th = (...keys) => el('thead', {}, el('tr', {}, ...keys.map((k) => el('th', { dataset: { i18n: k } }, t(k)))));

function render(ts) {
  const doc = pick(DOCS[id]);
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
  const rows = EXAMPLES.map((c) => {
    const x = sample(c);
    const ch = x.structure.lines[0]?.chars[0];
    const cp = `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    if (!ch) return el('tr', { dataset: { char: c } }, el('td', {}, c), el('td', {}, cp), el('td', { colspan: 2 }, t('fmt.notmapped')));
    return el('tr', { dataset: { char: c } }, el('td', {}, ch.text), el('td', {}, ch.code_point || cp),
      el('td', {}, gen(ch.bytes)), el('td', {}, ch.units ? gen(ch.units) : gen(ch.bytes)));
  });
  parts.push(h2('fmt.encoding'), p(doc.encoding), el('div', { class: 'scroll-x' }, el('table', { id: 'examples' },
    th('fmt.char', 'fmt.cp', 'fmt.bytes', 'fmt.units'), el('tbody', {}, ...rows))));

  // UTF-16 and UTF-32 pages: history, labels, first bytes, ranges, the Windows file …
  if (id.startsWith('utf-16')) parts.push(...utf16Sections(ts, id, doc));
  // UTF-8 and legacy: the same depth (history, first bytes, ranges, a file's dump, properties).
  if (id === 'utf-8' || id === 'legacy') parts.push(...moreSections(ts, id, doc));

  // The mark.
  parts.push(h2('fmt.mark'), ...doc.mark.map(p));
  if (doc.markSamples.length) {
    parts.push(el('div', { class: 'scroll-x' }, el('table', { id: 'mark-samples' },
      th('fmt.bytes', 'fmt.verdict', 'fmt.problem'),
      el('tbody', {}, ...doc.markSamples.map((m) => {
        const x = sample(m.recipe, m.flags);
        return el('tr', {}, el('td', {}, gen(x.bytes), m.what ? el('div', { class: 'help' }, m.what) : null),
          el('td', {}, `${formatName(x.report.format)}${x.report.bom ? ` · ${t('summary.bom')} ${x.report.bom.bytes}` : ''}`),
          el('td', {}, ...problemCell(x.report)));
      })))));
  }

  // Lines and endings, with where each ending is used.
  const use = pick(ENDING_USE);
  const endRows = ENDINGS.map(([name, e]) => {
    const x = sample(`a${e}`);
    const ending = x.structure.lines[0]?.ending;
    const ok = ending && (ending.kind !== 'lf' || name === 'LF');
    return el('tr', { dataset: { ending: name } }, el('td', {}, name), el('td', {}, ok ? gen(ending.bytes) : t('fmt.notmapped')), el('td', {}, use[name]));
  });
  parts.push(h2('fmt.lines'), p(doc.lines), el('div', { class: 'scroll-x', dataset: { point: 'ending-usage' } }, el('table', { id: 'endings' },
    th('fmt.ending', 'fmt.bytes', 'fmt.usedby'), el('tbody', {}, ...endRows))));

  // The end of the file.
  parts.push(h2('fmt.end'), p(doc.end), sampleTable('end-samples', doc.endSamples, sample));

  // Problems.
  parts.push(h2('fmt.problems'), sampleTable('problems', doc.problems, sample, false));

  // Detection.
  parts.push(h2('fmt.detection'), ...doc.detection.map(p));
  parts.push(el('div', { class: 'scroll-x' }, el('table', { id: 'detect-samples' },
    th('fmt.sample', 'fmt.verdict', 'detection.title'),
    el('tbody', {}, ...doc.detectSamples.map((d) => {
      const x = sample(d.recipe, 2);
      return el('tr', {}, el('td', {}, gen(x.bytes.length > 60 ? `${x.bytes.slice(0, 60)} …` : x.bytes)),
        el('td', {}, el('strong', { dataset: { format: x.report.format } }, formatName(x.report.format)), ` (${x.report.encoding})`),
        el('td', {}, el('ol', { class: 'steps' }, ...x.report.detection.steps.map((st) => stepItem(st, x.report)))));
    })))));

  if (id.startsWith('utf-32')) parts.push(...utf32Sections(ts, id, doc));

  // Variants.
  parts.push(h2('fmt.variants'), el('ul', {}, ...doc.variants.map((v) => {
    const f = FORMATS.find((x) => x.id === v);
    return el('li', {}, el('a', { href: href(f.page), dataset: { pageLink: f.page } }, f.name || t('name.legacy')));
  }), el('li', {}, el('a', { href: href('utf-16.html'), dataset: { i18n: 'nav.utf16', pageLink: 'utf-16.html' } }, t('nav.utf16')))));

  main.replaceChildren(...parts);
  document.body.dataset.examples = 'ready';
}

function sampleTable(tid, list, sample, notes = true) {
  return el('div', { class: 'scroll-x' }, el('table', { id: tid },
    th('fmt.bytes', 'fmt.problem'),
    el('tbody', {}, ...list.map((m) => {
      const x = sample(m.recipe);
      return el('tr', {}, el('td', {}, gen(x.bytes), el('div', { class: 'help' }, m.what)), el('td', {}, ...problemCell(x.report, notes)));
    }))));
}

load().then((ts) => {
  render(ts);
  onChange(() => render(ts));
});
