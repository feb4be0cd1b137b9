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
