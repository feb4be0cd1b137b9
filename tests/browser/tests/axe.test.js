// axe-core on every page of the site, in English and Spanish, at 1280 × 800 and 390 × 844, with
// no file open and with one open in the explorer (a text file with problems and findings, and a
// binary one), in light and dark colours: no violations (issue 43 item 8). axe-core comes from
// tests/browser's package.json (run.sh installs it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startServer, launch, freshPage, openFile, DATA } from './harness.js';

const require = createRequire(import.meta.url);
const AXE_SRC = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = ['index.html', 'utf-8.html', 'utf-16le.html', 'utf-16be.html', 'utf-32le.html', 'utf-32be.html', 'legacy.html', 'utf-16.html'];

let server;
let context;

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

/** axe's violations on the page as it is now: "rule (impact): target …" lines. */
async function violations(page) {
  // Evaluated through the devtools protocol: the site's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE_SRC);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${n.failureSummary.split('\n').slice(1, 2).join('')}`).join(' | ')}`);
  });
  return found;
}

for (const scheme of ['light', 'dark']) {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    for (const lang of ['en', 'es']) {
      if (scheme === 'dark' && w < 1000) continue; // the colours are the same at every width
      test(`axe: every page, no file and a file open, at ${w}×${h} in ${lang}, ${scheme}`, async () => {
        const errors = [];
        const failures = [];
        for (const p of PAGES) {
          const page = await freshPage(context, server, w, h, lang, errors, p);
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForLoadState('networkidle');
          for (const v of await violations(page)) failures.push(`${p} (no file): ${v}`);
          for (const f of ['nul-and-controls.txt', 'image.png']) {
            await openFile(page, path.join(DATA, f));
            await page.waitForTimeout(200);
            for (const v of await violations(page)) failures.push(`${p} (${f}): ${v}`);
          }
          await page.close();
        }
        assert.deepEqual(failures, []);
        // axe adds a style element of its own, which the site's CSP refuses (as it should): the
        // one console error that is axe's, not the page's.
        assert.deepEqual(errors.filter((e) => !e.startsWith('Applying inline style violates')), []);
      });
    }
  }
}
