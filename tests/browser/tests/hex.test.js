// The hex view (fits its pane, a text column decoded in the file's own encoding), the tree's
// rows (offset, Unicode name, category, text width), the notes of empty panes, the sample files,
// the state in the address and caching: in English and Spanish, at 1280 × 900 and 390 × 844,
// against `textscope --structure --json`, `textscope utf16 --json` and `textscope --json`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  startServer, launch, newPage, freshPage, openFile, cliReport, pickFile, waitDone, pageReport, writeTmp, DATA, SHOTS, CLI, ROOT,
} from './harness.js';

let server;
let context;
const SIZES = [[1280, 900], [390, 844]];
const LANGS = ['en', 'es'];
const F2 = path.join(DATA, 'f2-notes-utf16le.txt');
const SAMPLES = { f2: 'f2-windows-notes.txt', joined: 'joined.csv', trojan: 'trojan-source.js', nul: 'nul-log.txt', sjis: 'shift_jis.txt' };

before(async () => {
  server = await startServer();
  context = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
after(async () => { await context?.close(); server?.stop(); });

const structure = (file) => JSON.parse(execFileSync(CLI, ['--structure', '--json', file]).toString().trim().split('\n')[0]);
const bytesLen = (hex) => (hex.length + 1) / 3;

const fresh = (w, h, lang, errors, q = '') => freshPage(context, server, w, h, lang, errors, q);
const open = openFile;

/** The hex view's text column for the characters --structure lists (those in view). */
async function checkGlyphs(page, file, what) {
  const s = structure(file);
  const glyphs = await page.$$eval('#hex .txt .g[data-off]:not(.cont)', (l) => Object.fromEntries(l.map((g) => [g.dataset.off, { len: Number(g.dataset.len), text: g.textContent }])));
  const shown = await page.$$eval('#hex .b', (l) => Math.max(...l.map((b) => Number(b.dataset.off))));
  let checked = 0;
  for (const c of s.lines.flatMap((l) => l.chars)) {
    if (c.offset > shown) continue;
    const g = glyphs[c.offset];
    assert.ok(g, `${what}: a glyph at ${c.offset}`);
    checked++;
    assert.equal(g.len, bytesLen(c.bytes), `${what}: the glyph at ${c.offset} spans the character's bytes`);
    const ch = c.code_point ? String.fromCodePoint(parseInt(c.code_point.slice(2), 16)) : '';
    if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(ch)) assert.equal(g.text, ch, `${what}: glyph at ${c.offset}`);
    else if (!c.code_point) assert.equal(g.text, '\uFFFD', `${what}: a bad unit at ${c.offset}`);
  }
  assert.ok(checked >= 3, `${what}: ${checked} characters checked`);
}

for (const [w, h] of SIZES) {
  for (const lang of LANGS) {
    const tag = `${w}x${h}-${lang}`;

    test(`hex view and tree rows at ${w}×${h} in ${lang}`, async () => {
      const errors = [];
      const page = await fresh(w, h, lang, errors);
      await open(page, F2);
      // It fits: 16 bytes a row on a desktop, fewer on a phone; nothing cut off or scrolled sideways.
      const fit = await page.$eval('#hex', (b) => ({ bpr: Number(b.dataset.bpr), sw: b.scrollWidth, cw: b.clientWidth, row: b.querySelector('.hrow').scrollWidth, cells: b.querySelectorAll('.hrow')[0].querySelectorAll('.b').length }));
      assert.equal(fit.bpr, w >= 1000 ? 16 : 8, JSON.stringify(fit));
      assert.equal(fit.cells, fit.bpr);
      assert.ok(fit.sw <= fit.cw + 1 && fit.row <= fit.cw + 1, JSON.stringify(fit));
      await checkGlyphs(page, F2, 'F2');
      const emoji = await page.$eval('#hex .g[data-off="26"]', (g) => ({ text: g.textContent, len: g.dataset.len }));
      assert.deepEqual(emoji, { text: '😀', len: '4' });
      // A glyph selects its character: all of its bytes, in both columns.
      await page.click('#hex .g[data-off="20"]');
      await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+4E2D');
      assert.deepEqual(await page.$$eval('#hex .b.sel', (c) => c.map((e) => Number(e.dataset.off))), [20, 21]);
      assert.deepEqual(await page.$$eval('#hex .g.sel', (c) => c.map((e) => e.dataset.off)), ['20']);
      // Tree rows: offset, the core's Unicode name, the category.
      const rows = await page.$$eval('#tree .row.char[data-line="2"]', (l) => l.map((r) => ({
        cp: r.querySelector('.cp').textContent, off: r.querySelector('.off').textContent,
        name: r.querySelector('.name')?.textContent, gc: r.querySelector('.cat')?.dataset.gc, cat: r.querySelector('.cat')?.textContent,
      })));
      const core = JSON.parse(execFileSync(CLI, ['utf16', '--json', '中文 😀']).toString()).code_points;
      assert.deepEqual(rows.map((r) => r.name), core.map((c) => c.label));
      assert.deepEqual(rows.map((r) => r.gc), ['Lo', 'Lo', 'Zs', 'So']);
      assert.deepEqual(rows.map((r) => r.cat), lang === 'en' ? ['letter', 'letter', 'space', 'symbol'] : ['letra', 'letra', 'espacio', 'símbolo']);
      assert.deepEqual(rows.map((r) => r.off), [20, 22, 24, 26].map((n) => (lang === 'en' ? `at ${n}` : `en ${n}`)));
      await page.screenshot({ path: path.join(SHOTS, `hex-f2-${tag}.png`), fullPage: true });
      // Other encodings: Shift_JIS (two bytes a kanji), UTF-8, UTF-32.
      for (const name of ['shift_jis.txt', 'f6.txt', 'f3-utf32le.txt', 'invalid-utf8.txt']) {
        const file = path.join(DATA, name);
        await open(page, file);
        await page.waitForFunction(() => document.querySelector('#hex .g[data-off]:not(.none)'));
        await checkGlyphs(page, file, name);
      }
      // The line text takes the width the row has.
      const long = writeTmp('long.txt', Buffer.from(`${'The quick brown fox jumps over the lazy dog. '.repeat(20)}\nshort\n`));
      await open(page, long);
      await page.waitForSelector('#tree .row.line[data-line="1"] .text');
      const share = await page.$eval('#tree .row.line[data-line="1"]', (r) => r.querySelector('.text').getBoundingClientRect().width / r.getBoundingClientRect().width);
      assert.ok(share > 0.6, `the text has ${share} of the row`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test(`every empty pane explains itself, at ${w}×${h} in ${lang}`, async () => {
      const errors = [];
      const page = await fresh(w, h, lang, errors);
      const note = (id) => page.$eval(id, (e) => (e.hidden ? null : e.textContent));
      await open(page, path.join(DATA, 'empty.txt'));
      const empty = { tree: await note('#tree-note'), hex: await note('#hex-note'), preview: await note('#preview-note'), why: await page.textContent('#detection li.empty') };
      for (const [k, v] of Object.entries(empty)) assert.ok(v && v.length > 20, `empty file: ${k}`);
      assert.match(empty.tree, lang === 'en' ? /empty/ : /vacío/);
      await page.screenshot({ path: path.join(SHOTS, `empty-${tag}.png`), fullPage: true });
      await open(page, path.join(DATA, 'binary.bin'));
      assert.match(await note('#tree-note'), lang === 'en' ? /binary/ : /binario/);
      assert.equal(await note('#hex-note'), null);
      assert.ok((await page.$$('#hex .hrow')).length > 0);
      assert.ok((await note('#preview-note')).length > 20);
      await page.screenshot({ path: path.join(SHOTS, `binary-${tag}.png`), fullPage: true });
      await open(page, F2);
      for (const id of ['#tree-note', '#hex-note', '#preview-note']) assert.equal(await note(id), null, id);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test('each sample opens in the explorer with the report textscope --json gives', async () => {
  // The first is SPEC's F2 itself, byte for byte.
  assert.deepEqual(fs.readFileSync(path.join(ROOT, 'web/samples', SAMPLES.f2)), fs.readFileSync(F2));
  for (const [[w, h], lang] of [[[1280, 900], 'en'], [[390, 844], 'es']]) {
    const errors = [];
    const page = await fresh(w, h, lang, errors);
    // The home page mounts its samples after its module loads.
    await page.waitForSelector('button.sample');
    const ids = await page.$$eval('button.sample', (l) => l.map((b) => b.dataset.sample));
    assert.deepEqual(ids, Object.keys(SAMPLES));
    for (const [id, file] of Object.entries(SAMPLES)) {
      await page.click(`button.sample[data-sample="${id}"]`);
      await page.waitForFunction((f) => document.querySelector('#file-name')?.textContent === f
        && document.querySelector('#ex-root').dataset.state === 'done', file);
      assert.deepEqual(await pageReport(page), cliReport(path.join(ROOT, 'web/samples', file)), id);
      assert.equal(new URL(page.url()).searchParams.get('sample'), id);
    }
    await page.goto(server.url);
    await page.screenshot({ path: path.join(SHOTS, `samples-${w}x${h}-${lang}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the address keeps the sample, read-as, the selected offset and other parameters', async () => {
  const errors = [];
  const page = await fresh(1280, 900, 'es', errors, '?lang=es&sample=f2');
  await page.waitForSelector('#ex-root[data-state="done"]');
  await page.fill('#goto', '0x14');
  await page.press('#goto', 'Enter');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('at') === '20');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'es');
  await page.selectOption('#read-as', 'utf-16be');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('as') === 'utf-16be'
    && document.querySelector('#ex-root').dataset.state === 'done');
  // The same bytes stay selected after the new reading.
  await page.waitForFunction(() => document.querySelector('#ex-root').dataset.selStart === '20');
  const url = page.url();
  assert.deepEqual(Object.fromEntries(new URL(url).searchParams), { lang: 'es', sample: 'f2', at: '20', as: 'utf-16be' });
  // Reloading restores it all.
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#ex-root')?.dataset.state === 'done' && document.querySelector('#ex-root').dataset.selStart === '20');
  assert.equal(await page.inputValue('#read-as'), 'utf-16be');
  const want = JSON.parse(execFileSync(CLI, ['--json', '--encoding', 'utf-16be', path.join(ROOT, 'web/samples/f2-windows-notes.txt')]).toString());
  delete want.path;
  assert.deepEqual(await pageReport(page), want);
  assert.equal(page.url(), url);
  // Another file starts at its beginning, and is no sample.
  await page.selectOption('#read-as', '');
  await pickFile(page, F2);
  await waitDone(page);
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('sample'), null);
  assert.equal(q.get('as'), null);
  assert.equal(q.get('lang'), 'es');
  assert.deepEqual(errors, []);
  await page.close();
});

test('scripts, styles and the wasm come from the content-hashed directory, cached for ever', async () => {
  const page = await newPage(context, []);
  const seen = [];
  page.on('response', (r) => seen.push({ url: new URL(r.url()).pathname, cache: r.headers()['cache-control'] }));
  await page.goto(server.url);
  await page.click('button.sample[data-sample="f2"]');
  await page.waitForSelector('#ex-root[data-state="done"]');
  const page0 = seen.find((r) => r.url === '/');
  assert.equal(page0.cache, 'no-cache');
  const assets = seen.filter((r) => r.url !== '/');
  for (const k of ['/js/app.js', '/js/explorer.js', '/js/worker.js', '/css/site.css', '/textscope.wasm', '/samples/f2-windows-notes.txt']) {
    assert.ok(assets.some((r) => r.url.endsWith(k)), k);
  }
  for (const r of assets) {
    assert.match(r.url, /^\/assets\/[0-9a-f]{16}\//, r.url);
    assert.equal(r.cache, 'public, max-age=31536000, immutable', r.url);
  }
  await page.close();
});
