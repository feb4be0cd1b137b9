// The home page's sample files (web/samples/, made by scripts/make-samples.py): one button each
// that opens the file in the explorer, and reopens it when the address names it (?sample=…).
import { el } from './dom.js';
import { onChange } from './i18n.js';
import { m } from './messages.js';
import { openFile } from './open-file.js';
import { readState } from './urlstate.js';

export const SAMPLES = [
  { id: 'f2', file: 'f2-windows-notes.txt' },
  { id: 'joined', file: 'joined.csv' },
  { id: 'trojan', file: 'trojan-source.js' },
  { id: 'nul', file: 'nul-log.txt' },
  { id: 'sjis', file: 'shift_jis.txt' },
];

/** Fetches a sample (same origin) and opens it in the explorer. */
export async function openSample(id) {
  const s = SAMPLES.find((x) => x.id === id);
  if (!s) return;
  const res = await fetch(new URL(`../samples/${s.file}`, import.meta.url));
  if (!res.ok) return;
  const file = new File([await res.blob()], s.file);
  file.sample = s.id;
  openFile(file);
}

export function mountSamples() {
  const main = document.querySelector('main');
  if (!main || document.getElementById('samples')) return;
  const box = el('section', { id: 'samples', class: 'samples' });
  const render = () => box.replaceChildren(
    el('h2', {}, m('samples.title')),
    el('p', { class: 'help' }, m('samples.intro')),
    el('ul', { class: 'sample-list' }, ...SAMPLES.map((s) => el('li', {},
      el('button', { type: 'button', class: 'sample', dataset: { sample: s.id }, onclick: () => openSample(s.id) },
        el('strong', {}, m(`sample.${s.id}.title`)), el('span', { class: 'about' }, m(`sample.${s.id}.about`)),
        el('code', { class: 'fname' }, s.file))))));
  render();
  onChange(render);
  main.prepend(box);
  const wanted = readState().sample;
  if (wanted) openSample(wanted);
}
