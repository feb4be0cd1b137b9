// The explorer view inside any page: the section it lives in, opening a file there (from the
// file button, a drop, or a sample) and closing it. Its own module so that app.js and
// samples.js both import it without importing each other (app.js loads home.js, which loads
// samples.js).
import { el } from './dom.js';
import { t, num, onChange } from './i18n.js';
import { Explorer } from './explorer.js';
import { readState } from './urlstate.js';

const page = document.body.dataset.page || 'home';
let explorer = null;

export function explorerSection() {
  let s = document.getElementById('explorer');
  if (!s) {
    s = el('section', { id: 'explorer', class: 'explorer', hidden: true, tabindex: -1, 'data-i18n-attr': 'aria-label:explorer.label' });
    document.querySelector('header.site').after(s);
  }
  return s;
}

/**
 * After a reload the address still holds the offset of one's own file, but the page no longer
 * has the file (a sample it has: samples.js opens it again): it says so, and opening the file
 * returns to the offset (decision 87).
 */
export function reopenNote() {
  const st = readState();
  if (st.at === null || st.sample) return;
  // A labelled region of its own (the page's main content may be rebuilt under it), shown
  // where the explorer will open.
  const text = el('p', { role: 'status' });
  const note = el('section', { id: 'reopen-note', class: 'reopen-note', 'aria-label': t('explorer.label') }, text);
  const say = () => {
    text.textContent = t('url.reopen', { n: num(st.at), hex: `0x${st.at.toString(16).toUpperCase()}` });
    note.setAttribute('aria-label', t('explorer.label'));
  };
  say();
  onChange(say);
  explorerSection().before(note);
}

export function openFile(file) {
  document.getElementById('reopen-note')?.remove();
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
  if (main && page !== 'home') {
    // The explorer stands in for the page's content: it becomes the main landmark, and the
    // skip link leads to it (decision 80).
    main.hidden = true;
    s.setAttribute('role', 'main');
    skipTo('#explorer');
  }
  explorer.open(file);
  // The section has a scroll margin as tall as the sticky header (site.css), so its first
  // rows are not hidden under it.
  s.scrollIntoView({ block: 'start' });
}

/** Points the skip link at `target`. */
function skipTo(target) {
  const a = document.querySelector('.skip-link');
  if (a) a.setAttribute('href', target);
}

function closeExplorer() {
  const s = explorerSection();
  s.hidden = true;
  s.removeAttribute('role');
  skipTo(document.querySelector('.skip-link')?.dataset.target || '#content');
  const main = document.querySelector('main');
  if (main) main.hidden = false;
  if (explorer) explorer.cancel();
}
