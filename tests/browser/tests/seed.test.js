// Issue 43 (items 2, 9, 10, 11): the seed content's missing points on the pages in both
// languages, the Spanish terms of the Spanish source page, the format pages' examples as the
// core computes them (findings beside problems, the verdicts right), "Read as" from the core's
// code page list, and the UTF-16 page's converter with its input in the address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launch, newPage, writeTmp, openFile, cliReport, hex, CLI } from './harness.js';

let server;
let context;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

async function open(file, lang) {
  const page = await newPage(context, errors);
  await page.goto(`${server.url}${file}?lang=${lang}`);
  await page.waitForSelector('body[data-examples="ready"]', { timeout: 30000 });
  return page;
}

const point = (page, p) => page.textContent(`[data-point="${p}"]`);

// Each missing or partial point of the seed checklist (issue 43), and how to see it on the page.
const SEED = {
  'six malformed sequences as a reference table': async (page) => {
    const classes = await page.$$eval('#malformed tbody tr', (rows) => rows.map((r) => r.dataset.class));
    assert.equal(classes.length, 6);
    assert.deepEqual([...new Set(classes)].sort(),
      ['EXPECTED_LOW_SURROGATE', 'ODD_BYTE_COUNT', 'TRUNCATED_SURROGATE_PAIR', 'UNPAIRED_LOW_SURROGATE']);
  },
  'the big/little-endian table has 5 rows': async (page) => {
    const rows = await page.$$eval('#serialisation tbody tr', (r) => r.map((x) => x.textContent));
    assert.equal(rows.length, 5);
    assert.ok(rows.some((r) => r.includes('FE FF') && r.includes('FF FE')), rows.join(' | '));
    assert.ok(rows.some((r) => r.includes('D8 3D DE 00') && r.includes('3D D8 00 DE')), rows.join(' | '));
  },
  'the encode/decode formulas with the bit groups': async (page, lang) => {
    const f = await point(page, 'formulas');
    assert.match(f, /0000111101 \| 1000000000/);
    assert.match(f, /D800/);
    assert.match(f, /DC00/);
    assert.match(f, /U\+1F600/);
    assert.match(f, lang === 'en' ? /high ten bits/ : /diez bits altos/);
  },
  'the sizes 1,114,112 and 1,048,576': async (page, lang) => {
    const s = await point(page, 'sizes');
    const n = lang === 'en' ? ['1,114,112', '1,048,576', '2,048', '1,112,064'] : ['1.114.112', '1.048.576', '2048', '1.112.064'];
    for (const x of n) assert.ok(s.includes(x), `${x} in ${s}`);
  },
  'the line-counting rule and no end-of-file mark, no Ctrl-Z': async (page, lang) => {
    const s = await point(page, 'line-rule');
    assert.match(s, /Ctrl-Z/);
    assert.match(s, /1A/);
    assert.match(s, lang === 'en' ? /no end-of-file mark/ : /No hay marca de fin de archivo/);
    assert.match(s, /CR LF/);
  },
  'strict decoders against the browsers\' U+FFFD': async (page, lang) => {
    const s = await point(page, 'strict-decoders');
    assert.match(s, /WHATWG/);
    assert.equal(await page.textContent('#lossy'), '\uFFFDA');
    assert.match(s, lang === 'en' ? /strict/ : /estricto/);
  },
  'the WHATWG half of the byte order mark myth': async (page, lang) => {
    const s = await point(page, 'bom-myth');
    assert.match(s, /WHATWG/);
    assert.match(s, lang === 'en' ? /little-endian/ : /little-endian/);
    assert.match(s, /RFC 2781/);
  },
  'the UTF-16 page cites Unicode 17.0': async (page) => {
    const s = await point(page, 'references');
    assert.match(s, /17\.0/);
    assert.doesNotMatch(s, /16\.0/);
  },
};

for (const lang of ['en', 'es']) {
  test(`the seed checklist's missing points are on the UTF-16 page (${lang})`, async () => {
    const page = await open('utf-16.html', lang);
    for (const [name, check] of Object.entries(SEED)) {
      try { await check(page, lang); } catch (e) { e.message = `${name} (${lang}): ${e.message}`; throw e; }
    }
    await page.close();
    assert.deepEqual(errors, []);
  });
}

