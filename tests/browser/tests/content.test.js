// Issue 16, part 3: the content each page was specified with, point by point, in English and
// Spanish (each point is an element with data-point="…"), and what the UTF-16 page's tools
// show, compared with the CLI (`textscope utf16 --bytes … --json`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launch, newPage, CLI } from './harness.js';

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

export const POINTS = {
  'utf-16.html': ['skip-link', 'badges', 'quick-facts', 'code-space', 'pair-rule', 'invariants', 'display-format', 'hex-string',
    'copy', 'encoder', 'calculator', 'byte-validator', 'be-le', 'risk', 'example-cards', 'serialisation', 'bom-contexts',
    'bom-myth', 'concepts', 'references', 'preset-labels', 'converter', 'sizes', 'formulas', 'malformed-table', 'strict-decoders',
    'line-rule'],
  'utf-8.html': ['history', 'first-bytes', 'ranges', 'windows-file', 'properties', 'ending-usage'],
  'legacy.html': ['history', 'first-bytes', 'ranges', 'windows-file', 'properties', 'ending-usage'],
  'utf-16le.html': ['history', 'unlabelled-be', 'first-bytes', 'ranges', 'windows-file', 'properties', 'ending-usage'],
  'utf-16be.html': ['history', 'unlabelled-be', 'first-bytes', 'ranges', 'windows-file', 'properties', 'ending-usage'],
  'utf-32le.html': ['history', 'arithmetic', 'browsers', 'unlabelled-be', 'unit-bytes'],
  'utf-32be.html': ['history', 'arithmetic', 'browsers', 'unlabelled-be', 'unit-bytes'],
};

async function open(name, lang) {
  await page.goto(new URL(`${name}?lang=${lang}`, server.url).href);
  await page.waitForSelector('body[data-examples="ready"]');
}

/** The text of every point on the page, by id. */
async function points(name, lang) {
  await open(name, lang);
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-point]')].map((e) => [e.dataset.point, e.textContent.trim()])));
}

test('every content point is on its page, in English and in Spanish, and the Spanish is not the English', async () => {
  for (const [name, list] of Object.entries(POINTS)) {
    const en = await points(name, 'en');
    const es = await points(name, 'es');
    for (const id of list) {
      assert.ok(en[id], `${name}: ${id} (en)`);
      assert.ok(es[id], `${name}: ${id} (es)`);
      // Points that are words differ between the languages (the presets are glyphs and code points).
      if (id !== 'preset-labels') assert.notEqual(en[id], es[id], `${name}: ${id} is the same in both languages`);
    }
  }
  assert.deepEqual(errors, []);
});

test('the UTF-16 pages show the Windows file, the first bytes and the ranges from the core', async () => {
  for (const [name, first] of [['utf-16le.html', 'FF FE 43 00 61 00'], ['utf-16be.html', 'FE FF 00 43 00 61']]) {
    for (const lang of ['en', 'es']) {
      await open(name, lang);
      const dump = await page.$$eval('#windows-dump .b', (l) => l.map((b) => [b.textContent, b.className]));
      assert.equal(dump.length, 34, name);
      assert.equal(dump.slice(0, 6).map((d) => d[0]).join(' '), first, name);
      assert.deepEqual(dump.slice(0, 2).map((d) => d[1]), ['b mark', 'b mark'], name);
      assert.equal(dump.filter((d) => d[1] === 'b pair').length, 4, `${name}: the pair's four bytes`);
      assert.equal(dump.filter((d) => d[1] === 'b end').length, 8, `${name}: two CR LF`);
      const verdicts = await page.$$eval('#first-bytes tbody tr td:nth-child(2)', (l) => l.map((e) => e.textContent));
      assert.deepEqual(verdicts, ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'utf-8', 'utf-16le', 'utf-16be'], name);
      const cjk = await page.$$eval('#ranges tbody tr', (l) => l[2].textContent);
      assert.match(cjk, name === 'utf-16le.html' ? /2D 4E.*E4 B8 AD/ : /4E 2D.*E4 B8 AD/);
    }
  }
});

test('the UTF-32 pages: the 100th character at byte 396, or 400 after a mark; byte 4 (LE) or 1 (BE) is 00', async () => {
  for (const name of ['utf-32le.html', 'utf-32be.html']) {
    for (const lang of ['en', 'es']) {
      await open(name, lang);
      assert.deepEqual(await page.$$eval('#arithmetic td[data-offset]', (l) => l.map((e) => Number(e.dataset.offset))), [396, 400]);
      const zero = await page.$$eval('#unit-bytes td.hl-zero', (l) => l.map((e) => e.textContent));
      assert.ok(zero.length === 6 && zero.every((z) => z === '00'), `${name} ${zero}`);
      const small = await page.$$eval('#unit-bytes td.hl-small', (l) => l.map((e) => parseInt(e.textContent, 16)));
      assert.ok(small.every((v) => v <= 0x10), `${name} ${small}`);
      assert.ok(small.includes(0x10), name);
    }
  }
});

/** The CLI's validation of hex bytes in one order. */
function cliBytes(bytes, order) {
  let out;
  try {
    out = execFileSync(CLI, ['utf16', '--bytes', bytes, `--${order}`, '--json']).toString();
  } catch (e) { out = e.stdout.toString(); }
  return JSON.parse(out).errors.map((e) => [e.class, e.position, e.byte_offset]);
}

const SIZES = [[1280, 900], [390, 844]];

