// The explorer view inside any page: the section it lives in, opening a file there (from the
// file button, a drop, or a sample) and closing it. Its own module so that app.js and
// samples.js both import it without importing each other (app.js loads home.js, which loads
// samples.js).
import { el } from './dom.js';
import { t } from './i18n.js';
import { Explorer } from './explorer.js';

const page = document.body.dataset.page || 'home';
let explorer = null;

export function explorerSection() {
  let s = document.getElementById('explorer');
  if (!s) {
    s = el('section', { id: 'explorer', class: 'explorer', hidden: true, 'data-i18n-attr': 'aria-label:explorer.label' });
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
  // The section has a scroll margin as tall as the sticky header (site.css), so its first
  // rows are not hidden under it.
  s.scrollIntoView({ block: 'start' });
}

function closeExplorer() {
  explorerSection().hidden = true;
  const main = document.querySelector('main');
  if (main) main.hidden = false;
  if (explorer) explorer.cancel();
}