test('the UTF-8 and legacy pages are as deep as the others: history, first bytes, ranges, a dump, properties', async () => {
  for (const lang of ['en', 'es']) {
    for (const file of ['utf-8.html', 'legacy.html']) {
      const page = await open(file, lang);
      for (const p of ['history', 'first-bytes', 'ranges', 'windows-file', 'properties']) {
        const n = await page.$$eval(`[data-point="${p}"]`, (x) => x.length);
        assert.equal(n, 1, `${file} ${lang}: ${p}`);
      }
      const sections = await page.$$eval('#format-page h2', (h) => h.length);
      assert.ok(sections >= 13, `${file} ${lang}: ${sections} sections`);
      const first = await page.$$eval('#first-bytes tbody tr', (r) => r.map((x) => x.dataset.format));
      if (file === 'utf-8.html') assert.deepEqual(first, ['utf-8', 'utf-8', 'utf-8', 'utf-16le', 'legacy']);
      else assert.deepEqual(first, ['utf-8', 'utf-8', 'legacy', 'legacy']);
      assert.ok((await page.$$('#windows-dump .b')).length > 20, file);
      await page.close();
    }
  }
  assert.deepEqual(errors, []);
});

test('the Spanish terms of the Spanish source page, one word each, on every page', async () => {
  const seen = {};
  for (const file of ['utf-16.html', 'utf-16le.html', 'utf-16be.html', 'utf-8.html', 'utf-32le.html', 'legacy.html', 'index.html']) {
    const page = await open(file, 'es');
    const text = await page.evaluate(() => document.body.innerText);
    for (const bad of [/subrogad/i, /complementari/i, /clúster/i, /desparejad/i, /incomplet/i, /sustituto alto aislado/i]) {
      assert.doesNotMatch(text, bad, `${file}: ${bad}`);
    }
    for (const good of ['par sustituto', 'suplementari', 'grupo de grafemas', 'grupos de grafemas', 'desemparejad', 'truncad']) {
      if (text.includes(good)) seen[good] = true;
    }
    await page.close();
  }
  for (const good of ['par sustituto', 'suplementari', 'grupo de grafemas', 'desemparejad', 'truncad']) assert.ok(seen[good], good);
});

test('every format page\'s examples: a problem or a finding is shown, never "No problems"; verdicts are right', async () => {
  for (const lang of ['en', 'es']) {
    const none = lang === 'en' ? 'No problems, no notes.' : 'Ningún problema, ninguna nota.';
    for (const file of ['utf-8.html', 'utf-16le.html', 'utf-16be.html', 'utf-32le.html', 'utf-32be.html', 'legacy.html']) {
      const page = await open(file, lang);
      const rows = await page.$$eval('#problems tbody tr', (r) => r.map((x) => ({ text: x.textContent, items: x.querySelectorAll('.pitem').length, kinds: [...x.querySelectorAll('.pitem')].map((p) => p.dataset.kind) })));
      assert.ok(rows.length >= 5, file);
      for (const r of rows) {
        assert.ok(r.items > 0, `${file} (${lang}): ${r.text}`);
        assert.ok(!r.text.includes(none), `${file} (${lang}): ${r.text}`);
      }
      // The ESC [ 31 m example is a terminal escape finding; the BEL one a control character.
      assert.ok(rows.some((r) => r.kinds.includes('ansi_escape')), `${file}: no finding shown`);
      assert.ok(rows.some((r) => r.kinds.includes('control_character')), `${file}: no control character`);
      // No step shows raw figures or catalogue keys.
      const steps = await page.$$eval('#detect-samples ol.steps li', (l) => l.map((x) => x.textContent));
      for (const s of steps) assert.doesNotMatch(s, /\b(?:fig|step)\.[a-z_]+|[a-z]+_[a-z_]+|see the figures|véanse las cifras/, `${file} (${lang}): ${s}`);
      const verdicts = await page.$$eval('#detect-samples tbody tr td:nth-child(2) strong', (s) => s.map((x) => x.dataset.format));
      if (file === 'utf-8.html') assert.deepEqual(verdicts, ['utf-8', 'utf-8', 'legacy']);
      if (file === 'utf-16le.html') assert.deepEqual(verdicts, ['utf-16le', 'utf-16le']);
      if (file === 'utf-16be.html') assert.deepEqual(verdicts, ['utf-16be', 'utf-16be']);
      if (file === 'legacy.html') {
        assert.deepEqual(verdicts, ['legacy']);
        const body = await page.evaluate(() => document.body.innerText);
        assert.doesNotMatch(body, /chardetng/);
        // windows-1252 cannot hold U+FEFF: that example is not on this page.
        const bytes = await page.$$eval('#problems tbody tr td:first-child code', (c) => c.map((x) => x.textContent));
        assert.ok(!bytes.some((b) => b.includes('EF BB BF')), bytes.join(' | '));
      }
      await page.close();
    }
  }
  assert.deepEqual(errors, []);
});

