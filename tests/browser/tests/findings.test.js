// Bidi controls and invisible characters (docs/findings.md) in the explorer: listed apart from
// SPEC's problems with the positions `textscope --json` gives, each a link to its character in
// the tree and its bytes in the hex view, in both languages, and never interpreted as markup.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  startServer, launch, newPage, cliReport, pickFile, waitDone, pageReport, summaryValues,
  writeTmp, SHOTS,
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

// Trojan Source (CVE-2021-42574): U+202E and isolates make the comment look like it closes the
// string; U+200B hides inside an identifier. Markup rides along; line 3 ends with CRLF, so the
// file also has one SPEC problem (mixed line endings) to tell the two lists apart.
const TROJAN = [
  'const access = "user";',
  'if (access !== "user\u202E \u2066// admins only\u2069 \u2066") { grant(); } // <img src=x onerror="window.__pwned=1">',
  'const is\u200BAdmin = false; // <script>window.__pwned=2</script> &amp; <b>bold</b>\r',
  '',
].join('\n');

async function findingRows(p) {
  await p.waitForSelector('#findings[data-names="ready"]');
  return p.$$eval('#findings a.finding', (l) => l.map((a) => ({
    kind: a.dataset.kind, offset: Number(a.dataset.offset), line: Number(a.dataset.line),
    column: Number(a.dataset.column), code_point: a.querySelector('.cp').textContent,
    bytes: a.querySelector('.bytes').textContent, message: a.querySelector('.msg').textContent,
    text: a.textContent,
  })));
}

async function openTrojan(name, bytes) {
  const file = writeTmp(name, bytes);
  await pickFile(page, file);
  await waitDone(page);
  return cliReport(file);
}

test('findings are listed apart from problems, where textscope --json puts them', async () => {
  const cli = await openTrojan('trojan.js', Buffer.from(TROJAN));
  assert.deepEqual(await pageReport(page), cli);
  assert.ok(cli.findings.some((f) => f.code_point === 'U+202E'), 'the CLI reports U+202E');
  assert.ok(cli.findings.some((f) => f.code_point === 'U+200B'), 'the CLI reports U+200B');
  const rows = await findingRows(page);
  assert.deepEqual(rows.map(({ text, ...f }) => f),
    cli.findings.map((f) => ({ kind: f.kind, offset: f.offset, line: f.line, column: f.column, code_point: f.code_point, bytes: f.bytes, message: f.message })));
  for (const [i, r] of rows.entries()) {
    const f = cli.findings[i];
    assert.ok(r.text.includes(`line ${f.line}, column ${f.column}, offset ${f.offset}`), r.text);
  }
  const rlo = rows.find((r) => r.code_point === 'U+202E');
  assert.deepEqual({ line: rlo.line, column: rlo.column, offset: rlo.offset, bytes: rlo.bytes }, { line: 2, column: 21, offset: 43, bytes: 'E2 80 AE' });
  const zwsp = rows.find((r) => r.code_point === 'U+200B');
  assert.deepEqual({ line: zwsp.line, column: zwsp.column, offset: zwsp.offset, bytes: zwsp.bytes }, { line: 3, column: 9, offset: 137, bytes: 'E2 80 8B' });
  // The summary counts them by kind; SPEC's problems stay what they were.
  const s = await summaryValues(page);
  assert.deepEqual(s.findings, cli.finding_counts);
  assert.deepEqual(s.findings, { bidi_control: 4, invisible_character: 1, ansi_escape: 0, mojibake: 0, mixed_encoding: 0 });
  assert.equal(await page.textContent('#summary dd[data-field="findings"]'), '5 (4 bidi controls, 1 invisible character)');
  assert.equal(s.problems, 1);
  assert.equal(await page.$$eval('#problems a.problem', (l) => l.length), 1);
  assert.equal(await page.$$eval('#problems a.finding, #findings a.problem', (l) => l.length), 0);
  // Visibly apart: the kinds are coloured differently, the bytes tinted differently.
  const colour = (sel) => page.$eval(sel, (e) => getComputedStyle(e).color);
  assert.notEqual(await colour('#findings a.finding .kind'), await colour('#problems details.group .kind'));
  const tint = (off) => page.$eval(`#hex .b[data-off="${off}"]`, (e) => ({ cls: e.className, bg: getComputedStyle(e).backgroundColor }));
  const fcell = await tint(43);
  const pcell = await tint(cli.problems[0].offset);
  assert.match(fcell.cls, /\bfinding\b/);
  assert.match(pcell.cls, /\bbad\b/);
  assert.notEqual(fcell.bg, pcell.bg);
  assert.deepEqual(errors, []);
});

