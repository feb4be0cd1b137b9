// Text and hex search in the worker (issue 43 item 1, decision 78), in English and Spanish:
// a line near the end of a generated 20 MiB and 200 MiB log found within the budget
// (1 s and 5 s), a newer search always winning over an older one still running, text found in
// files with a binary verdict (a PNG, a NUL-laden log) and in UTF-16 and Shift_JIS, matches
// counted and stepped through at the offsets node finds in the same bytes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, freshPage, openFile, waitDone, pickFile, DATA, TMP, CLI } from './harness.js';

let server;
let context;
let log20;
let log200;
const TAIL = 'checkout finished for order 98765-ZZ';

/** A log of `mib` MiB whose one line holding TAIL is the last but two. */
function makeLog(name, mib) {
  const unit = Buffer.from(Array.from({ length: 2048 }, (_, i) => `2026-12-07T01:${String(i % 60).padStart(2, '0')}:00Z api[${4000 + i}]: GET /items/${i} 200 in ${i % 17} ms\n`).join(''));
  const p = path.join(TMP, name);
  const fd = fs.openSync(p, 'w');
  let written = 0;
  while (written < mib * 1024 * 1024) { fs.writeSync(fd, unit); written += unit.length; }
  fs.writeSync(fd, Buffer.from(`2026-12-07T02:00:00Z shop[1]: ${TAIL}\nlast line\nend\n`));
  fs.closeSync(fd);
  return p;
}

before(async () => {
  server = await startServer();
  context = await launch();
  log20 = makeLog('log-20mib.txt', 20);
  log200 = makeLog('log-200mib.txt', 200);
});
after(async () => { await context?.close(); server?.stop(); });

const status = (page) => page.$eval('#tool-status', (e) => ({ ...e.dataset, text: e.textContent }));
const sel = async (page) => [Number(await page.getAttribute('#ex-root', 'data-sel-start')), Number(await page.getAttribute('#ex-root', 'data-sel-end'))];

/** Types `q` in the search field in `mode`, presses Find and waits for the selection on `at`. */
async function find(page, mode, q, at, timeout = 60000) {
  await page.selectOption('#search-mode', mode);
  await page.fill('#search', q);
  const t0 = Date.now();
  await page.click('#search-find');
  await page.waitForFunction((a) => document.querySelector('#ex-root').dataset.selStart === String(a)
    && document.querySelector('#tool-status').dataset.count !== undefined, at, { timeout });
  return Date.now() - t0;
}

const TEXT = {
  en: { match: (i, n) => `match ${i} of ${n}`, none: 'Not found.' },
  es: { match: (i, n) => `coincidencia ${i} de ${n}`, none: 'Sin resultados.' },
};

