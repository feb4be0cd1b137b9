// The interface's language: English or Spanish, chosen by the address (`?lang=es`), so that
// every page has an address of its own in each language. localStorage only supplies the
// default for an address that names no language. Strings live in strings/en.js and
// strings/es.js (the one UI catalogue); elements carry data-i18n="key" (text) or
// data-i18n-attr="attr:key[,attr:key]"; code calls t(key, vars).
import { EN } from './strings/en.js';
import { ES } from './strings/es.js';

export const CATALOGUE = { en: EN, es: ES };
export const LANGS = ['en', 'es'];

const KEY = 'textscope-lang';
const listeners = [];

function fromUrl() {
  try {
    const l = new URLSearchParams(window.location.search).get('lang');
    return l && CATALOGUE[l] ? l : null;
  } catch { return null; }
}

function stored() {
  try {
    const l = localStorage.getItem(KEY);
    return l && CATALOGUE[l] ? l : null;
  } catch { return null; }
}

let current = fromUrl() || stored() || ((navigator.language || 'en').toLowerCase().startsWith('es') ? 'es' : 'en');

/** The page's language: 'en' or 'es'. */
export function lang() { return current; }

/**
 * A catalogue entry as a template: a string as it is; {one, other …} (a count's forms) by the
 * plural category of `vars.n` (a number, or one written with digit grouping); a function of
 * `vars` (an entry with two counts) called.
 */
export function template(s, vars = {}) {
  if (typeof s === 'function') return s(vars);
  if (s && typeof s === 'object') {
    const n = typeof vars.n === 'number' ? vars.n : Number(String(vars.n ?? '').replace(/[^\d]/g, ''));
    let cat = 'other';
    try { cat = new Intl.PluralRules(current === 'es' ? 'es-ES' : 'en-US').select(n); } catch { /* old engines */ }
    return s[cat] ?? s.other;
  }
  return s;
}

/** The string for key in the current language, {name} replaced from vars. */
export function t(key, vars = {}) {
  const s = template(CATALOGUE[current][key] ?? CATALOGUE.en[key] ?? key, vars);
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** The current language's member of {en, es} (prose modules are written that way). */
export function pick(both) { return both[current] ?? both.en; }

/** A page's address in the current language (or in `l`), other parameters left out. */
export function href(page, l = current) { return `${page}?lang=${l}`; }

/** This page's own address with the language parameter set, other parameters kept. */
function withLang(l) {
  const u = new URL(window.location.href);
  u.searchParams.set('lang', l);
  return u;
}

/** Sets every data-i18n text and attribute under root, and <html lang>. */
export function apply(root = document) {
  document.documentElement.lang = current;
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of e.dataset.i18nAttr.split(',')) {
      const [attr, key] = pair.split(':');
      e.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  for (const a of root.querySelectorAll('a[data-page-link]')) a.href = href(a.dataset.pageLink);
}

/** Writes the language into the address bar (replacing the entry: no new history step). */
export function syncUrl() {
  try { window.history.replaceState(window.history.state, '', withLang(current)); } catch { /* file: URLs */ }
}

export function setLang(l) {
  if (!CATALOGUE[l] || l === current) return;
  current = l;
  try { localStorage.setItem(KEY, l); } catch { /* storage may be off */ }
  syncUrl();
  apply();
  for (const f of listeners) f(l);
}

/** Calls f after every language change (to re-render what code wrote). */
export function onChange(f) { listeners.push(f); }

/** A number in the current language's digit grouping. */
export function num(n) { return Number(n).toLocaleString(current === 'es' ? 'es-ES' : 'en-US'); }

/**
 * The form of a count in the current language by its plural rules (Intl.PluralRules):
 * `forms` is {one, other} (and any other category a language needs), each with {n}; the
 * number is written with the language's digit grouping.
 */
export function plural(n, forms) {
  let cat = 'other';
  try { cat = new Intl.PluralRules(current === 'es' ? 'es-ES' : 'en-US').select(Number(n)); } catch { /* old engines */ }
  const s = forms[cat] ?? forms.other;
  return s.replace(/\{n\}/g, num(n));
}

/** A language's name in the current language ("Catalan", "catalán") from its ISO 639 code. */
export function languageName(code) {
  if (!code) return '';
  try {
    const name = new Intl.DisplayNames([current === 'es' ? 'es-ES' : 'en-US'], { type: 'language', fallback: 'none' }).of(code);
    if (name && name.toLowerCase() !== code.toLowerCase()) return name;
  } catch { /* an engine without DisplayNames, or a code it refuses */ }
  return code;
}