test('"Read as" offers every code page the core decodes, grouped by family', async () => {
  // The CLI decodes each of these names (its registry): the page must offer each one.
  const page = await newPage(context, errors);
  await page.goto(`${server.url}?lang=en`);
  const file = writeTmp('read-as.txt', Buffer.from('caf\xe9\n', 'latin1'));
  await openFile(page, file);
  await page.waitForFunction(() => document.querySelectorAll('#read-as optgroup').length > 3, null, { timeout: 30000 });
  const groups = await page.$$eval('#read-as optgroup', (g) => g.map((x) => ({ label: x.label, values: [...x.querySelectorAll('option')].map((o) => o.value) })));
  const pages = groups.slice(2).flatMap((g) => g.values);
  assert.equal(pages.length, 102, groups.map((g) => g.label).join(', '));
  assert.equal(new Set(pages).size, 102);
  for (const want of ['HZ-GB-2312', 'EUC-JIS-2004', 'Shift_JIS-2004', 'windows-1252', 'IBM037', 'x-mac-ce', 'KOI8-T', 'EUC-TW', 'Shift_JIS', 'ISO-8859-1', 'IBM437']) assert.ok(pages.includes(want), want);
  assert.deepEqual(groups[0].values, ['utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be']);
  assert.ok(groups.some((g) => /EBCDIC/.test(g.label)) && groups.some((g) => /DOS/.test(g.label)));
  // Every offered page is one the CLI reads.
  for (const name of pages) {
    const r = JSON.parse(execFileSync(CLI, ['--json', '-e', name, file]).toString().split('\n')[0]);
    assert.equal(r.encoding, name);
  }
  // Reading as one of the pages the hand-kept list lacked works in the page.
  await page.selectOption('#read-as', 'IBM437');
  await page.waitForFunction(() => document.querySelector('#summary dd[data-field="encoding"]')?.textContent.includes('IBM437'), null, { timeout: 30000 });
  await page.close();
  assert.deepEqual(errors, []);
});

