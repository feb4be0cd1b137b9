// Issue 16, part 1: every page in Spanish at an address of its own (?lang=es, linked with
// hreflang), and no visible English on it. For each page in Spanish, at 1280 × 900 and
// 390 × 844, every visible text node is checked against the English strings of every
// catalogue (UI, format pages' prose, the UTF-16 page); strings that are the same in both
// languages (UTF-16LE, byte dumps, numbers, code points) do not count, nor does the content of
// a file the explorer shows. Rule ids (D7, S1, §8 …) appear in no text a user reads, in either
// language, except inside an element of class "rule".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launch, newPage, pickFile, waitDone, DATA, cliReport } from './harness.js';

let server;
let context;
let page;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
  page = await newPage(context, errors);
});
after(async () => { await context?.close(); server?.stop(); });

export const PAGES = ['index.html', 'utf-8.html', 'utf-16le.html', 'utf-16be.html', 'utf-32le.html', 'utf-32be.html', 'legacy.html', 'utf-16.html'];
const SIZES = [[1280, 900], [390, 844]];

/** Runs in the page: the English-only strings and what on the page matches them. */
async function englishOnPage() {
  return page.evaluate(async () => {
    const { CATALOGUE } = await import('/js/i18n.js');
    const { DOCS } = await import('/js/format-docs.js');
    const { EN } = await import('/js/utf16/text-en.js');
    const { ES } = await import('/js/utf16/text-es.js');
    const { MESSAGES } = await import('/js/messages.js');
    const strings = (v, out = new Set()) => {
      if (typeof v === 'string') out.add(v.trim());
      else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
      return out;
    };
    const en = strings([CATALOGUE.en, EN, MESSAGES.en, Object.values(DOCS).map((d) => d.en)]);
    const es = strings([CATALOGUE.es, ES, MESSAGES.es, Object.values(DOCS).map((d) => d.es)]);
    // Fixed parts of templates ("line {line}, column …") count as strings of their own.
    for (const s of [...en]) for (const part of s.split(/\{\w+\}/)) if (part.trim().length >= 12) en.add(part.trim());
    for (const s of [...es]) for (const part of s.split(/\{\w+\}/)) if (part.trim().length >= 12) es.add(part.trim());
    const englishOnly = [...en].filter((s) => !es.has(s) && /[a-z]{3}/.test(s));
    const exact = new Set(englishOnly);
    const long = englishOnly.filter((s) => s.length >= 20);
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const p = n.parentElement;
      const text = n.textContent.trim();
      if (!text || !p || p.closest('script, style, [hidden]')) continue;
      if (!p.checkVisibility({ visibilityProperty: true }) || !p.getClientRects().length) continue;
      if (p.closest('.row .text, .pline .text, #report-json')) continue; // the file's own content
      if (exact.has(text)) found.push(text);
    }
    const all = document.body.innerText;
    for (const s of long) if (all.includes(s)) found.push(s);
    // Words of English prose outside the catalogues (hard-coded text), outside the explorer,
    // code, and Unicode character names (which the Spanish edition keeps).
    const prose = /\b(the|of the|and|is not|which|when|with|this page|from|every|there)\b/;
    const main = document.querySelector('main');
    const w2 = document.createTreeWalker(main || document.body, NodeFilter.SHOW_TEXT);
    for (let n = w2.nextNode(); n; n = w2.nextNode()) {
      const p = n.parentElement;
      if (!p || p.closest('code, .uname, a[href^="http"]') || !p.getClientRects().length) continue;
      if (prose.test(n.textContent)) found.push(`(prose) ${n.textContent.trim().slice(0, 80)}`);
    }
    return found;
  });
}

/** Rule ids in visible text, outside code, byte dumps and .rule cross-references. */
async function ruleIds() {
  return page.evaluate(() => {
    // Byte values such as F4 or B5 stay out: F and the hex letters A–F other than D and B are not
    // rule letters, and bytes are in code elements or dumps.
    // The Unicode Standard's sections (§3.9) are not rule ids; SPEC's (§8) are.
    const id = /(^|[^\w+])[DLPUSBVNI][1-9]\d?(?![\w+])|§\s?\d+(?![.\d])/;
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const p = n.parentElement;
      if (!p || p.closest('script, style, code, .parts, .dump, .rule, .row .text, .pline .text, #report-json, .hrow')) continue;
      if (!p.getClientRects().length) continue;
      if (id.test(n.textContent)) found.push(n.textContent.trim().slice(0, 80));
    }
    return found;
  });
}