/** The CLI's inspection of a text (`textscope utf16 --json TEXT`). */
function cliInspect(text) {
  return JSON.parse(execFileSync(CLI, ['utf16', '--json', text]).toString());
}

test('UTF-16 inspector: the page shows the CLI\'s units and bytes, for text and for U+XXXX', async () => {
  for (const input of ['Aé€∞😀𐂃𪚥', 'U+1F600 U+2A6A5 U+0041']) {
    const want = cliInspect(input).code_points.map((c) => [c.code_point, c.utf16.join(' '), c.utf16be, c.utf16le]);
    for (const lang of ['en', 'es']) {
      await open('utf-16.html', lang);
      await page.fill('#insp-text', input);
      const rows = await page.$$eval('#code-points tbody tr', (l) => l.map((r) => [r.dataset.cp,
        r.querySelector('td.units').dataset.hex, r.querySelector('td.be').dataset.hex, r.querySelector('td.le').dataset.hex]));
      assert.deepEqual(rows, want, `${input} (${lang})`);
    }
  }
});

test('UTF-16 tools: code points, display formats, the hex string, copy, the pair calculator', async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  for (const [lang, [w, h]] of [['en', SIZES[0]], ['es', SIZES[0]], ['en', SIZES[1]], ['es', SIZES[1]]]) {
    await page.setViewportSize({ width: w, height: h });
    await open('utf-16.html', lang);
    await page.fill('#insp-text', 'U+1F600 U+0041');
    assert.equal(await page.$$eval('#code-points tbody tr', (l) => l.length), 2);
    assert.equal(await page.textContent('#code-points tbody tr td.units'), 'D83D DE00');
    assert.equal(await page.textContent('#hex-be'), 'D83DDE000041');
    assert.equal(await page.textContent('#hex-le'), '3DD800DE4100');
    await page.check('#display-dec');
    assert.equal(await page.textContent('#code-points tbody tr td.units'), '55357 56832');
    await page.check('#display-bin');
    assert.equal(await page.textContent('#code-points tbody tr td.be'), '11011000 00111101 11011110 00000000');
    await page.check('#display-hex');
    await page.click('#copy-be');
    await page.waitForSelector('#copy-be[data-copied]');
    assert.equal(await page.getAttribute('#copy-be', 'data-copied'), 'D83DDE000041');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'D83DDE000041');
    await page.fill('#insp-text', 'U+D83D');
    assert.match(await page.textContent('#cp-error'), /U\+D83D/);
    await page.fill('#pair', 'D83D DE00');
    assert.equal(await page.getAttribute('#calc-result', 'data-cp'), 'U+1F600');
    assert.match(await page.textContent('#calc-result'), /GRINNING FACE/);
    await page.fill('#pair', 'D83D 0041');
    assert.equal(await page.getAttribute('#calc-result', 'data-cp'), null);
    // Presets name their code points, so a missing glyph is still identifiable.
    assert.equal(await page.textContent('#presets button[data-preset="𪚥"] .cp-label'), 'U+2A6A5');
  }
  assert.deepEqual(errors, []);
});

test('UTF-16 byte validator: the mark, a guessed or chosen order, and the CLI\'s errors', async () => {
  for (const [lang, [w, h]] of [['en', SIZES[0]], ['es', SIZES[0]], ['en', SIZES[1]], ['es', SIZES[1]]]) {
    await page.setViewportSize({ width: w, height: h });
    await open('utf-16.html', lang);
    const state = async () => ({
      order: await page.getAttribute('#b-order', 'data-order'),
      how: await page.getAttribute('#b-order', 'data-how'),
      cls: await page.getAttribute('#b-headline', 'data-class'),
      rows: await page.$$eval('#b-errors tbody tr', (l) => l.map((r) => [r.dataset.class, Number(r.dataset.position), Number(r.children[1].textContent)])),
      risk: await page.$$eval('#b-errors tbody td.risk', (l) => l.map((e) => e.textContent)),
    });
    await page.fill('#bytes', 'FE FF D8 3D DE 00');
    assert.deepEqual(await state(), { order: 'be', how: 'mark', cls: 'OK', rows: [], risk: [] });
    await page.fill('#bytes', 'FF FE 3D D8 00 DE 41 00');
    let s = await state();
    assert.equal(s.order, 'le');
    assert.equal(s.cls, 'OK');
    await page.fill('#bytes', '48 00 65 00 6C 00 6C 00 6F 00');
    s = await state();
    assert.deepEqual([s.order, s.how], ['le', 'guess']);
    await page.fill('#bytes', '00 48 00 65 00 6C 00 6C 00 6F');
    s = await state();
    assert.deepEqual([s.order, s.how], ['be', 'guess']);
    for (const [bytes, order] of [['3D D8 41 00 00 DC', 'le'], ['D8 3D 00 41 DC 00 D8', 'be'], ['3D D8 00', 'le'], ['00 DC 3D D8', 'le']]) {
      await page.check(`#b-order-${order}`);
      await page.fill('#bytes', bytes);
      s = await state();
      assert.equal(s.how, 'chosen');
      assert.deepEqual(s.rows, cliBytes(bytes, order), `${bytes} ${order}`);
      assert.ok(s.risk.length && s.risk.every((r) => r.length > 40), `${bytes}: a risk for every error`);
    }
    await page.check('#b-order-auto');
  }
  assert.deepEqual(errors, []);
});
