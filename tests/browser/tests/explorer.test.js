// The explorer against the CLI: every worked file of SPEC §9 and the test data, dropped or
// picked, shows the report `textscope --json` prints; expanding, problems and the hex view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  startServer, launch, newPage, cliReport, dropBytes, pickFile, waitDone, pageReport,
  summaryValues, writeTmp, hex, DATA, SHOTS,
} from './harness.js';

let server;
let context;
let page;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
  page = await newPage(context, errors);
  await page.goto(server.url);
});
after(async () => { await context?.close(); server?.stop(); });

/**
 * The detection steps the page shows against the CLI's: same formats, verdicts and figures;
 * each sentence built from the step's code and figures, so it names the same numbers as the
 * core's English reason (grouping separators aside) in either language.
 */
export async function checkSteps(p, expected, name) {
  const steps = await p.$$eval('#detection li[data-format]', (l) => l.map((e) => ({
    format: e.dataset.format, accepted: e.dataset.accepted === 'true', figures: JSON.parse(e.dataset.figures),
    code: e.dataset.code, reason: e.querySelector('.reason').textContent,
  })));
  const want = expected.detection.steps;
  assert.deepEqual(steps.map(({ format, accepted, figures }) => ({ format, accepted, figures })),
    want.map(({ format, accepted, figures }) => ({ format, accepted, figures })), `${name}: detection`);
  const numbers = (s) => (s.replace(/(\d)[.,\u00a0\u202f](?=\d)/g, '$1').match(/\d+/g) || []).map(Number).sort((a, b) => a - b);
  for (const [i, s] of steps.entries()) {
    assert.ok(s.code, `${name}: step ${i} has a code`);
    if (want[i].code) assert.equal(s.code, want[i].code, `${name}: step ${i} code`);
    const mine = numbers(s.reason);
    for (const n of numbers(want[i].reason.replace(/[0-9A-F]{2}( [0-9A-F]{2})+|U\+[0-9A-F]+|[0-9A-F]{4}/g, ''))) {
      assert.ok(mine.includes(n), `${name}: step ${i} "${s.reason}" names ${n} like "${want[i].reason}"`);
    }
  }
}

const WORKED = ['f1.txt', 'f2-notes-utf16le.txt', 'f3-utf32le.txt', 'f4.txt', 'f5-utf32le-bad-units.txt', 'f6.txt'];

test('worked files F1–F6, dropped, show what the CLI reports', async () => {
  for (const name of WORKED) {
    const file = path.join(DATA, name);
    await dropBytes(page, name, fs.readFileSync(file));
    await waitDone(page);
    const expected = cliReport(file);
    assert.deepEqual(await pageReport(page), expected, name);
    const s = await summaryValues(page);
    for (const k of ['format', 'encoding', 'bom', 'size', 'lines', 'characters', 'endings', 'longest_line', 'ascii']) {
      assert.deepEqual(s[k], expected[k], `${name}: ${k}`);
    }
    await checkSteps(page, expected, name);
    const problems = await page.$$eval('#problems a.problem', (l) => l.length);
    assert.equal(problems, expected.problems.length, `${name}: problems listed`);
  }
  assert.deepEqual(errors, []);
});

test('F2 facts of SPEC §9 as the page shows them', async () => {
  await pickFile(page, path.join(DATA, 'f2-notes-utf16le.txt'));
  await waitDone(page);
  const s = await summaryValues(page);
  assert.equal(s.format, 'utf-16le');
  assert.equal(s.lines, 2);
  assert.equal(s.characters, 15);
  assert.deepEqual(s.longest_line, { line: 1, characters: 7 });
  await page.waitForSelector('#tree .row.line[data-line="2"] .text');
  assert.equal(await page.textContent('#tree .row.line[data-line="1"] .text'), 'Café €4');
  assert.equal(await page.textContent('#tree .row.line[data-line="2"] .text'), '中文 😀');
  assert.equal(await page.textContent('#tree .row.mark code'), 'FF FE');
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'explorer-f2.png'), fullPage: true });
});

test('generated files agree with the CLI', async () => {
  const gen = {
    'crlf-mixed.txt': Buffer.from('one\r\ntwo\nthree\rfour\r\n'),
    'utf8-bad.txt': Buffer.concat([Buffer.from('ok '), hex('C0 80 ED A0 80 F4 90 80 80 E2 82'), Buffer.from('A\n')]),
    'utf16be-bom.txt': Buffer.concat([hex('FE FF'), Buffer.from('Hi 😀\n', 'utf16le').swap16()]),
    'latin1.txt': Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve \xa9 \x80 tr\xe8s bien\n'.repeat(20), 'latin1'),
    'controls.txt': Buffer.from('a\u0000b\u0007c\u001b[31m\u007f\u0085d\u2028e\ufeff\n'),
    'empty.txt': Buffer.alloc(0),
  };
  const data = fs.readdirSync(DATA).filter((f) => !f.endsWith('.py') && !f.endsWith('.md') && fs.statSync(path.join(DATA, f)).isFile());
  const files = [...Object.entries(gen).map(([n, b]) => writeTmp(n, b)), ...data.map((f) => path.join(DATA, f))];
  for (const file of files) {
    await dropBytes(page, path.basename(file), fs.readFileSync(file));
    await waitDone(page);
    assert.deepEqual(await pageReport(page), cliReport(file), file);
  }
});

