// The UTF-16 page (SPEC §8): reference sections (sections.js) around the tools (tools.js), in
// the page's language (text-en.js, text-es.js). Re-rendered on a language switch; the inputs
// keep their values.
import { el } from '../dom.js';
import { load } from '../textscope.js';
import { pick, onChange } from '../i18n.js';
import { count } from '../messages.js';
import { FORMS, writeAll, readForm } from './convert.js';
import { EN } from './text-en.js';
import { ES } from './text-es.js';
import * as S from './sections.js';
import {
  shown, codePoints, copyButton, inspectRows, parseErrorText, errorRows, errorHead,
  parseBytes, byteOrder, unitsOf, orderName,
} from './tools.js';

/** Copies each column's heading into its cells (data-label), for the stacked phone layout. */
function labelCells(table) {
  const heads = [...table.querySelectorAll('thead th')].map((h) => h.textContent);
  for (const tr of table.querySelectorAll('tbody tr')) {
    [...tr.children].forEach((td, i) => { if (heads[i]) td.dataset.label = heads[i]; });
  }
  table.hidden = !table.querySelector('tbody tr');
}

const fill = (s, vars) => s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
const main = document.querySelector('main');
const state = { text: '😀', format: 'hex', units: 'D83D DE00 0041 DC00', pair: 'D83D DE00', bytes: 'FE FF D8 3D DE 00 00 41', order: 'auto' };

// The inspector's input lives in the address (`?text=…`, the language kept), so a link or a
// reload shows the same text; replaceState: typing adds no history steps.
try {
  const v = new URLSearchParams(window.location.search).get('text');
  if (v !== null && v.length <= 4096) state.text = v;
} catch { /* no URL: the default text */ }
function keepInUrl(text) {
  try {
    const u = new URL(window.location.href);
    if (text) u.searchParams.set('text', text); else u.searchParams.delete('text');
    window.history.replaceState(window.history.state, '', u);
  } catch { /* file: URLs */ }
}

function input(id, value, onInput) {
  const i = el('input', { type: 'text', id, autocomplete: 'off', spellcheck: 'false' });
  i.value = value;
  i.addEventListener('input', () => onInput(i.value));
  return i;
}
const label = (f, text) => el('label', { for: f }, text);
const radios = (name, options, current, onPick) => el('div', { class: 'radios', role: 'radiogroup' }, ...Object.entries(options).map(([v, text]) => {
  const r = el('input', { type: 'radio', name, value: v, id: `${name}-${v}` });
  r.checked = v === current;
  r.addEventListener('change', () => onPick(v));
  return el('label', { class: 'inline', for: `${name}-${v}` }, r, ` ${text}`);
}));

