// Files of two encodings and mojibake in the explorer (docs/mojibake.md, "In the explorer"; issue
// 39 item 4): the report's segments and runs marked in the tree, the preview and the hex view in
// both languages, file content as text, axe clean; and "Save as UTF-8 (repaired)", whose bytes
// are those `textscope convert --to utf-8 --fix-mojibake` writes for each of tests/data/mixed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  startServer, launch, freshPage, openFile, cliReport, writeTmp, violations, CLI, DATA, TMP, SHOTS,
} from './harness.js';

const MIXED = path.join(DATA, 'mixed');
const FILES = fs.readdirSync(MIXED).filter((f) => /\.(txt|csv)$/.test(f)).sort();

let server;
let context;

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

/** What the CLI writes for `file`: the bytes the page's repaired file must equal. */
function cliRepaired(file) {
  const out = path.join(TMP, `${path.basename(file)}.cli-repaired`);
  execFileSync(CLI, ['convert', '--to', 'utf-8', '--fix-mojibake', file, '-o', out], { stdio: ['ignore', 'ignore', 'pipe'] });
  return fs.readFileSync(out);
}

async function saveRepaired(page) {
  await page.waitForSelector('#save-repaired:not([hidden])');
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('#save-repaired')]);
  const bytes = fs.readFileSync(await d.path());
  await page.waitForFunction(() => document.querySelector('#ex-root').dataset.repair);
  const summary = JSON.parse(await page.evaluate(() => document.querySelector('#ex-root').dataset.repair));
  return { bytes, name: d.suggestedFilename(), summary, note: await page.textContent('#repair-note') };
}

