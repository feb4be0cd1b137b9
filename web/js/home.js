// The home page's overview of the formats: one card per format with its unit, its mark and
// "é€😀" in its bytes, all produced by the core from real bytes.
import { el } from './dom.js';
import { FORMATS } from './formats.js';
import { load } from './textscope.js';
import { t, href, onChange } from './i18n.js';

async function cards() {
  const ts = await load();
  const box = document.getElementById('format-cards');
  const render = () => box.replaceChildren(...FORMATS.map((f) => {
    const marked = f.id === 'legacy' ? null : ts.sample(f.id, '', 1);
    const s = ts.sample(f.id, 'é€😀', 0);
    return el('a', { class: 'card', href: href(f.page), dataset: { format: f.id, pageLink: f.page } },
      el('h3', {}, f.name || t('name.legacy')),
      el('dl', {},
        el('dt', {}, t('fmt.units')), el('dd', {}, f.unit > 1 ? t('unit.bytesN', { n: f.unit }) : t('unit.bytes1')),
        el('dt', {}, t('home.bom')), el('dd', {}, marked ? el('code', { class: 'gen' }, marked.bytes) : t('summary.none')),
        el('dt', {}, 'é€😀'), el('dd', {}, el('code', { class: 'gen' }, s.bytes),
          s.unmappable.length ? ` (${s.unmappable.join('')}: ${t('fmt.notmapped')})` : '')));
  }));
  render();
  onChange(render);
  document.body.dataset.examples = 'ready';
}
cards();
import('./samples.js').then((s) => s.mountSamples());