async function open(name, lang, [w, h]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(new URL(`${name}?lang=${lang}`, server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
}

test('each page has its Spanish address, <html lang>, and hreflang alternates', async () => {
  for (const name of PAGES) {
    await open(name, 'es', SIZES[0]);
    assert.equal(await page.getAttribute('html', 'lang'), 'es', name);
    const alt = await page.$$eval('link[rel="alternate"][hreflang]', (l) => Object.fromEntries(l.map((e) => [e.hreflang, e.getAttribute('href')])));
    assert.deepEqual(alt, { en: `${name}?lang=en`, es: `${name}?lang=es`, 'x-default': name }, name);
    // Every link to another page keeps the language.
    const links = await page.$$eval('a[href$=".html"], a[href*=".html?"]', (l) => l.map((a) => a.getAttribute('href')).filter((h) => !/^https?:/.test(h)));
    assert.ok(links.length > 5 && links.every((h) => h.endsWith('?lang=es')), `${name}: ${links.filter((h) => !h.endsWith('?lang=es'))}`);
    await open(name, 'en', SIZES[0]);
    assert.equal(await page.getAttribute('html', 'lang'), 'en', name);
  }
});

test('the language switch changes the address, the page and its links', async () => {
  await open('utf-16le.html', 'en', SIZES[0]);
  await page.selectOption('#lang', 'es');
  assert.match(page.url(), /utf-16le\.html\?lang=es$/);
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.equal(await page.textContent('main h2'), 'Las partes del archivo');
  assert.match(await page.getAttribute('nav a[data-page-link="utf-8.html"]', 'href'), /\?lang=es$/);
  // A bare address takes the last choice as its default; its links then carry it.
  await page.goto(new URL('utf-8.html', server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.match(await page.getAttribute('nav a[data-page-link="utf-16.html"]', 'href'), /\?lang=es$/);
  await page.selectOption('#lang', 'en');
  assert.match(page.url(), /\?lang=en$/);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.deepEqual(errors, []);
});

test('no English string on any page in Spanish, at 1280 × 900 and 390 × 844', async () => {
  for (const size of SIZES) {
    for (const name of PAGES) {
      await open(name, 'es', size);
      if (size[0] < 600) await page.click('#menu-toggle'); // the menu's contents are visible text too
      assert.deepEqual(await englishOnPage(), [], `${name} at ${size[0]} px`);
    }
  }
  // With the explorer open on files with problems, notes, findings and a legacy verdict (its
  // interface strings and the sentences it builds; the file's content is not checked): no
  // catalogue's English, and none of the English sentences of the CLI's --json (the core's
  // `message` and `reason`), which a Spanish page must say in its own words.
  for (const file of ['f2-notes-utf16le.txt', 'nul-and-controls.txt', 'invalid-utf8.txt', 'windows-1252.txt', 'mixed-endings.txt', 'nul-log.txt', 'many-faults.txt', 'colour-build.log', 'image.png']) {
    await open('index.html', 'es', SIZES[0]);
    await pickFile(page, path.join(DATA, file));
    await waitDone(page);
    const found = (await englishOnPage()).filter((s) => !s.startsWith('(prose)'));
    assert.deepEqual(found, [], `explorer on ${file}`);
    const r = cliReport(path.join(DATA, file));
    const sentences = [...r.detection.steps.map((s) => s.reason), ...r.problems.map((p) => p.message),
      ...r.notes.map((n) => n.message), ...(r.findings || []).map((f) => f.message),
      ...(r.text_reading ? [...r.text_reading.problems, ...(r.text_reading.findings || [])].map((x) => x.message) : []),
      ...(r.hints || []).map((h) => h.message)];
    const shown = await page.evaluate(() => document.body.innerText);
    assert.deepEqual(sentences.filter((s) => s && shown.includes(s)), [], `core's English on ${file}`);
  }
  assert.deepEqual(errors, []);
});

test('no rule id in the text a user reads, in either language', async () => {
  for (const lang of ['en', 'es']) {
    for (const name of PAGES) {
      await open(name, lang, SIZES[0]);
      assert.deepEqual(await ruleIds(), [], `${name} (${lang})`);
    }
  }
});
