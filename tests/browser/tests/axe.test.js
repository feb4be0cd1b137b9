// axe-core on every page of the site, in English and Spanish, at 1280 × 800 and 390 × 844, with
// no file open and with one open in the explorer (a text file with problems and findings, and a
// binary one), in light and dark colours: no violations (issue 43 item 8). axe-core comes from
// tests/browser's package.json (run.sh installs it).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, launch, freshPage, openFile, violations, DATA } from './harness.js';

const PAGES = ['index.html', 'utf-8.html', 'utf-16le.html', 'utf-16be.html', 'utf-32le.html', 'utf-32be.html', 'legacy.html', 'utf-16.html'];

let server;
let context;

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

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