function render(ts) {
  const tx = pick({ en: EN, es: ES });
  const parts = [el('h1', {}, tx.title), el('p', {}, tx.intro), S.badges(tx), S.quickFacts(ts, tx)];

  // The inspector: text or U+XXXX code points → the core's Inspection.
  const totals = el('p', { class: 'totals', id: 'totals' });
  const cpError = el('p', { class: 'err', id: 'cp-error', role: 'status' });
  const tbody = el('tbody');
  const hexBe = el('code', { class: 'gen hexline', id: 'hex-be' });
  const hexLe = el('code', { class: 'gen hexline', id: 'hex-le' });
  const inspect = () => {
    const cps = codePoints(state.text, tx);
    cpError.textContent = cps && cps.error ? cps.error : '';
    const r = ts.inspect(cps && !cps.error ? cps.text : (cps ? '' : state.text));
    const tt = r.totals;
    totals.textContent = [count('code_point', tt.code_points), count('utf16_unit', tt.utf16_units), count('byte', tt.bytes), count('grapheme_cluster', tt.graphemes)].join(' · ');
    totals.dataset.totals = JSON.stringify(tt);
    tbody.replaceChildren(...inspectRows(tx, r, state.format));
    labelCells(tbody.closest('table'));
    hexBe.textContent = r.code_points.map((c) => c.utf16be).join(' ').replace(/ /g, '');
    hexLe.textContent = r.code_points.map((c) => c.utf16le).join(' ').replace(/ /g, '');
    keepInUrl(state.text);
    // The converter's fields follow the inspected text (code points typed as U+XXXX are that text).
    const forms = writeAll(r.text);
    for (const f of FORMS) if (f.id !== editing) convFields[f.id].value = forms[f.id];
    if (editing === null) for (const f of FORMS) convErrors[f.id].textContent = '';
  };
  // The converter: each field one form of the inspected text; editing one reads it back (strict),
  // and the inspector and the other fields follow. `editing` is the field being typed in.
  let editing = null;
  const convFields = {};
  const convErrors = {};
  const convRows = FORMS.map((f) => {
    const fid = `conv-${f.id}`;
    const field = el('input', { type: 'text', id: fid, autocomplete: 'off', spellcheck: 'false', dataset: { form: f.id } });
    const err = el('span', { class: 'err', id: `${fid}-error`, role: 'status' });
    convFields[f.id] = field;
    convErrors[f.id] = err;
    field.addEventListener('input', () => {
      const got = readForm(f.id, field.value);
      if (got.error) {
        const why = fill(tx.conv.errors[got.error.what] || tx.conv.errors.escape, { token: got.error.token });
        err.textContent = fill(tx.conv.errorAt, { why, at: got.error.at + 1 });
        field.setAttribute('aria-invalid', 'true');
        return;
      }
      err.textContent = '';
      field.removeAttribute('aria-invalid');
      editing = f.id;
      state.text = got.text;
      text.value = got.text;
      try { inspect(); } finally { editing = null; }
    });
    return el('tr', { dataset: { form: f.id } }, el('th', { scope: 'row' }, el('label', { for: fid }, tx.conv.forms[f.id])),
      el('td', {}, field, ' ', copyButton(tx, () => field.value, `${fid}-copy`), ' ', err));
  });
  const converter = el('section', { class: 'panel tool', id: 'converter', dataset: { point: 'converter' } }, el('h2', {}, tx.conv.title),
    el('p', { class: 'help' }, tx.conv.intro),
    el('div', { class: 'scroll-x' }, el('table', { id: 'conv', class: 'facts' }, el('tbody', {}, ...convRows))));
  const text = input('insp-text', state.text, (v) => { state.text = v; inspect(); });
  const presets = el('div', { class: 'presets', id: 'presets', role: 'group', 'aria-label': tx.presetsLabel, dataset: { point: 'preset-labels' } },
    ...S.PRESETS.map((s) => el('button', { type: 'button', class: 'preset', dataset: { preset: s }, onclick: () => { state.text = s; text.value = s; inspect(); } },
      el('span', { class: 'glyph' }, s), el('span', { class: 'cp-label' }, S.cpLabel(s)))));
  const formats = el('div', { dataset: { point: 'display-format' } }, el('span', { class: 'lbl' }, tx.formatLabel), ' ',
    radios('display', tx.formats, state.format, (v) => { state.format = v; inspect(); }));
  const hexBox = el('div', { class: 'hexbox', dataset: { point: 'hex-string' } }, el('h3', {}, tx.hexTitle),
    el('p', {}, 'UTF-16BE ', hexBe, ' ', el('span', { dataset: { point: 'copy' } }, copyButton(tx, () => hexBe.textContent, 'copy-be'))),
    el('p', {}, 'UTF-16LE ', hexLe, ' ', copyButton(tx, () => hexLe.textContent, 'copy-le')));
  const c = tx.cols;
  parts.push(el('section', { class: 'panel tool', dataset: { point: 'encoder' } }, el('h2', {}, tx.toolsTitle),
    label('insp-text', tx.textLabel), text, cpError, presets, formats, totals,
    el('div', { class: 'scroll-x', dataset: { point: 'be-le' } }, el('table', { id: 'code-points', class: 'stack' },
      el('thead', {}, el('tr', {}, ...[c.char, c.cp, c.name, c.plane, c.units, c.be, c.le, c.deriv].map((h) => el('th', {}, h)))), tbody)),
    hexBox), converter);

  // Pair → code point.
  const calcOut = el('p', { id: 'calc-result', role: 'status' });
  const calc = () => {
    const r = ts.checkUnits(state.pair);
    calcOut.className = 'err';
    delete calcOut.dataset.cp;
    if (r.error) { calcOut.textContent = parseErrorText(tx, r.error); return; }
    const v = r.ok;
    if (!v.well_formed) { calcOut.textContent = fill(tx.calcNotPair, { why: fill(tx.messages[v.headline.class], { unit: v.units[v.headline.position] || '' }) }); return; }
    const cps = v.decoded.code_points;
    if (cps.length !== 1) { calcOut.textContent = fill(tx.calcNotPair, { why: tx.calcMore }); return; }
    const x = cps[0];
    calcOut.className = 'okmsg';
    calcOut.dataset.cp = x.code_point;
    const check = x.derivation ? x.derivation.steps[5] : null;
    calcOut.replaceChildren(fill(tx.calcResult, { units: v.units.join(' '), cp: x.code_point, name: x.label }),
      check ? el('br') : '', check ? el('code', {}, `${check.expression} = ${check.result}`) : '');
  };
  parts.push(el('section', { class: 'panel tool', dataset: { point: 'calculator' } }, el('h2', {}, tx.calcTitle),
    label('pair', tx.calcLabel), input('pair', state.pair, (v) => { state.pair = v; calc(); }), calcOut));

  // Units validator.
  const head = el('p', { id: 'headline', role: 'status' });
  const errBody = el('tbody');
  const validate = () => {
    const r = ts.checkUnits(state.units);
    errBody.replaceChildren();
    errBody.closest('table').hidden = true;
    delete head.dataset.position;
    if (r.error) { head.className = 'err'; head.textContent = parseErrorText(tx, r.error); head.dataset.class = 'PARSE'; return; }
    const v = r.ok;
    if (v.well_formed) {
      head.className = 'okmsg';
      head.textContent = `${fill(tx.valid, { n: v.units.length, cp: v.decoded ? v.decoded.totals.code_points : 0 })} ${v.lossy ? `${tx.decodes} ${v.lossy}` : ''}`;
      head.dataset.class = 'OK';
      return;
    }
    head.className = 'err';
    head.textContent = fill(tx.first, { label: tx.classes[v.headline.class], pos: v.headline.position });
    head.dataset.class = v.headline.class;
    head.dataset.position = v.headline.position;
    errBody.replaceChildren(...errorRows(tx, v));
    labelCells(errBody.closest('table'));
  };
  parts.push(el('section', { class: 'panel tool', dataset: { point: 'unit-validator' } }, el('h2', {}, tx.unitsTitle),
    label('units', tx.unitsLabel), input('units', state.units, (v) => { state.units = v; validate(); }), head,
    el('div', { class: 'scroll-x', dataset: { point: 'risk' } }, el('table', { id: 'errors', class: 'stack' }, errorHead(tx, false), errBody))));

  // Bytes validator.
  const bHead = el('p', { id: 'b-headline', role: 'status' });
  const bOrder = el('p', { id: 'b-order', class: 'help' });
  const bBody = el('tbody');
  const bUnits = el('p', { id: 'b-units' });
  const checkBytes = () => {
    const pb = parseBytes(state.bytes);
    bBody.replaceChildren();
    bBody.closest('table').hidden = true;
    bUnits.replaceChildren();
    bOrder.textContent = '';
    if (pb.error) { bHead.className = 'err'; bHead.textContent = parseErrorText(tx, pb.error); bHead.dataset.class = 'PARSE'; return; }
    const o = byteOrder(ts, pb.bytes, state.order);
    bOrder.dataset.order = o.order;
    bOrder.dataset.how = o.how;
    const name = orderName(o.order);
    const markHex = pb.bytes.slice(0, 2).map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
    bOrder.textContent = { mark: fill(tx.orderMark, { bytes: markHex, order: name }), guess: fill(tx.orderGuess, { order: name }), chosen: fill(tx.orderChosen, { order: name }), default: tx.orderDefault }[o.how];
    const { units, odd } = unitsOf(pb.bytes.slice(o.mark), o.order);
    bUnits.append(`${tx.cols.units}: `, el('code', { class: 'gen' }, shown(units.join(' '), 16, state.format) || '—'));
    const r = units.length ? ts.checkUnits(units.join(' ')) : { ok: { well_formed: true, errors: [], units: [], lossy: '' } };
    const v = r.ok;
    const rows = errorRows(tx, v, o.mark);
    if (odd !== null) {
      const oddErr = { class: 'ODD_BYTE_COUNT', position: units.length, unit: odd.toString(16).toUpperCase().padStart(2, '0'), byte_offset: o.mark + 2 * units.length };
      rows.push(...errorRows(tx, { errors: [oddErr] }, o.mark));
    }
    bBody.replaceChildren(...rows);
    labelCells(bBody.closest('table'));
    const bad = !v.well_formed || odd !== null;
    bHead.className = bad ? 'err' : 'okmsg';
    const firstCls = !v.well_formed ? v.headline.class : 'ODD_BYTE_COUNT';
    const firstPos = !v.well_formed ? v.headline.position : units.length;
    bHead.dataset.class = bad ? firstCls : 'OK';
    bHead.textContent = bad ? fill(tx.first, { label: tx.classes[firstCls], pos: firstPos })
      : `${fill(tx.valid, { n: units.length, cp: v.decoded ? v.decoded.totals.code_points : 0 })} ${v.lossy ? `${tx.decodes} ${v.lossy}` : ''}`;
  };
  parts.push(el('section', { class: 'panel tool', dataset: { point: 'byte-validator' } }, el('h2', {}, tx.bytesTitle),
    el('label', { for: 'bytes' }, `${tx.bytesLabel} `, el('code', {}, 'FE FF D8 3D DE 00')), input('bytes', state.bytes, (v) => { state.bytes = v; checkBytes(); }),
    el('div', {}, el('span', { class: 'lbl' }, tx.orderLabel), ' ', radios('b-order', tx.orders, state.order, (v) => { state.order = v; checkBytes(); })),
    bOrder, bUnits, bHead,
    el('div', { class: 'scroll-x' }, el('table', { id: 'b-errors', class: 'stack' }, errorHead(tx, true), bBody))));

  parts.push(S.codeSpace(ts, tx), S.sizes(tx), S.pairRule(tx), S.formulas(ts, tx), S.invariants(tx), S.malformed(ts, tx, unitsOf),
    S.strict(ts, tx), S.cards(ts, tx), S.serialisation(ts, tx), S.bomContexts(ts, tx), S.myth(tx), S.linesRule(tx),
    S.concepts(ts, tx), S.references(tx));
  main.replaceChildren(...parts);
  inspect();
  calc();
  validate();
  checkBytes();
  document.body.dataset.examples = 'ready';
}

load().then((ts) => {
  render(ts);
  onChange(() => render(ts));
});