test('a finding is a link to its character in the tree and its bytes in the hex view', async () => {
  const cli = await openTrojan('trojan.js', Buffer.from(TROJAN));
  for (const f of cli.findings) {
    const i = cli.findings.indexOf(f);
    await page.click(`#findings a.finding[data-index="${i}"]`);
    await page.waitForFunction((cp) => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === cp, f.code_point);
    const row = await page.$eval('#tree .row.char[aria-selected="true"]', (r) => ({
      line: Number(r.dataset.line), cp: r.querySelector('.cp').textContent, glyph: r.querySelector('.glyph').textContent,
      bytes: r.querySelector('.bytes').textContent, badge: r.querySelector('.badge.finding')?.dataset.kind,
    }));
    assert.deepEqual(row, { line: f.line, cp: f.code_point, glyph: `[${f.code_point}]`, bytes: f.bytes, badge: f.kind });
    const sel = await page.$$eval('#hex .b.sel', (c) => c.map((e) => Number(e.dataset.off)));
    assert.deepEqual(sel, Array.from({ length: f.length }, (_, k) => f.offset + k));
    assert.equal(await page.getAttribute('#ex-root', 'data-sel-start'), String(f.offset));
  }
  // The U+202E, for the screenshot.
  await page.click('#findings a.finding[data-index="0"]');
  await page.waitForSelector('#tree .row.char[aria-selected="true"]');
  await page.screenshot({ path: path.join(SHOTS, 'explorer-findings.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('UTF-16LE offsets and bytes match the CLI too', async () => {
  const bytes = Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from(TROJAN, 'utf16le')]);
  const cli = await openTrojan('trojan-utf16le.js', bytes);
  assert.deepEqual(await pageReport(page), cli);
  const rows = await findingRows(page);
  assert.deepEqual(rows.map((r) => [r.offset, r.bytes, r.line, r.column]), cli.findings.map((f) => [f.offset, f.bytes, f.line, f.column]));
  assert.equal(rows.find((r) => r.code_point === 'U+202E').bytes, '2E 20');
  await page.click(`#findings a.finding[data-index="${cli.findings.length - 1}"]`);
  await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+200B');
  const last = cli.findings[cli.findings.length - 1];
  assert.deepEqual(await page.$$eval('#hex .b.sel', (c) => c.map((e) => Number(e.dataset.off))), [last.offset, last.offset + 1]);
});

test('nothing from the file is markup; the list is translated', async () => {
  await openTrojan('<img src=x onerror=window.__pwned=3>.js', Buffer.from(TROJAN));
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$$eval('#explorer img, #explorer script, #explorer b', (l) => l.length), 0);
  await page.waitForSelector('#tree .row.line[data-line="3"] .text');
  assert.equal(await page.textContent('#tree .row.line[data-line="3"] .text'),
    'const is[U+200B]Admin = false; // <script>window.__pwned=2</script> &amp; <b>bold</b>');
  assert.equal(await page.textContent('#tree .row.line[data-line="2"] .text'),
    'if (access !== "user[U+202E] [U+2066]// admins only[U+2069] [U+2066]") { grant(); } // <img src=x onerror="window.__pwned=1">');
  // No raw bidi control reaches the findings list: the messages name the characters.
  const listed = await page.textContent('#findings');
  assert.doesNotMatch(listed, /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060-\u2064]/);
  assert.equal(await page.textContent('[data-i18n="findings.title"]'), 'Bidi controls, invisible characters and terminal escapes');
  await page.selectOption('#lang', 'es');
  assert.equal(await page.textContent('[data-i18n="findings.title"]'), 'Controles bidi, caracteres invisibles y secuencias de escape');
  assert.equal(await page.textContent('#summary dd[data-field="findings"]'), '5 (4 controles bidi, 1 carácter invisible)');
  assert.match(await page.textContent('#findings a.finding'), /línea 2, columna 21, posición 43/);
  await page.screenshot({ path: path.join(SHOTS, 'explorer-findings-es.png'), fullPage: true });
  await page.selectOption('#lang', 'en');
  assert.match(await page.textContent('#findings a.finding'), /line 2, column 21, offset 43/);
  // A clean file says so.
  await pickFile(page, writeTmp('clean.txt', Buffer.from('plain text\n')));
  await waitDone(page);
  assert.equal(await page.textContent('#findings li.none'), 'No bidi controls, no invisible characters, no terminal escapes.');
  assert.deepEqual(errors, []);
});

test('every page\'s explorer lists findings', async () => {
  for (const p of ['utf-8.html', 'utf-16le.html', 'legacy.html', 'utf-16.html']) {
    await page.goto(new URL(p, server.url).href);
    const cli = await openTrojan('trojan.js', Buffer.from(TROJAN));
    assert.equal(await page.$$eval('#findings a.finding', (l) => l.length), cli.findings.length, p);
    assert.deepEqual((await summaryValues(page)).findings, cli.finding_counts, p);
  }
  assert.deepEqual(errors, []);
});
