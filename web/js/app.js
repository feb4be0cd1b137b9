// Every page's bootstrap: the header (navigation, language switch, file button), the drop
// target that covers the whole page, the explorer view, then the page's own module.
import { el } from './dom.js';
import { apply, lang, setLang, t } from './i18n.js';
import { Explorer } from './explorer.js';

export const FORMATS = [
  { id: 'utf-8', name: 'UTF-8', page: 'utf-8.html' },
  { id: 'utf-16le', name: 'UTF-16LE', page: 'utf-16le.html' },
  { id: 'utf-16be', name: 'UTF-16BE', page: 'utf-16be.html' },
  { id: 'utf-32le', name: 'UTF-32LE', page: 'utf-32le.html' },
  { id: 'utf-32be', name: 'UTF-32BE', page: 'utf-32be.html' },
  { id: 'legacy', name: 'Legacy code page', page: 'legacy.html' },
];

const page = document.body.dataset.page || 'home';
let explorer = null;

function header() {
  const input = el('input', { type: 'file', id: 'file-input', class: 'visually-hidden', tabindex: -1, 'aria-hidden': 'true' });
  input.addEventListener('change', () => { if (input.files[0]) openFile(input.files[0]); input.value = ''; });
  const button = el('button', { type: 'button', id: 'open-file', class: 'primary', dataset: { i18n: 'open.button' }, onclick: () => input.click() }, t('open.button'));
  const select = el('select', { id: 'lang', 'data-i18n-attr': 'aria-label:nav.language' },
    el('option', { value: 'en' }, 'English'), el('option', { value: 'es' }, 'Español'));
  select.value = lang();
  select.addEventListener('change', () => setLang(select.value));
  const link = (href, key, current) => el('a', { href, dataset: { i18n: key }, 'aria-current': current ? 'page' : null }, t(key));
  const nav = el('nav', { 'aria-label': 'site' },
    link('index.html', 'nav.home', page === 'home'),
    ...FORMATS.map((f) => el('a', { href: f.page, 'aria-current': page === f.id ? 'page' : null }, f.name)),
    link('utf-16.html', 'nav.utf16', page === 'utf16'));
  const h = el('header', { class: 'site' },
    el('a', { href: 'index.html', class: 'brand' }, 'textscope'),
    nav, el('span', { class: 'spacer' }), button, input, select);
  document.body.prepend(h);
}

function explorerSection() {
  let s = document.getElementById('explorer');
  if (!s) {
    s = el('section', { id: 'explorer', class: 'explorer', hidden: true, 'aria-label': 'explorer' });
    document.querySelector('header.site').after(s);
  }
  return s;
}

export function openFile(file) {
  const s = explorerSection();
  if (!explorer) {
    const root = el('div', { class: 'ex-root', id: 'ex-root' });
    const intro = s.querySelector('.ex-intro');
    if (intro) intro.hidden = true;
    s.append(root);
    if (page !== 'home') {
      s.prepend(el('button', { type: 'button', id: 'close-explorer', dataset: { i18n: 'explorer.close' }, onclick: closeExplorer }, t('explorer.close')));
    }
    explorer = new Explorer(root);
  }
  s.hidden = false;
  const main = document.querySelector('main');
  if (main && page !== 'home') main.hidden = true;
  explorer.open(file);
  s.scrollIntoView({ block: 'start' });
}

function closeExplorer() {
  explorerSection().hidden = true;
  const main = document.querySelector('main');
  if (main) main.hidden = false;
  if (explorer) explorer.cancel();
}

function dropTarget() {
  const overlay = el('div', { class: 'drop-overlay', hidden: true, dataset: { i18n: 'open.dropping' } }, t('open.dropping'));
  document.body.append(overlay);
  let depth = 0;
  const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files');
  window.addEventListener('dragenter', (e) => { if (hasFiles(e)) { depth++; overlay.hidden = false; } });
  window.addEventListener('dragleave', () => { depth = Math.max(0, depth - 1); if (!depth) overlay.hidden = true; });
  window.addEventListener('dragover', (e) => { if (hasFiles(e)) { e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; } });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) openFile(f);
  });
}

header();
explorerSection();
dropTarget();
apply();
if (page === 'home') import('./home.js');
else if (page === 'utf16') import('./inspector.js');
else import('./format-page.js');
