// Issue 14, part 5: plain words. No SPEC rule id (D7, S1, V1, D10, §8, N1, P5, "SPEC …") in any
// string of the page's catalogues (the UI strings, the explorer's messages, the format pages'
// prose, the UTF-16 page's text), nor in the visible text of the explorer on files that reach
// every pane: a binary file with a text reading, a container, runs, escape sequences, findings,
// problems and notes, in English and Spanish. Rule ids may only sit in an element of class
// "rule" (a cross-reference), in code, or in the file's own content.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, freshPage, openFile, DATA } from './harness.js';

let server;
let context;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

// A rule id: a rule letter and a number standing alone (D7, S1, N1, P12), a SPEC section (§8,
// but not the Unicode Standard's §3.9), or the word SPEC. "U+0041" and "UTF-8" are not ids.
const RULE_ID = String.raw`(^|[^\w+\-])[DLPUSBVNI][1-9]\d?(?![\w+])|§\s?\d+(?![.\d])|\bSPEC\b`;
// Byte dumps ("FE FF D8 3D") are data, not ids: removed before the test.
const DUMP = String.raw`\b[0-9A-F]{2}(?: [0-9A-F]{2})+\b`;

test('no rule id in any string of the catalogues (UI, explorer, format pages, UTF-16 page)', async () => {
  const page = await newPage(context, errors);
  await page.goto(server.url);
  const found = await page.evaluate(async ({ RULE_ID, DUMP }) => {
    const { CATALOGUE } = await import(new URL('js/i18n.js', location.href).href);
    const { DOCS } = await import(new URL('js/format-docs.js', location.href).href);
    const { EN } = await import(new URL('js/utf16/text-en.js', location.href).href);
    const { ES } = await import(new URL('js/utf16/text-es.js', location.href).href);
    const { MESSAGES } = await import(new URL('js/messages.js', location.href).href);
    const id = new RegExp(RULE_ID);
    const dump = new RegExp(DUMP, 'g');
    const out = [];
    let count = 0;
    const walk = (v, where) => {
      if (typeof v === 'string') {
        count++;
        if (id.test(v.replace(dump, ''))) out.push(`${where}: ${v.slice(0, 100)}`);
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) walk(x, `${where}.${k}`);
      }
    };
    walk(CATALOGUE, 'strings');
    walk(MESSAGES, 'messages');
    walk(DOCS, 'docs');
    walk({ EN, ES }, 'utf16');
    return { out, count };
  }, { RULE_ID, DUMP });
  assert.ok(found.count > 500, `only ${found.count} strings looked at`);
  assert.deepEqual(found.out, []);
  await page.close();
  assert.deepEqual(errors, []);
});

/** Visible text with a rule id, outside code, dumps, .rule and the file's own content. */
async function ruleIdsShown(page) {
  return page.evaluate(({ RULE_ID, DUMP }) => {
    const id = new RegExp(RULE_ID);
    const dump = new RegExp(DUMP, 'g');
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const p = n.parentElement;
      if (!p || p.closest('script, style, code, .parts, .dump, .rule, .row .text, .row .glyph, .pline .text, #report-json, .hrow')) continue;
      if (!p.getClientRects().length) continue;
      if (id.test(n.textContent.replace(dump, ''))) found.push(n.textContent.trim().slice(0, 100));
    }
    // Attributes a user reads too: titles, placeholders, labels.
    for (const e of document.querySelectorAll('[title], [placeholder], [aria-label]')) {
      if (e.closest('#report-json, .row')) continue;
      for (const a of ['title', 'placeholder', 'aria-label']) {
        const v = e.getAttribute(a);
        if (v && id.test(v.replace(dump, ''))) found.push(`${a}: ${v.slice(0, 100)}`);
      }
    }
    return found;
  }, { RULE_ID, DUMP });
}

const FILES = ['nul-log.txt', 'colour-build.log', 'many-faults.txt', 'image.png', 'binary.bin',
  'nul-and-controls.txt', 'invalid-utf8.txt', 'mixed-endings.txt', 'utf16le-nobom.txt', 'windows-1252.txt'];

test('no rule id in the explorer\'s visible text, on every kind of file, in both languages', async () => {
  const files = FILES.filter((f) => fs.existsSync(path.join(DATA, f)));
  assert.ok(files.length >= 6, `test files: ${files}`);
  for (const lang of ['en', 'es']) {
    const page = await freshPage(context, server, 1280, 900, lang, errors);
    for (const f of files) {
      await openFile(page, path.join(DATA, f));
      assert.deepEqual(await ruleIdsShown(page), [], `${f} (${lang})`);
    }
    await page.close();
  }
  assert.deepEqual(errors, []);
});
