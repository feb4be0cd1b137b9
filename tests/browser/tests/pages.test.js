// The format pages (hex examples made by the core at load time), the UTF-16 inspector and
// validator with the rows of SPEC I3, and the language switch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { startServer, launch, newPage, pickFile, dropBytes, waitDone, pageReport, cliReport, DATA } from './harness.js';

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

const spaced = (b) => b.toString('hex').toUpperCase().match(/../g).join(' ');
function expectedBytes(format, c) {
  const cp = c.codePointAt(0);
  const u32 = Buffer.alloc(4);
  switch (format) {
    case 'utf-8': return spaced(Buffer.from(c, 'utf8'));
    case 'utf-16le': return spaced(Buffer.from(c, 'utf16le'));
    case 'utf-16be': return spaced(Buffer.from(c, 'utf16le').swap16());
    case 'utf-32le': u32.writeUInt32LE(cp); return spaced(u32);
    case 'utf-32be': u32.writeUInt32BE(cp); return spaced(u32);
    case 'legacy': return { A: '41', é: 'E9', '€': '80' }[c] || null;
    default: throw new Error(format);
  }
}

test('the wasm module is built with simd128, and this Chromium runs it', async () => {
  await page.goto(server.url);
  const simd = await page.evaluate(async () => {
    const { load } = await import('/js/textscope.js');
    return (await load()).simd128;
  });
  assert.equal(simd, true);
});

