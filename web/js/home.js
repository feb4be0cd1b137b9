// The home page's overview of the formats: one card per format with its unit, its mark and
// "é€😀" in its bytes, all produced by the core from real bytes.
import { el } from './dom.js';
import { FORMATS } from './app.js';
import { load } from './textscope.js';
import { t, onChange } from './i18n.js';

const UNIT = { 'utf-8': 1, 'utf-16le': 2, 'utf-16be': 2, 'utf-32le': 4, 'utf-32be': 4, legacy: 1 };

async function cards() {
  const ts = await load();
  const box = document.getElementById('format-cards');
  const render = () => box.replaceChildren(...FORMATS.map((f) => {
    const marked = f.id === 'legacy' ? null : ts.sample(f.id, '', 1);
    const s = ts.sample(f.id, 'é€😀', 0);
    return el('a', { class: 'card', href: f.page, dataset: { format: f.id } },
      el('h3', {}, f.name),
      el('dl', {},
        el('dt', {}, t('fmt.units')), el('dd', {}, `${UNIT[f.id]} byte${UNIT[f.id] > 1 ? 's' : ''}`),
        el('dt', {}, t('summary.bom')), el('dd', {}, el('code', { class: 'gen' }, marked ? marked.bytes : t('summary.none'))),
        el('dt', {}, 'é€😀'), el('dd', {}, el('code', { class: 'gen' }, s.bytes),
          s.unmappable.length ? ` (${s.unmappable.join('')}: ${t('fmt.notmapped')})` : '')));
  }));
  render();
  onChange(render);
  document.body.dataset.examples = 'ready';
}
cards();
import('./samples.js').then((s) => s.mountSamples());
