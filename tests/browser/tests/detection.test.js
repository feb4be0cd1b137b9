// The explorer names what `textscope --json` names (issue 13): for legacy samples of several
// families and for Unicode files, the summary's encoding, language, confidence and runners-up
// are the CLI's, in English and in Spanish.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launch, newPage, pickFile, waitDone, cliReport, summaryValues, DATA, ROOT } from './harness.js';

const LEGACY = path.join(ROOT, 'crates/textscope/tests/data/legacy');
const FILES = [
  path.join(LEGACY, 'de.IBM437.txt'),
  path.join(LEGACY, 'el.windows-1253.txt'),
  path.join(LEGACY, 'hu.ISO-8859-2.txt'),
  path.join(LEGACY, 'ja.EUC-JP.txt'),
  path.join(LEGACY, 'fr.macintosh.txt'),
  path.join(DATA, 'windows-1252.txt'),
  path.join(DATA, 'shift_jis.txt'),
  path.join(DATA, 'f2-notes-utf16le.txt'),
];

let server, context, page;
const errors = [];
before(async () => {
  server = await startServer();
  context = await launch();
  page = await newPage(context, errors);
  await page.setViewportSize({ width: 1280, height: 900 });
});
after(async () => {
  await context?.close();
  server?.stop();
});

test('the explorer shows the encoding, language, confidence and runners-up of --json', async () => {
  for (const lang of ['en', 'es']) {
    for (const file of FILES) {
      await page.goto(new URL(`index.html?lang=${lang}`, server.url).href);
      await pickFile(page, file);
      await waitDone(page);
      const r = cliReport(file);
      const shown = await summaryValues(page);
      const name = `${path.basename(file)} (${lang})`;
      assert.equal(shown.encoding, r.encoding, name);
      assert.equal(shown.language ?? null, r.language ?? null, name);
      if (typeof r.detection.confidence === 'number') assert.equal(shown.confidence, r.detection.confidence, name);
      else assert.equal(shown.confidence, undefined, name);
      const others = (r.detection.candidates || []).filter((c) => c.encoding !== r.encoding);
      if (others.length) assert.deepEqual(shown.candidates, r.detection.candidates, name);
      // The runners-up are visible text, not only data.
      for (const c of others.slice(0, 4)) {
        const text = await page.$eval('#summary dd[data-field="candidates"]', (d) => d.textContent);
        assert.ok(text.includes(c.encoding), `${name}: ${c.encoding} in "${text}"`);
      }
    }
  }
  assert.deepEqual(errors, []);
});

// Issue 43, item 3: on real files, the explanation is as full as the CLI's in both languages —
// each of the CLI's steps, D8's "beyond Latin" named, no catalogue key, no raw figure list,
// languages by name, runners-up as chances.
const CORPUS = path.join(ROOT, '../shared/corpus/real');
const REAL = [
  'chardet__tests__UTF-16LE__sample_chinese_no_bom.txt', 'chardet__tests__UTF-16BE-japanese__utf-16be.txt',
  'chardet__tests__KOI8-R__koi.kinder.ru.xml', 'chardet__tests__EUC-JP___ude_1.txt', 'chardet__tests__MacRoman__ioreg_output.txt',
  'bat__tests__examples__test.binary', 'chardet__tests__Johab__mdir-doc.txt',
].map((f) => path.join(CORPUS, f));

test('real files: every step of the CLI in words, in both languages, with no key or raw figure', async () => {
  const raw = /\b(?:step|fig|hint|kind|family|summary)\.[a-z_]+|\b[a-z]+_[a-z_]+\b|=\s*-?\d|see the figures|véanse las cifras|undefined|NaN/;
  let beyond = 0;
  for (const lang of ['en', 'es']) {
    for (const file of [...FILES, ...REAL]) {
      await page.goto(new URL(`index.html?lang=${lang}`, server.url).href);
      await pickFile(page, file);
      await waitDone(page);
      const r = cliReport(file);
      const name = `${path.basename(file)} (${lang})`;
      const steps = await page.$$eval('#detection li[data-code]', (l) => l.map((x) => ({ code: x.dataset.code, text: x.textContent })));
      assert.deepEqual(steps.map((s) => s.code), r.detection.steps.map((s) => s.code), name);
      for (const [i, s] of steps.entries()) {
        assert.doesNotMatch(s.text.replace(/utf-\d+[lb]e|utf-8/g, ''), raw, `${name}: ${s.text}`);
        const cli = r.detection.steps[i].reason;
        if (cli.startsWith('beyond Latin')) {
          beyond++;
          assert.match(s.text, lang === 'en' ? /beyond Latin/ : /más allá del latín/, `${name}: ${s.text}`);
        }
        // The costs the CLI's reason gives are in the page's words too, to the digit.
        for (const [k, v] of Object.entries(r.detection.steps[i].figures)) {
          if (!k.endsWith('_milli')) continue;
          const c = (v / 1000).toFixed(3);
          if (!cli.includes(c)) continue;
          assert.ok(s.text.includes(lang === 'en' ? c : c.replace('.', ',')), `${name}: ${k} ${c} in ${s.text}`);
        }
      }
      const lng = await page.$eval('#summary dd[data-field="language"]', (d) => d.textContent).catch(() => null);
      if (r.language) assert.ok(lng && lng !== r.language && lng.length > 3, `${name}: language ${lng}`);
      const cand = await page.$eval('#summary dd[data-field="candidates"]', (d) => d.textContent).catch(() => '');
      assert.doesNotMatch(cand, /(^|\s)-\d|\b\d[.,]\d\d\b/, `${name}: ${cand}`);
      const hints = await page.$$eval('#hints .hint', (l) => l.map((h) => h.textContent));
      for (const h of hints) assert.doesNotMatch(h, /[a-z]+_[a-z_]+=/, `${name}: ${h}`);
    }
  }
  assert.ok(beyond > 0, 'at least one file takes D8\'s look');
  assert.deepEqual(errors, []);
});
