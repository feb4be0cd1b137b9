// The UTF-16 page's reference sections: badges, quick facts, the code space, the pair rule,
// the invariants, the nine example cards, BE/LE serialisation, where a mark belongs, the myth,
// key concepts and references. Every byte and count in them is the core's (ts.inspect,
// ts.sample) at load time. Each section carries data-point (tests/browser/tests/content.test.js).
import { el } from '../dom.js';

const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
const gen = (text) => el('code', { class: 'gen' }, text);
const p = (text) => el('p', {}, text);
const section = (point, title, ...children) => el('section', { class: 'point', dataset: { point } }, el('h2', {}, title), ...children);
const table = (id, cols, rows) => el('div', { class: 'scroll-x', tabindex: '0' }, el('table', { id },
  el('thead', {}, el('tr', {}, ...cols.map((c) => el('th', {}, c)))), el('tbody', {}, ...rows)));

export const PRESETS = ['A', 'é', '€', '∞', '😀', '𐂃', '𪚥', 'e\u0301', '👩\u200D💻'];

/** "U+1F600" or "U+0065 U+0301": the code points of a preset, so a missing glyph is still named. */
export function cpLabel(s) {
  return Array.from(s, (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
}

export function badges(tx) {
  return el('ul', { class: 'badges', dataset: { point: 'badges' }, 'aria-label': tx.badgesLabel }, ...tx.badges.map((b) => el('li', { class: 'badge-std' }, b)));
}

export function quickFacts(ts, tx) {
  const be = ts.sample('utf-16be', '', 1).bytes;
  const le = ts.sample('utf-16le', '', 1).bytes;
  const rows = tx.facts.map(([k, v], i) => el('tr', {}, el('th', { scope: 'row' }, k),
    el('td', {}, v, i === 6 ? el('span', {}, ' ', gen(be), ' (BE), ', gen(le), ' (LE)') : null)));
  return section('quick-facts', tx.factsTitle, el('div', { class: 'scroll-x' }, el('table', { id: 'quick-facts', class: 'facts' }, el('tbody', {}, ...rows))));
}

export function codeSpace(ts, tx) {
  const units = (c) => ts.inspect(c).code_points[0].utf16.join(' ');
  const cells = [
    `${units('\u0000')} – ${units('\uD7FF')}`,
    'D800 – DBFF',
    'DC00 – DFFF',
    `${units('\uE000')} – ${units('\uFFFF')}`,
    `${units('\u{10000}')} – ${units('\u{10FFFF}')}`,
  ];
  const rows = tx.codeSpace.map(([range, status], i) => el('tr', {}, el('td', {}, range), el('td', {}, gen(cells[i])), el('td', {}, status)));
  return section('code-space', tx.codeSpaceTitle, table('code-space', tx.codeSpaceCols, rows));
}

export function pairRule(tx) { return section('pair-rule', tx.pairRuleTitle, p(tx.pairRule)); }

export function invariants(tx) {
  return section('invariants', tx.invariantsTitle, el('ol', {}, ...tx.invariants.map((x) => el('li', {}, x))));
}

export function cards(ts, tx) {
  const L = tx.cardLabels;
  const list = PRESETS.map((s, i) => {
    const r = ts.inspect(s);
    const cps = r.code_points;
    const tt = r.totals;
    const dl = el('dl', {},
      el('dt', {}, L.name), el('dd', { class: 'uname' }, cps.map((c) => c.label).join(' + ')),
      el('dt', {}, L.block), el('dd', {}, tx.cards[i].block),
      el('dt', {}, L.units), el('dd', {}, gen(cps.map((c) => c.utf16.join(' ')).join(' '))),
      el('dt', {}, L.be), el('dd', {}, gen(cps.map((c) => c.utf16be).join(' '))),
      el('dt', {}, L.le), el('dd', {}, gen(cps.map((c) => c.utf16le).join(' '))),
      el('dt', {}, L.counts), el('dd', {}, fill(tx.countsFmt, { cp: tt.code_points, units: tt.utf16_units, bytes: tt.bytes, graphemes: tt.graphemes })));
    return el('article', { class: 'card ex-card', dataset: { preset: s } },
      el('h3', {}, el('span', { class: 'glyph' }, s), ' ', el('span', { class: 'cp-label' }, cpLabel(s))), dl, el('p', { class: 'help' }, tx.cards[i].note));
  });
  return section('example-cards', tx.cardsTitle, el('div', { class: 'cards' }, ...list));
}

export function serialisation(ts, tx) {
  // Five rows: the mark itself, ASCII, Latin-1, a BMP symbol, and a pair.
  const rows = ['\uFEFF', 'A', 'é', '€', '😀'].map((c) => {
    const x = ts.inspect(c).code_points[0];
    return el('tr', {}, el('td', {}, `${c} ${x.code_point}`), el('td', {}, gen(x.utf16.join(' '))), el('td', {}, gen(x.utf16be)), el('td', {}, gen(x.utf16le)));
  });
  return section('serialisation', tx.serialTitle, table('serialisation', tx.serialCols, rows), p(tx.serialNote));
}

export function bomContexts(ts, tx) {
  const be = ts.sample('utf-16be', '', 1).bytes;
  const le = ts.sample('utf-16le', '', 1).bytes;
  const joined = ts.sample('utf-16be', 'a\uFEFFb').bytes;
  const leading = [`${be} / ${le}`, `${be} / ${le}`, '—', joined];
  const rows = tx.bomRows.map(([ctx, what], i) => el('tr', {}, el('td', {}, ctx), el('td', {}, gen(leading[i])), el('td', {}, what)));
  return section('bom-contexts', tx.bomTitle, table('bom-contexts', tx.bomCols, rows));
}

export function myth(tx) { return section('bom-myth', tx.mythTitle, ...tx.myth.map(p)); }

export function concepts(ts, tx) {
  const total = (s) => {
    const tt = ts.inspect(s).totals;
    return gen(fill(tx.countsFmt, { cp: tt.code_points, units: tt.utf16_units, bytes: tt.bytes, graphemes: tt.graphemes }));
  };
  const extra = [
    total('😀'),
    total('👩\u200D💻'),
    null,
    el('span', {}, 'A: ', gen(ts.sample('utf-8', 'A').bytes), ' / ', gen(ts.sample('utf-16le', 'A').bytes), ' · 中: ', gen(ts.sample('utf-8', '中').bytes), ' / ', gen(ts.sample('utf-16le', '中').bytes)),
    // The browser's own answers, computed here: the pitfall in action.
    el('span', { id: 'length-demo' }, gen(`"😀".length = ${'😀'.length}`), ' · ', gen(`[..."😀"].length = ${[...'😀'].length}`)),
  ];
  return section('concepts', tx.conceptsTitle, el('div', { class: 'cards' }, ...tx.concepts.map((c, i) => el('article', { class: 'card concept' },
    el('h3', {}, c.title), p(c.text), extra[i] ? el('p', {}, extra[i]) : null))));
}

export function references(tx) {
  return section('references', tx.refsTitle, el('ul', { class: 'refs' }, ...tx.refs.map(([text, url]) => el('li', {}, el('a', { href: url, rel: 'noopener' }, text)))));
}

/** The sizes of the code space, computed here from its bounds (and checked by the tests). */
export function sizes(tx) {
  const all = 0x10FFFF + 1;
  const beyond = 0x10FFFF - 0xFFFF;
  const surrogates = 0xDFFF - 0xD800 + 1;
  const n = (v) => v.toLocaleString(tx === undefined ? 'en-US' : tx.numberLocale || 'en-US');
  const vars = { all: n(all), beyond: n(beyond), surrogates: n(surrogates), scalars: n(all - surrogates) };
  const rows = tx.sizes.map(([k, v]) => el('tr', {}, el('th', { scope: 'row' }, k), el('td', {}, fill(v, vars))));
  return section('sizes', tx.sizesTitle, el('div', { class: 'scroll-x' }, el('table', { id: 'sizes', class: 'facts' }, el('tbody', {}, ...rows))));
}

/** The encode and decode formulas, with the core's derivation of U+1F600 as bit groups. */
export function formulas(ts, tx) {
  const x = ts.inspect('😀').code_points[0];
  const d = x.derivation;
  const bits = d.bits.replace(/[^01]/g, '').padStart(20, '0');
  const h4 = (v) => v.toString(16).toUpperCase().padStart(4, '0');
  const example = fill(tx.formulaExample, {
    cp: x.code_point, offset: d.offset.toString(16).toUpperCase().padStart(5, '0'), hi: bits.slice(0, 10), lo: bits.slice(10),
    high: h4(d.high_surrogate), low: h4(d.low_surrogate), check: `U+${d.check.toString(16).toUpperCase()}`,
  });
  return section('formulas', tx.formulasTitle, ...tx.formulas.map(p), el('p', { id: 'formula-example' }, gen(example)));
}

/** The six malformed sequences, each checked by the core (units, or bytes for the odd count). */
export function malformed(ts, tx, unitsOf) {
  const seqs = ['D83D 0041', 'DC00', '0041 D83D', 'D83D D83D DE00', 'DE00 D83D', null];
  const rows = seqs.map((units, i) => {
    let shownSeq; let cls; let pos;
    if (units) {
      const v = ts.checkUnits(units).ok;
      shownSeq = units;
      cls = v.headline.class;
      pos = v.headline.position;
    } else {
      // Three bytes, big-endian: one whole unit and a byte left over.
      const bytes = [0x00, 0x41, 0xD8];
      const u = unitsOf(bytes, 'be');
      shownSeq = '00 41 D8';
      cls = 'ODD_BYTE_COUNT';
      pos = u.units.length;
    }
    return el('tr', { dataset: { class: cls } }, el('td', {}, gen(shownSeq)), el('td', {}, tx.malformed[i]),
      el('td', {}, el('code', {}, cls), el('span', { class: 'help block' }, tx.classes[cls] || '')), el('td', {}, String(pos)));
  });
  return section('malformed-table', tx.malformedTitle, p(tx.malformedIntro), table('malformed', tx.malformedCols, rows));
}

/** Strict against lenient: the core's error and its lossy reading of the same units. */
export function strict(ts, tx) {
  const v = ts.checkUnits('D83D 0041').ok;
  return section('strict-decoders', tx.strictTitle, ...tx.strict.map(p),
    el('p', {}, gen('D83D 0041'), ' → ', el('code', { class: 'gen', id: 'lossy' }, v.lossy), ' · ', el('code', {}, v.headline.class)));
}

/** The line-counting rule and the end of a file. */
export function linesRule(tx) { return section('line-rule', tx.linesTitle, ...tx.lines16.map(p)); }