test('each format page shows the core\'s bytes for A, é, €, 中, 😀', async () => {
  for (const f of ['utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'legacy']) {
    await page.goto(new URL(`${f}.html`, server.url).href);
    await page.waitForSelector('body[data-examples="ready"]');
    for (const c of ['A', 'é', '€', '中', '😀']) {
      const cells = await page.$$eval(`#examples tr[data-char="${c}"] td`, (tds) => tds.map((td) => td.textContent));
      const want = expectedBytes(f, c);
      if (want) assert.equal(cells[2], want, `${f} ${c}`);
      else assert.match(cells[2], /not in the code page/, `${f} ${c}`);
    }
    for (const id of ['#parts', '#endings', '#problems', '#detect-samples']) assert.ok(await page.$(id), `${f} ${id}`);
    // The sections every format page has, in this order (the UTF-16 and UTF-32 pages add more).
    const base = ['The parts of the file', 'How characters become bytes', 'The mark and its ambiguities', 'Lines and endings', 'The end of the file', 'Problems that can occur', 'How detection recognises it', 'Variants'];
    const h2 = await page.$$eval('main h2', (l) => l.map((e) => e.textContent));
    assert.deepEqual(h2.filter((x) => base.includes(x)), base, f);
  }
  // A worked file on a format page: F6 is utf-16le with NUL at offset 2.
  await page.goto(new URL('utf-16le.html', server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
  assert.match(await page.textContent('#mark-samples'), /FF FE 00 00 48 00 69 00[\s\S]*utf-16le[\s\S]*U\+0000 \(NUL\) in text; line 1, column 1, offset 2/);
  assert.equal(await page.getAttribute('#mark-samples tr:nth-child(2) .pitem', 'data-kind'), 'nul');
  assert.deepEqual(errors, []);
});

const I3_TEXT = [
  ['A', 'A', '0041', '41 00'],
  ['é', 'é', '00E9', 'E9 00'],
  ['€', '€', '20AC', 'AC 20'],
  ['∞', '∞', '221E', '1E 22'],
  ['😀', '😀', 'D83D DE00', '3D D8 00 DE'],
  ['𐂃', '𐂃', 'D800 DC83', '00 D8 83 DC'],
  ['𪚥', '𪚥', 'D869 DEA5', '69 D8 A5 DE'],
];

test('inspector: the presets give the rows of SPEC I3', async () => {
  await page.goto(new URL('utf-16.html', server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
  for (const [preset, , units, le] of I3_TEXT) {
    await page.click(`#presets button[data-preset="${preset}"]`);
    assert.equal(await page.textContent('#code-points tbody tr td.units'), units, preset);
    assert.equal(await page.textContent('#code-points tbody tr td.le code'), le, preset);
  }
  // BE and LE side by side.
  await page.click('#presets button[data-preset="😀"]');
  assert.equal(await page.textContent('#code-points tbody tr td.be code'), 'D8 3D DE 00');
  assert.equal(await page.textContent('#code-points tbody tr td.le code'), '3D D8 00 DE');
  const steps = await page.$$eval('#code-points td.derivation li code.gen', (l) => l.map((e) => e.textContent));
  assert.deepEqual(steps.slice(0, 5), ['0F600', '03D', '200', 'D83D', 'DE00']);
  const totals = async () => JSON.parse(await page.getAttribute('#totals', 'data-totals'));
  await page.click('#presets button[data-preset="e\u0301"]');
  assert.deepEqual(await totals(), { code_points: 2, utf16_units: 2, bytes: 4, graphemes: 1 });
  await page.click('#presets button[data-preset="👩\u200D💻"]');
  assert.deepEqual(await totals(), { code_points: 3, utf16_units: 5, bytes: 10, graphemes: 1 });
});

test('validator: the error rows of SPEC I3', async () => {
  await page.goto(new URL('utf-16.html', server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
  const rows = [
    ['D800', 'UNPAIRED_HIGH_SURROGATE', 0],
    ['D83D 0041', 'EXPECTED_LOW_SURROGATE', 1],
    ['DC00', 'UNPAIRED_LOW_SURROGATE', 0],
    ['DC00 D83D', 'UNPAIRED_LOW_SURROGATE', 0],
    ['D800 D800', 'EXPECTED_LOW_SURROGATE', 1],
    ['0041 D83D', 'TRUNCATED_SURROGATE_PAIR', 1],
  ];
  for (const [input, cls, pos] of rows) {
    await page.fill('#units', input);
    assert.equal(await page.getAttribute('#headline', 'data-class'), cls, input);
    assert.equal(Number(await page.getAttribute('#headline', 'data-position')), pos, input);
    assert.equal(await page.getAttribute('#errors tbody tr:first-child', 'data-class'), cls, input);
  }
  await page.fill('#units', 'DC00 0041 D800');
  const all = await page.$$eval('#errors tbody tr', (l) => l.map((r) => [r.dataset.class, Number(r.dataset.position)]));
  assert.deepEqual(all, [['UNPAIRED_LOW_SURROGATE', 0], ['TRUNCATED_SURROGATE_PAIR', 2]]);
  await page.fill('#units', '0xD83D,0xDE00');
  assert.equal(await page.getAttribute('#headline', 'data-class'), 'OK');
  await page.fill('#units', 'D83D zz');
  assert.equal(await page.getAttribute('#headline', 'data-class'), 'PARSE');
  assert.match(await page.textContent('#headline'), /zz/);
});

test('the language switch turns the interface to Spanish and back, on every page', async () => {
  await page.goto(server.url);
  await pickFile(page, path.join(DATA, 'f2-notes-utf16le.txt'));
  await waitDone(page);
  await page.selectOption('#lang', 'es');
  assert.equal(await page.textContent('#open-file'), 'Abrir un archivo…');
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  const dts = await page.$$eval('#summary dt', (l) => l.map((e) => e.textContent));
  assert.ok(dts.includes('Líneas') && dts.includes('Formato'), dts.join());
  assert.equal(await page.textContent('#ex-root h2[data-i18n="tree.title"]'), 'Estructura');
  await page.goto(new URL('utf-8.html', server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
  assert.equal(await page.textContent('main h2'), 'Las partes del archivo');
  await page.selectOption('#lang', 'en');
  assert.equal(await page.textContent('main h2'), 'The parts of the file');
  assert.equal(await page.textContent('#open-file'), 'Open a file…');
  assert.deepEqual(errors, []);
});

test('a file dropped on a format page opens the explorer there', async () => {
  await page.goto(new URL('utf-32le.html', server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
  const file = path.join(DATA, 'f3-utf32le.txt');
  await dropBytes(page, 'f3.txt', fs.readFileSync(file));
  await waitDone(page);
  assert.deepEqual(await pageReport(page), cliReport(file));
  assert.equal(await page.isVisible('#format-page'), false);
  await page.click('#close-explorer');
  assert.equal(await page.isVisible('#format-page'), true);
  assert.equal(await page.isVisible('#explorer'), false);
  assert.deepEqual(errors, []);
});