test('Save as UTF-8 (repaired) gives the bytes of convert --to utf-8 --fix-mojibake, for each mixed file', async () => {
  assert.ok(FILES.length >= 4, `tests/data/mixed: ${FILES}`);
  const errors = [];
  const page = await freshPage(context, server, 1280, 900, 'en', errors);
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith(server.url) && !r.url().startsWith('blob:')) requests.push(r.url()); });
  for (const f of FILES) {
    const file = path.join(MIXED, f);
    const want = cliRepaired(file);
    await openFile(page, file);
    const cli = cliReport(file);
    const got = await saveRepaired(page);
    assert.ok(got.bytes.equals(want), `${f}: the page's ${got.bytes.length} bytes differ from the CLI's ${want.length}`);
    assert.equal(got.name, f.replace(/\.(\w+)$/, '.utf-8.$1'));
    assert.equal(got.summary.repaired, cli.finding_counts.mojibake, f);
    assert.equal(got.summary.segments, Math.max(0, (cli.segments || []).length - 1), f);
    assert.equal(got.summary.ambiguous, 0, f);
    assert.equal(got.summary.replaced, 0, f);
    assert.equal(got.summary.read, cli.size, f);
    assert.match(got.note, /Saved .*repaired/, f);
  }
  // The double mojibake's 36 runs are repaired ("ÃƒÂ©" is "é").
  const double = await (async () => {
    await openFile(page, path.join(MIXED, 'utf8-double-mojibake.txt'));
    return saveRepaired(page);
  })();
  assert.ok(!double.bytes.toString('utf8').includes('Ãƒ'));
  assert.match(double.note, /36 runs of mojibake repaired/);
  assert.deepEqual(requests, [], 'nothing is sent anywhere');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the button is offered for text that is not UTF-8, not for plain UTF-8 or binary files', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 900, 'en', errors);
  await openFile(page, writeTmp('plain.txt', Buffer.from('café, naïve\n')));
  assert.equal(await page.isHidden('#save-repaired'), true);
  await openFile(page, path.join(DATA, 'image.png'));
  assert.equal(await page.isHidden('#save-repaired'), true);
  // windows-1252 with no segment: the whole file read as it is, into UTF-8.
  const legacy = writeTmp('legacy.txt', Buffer.from('Caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve fa\xe7ade, \xe0 bient\xf4t.\n'.repeat(20), 'latin1'));
  await openFile(page, legacy);
  const got = await saveRepaired(page);
  assert.ok(got.bytes.equals(cliRepaired(legacy)));
  assert.ok(got.bytes.toString('utf8').startsWith('Café crème'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a byte that is not text becomes U+FFFD and the user is told how many (the CLI would refuse it)', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 900, 'en', errors);
  // UTF-8 with one stray byte: the CLI refuses it without --replace; the page writes U+FFFD.
  const bad = Buffer.concat([Buffer.from('caf\u00c3\u00a9 and more text here, na\u00c3\u00afve\n'.repeat(20)), Buffer.from([0xff]), Buffer.from(' end\n')]);
  await openFile(page, writeTmp('stray.txt', bad));
  const got = await saveRepaired(page);
  assert.equal(got.summary.replaced, 1);
  assert.match(got.note, /1 byte that is not text was written as U\+FFFD/);
  assert.ok(got.bytes.toString('utf8').includes('\uFFFD end'));
  assert.ok(got.bytes.toString('utf8').startsWith('café and more'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('segments and mojibake are marked in the tree, the preview and the hex view, in both languages', async () => {
  for (const lang of ['en', 'es']) {
    const errors = [];
    const page = await freshPage(context, server, 1280, 900, lang, errors);
    const file = path.join(MIXED, 'utf8-with-1252-lines.txt');
    await openFile(page, file);
    const cli = cliReport(file);
    const segs = cli.segments;
    // The tree: a segments node, one row per segment with its lines, encoding and confidence.
    const head = await page.textContent('#tree .row.segs .label');
    assert.equal(head, lang === 'en' ? 'Stretches in their own encoding' : 'Tramos en su propia codificación');
    const rows = await page.$$eval('#tree .row.seg', (l) => l.map((e) => ({
      encoding: e.dataset.encoding, offset: Number(e.dataset.offset), length: Number(e.dataset.length),
      foreign: e.classList.contains('foreign'), label: e.querySelector('.label').textContent,
    })));
    assert.deepEqual(rows.map((r) => [r.encoding, r.offset, r.length, r.foreign]),
      segs.map((s) => [s.encoding, s.offset, s.length, s.encoding !== cli.encoding]));
    assert.match(rows[1].label, lang === 'en' ? /Segment 2: lines 10–13, windows-1252, confidence 93 %/ : /Segmento 2: las líneas 10–13, windows-1252, confianza 93 %/);
    // Line 10's row says its encoding; line 9's does not.
    const badge = (n) => page.$$eval(`#tree .row.line[data-line="${n}"] .badge.seg`, (l) => l.map((e) => e.textContent));
    await page.waitForSelector('#tree .row.line[data-line="10"] .text');
    assert.deepEqual(await badge(10), ['windows-1252']);
    assert.deepEqual(await badge(9), []);
    // The preview: lines 10–13 marked, with a title saying what they are.
    const plines = await page.$$eval('#preview .pline', (l) => l.map((e) => [Number(e.dataset.line), e.classList.contains('seg-foreign'), e.title]));
    const marked = plines.filter(([, on]) => on).map(([n]) => n);
    assert.deepEqual(marked, [10, 11, 12, 13]);
    assert.match(plines.find(([n]) => n === 10)[2], lang === 'en' ? /lines 10–13: windows-1252, not UTF-8/ : /las líneas 10–13: windows-1252, no UTF-8/);
    // Selecting the segment: its bytes are selected, tinted, and the inspector names it.
    await page.click('#tree .row.seg[data-seg="1"]');
    await page.waitForFunction((o) => document.querySelector('#inspector')?.dataset.offset === String(o), segs[1].offset);
    assert.equal(await page.getAttribute('#ex-root', 'data-sel-start'), String(segs[1].offset));
    assert.equal(await page.getAttribute('#ex-root', 'data-sel-end'), String(segs[1].offset + segs[1].length));
    const cls = (o) => page.getAttribute(`#hex .b[data-off="${o}"]`, 'class');
    assert.match(await cls(segs[1].offset), /seg-foreign/);
    assert.doesNotMatch(await cls(segs[1].offset - 1), /seg-foreign/);
    assert.match(await page.textContent('#inspector .in-seg'), lang === 'en' ? /In segment 2: lines 10–13, windows-1252/ : /En el segmento 2: las líneas 10–13, windows-1252/);
    await page.screenshot({ path: path.join(SHOTS, `twofold-segments-${lang}.png`) });

    // Mojibake: the run's characters marked in the preview with their repair, its bytes in the
    // hex view, and the inspector on one of them.
    const moji = path.join(MIXED, 'utf8-double-mojibake.txt');
    await openFile(page, moji);
    const run = cliReport(moji).findings.find((f) => f.kind === 'mojibake');
    await page.waitForSelector(`#preview .pline[data-line="${run.line}"] mark.mojibake`);
    const mk = await page.$eval(`#preview .pline[data-line="${run.line}"] mark.mojibake`, (e) => ({ text: e.textContent, title: e.title, off: Number(e.dataset.offset) }));
    assert.deepEqual([mk.text, mk.off], [run.repair.original, run.offset]);
    assert.ok(mk.title.includes(run.repair.repaired) && mk.title.includes(run.repair.original), mk.title);
    assert.match(mk.title, lang === 'en' ? /UTF-8 read as windows-1252, then as windows-1252/ : /UTF-8 leído como windows-1252 y luego como windows-1252/);
    const lb = await page.textContent(`#tree .row.line[data-line="${run.line}"] .badge.finding[data-kind="mojibake"]`);
    assert.match(lb, /^mojibake ×\d+$/);
    await page.click('#findings a.finding[data-kind="mojibake"]');
    await page.waitForFunction((o) => document.querySelector('#inspector')?.dataset.offset === String(o), run.offset);
    assert.match(await cls(run.offset), /\bmoji\b/);
    assert.doesNotMatch(await cls(run.offset + run.length), /\bmoji\b/);
    const said = await page.textContent('#inspector .in-mojibake');
    assert.ok(said.includes(`${run.repair.original}`) && said.includes(run.repair.repaired), said);
    await page.screenshot({ path: path.join(SHOTS, `twofold-mojibake-${lang}.png`) });
    assert.equal(await page.textContent('#save-repaired'), lang === 'en' ? 'Save as UTF-8 (repaired)' : 'Guardar como UTF-8 (reparado)');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('a run of mojibake in a line of markup is shown as text, never as markup', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 900, 'en', errors);
  const text = '<img src=x onerror="window.__pwned=1"> Le caf\u00c3\u00a9 est \u00c3\u00a0 c\u00c3\u00b4t\u00c3\u00a9 <b>bold</b>\n';
  await openFile(page, writeTmp('markup.html', Buffer.from(text.repeat(3))));
  await page.waitForSelector('#preview mark.mojibake');
  assert.equal(await page.$$eval('#preview img, #preview b, #tree img, #tree b', (l) => l.length), 0);
  const first = await page.textContent('#preview .pline[data-line="1"] .text');
  assert.equal(first, text.slice(0, -1));
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(errors, []);
  await page.close();
});

test('axe: no violations with a file of two encodings and one with mojibake open, light and dark', async () => {
  const failures = [];
  const errors = [];
  for (const scheme of ['light', 'dark']) {
    for (const lang of ['en', 'es']) {
      const page = await freshPage(context, server, 1280, 800, lang, errors);
      await page.emulateMedia({ colorScheme: scheme });
      for (const f of ['utf8-with-1252-lines.txt', 'utf8-double-mojibake.txt', 'utf16le-then-utf8.csv']) {
        await openFile(page, path.join(MIXED, f));
        await page.click('#tree .row.seg, #findings a.finding').catch(() => {});
        await page.waitForTimeout(200);
        for (const v of await violations(page)) failures.push(`${f} (${lang}, ${scheme}): ${v}`);
      }
      await page.close();
    }
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(errors.filter((e) => !e.startsWith('Applying inline style violates')), []);
});