for (const lang of ['en', 'es']) {
  test(`text search at the end of a 20 MiB and a 200 MiB log, in ${lang}`, async () => {
    const errors = [];
    const page = await freshPage(context, server, 1280, 800, lang, errors);
    for (const [file, budget] of [[log20, 1000], [log200, 5000]]) {
      const bytes = fs.readFileSync(file);
      const at = bytes.indexOf(Buffer.from(TAIL));
      await pickFile(page, file);
      await waitDone(page, 300000);
      const ms = await find(page, 'text', TAIL, at);
      const s = await status(page);
      assert.equal(s.count, '1');
      assert.equal(s.text, TEXT[lang].match(1, 1));
      assert.deepEqual(await sel(page), [at, at + TAIL.length]);
      const mib = Math.round(bytes.length / 1048576);
      console.log(`# ${lang}: "${TAIL}" found in the ${mib} MiB log in ${ms} ms (worker: ${s.ms} ms)`);
      assert.ok(ms <= budget, `${mib} MiB: ${ms} ms, over ${budget} ms`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a newer search wins over an older one still running', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 800, 'en', errors);
  await pickFile(page, log200);
  await waitDone(page, 300000);
  // An old search whose match is at the very end, then at once a hex search for the file's
  // third line: the old one must neither change the count nor move the selection.
  const third = fs.readFileSync(log200).indexOf(Buffer.from('2026-12-07T01:02:00Z'));
  await page.selectOption('#search-mode', 'text');
  await page.fill('#search', TAIL);
  await page.click('#search-find');
  await page.selectOption('#search-mode', 'hex');
  await page.fill('#search', Buffer.from('2026-12-07T01:02:00Z').toString('hex'));
  await page.click('#search-find');
  await page.waitForFunction((a) => document.querySelector('#ex-root').dataset.selStart === String(a), third, { timeout: 60000 });
  const count = (await status(page)).count;
  assert.ok(Number(count) > 1000, `the hex search counts every line it is on: ${count}`);
  // Longer than the old search would take to finish.
  await page.waitForTimeout(6000);
  assert.equal((await status(page)).count, count);
  assert.equal((await sel(page))[0], third);
  // Stepping: Next goes to the second match.
  await page.click('#search-next');
  await page.waitForFunction((a) => Number(document.querySelector('#ex-root').dataset.selStart) > a, third);
  const unit = fs.readFileSync(log200).indexOf(Buffer.from('2026-12-07T01:02:00Z'), third + 1);
  assert.equal((await sel(page))[0], unit);
  assert.match((await status(page)).text, /^match 2 of /);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The byte offset of the n-th character (from 0) of `line`, as the CLI's --structure lists it. */
function charOffset(file, line, n) {
  const s = JSON.parse(execFileSync(CLI, ['--structure', '--json', file]).toString().trim().split('\n')[0]);
  return s.lines.find((l) => l.number === line || l.line === line).chars[n].offset;
}

for (const lang of ['en', 'es']) {
  test(`text in files with a binary verdict, UTF-16 and a code page, in ${lang}`, async () => {
    const errors = [];
    const page = await freshPage(context, server, 1280, 800, lang, errors);
    // A PNG: its chunk names are bytes as text.
    const png = path.join(DATA, 'image.png');
    await openFile(page, png);
    await find(page, 'text', 'IHDR', 12);
    assert.deepEqual(await sel(page), [12, 16]);
    assert.equal((await status(page)).count, '1');
    // A log with NULs in it (binary verdict, read as UTF-8 text): every "GET /items/1" is counted.
    const nul = path.join(DATA, 'nul-log.txt');
    const nb = fs.readFileSync(nul);
    const want = [];
    for (let i = nb.indexOf('GET /items/1'); i >= 0; i = nb.indexOf('GET /items/1', i + 1)) want.push(i);
    await openFile(page, nul);
    await find(page, 'text', 'GET /items/1', want[0]);
    assert.equal((await status(page)).count, String(want.length));
    assert.equal((await status(page)).text, TEXT[lang].match(1, want.length));
    await page.click('#search-next');
    await page.waitForFunction((a) => document.querySelector('#ex-root').dataset.selStart === String(a), want[1]);
    await page.click('#search-prev');
    await page.click('#search-prev');
    await page.waitForFunction((a) => document.querySelector('#ex-root').dataset.selStart === String(a), want[want.length - 1]);
    // UTF-16LE without a mark: units on even offsets only.
    const u16 = path.join(DATA, 'utf16le-nobom.txt');
    const text = fs.readFileSync(u16).toString('utf16le');
    const word = text.slice(2, 6);
    const at = 2 * text.indexOf(word);
    await openFile(page, u16);
    await find(page, 'text', word, at);
    assert.deepEqual(await sel(page), [at, at + 2 * word.length]);
    // Shift_JIS: the characters' own bytes, at the offset --structure gives them.
    const sjis = path.join(DATA, 'shift_jis.txt');
    const sj = new TextDecoder('shift_jis').decode(fs.readFileSync(sjis));
    const jp = [...sj.split('\n')[0]].slice(1, 3).join('');
    await openFile(page, sjis);
    await find(page, 'text', jp, charOffset(sjis, 1, 1));
    // "{" is the second byte of 本 (96 7B): only a "{" of the text counts, none here.
    assert.ok(fs.readFileSync(sjis).includes(0x7b) && !sj.includes('{'));
    await page.fill('#search', '{');
    await page.click('#search-find');
    await page.waitForFunction((t) => document.querySelector('#tool-status').textContent === t, TEXT[lang].none);
    // Not there: said so.
    await page.fill('#search', 'no such words here');
    await page.click('#search-find');
    await page.waitForFunction((t) => document.querySelector('#tool-status').textContent === t, TEXT[lang].none);
    assert.equal((await status(page)).count, '0');
    assert.deepEqual(errors, []);
    await page.close();
  });
}
