// The hex pane as a hex editor's (issue 43 item 5, decision 79), in English and Spanish at
// 1280 × 800 and 390 × 844: the cursor driven by the keys alone, a range by shift + arrows and by
// a drag, copying it as hex, a C array, Base64 and text (read back from the clipboard), the data
// inspector's values against node's own reading of the same bytes, the report downloaded as
// JSON (the CLI's object) and as text, and the dark-mode switch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, freshPage, openFile, cliReport, writeTmp, DATA, SHOTS } from './harness.js';

let server;
let context;
const F2 = path.join(DATA, 'f2-notes-utf16le.txt');

before(async () => {
  server = await startServer();
  context = await launch();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
  fs.mkdirSync(SHOTS, { recursive: true });
});
after(async () => { await context?.close(); server?.stop(); });

const cursor = (page) => page.getAttribute('#ex-root', 'data-cursor').then(Number);
const range = async (page) => [Number(await page.getAttribute('#ex-root', 'data-sel-start')), Number(await page.getAttribute('#ex-root', 'data-sel-end'))];
const waitCursor = (page, c) => page.waitForFunction((v) => document.querySelector('#ex-root').dataset.cursor === String(v), c);
const inspectorAt = async (page, off) => {
  await page.waitForFunction((o) => document.querySelector('#inspector')?.dataset.offset === String(o), off);
  return inspector(page);
};
const inspector = (page) => page.$$eval('#inspector tbody tr', (l) => Object.fromEntries(l.map((r) => [r.dataset.type, [r.children[1].textContent, r.children[2].textContent]])));

/** What node reads in `b` from offset `at`, as the inspector should show it. */
function expected(b, at) {
  const s = b.subarray(at);
  const both = (n, f) => (s.length >= n ? [String(f(true)), String(f(false))] : ['—', '—']);
  return {
    u8: [String(s.readUInt8(0)), '—'],
    i8: [String(s.readInt8(0)), '—'],
    u16: both(2, (le) => (le ? s.readUInt16LE(0) : s.readUInt16BE(0))),
    i16: both(2, (le) => (le ? s.readInt16LE(0) : s.readInt16BE(0))),
    u32: both(4, (le) => (le ? s.readUInt32LE(0) : s.readUInt32BE(0))),
    i32: both(4, (le) => (le ? s.readInt32LE(0) : s.readInt32BE(0))),
    u64: both(8, (le) => (le ? s.readBigUInt64LE(0) : s.readBigUInt64BE(0))),
    i64: both(8, (le) => (le ? s.readBigInt64LE(0) : s.readBigInt64BE(0))),
    f32: both(4, (le) => (le ? s.readFloatLE(0) : s.readFloatBE(0))),
    f64: both(8, (le) => (le ? s.readDoubleLE(0) : s.readDoubleBE(0))),
  };
}