test('a line beyond ASCII expands to its characters; the hex view follows', async () => {
  await pickFile(page, path.join(DATA, 'f2-notes-utf16le.txt'));
  await waitDone(page);
  await page.click('#tree .row.line[data-line="2"] .twisty');
  await page.waitForSelector('#tree .row.char[data-line="2"]');
  const chars = await page.$$eval('#tree .row.char[data-line="2"]', (rows) => rows.map((r) => ({
    cp: r.querySelector('.cp').textContent, glyph: r.querySelector('.glyph').textContent,
    bytes: r.querySelector('.bytes').textContent, units: r.querySelector('.meta')?.textContent,
  })));
  assert.deepEqual(chars, [
    { cp: 'U+4E2D', glyph: '中', bytes: '2D 4E', units: 'units 4E2D' },
    { cp: 'U+6587', glyph: '文', bytes: '87 65', units: 'units 6587' },
    { cp: 'U+0020', glyph: ' ', bytes: '20 00', units: 'units 0020' },
    { cp: 'U+1F600', glyph: '😀', bytes: '3D D8 00 DE', units: 'units D83D DE00' },
  ]);
  // Selecting the character highlights its bytes.
  await page.click('#tree .row.char[data-line="2"][data-index="3"]');
  const sel = await page.$$eval('#hex .b.sel', (c) => c.map((e) => Number(e.dataset.off)));
  assert.deepEqual(sel, [26, 27, 28, 29]);
  await page.screenshot({ path: path.join(SHOTS, 'explorer-f2-expanded.png'), fullPage: true });
  // Selecting a byte selects the node: offset 22 is 文.
  await page.click('#hex .b[data-off="22"]');
  await page.waitForFunction(() => document.querySelector('#tree .row[aria-selected="true"]')?.dataset.index === '1');
  assert.equal(await page.textContent('#tree .row[aria-selected="true"] .glyph'), '文');
  // A byte of the mark selects the mark; a byte of line 1 (ASCII part) its character.
  await page.click('#hex .b[data-off="1"]');
  await page.waitForSelector('#tree .row.mark[aria-selected="true"]');
  await page.click('#hex .b[data-off="4"]');
  await page.waitForFunction(() => document.querySelector('#tree .row[aria-selected="true"] .glyph')?.textContent === 'a');
});

test('a problem is a link to its place in the tree and the hex view', async () => {
  await pickFile(page, path.join(DATA, 'f4.txt'));
  await waitDone(page);
  assert.equal(await page.getAttribute('#problems a.problem', 'data-kind'), 'unpaired_surrogate');
  assert.equal(await page.textContent('#problems details[data-kind="unpaired_surrogate"] .kind'), 'unpaired surrogate');
  await page.click('#problems a.problem');
  await page.waitForSelector('#tree .row.char[aria-selected="true"]');
  const row = await page.$eval('#tree .row.char[aria-selected="true"]', (r) => ({
    bytes: r.querySelector('.bytes').textContent, badge: r.querySelector('.badge')?.dataset.kind, glyph: r.querySelector('.glyph').textContent,
  }));
  assert.deepEqual(row, { bytes: '3D D8', badge: 'unpaired_surrogate', glyph: '\uFFFD' });
  const sel = await page.$$eval('#hex .b.sel', (c) => c.map((e) => Number(e.dataset.off)));
  assert.deepEqual(sel, [2, 3]);
  // The note N1 jumps to its line.
  await page.click('#problems a.note');
  await page.waitForSelector('#tree .row.line[data-line="1"][aria-selected="true"]');
  // A faulty file, for the screenshot.
  await pickFile(page, path.join(DATA, 'invalid-utf8.txt'));
  await waitDone(page);
  await page.click('#problems a.problem >> nth=2');
  await page.waitForSelector('#tree .row.char[aria-selected="true"]');
  await page.screenshot({ path: path.join(SHOTS, 'explorer-faulty.png'), fullPage: true });
});

test('the tree is reachable and usable with the keyboard', async () => {
  await page.focus('#open-file');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'open-file');
  await pickFile(page, path.join(DATA, 'f2-notes-utf16le.txt'));
  await waitDone(page);
  await page.focus('#tree');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#tree .row.line[data-line="1"][aria-selected="true"]');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#tree .row.char[data-line="1"]');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#tree .row.char[data-line="1"][data-index="0"][aria-selected="true"]');
});
