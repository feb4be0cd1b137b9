// The UTF-16 inspector and validator page (SPEC §8): the core's textscope::utf16, through wasm.
import { el } from './dom.js';
import { load } from './textscope.js';
import { t, onChange } from './i18n.js';

const PRESETS = ['A', 'é', '€', '∞', '😀', '𐂃', '𪚥', 'e\u0301', '👩\u200D💻'];
const PRESET_LABELS = { 'e\u0301': 'e + ◌́', '👩\u200D💻': '👩‍💻' };

const text = document.getElementById('insp-text');
const units = document.getElementById('units');
const order = () => (document.getElementById('order-be').checked ? 'be' : 'le');

load().then((ts) => {
  const presets = document.getElementById('presets');
  presets.replaceChildren(...PRESETS.map((p) => el('button', {
    type: 'button', class: 'preset', dataset: { preset: p },
    onclick: () => { text.value = p; inspect(); },
  }, PRESET_LABELS[p] || p)));

  function inspect() {
    const r = ts.inspect(text.value);
    const tt = r.totals;
    document.getElementById('totals').textContent = t('insp.totals', { cp: tt.code_points, units: tt.utf16_units, bytes: tt.bytes, graphemes: tt.graphemes });
    document.getElementById('totals').dataset.totals = JSON.stringify(tt);
    const be = order() === 'be';
    const rows = r.code_points.map((c) => {
      const d = c.derivation;
      const deriv = d ? el('ol', { class: 'steps' }, ...d.steps.map((s) => el('li', {}, `${s.what}: `, el('code', {}, s.expression), ' = ', el('code', { class: 'gen' }, s.result)))) : '—';
      return el('tr', { dataset: { cp: c.code_point } },
        el('td', {}, c.character, el('div', { class: 'help' }, c.label)),
        el('td', {}, el('code', {}, c.code_point)),
        el('td', {}, `${c.plane.number}${c.plane.abbr ? ` ${c.plane.abbr}` : ''} — ${c.plane.name}`),
        el('td', { class: 'units' }, el('code', { class: 'gen' }, c.utf16.join(' '))),
        el('td', { class: 'bytes' }, el('code', { class: 'gen' }, be ? c.utf16be : c.utf16le), ` (${be ? 'BE' : 'LE'})`),
        el('td', { class: 'derivation' }, deriv));
    });
    document.querySelector('#code-points tbody').replaceChildren(...rows);
  }

  function validate() {
    const r = ts.checkUnits(units.value);
    const head = document.getElementById('headline');
    const body = document.querySelector('#errors tbody');
    if (r.error) {
      head.className = 'err';
      head.textContent = r.error.message;
      head.dataset.class = 'PARSE';
      body.replaceChildren();
      return;
    }
    const v = r.ok;
    if (v.well_formed) {
      head.className = 'okmsg';
      head.textContent = `${t('insp.valid')} ${v.lossy ? `→ ${v.lossy}` : ''}`;
      head.dataset.class = 'OK';
      body.replaceChildren();
      return;
    }
    head.className = 'err';
    head.textContent = t('insp.first', { class: v.headline.class, pos: v.headline.position });
    head.dataset.class = v.headline.class;
    head.dataset.position = v.headline.position;
    body.replaceChildren(...v.errors.map((e) => el('tr', { dataset: { class: e.class, position: e.position } },
      el('td', {}, String(e.position)), el('td', {}, el('code', {}, e.class)), el('td', {}, e.unit || ''), el('td', {}, e.message))));
  }

  text.addEventListener('input', inspect);
  for (const r of document.querySelectorAll('input[name="order"]')) r.addEventListener('change', inspect);
  units.addEventListener('input', validate);
  if (!text.value) text.value = '😀';
  inspect();
  validate();
  onChange(() => { inspect(); validate(); });
  document.body.dataset.examples = 'ready';
});
