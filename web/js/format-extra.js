// The sections only the UTF-16 and UTF-32 pages have: history, what an unlabelled stream means,
// the first bytes of a file, code-point ranges, the Windows file as a dump, properties; for
// UTF-32 the fixed-width arithmetic, browsers, and the bytes of a unit. Every byte and offset
// is the core's, from ts.sample at load time. Each section carries data-point.
import { el, hexOffset } from './dom.js';
import { t } from './i18n.js';
import { gen, formatName } from './report-text.js';
import { ENDING_USE, WINDOWS_TEXT } from './docs/common.js';
import { UNIT_CHARS } from './docs/utf32.js';

export { ENDING_USE };

const h2 = (key) => el('h2', { dataset: { i18n: key } }, t(key));
const p = (text) => el('p', {}, text);
const th = (...keys) => el('thead', {}, el('tr', {}, ...keys.map((k) => el('th', {}, k.includes('.') ? t(k) : k))));
const section = (point, ...children) => el('section', { class: 'point', dataset: { point } }, ...children);
const cpOf = (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character of a sample (the structure itemises every character). */
function firstChar(ts, format, text) {
  return ts.sample(format, text).structure.lines[0]?.chars[0];
}

/** A dump of a sample's bytes, with the mark, surrogate pairs and endings marked. */
export function dump(x) {
  const bytes = x.bytes.split(' ');
  const cls = new Array(bytes.length).fill('');
  const mark = (from, n, c) => { for (let i = from; i < from + n && i < cls.length; i++) cls[i] = c; };
  if (x.report.bom) mark(x.report.bom.offset, x.report.bom.length, 'mark');
  for (const line of x.structure.lines) {
    for (const ch of line.chars) if (ch.units && ch.units.includes(' ')) mark(ch.offset, ch.bytes.split(' ').length, 'pair');
    if (line.ending) mark(line.ending.offset, line.ending.bytes.split(' ').length, 'end');
  }
  // 16 bytes a row, 8 on a phone (the dump then fits the screen).
  const per = window.matchMedia('(max-width: 600px)').matches ? 8 : 16;
  const rows = [];
  for (let o = 0; o < bytes.length; o += per) {
    rows.push(el('div', { class: 'drow' }, el('span', { class: 'off' }, hexOffset(o).slice(-4)),
      el('span', { class: 'cells' }, ...bytes.slice(o, o + per).map((b, i) => el('span', { class: `b ${cls[o + i]}`.trim(), dataset: { offset: o + i } }, b)))));
  }
  const legend = el('p', { class: 'legend' },
    el('span', { class: 'b mark' }, t('fmt.legend.mark')), ' ', el('span', { class: 'b pair' }, t('fmt.legend.pair')), ' ', el('span', { class: 'b end' }, t('fmt.legend.ending')));
  return [el('div', { class: 'dump', id: 'windows-dump' }, ...rows), legend];
}

export function utf16Sections(ts, id, doc) {
  const out = [];
  out.push(section('history', h2('fmt.history'), ...doc.history.map(p)));
  out.push(section('unlabelled-be', h2('fmt.unlabelled'), ...doc.unlabelled.map(p)));

  const first = doc.firstBytes.map((r) => {
    const x = ts.sample(r.format, 'Hi', r.flags);
    const head = x.bytes.split(' ').slice(0, 4).join(' ');
    return el('tr', {}, el('td', {}, gen(head)), el('td', {}, el('strong', {}, formatName(x.report.format))), el('td', {}, r.note));
  });
  out.push(section('first-bytes', h2('fmt.firstbytes'), el('div', { class: 'scroll-x' }, el('table', { id: 'first-bytes' },
    th('fmt.first', 'fmt.readas', 'fmt.meaning'), el('tbody', {}, ...first)))));

  const ranges = doc.ranges.map((r) => {
    if (!r.example) return el('tr', {}, el('td', {}, r.range), el('td', { colspan: 4 }, r.none));
    const ch = firstChar(ts, id, r.example);
    const u8 = firstChar(ts, 'utf-8', r.example);
    const n = ch.units ? ch.units.split(' ').length : 0;
    return el('tr', {}, el('td', {}, r.range), el('td', {}, doc.units[n]),
      el('td', {}, `${r.example} ${cpOf(r.example)}`), el('td', {}, gen(ch.bytes)), el('td', {}, gen(u8.bytes)));
  });
  out.push(section('ranges', h2('fmt.ranges'), el('div', { class: 'scroll-x' }, el('table', { id: 'ranges' },
    th('fmt.range', 'fmt.units', 'fmt.example', 'fmt.bytes', 'UTF-8'), el('tbody', {}, ...ranges)))));

  const win = ts.sample(id, WINDOWS_TEXT, 1);
  out.push(section('windows-file', h2('fmt.windows'), p(doc.windows), ...dump(win)));

  out.push(section('properties', h2('fmt.properties'), el('ul', { class: 'props' }, ...doc.properties.map((pr) => {
    const li = el('li', {}, pr.text);
    if (pr.recipe) {
      li.append(el('br'), `${pr.recipe}: `, gen(ts.sample(id, pr.recipe).bytes));
      if (pr.utf8) li.append(' · UTF-8: ', gen(ts.sample('utf-8', pr.recipe).bytes));
    }
    return li;
  }))));
  return out;
}

export function utf32Sections(ts, id, doc) {
  const out = [];
  out.push(section('history', h2('fmt.history'), ...doc.history.map(p)));

  const where = (flags) => {
    const x = ts.sample(id, `${'a'.repeat(99)}é`, flags);
    return x.structure.lines[0].chars.find((c) => c.text === 'é').offset;
  };
  out.push(section('arithmetic', h2('fmt.arithmetic'), p(doc.arithmetic),
    el('table', { id: 'arithmetic' }, el('tbody', {},
      el('tr', {}, el('td', {}, doc.arithmeticRows[0]), el('td', { dataset: { offset: where(0) } }, gen(String(where(0))))),
      el('tr', {}, el('td', {}, doc.arithmeticRows[1]), el('td', { dataset: { offset: where(1) } }, gen(String(where(1))))))),
    p(doc.arithmeticNote)));

  out.push(section('browsers', h2('fmt.browsers'), ...doc.browsers.map(p)));

  const plain = ts.sample(id, 'Hi', 2);
  out.push(section('unlabelled-be', h2('fmt.unlabelled'), ...doc.unlabelled.map(p),
    p(el('span', {}, gen(plain.bytes), ' → ', el('strong', {}, formatName(plain.report.format))))));

  const be = id === 'utf-32be';
  const rows = UNIT_CHARS.map((c) => {
    const b = firstChar(ts, id, c).bytes.split(' ');
    return el('tr', {}, el('td', {}, c), el('td', {}, cpOf(c)), ...b.map((x, i) => {
      const zero = be ? i === 0 : i === 3;
      const small = be ? i === 1 : i === 2;
      return el('td', { class: zero ? 'hl-zero' : small ? 'hl-small' : null }, gen(x));
    }));
  });
  out.push(section('unit-bytes', h2('fmt.unitbytes'), p(doc.unitBytes), el('div', { class: 'scroll-x' }, el('table', { id: 'unit-bytes' },
    th('fmt.char', 'fmt.cp', `${t('fmt.byte')} 1`, `${t('fmt.byte')} 2`, `${t('fmt.byte')} 3`, `${t('fmt.byte')} 4`), el('tbody', {}, ...rows)))));
  return out;
}

/**
 * The UTF-8 and legacy pages' sections at the depth of the UTF-16 ones: history, the first
 * bytes of a file and what they decide, the ranges (of code points, or of bytes in a code
 * page) with each one's bytes beside another format's, a file as a dump, and properties.
 * Every verdict and byte is the core's (ts.sample, detecting where a row says so).
 */
export function moreSections(ts, id, doc) {
  const out = [];
  out.push(section('history', h2('fmt.history'), ...doc.history.map(p)));

  const first = doc.firstBytes.map((r) => {
    const x = ts.sample(r.format, r.recipe ?? 'Hi', r.flags);
    const head = x.bytes.split(' ').slice(0, r.show ?? 4).join(' ');
    const enc = x.report.format === 'legacy' ? ` (${x.report.encoding})` : '';
    return el('tr', { dataset: { format: x.report.format } }, el('td', {}, gen(head)),
      el('td', {}, el('strong', {}, formatName(x.report.format)), enc), el('td', {}, r.note));
  });
  out.push(section('first-bytes', h2('fmt.firstbytes'), el('div', { class: 'scroll-x' }, el('table', { id: 'first-bytes' },
    th('fmt.first', 'fmt.readas', 'fmt.meaning'), el('tbody', {}, ...first)))));

  const ranges = doc.ranges.map((r) => {
    if (!r.example) return el('tr', {}, el('td', {}, r.range), el('td', { colspan: 4 }, r.none));
    const ch = firstChar(ts, id, r.example);
    const other = firstChar(ts, doc.compare, r.example);
    if (!ch) return el('tr', {}, el('td', {}, r.range), el('td', {}, '—'), el('td', {}, `${r.example} ${cpOf(r.example)}`), el('td', {}, t('fmt.notmapped')), el('td', {}, gen(other.bytes)));
    const n = ch.bytes.split(' ').length;
    return el('tr', {}, el('td', {}, r.range), el('td', {}, doc.units[n] ?? String(n)),
      el('td', {}, `${r.example} ${cpOf(r.example)}`), el('td', {}, gen(ch.bytes)), el('td', {}, gen(other.bytes)));
  });
  out.push(section('ranges', h2('fmt.ranges'), p(doc.rangesIntro), el('div', { class: 'scroll-x' }, el('table', { id: 'ranges' },
    th('fmt.range', 'fmt.bytes', 'fmt.example', id === 'legacy' ? 'windows-1252' : id.toUpperCase(), doc.compare.toUpperCase()), el('tbody', {}, ...ranges)))));

  const win = ts.sample(id, doc.windowsText ?? WINDOWS_TEXT, id === 'legacy' ? 0 : 1);
  out.push(section('windows-file', h2('fmt.windows'), p(doc.windows), ...dump(win)));

  out.push(section('properties', h2('fmt.properties'), el('ul', { class: 'props' }, ...doc.properties.map((pr) => {
    const li = el('li', {}, pr.text);
    if (pr.recipe) {
      li.append(el('br'), `${pr.recipe}: `, gen(ts.sample(id, pr.recipe).bytes));
      if (pr.compare) li.append(` · ${pr.compare.toUpperCase()}: `, gen(ts.sample(pr.compare, pr.recipe).bytes));
    }
    return li;
  }))));
  return out;
}