for (const [w, h] of [[1280, 800], [390, 844]]) {
  for (const lang of ['en', 'es']) {
    test(`the hex pane by keyboard alone, a range, copy and the inspector, at ${w}×${h} in ${lang}`, async () => {
      const errors = [];
      const page = await freshPage(context, server, w, h, lang, errors);
      // 40 bytes: "AB", the euro sign in UTF-8, an emoji, then counting bytes.
      const bytes = Buffer.concat([Buffer.from('AB€😀'), Buffer.from(Array.from({ length: 31 }, (_, i) => 0x30 + (i % 10)))]);
      const file = writeTmp('hexedit.txt', bytes);
      await openFile(page, file);
      const bpr = Number(await page.getAttribute('#hex', 'data-bpr'));
      // Tab to the pane: focus alone, no mouse.
      await page.focus('#hex');
      await page.keyboard.press('ArrowRight');
      await waitCursor(page, 0);
      await page.keyboard.press('ArrowRight');
      await waitCursor(page, 1);
      await page.keyboard.press('ArrowRight');
      await waitCursor(page, 2);
      // The cursor on the euro sign's first byte: the tree selects the character in a moment.
      await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+20AC');
      assert.deepEqual(await range(page), [2, 5]);
      assert.equal(await page.getAttribute('#hex', 'aria-activedescendant'), 'hex-cur');
      assert.equal(await page.getAttribute('#hex-cur', 'data-off'), '2');
      let ins = await inspectorAt(page, 2);
      for (const [k, v] of Object.entries(expected(bytes, 2))) assert.deepEqual(ins[k], v, `${k} at 2`);
      assert.equal(ins['UTF-8'][0], 'U+20AC €');
      await page.keyboard.press('ArrowDown');
      await waitCursor(page, 2 + bpr);
      await page.keyboard.press('ArrowUp');
      await waitCursor(page, 2);
      await page.keyboard.press('End');
      await waitCursor(page, bpr - 1);
      await page.keyboard.press('Home');
      await waitCursor(page, 0);
      await page.keyboard.press('Control+End');
      await waitCursor(page, bytes.length - 1);
      ins = await inspectorAt(page, bytes.length - 1);
      assert.deepEqual(ins.u8, [String(bytes[bytes.length - 1]), '—']);
      assert.deepEqual(ins.u16, ['—', '—']);
      await page.keyboard.press('Control+Home');
      await waitCursor(page, 0);
      // The emoji starts at 5: its bytes and the character in UTF-8.
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await waitCursor(page, 5);
      ins = await inspectorAt(page, 5);
      assert.equal(ins['UTF-8'][0], 'U+1F600 😀');
      for (const [k, v] of Object.entries(expected(bytes, 5))) assert.deepEqual(ins[k], v, `${k} at 5`);
      // Shift + arrows: a range from the cursor.
      await page.keyboard.press('Control+Home');
      await waitCursor(page, 0);
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await waitCursor(page, 3);
      assert.deepEqual(await range(page), [0, 4]);
      assert.deepEqual(await page.$$eval('#hex .b.sel', (l) => l.map((b) => Number(b.dataset.off))), [0, 1, 2, 3]);
      // Escape folds the range to the cursor (and then to the character holding it), and
      // shift + arrows select again from there.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('#ex-root').dataset.selStart === '2' && document.querySelector('#ex-root').dataset.selEnd === '5');
      assert.equal(await cursor(page), 3);
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('Shift+ArrowLeft');
      await waitCursor(page, 0);
      assert.deepEqual(await range(page), [0, 4]);
      // Copy, in four forms, read back from the clipboard.
      const clip = () => page.evaluate(() => navigator.clipboard.readText());
      await page.keyboard.press('Control+c');
      await page.waitForFunction(() => document.querySelector('#ex-root').dataset.copied === '41 42 E2 82');
      assert.equal(await clip(), '41 42 E2 82');
      await page.click('#copy-c');
      await page.waitForFunction(() => document.querySelector('#ex-root').dataset.copied?.startsWith('unsigned'));
      assert.equal(await clip(), 'unsigned char data[4] = {\n  0x41, 0x42, 0xE2, 0x82\n};');
      await page.click('#copy-base64');
      await page.waitForFunction(() => document.querySelector('#ex-root').dataset.copied === 'QULigg==');
      assert.equal(await clip(), Buffer.from([0x41, 0x42, 0xe2, 0x82]).toString('base64'));
      // Text: the characters the bytes hold (the cut euro sign is a replacement character).
      await page.click('#copy-text');
      await page.waitForFunction(() => document.querySelector('#ex-root').dataset.copied === 'AB\uFFFD');
      assert.equal(await clip(), 'AB\uFFFD');
      assert.match(await page.textContent('#tool-status'), /4/);
      // A drag from byte 5 to byte 8: the emoji's four bytes.
      const box = async (off) => (await page.$(`#hex .b[data-off="${off}"]`)).boundingBox();
      const a = await box(5);
      const b = await box(8);
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up();
      assert.deepEqual(await range(page), [5, 9]);
      await page.click('#copy-text');
      await page.waitForFunction(() => document.querySelector('#ex-root').dataset.copied === '😀');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the inspector and the copy buttons fit the screen');
      await page.screenshot({ path: path.join(SHOTS, `hexedit-${w}x${h}-${lang}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test('UTF-16 and UTF-32 in the inspector, on a UTF-16LE file', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 800, 'en', errors);
  await openFile(page, F2);
  await page.fill('#goto', '0x1A');
  await page.press('#goto', 'Enter');
  await page.waitForFunction(() => document.querySelector('#inspector')?.dataset.offset === '26');
  const ins = await inspector(page);
  assert.equal(ins['UTF-16'][0], 'U+1F600 😀');
  const b = fs.readFileSync(F2);
  for (const [k, v] of Object.entries(expected(b, 26))) assert.deepEqual(ins[k], v, k);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the report downloads as JSON (the CLI\'s object) and as text, in both languages', async () => {
  for (const lang of ['en', 'es']) {
    const errors = [];
    const page = await freshPage(context, server, 1280, 800, lang, errors);
    const file = path.join(DATA, 'nul-and-controls.txt');
    await openFile(page, file);
    const [dj] = await Promise.all([page.waitForEvent('download'), page.click('#download-json')]);
    assert.equal(dj.suggestedFilename(), 'nul-and-controls.txt.textscope.json');
    const got = JSON.parse(fs.readFileSync(await dj.path(), 'utf8'));
    delete got.path;
    assert.deepEqual(got, cliReport(file));
    const [dt] = await Promise.all([page.waitForEvent('download'), page.click('#download-text')]);
    const text = fs.readFileSync(await dt.path(), 'utf8');
    // The summary's values and the problems' sentences, in the page's language.
    assert.ok(text.startsWith(await page.textContent('[data-i18n="summary.title"]')), text);
    assert.ok(text.includes(await page.textContent('#summary dd[data-field="encoding"]')));
    for (const msg of await page.$$eval('#problems a.problem .msg', (l) => l.map((e) => e.textContent))) assert.ok(text.includes(msg), msg);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('dark mode: the system\'s choice, and the switch that overrides it and is kept', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 800, 'en', errors);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor);
  const rootBg = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await rootBg(), '#fbfbfa');
  assert.equal(await page.getAttribute('#theme', 'aria-pressed'), 'false');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await rootBg(), '#15171a');
  await page.waitForFunction(() => document.querySelector('#theme').getAttribute('aria-pressed') === 'true');
  await page.click('#theme');
  assert.equal(await rootBg(), '#fbfbfa');
  assert.equal(await page.getAttribute('#theme', 'aria-pressed'), 'false');
  await page.reload();
  assert.equal(await rootBg(), '#fbfbfa', 'the choice is kept');
  await page.click('#theme');
  assert.equal(await rootBg(), '#15171a');
  await openFile(page, path.join(DATA, 'nul-and-controls.txt'));
  await page.screenshot({ path: path.join(SHOTS, 'dark-1280x800-en.png') });
  assert.ok(typeof (await bg()) === 'string');
  await page.evaluate(() => localStorage.removeItem('textscope-theme'));
  assert.deepEqual(errors, []);
  await page.close();
});
