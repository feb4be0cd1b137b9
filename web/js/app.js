// Every page's bootstrap: the header (one row: brand, menu, file button), the drop target that
// covers the whole page, the explorer view, then the page's own module. The language comes
// from the address (`?lang=es`, i18n.js); the switch rewrites the address and the links.
import { el } from './dom.js';
import { apply, href, lang, setLang, t, onChange } from './i18n.js';
import { FORMATS } from './formats.js';
import { explorerSection, openFile, reopenNote } from './open-file.js';

const page = document.body.dataset.page || 'home';
const THEME = 'textscope-theme';

/** The colour scheme the reader chose with the switch ('dark', 'light'), or '' for the system's. */
function savedTheme() {
  try { return localStorage.getItem(THEME) || ''; } catch { return ''; }
}
function applyTheme(theme) {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}
applyTheme(savedTheme());

/** The switch: dark or not, starting from what the page shows now (the system's choice or the saved one). */
function themeSwitch() {
  const dark = () => (document.documentElement.dataset.theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) === 'dark';
  const b = el('button', { type: 'button', id: 'theme', class: 'theme-switch', 'aria-pressed': String(dark()) },
    el('span', { 'aria-hidden': 'true' }, '◐'), el('span', { class: 'visually-hidden', dataset: { i18n: 'theme.dark' } }, t('theme.dark')));
  b.addEventListener('click', () => {
    const next = dark() ? 'light' : 'dark';
    applyTheme(next);
    try { localStorage.setItem(THEME, next); } catch { /* a private window: for this page only */ }
    b.setAttribute('aria-pressed', String(next === 'dark'));
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => b.setAttribute('aria-pressed', String(dark())));
  return b;
}

/** The page's title in the current language. */
function title() {
  if (page === 'home') return t('title.home');
  if (page === 'utf16') return t('title.utf16');
  const f = FORMATS.find((x) => x.id === page);
  return t('title.format', { name: f ? (f.name || t('name.legacy')) : page });
}

function header() {
  const input = el('input', { type: 'file', id: 'file-input', class: 'visually-hidden', tabindex: -1, 'aria-hidden': 'true' });
  input.addEventListener('change', () => { if (input.files[0]) openFile(input.files[0]); input.value = ''; });
  const button = el('button', { type: 'button', id: 'open-file', class: 'primary', dataset: { i18n: 'open.button' }, onclick: () => input.click() }, t('open.button'));
  const select = el('select', { id: 'lang', 'data-i18n-attr': 'aria-label:nav.language' },
    el('option', { value: 'en', lang: 'en' }, 'English'), el('option', { value: 'es', lang: 'es' }, 'Español'));
  select.value = lang();
  select.addEventListener('change', () => setLang(select.value));
  const link = (target, key, current) => el('a', { href: href(target), dataset: { i18n: key, pageLink: target }, 'aria-current': current ? 'page' : null }, t(key));
  const nav = el('nav', { id: 'site-nav', 'data-i18n-attr': 'aria-label:nav.site' },
    link('index.html', 'nav.home', page === 'home'),
    ...FORMATS.map((f) => (f.nameKey
      ? link(f.page, f.nameKey, page === f.id)
      : el('a', { href: href(f.page), dataset: { pageLink: f.page }, 'aria-current': page === f.id ? 'page' : null }, f.name))),
    link('utf-16.html', 'nav.utf16', page === 'utf16'),
    el('label', { class: 'lang-pick' }, el('span', { class: 'visually-hidden', dataset: { i18n: 'nav.language' } }, t('nav.language')), select),
    themeSwitch());
  // The menu button shows on narrow screens only (site.css); the nav is then a drop-down.
  const menu = el('button', { type: 'button', id: 'menu-toggle', class: 'menu-toggle', 'aria-expanded': 'false', 'aria-controls': 'site-nav' },
    el('span', { class: 'burger', 'aria-hidden': 'true' }, '☰'), ' ', el('span', { dataset: { i18n: 'nav.menu' } }, t('nav.menu')));
  menu.addEventListener('click', () => {
    const open = menu.getAttribute('aria-expanded') !== 'true';
    menu.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('menu-open', open);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && menu.getAttribute('aria-expanded') === 'true') {
      menu.setAttribute('aria-expanded', 'false');
      document.body.classList.remove('menu-open');
      menu.focus();
    }
  });
  const skip = el('a', { href: '#content', class: 'skip-link', dataset: { i18n: 'nav.skip', point: 'skip-link' } }, t('nav.skip'));
  const h = el('header', { class: 'site' },
    el('a', { href: href('index.html'), class: 'brand', dataset: { pageLink: 'index.html' } }, 'textscope'),
    menu, nav, el('span', { class: 'spacer' }), button, input);
  document.body.prepend(skip, h);
  // The skip link leads to the page's <main> by its own id (a page module may rebuild what is
  // inside it, so no marker of ours goes in there).
  const main = document.querySelector('main');
  if (main && !main.id) main.id = 'content';
  if (main) {
    main.setAttribute('tabindex', '-1');
    skip.setAttribute('href', `#${main.id}`);
    skip.dataset.target = `#${main.id}`;
  }
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
reopenNote();
dropTarget();
apply();
document.title = title();
onChange(() => {
  document.title = title();
  document.getElementById('lang').value = lang();
});
if (page === 'home') import('./home.js');
else if (page === 'utf16') import('./utf16/page.js');
else import('./format-page.js');