test('the UTF-16 converter: UTF-8, references and escapes, each field editable, the input in the address', async () => {
  for (const lang of ['en', 'es']) {
    const page = await open('utf-16.html', lang);
    const val = (id) => page.inputValue(`#conv-${id}`);
    await page.fill('#insp-text', '😀');
    assert.equal(await val('utf8'), 'F0 9F 98 80');
    assert.equal(await val('ncr-hex'), '&#x1F600;');
    assert.equal(await val('ncr-dec'), '&#128512;');
    assert.equal(await val('u16'), '\\uD83D\\uDE00');
    assert.equal(await val('ucn'), '\\U0001F600');
    assert.equal(await val('x'), '\\xF0\\x9F\\x98\\x80');
    assert.equal(await val('percent'), '%F0%9F%98%80');
    assert.equal(await val('json'), '"\\uD83D\\uDE00"');
    assert.equal(await val('js'), '"\\u{1F600}"');
    assert.equal(await val('python'), '"\\U0001f600"');
    assert.equal(await val('rust'), '"\\u{1F600}"');
    assert.equal(await val('c'), 'u8"\\U0001F600"');
    assert.equal(new URL(page.url()).searchParams.get('text'), '😀');
    assert.equal(new URL(page.url()).searchParams.get('lang'), lang);
    // Editing one field updates the inspector and every other field.
    await page.fill('#conv-ncr-hex', '&#xE9;&#x20AC;');
    assert.equal(await page.inputValue('#insp-text'), 'é€');
    assert.equal(await val('utf8'), 'C3 A9 E2 82 AC');
    assert.equal(await val('rust'), '"\\u{E9}\\u{20AC}"');
    assert.deepEqual(JSON.parse(await page.getAttribute('#totals', 'data-totals')), { code_points: 2, utf16_units: 2, bytes: 4, graphemes: 2 });
    await page.fill('#conv-percent', '%41%F0%9F%91%8D');
    assert.equal(await page.inputValue('#insp-text'), 'A👍');
    await page.fill('#conv-u16', '\\u0041\\uD83D\\uDC4D');
    assert.equal(await page.inputValue('#insp-text'), 'A👍');
    // A lone surrogate is an error with its place; the other fields keep the last text.
    await page.fill('#conv-u16', 'x\\uD83D');
    assert.match(await page.textContent('#conv-u16-error'), /\\uD83D/);
    assert.equal(await page.getAttribute('#conv-u16', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('#insp-text'), 'A👍');
    await page.fill('#conv-utf8', 'F0 9F 98');
    assert.ok((await page.textContent('#conv-utf8-error')).length > 10);
    // Plurals in the totals: one of each.
    await page.fill('#insp-text', 'A');
    assert.equal(await page.textContent('#totals'), lang === 'en'
      ? '1 code point · 1 UTF-16 unit · 2 bytes · 1 grapheme cluster'
      : '1 punto de código · 1 unidad UTF-16 · 2 bytes · 1 grupo de grafemas');
    // The address keeps the input: a reload shows it again.
    await page.fill('#insp-text', 'e\u0301!');
    await page.reload();
    await page.waitForSelector('body[data-examples="ready"]');
    assert.equal(await page.inputValue('#insp-text'), 'e\u0301!');
    assert.equal(await val('utf8'), '65 CC 81 21');
    await page.close();
  }
  assert.deepEqual(errors, []);
});

test('the UTF-16LE page\'s CJK example without a mark is recognised, as its text says', async () => {
  for (const lang of ['en', 'es']) {
    const page = await open('utf-16le.html', lang);
    const text = await page.textContent('#format-page');
    assert.doesNotMatch(text, /not recognised without a mark|no se reconoce sin marca/);
    const cjk = await page.$$eval('#detect-samples tbody tr', (r) => r.map((x) => x.textContent));
    const row = cjk.find((t) => t.startsWith('2D 4E'));
    assert.ok(row, cjk.join(' | '));
    assert.match(row, lang === 'en' ? /beyond Latin/ : /más allá del latín/);
    await page.close();
  }
  // The same bytes in the CLI: utf-16le, by the beyond-Latin step.
  const file = writeTmp('cjk-le.txt', hex('2D 4E 87 65 57 5B 26 7B 0D 00 0A 00'));
  const r = cliReport(file);
  assert.equal(r.format, 'utf-16le');
  assert.equal(r.detection.steps.at(-1).code, 'utf16_plausible');
});

test('no raw catalogue key or bare figure name on any page, in either language', async () => {
  const key = /\b(?:fig|step|kind|hint|summary|tools|fmt|family|count|run|effect|reason|msg|finding|deadend|conv)\.[a-z_]+\b/;
  for (const lang of ['en', 'es']) {
    for (const file of ['index.html', 'utf-8.html', 'utf-16le.html', 'utf-16be.html', 'utf-32le.html', 'utf-32be.html', 'legacy.html', 'utf-16.html']) {
      const page = await newPage(context, errors);
      await page.goto(`${server.url}${file}?lang=${lang}`);
      if (file !== 'index.html') await page.waitForSelector('body[data-examples="ready"]', { timeout: 30000 });
      const text = await page.evaluate(() => document.body.innerText);
      assert.doesNotMatch(text, key, `${file} (${lang})`);
      assert.doesNotMatch(text, /\b[a-z]+_(?:milli|bytes|units|share|percent)\b/, `${file} (${lang})`);
      await page.close();
    }
  }
  assert.deepEqual(errors, []);
});
