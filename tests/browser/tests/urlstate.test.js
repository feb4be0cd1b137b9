// The address for one's own file (issue 43 item 6, decision 87), in English and Spanish: a
// reload says how to return to the offset, opening the file again goes there with the selection
// in view, and a sample's offset is scrolled into view too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, freshPage, openFile, writeTmp } from './harness.js';

let server;
let context;

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

const TEXT = {
  en: (n) => `This address points at offset ${n} (0x${Number(n.replace(/\D/g, '')).toString(16).toUpperCase()}) of a file of your own`,
  es: (n) => `Esta dirección apunta a la posición ${n} (0x${Number(n.replace(/\D/g, '')).toString(16).toUpperCase()}) de un archivo suyo`,
};

for (const lang of ['en', 'es']) {
  for (const p of ['', 'utf-8.html']) {
    test(`a reload of one's own file at an offset, ${p || 'home'}, in ${lang}`, async () => {
      const errors = [];
      const page = await freshPage(context, server, 1280, 800, lang, errors, p);
      // 3,000 lines: the offset is far below the first screen of both panes.
      const lines = Array.from({ length: 3000 }, (_, i) => `line ${i} of the file\n`).join('');
      const file = writeTmp(`own-${lang}.txt`, Buffer.from(lines));
      const at = Buffer.from(lines).indexOf('line 2500 ');
      await openFile(page, file);
      await page.fill('#goto', String(at));
      await page.press('#goto', 'Enter');
      await page.waitForFunction((a) => new URL(location.href).searchParams.get('at') === String(a), at);
      await page.reload();
      await page.waitForSelector('#reopen-note');
      const note = await page.textContent('#reopen-note');
      assert.ok(note.startsWith(TEXT[lang](at.toLocaleString(lang === 'es' ? 'es-ES' : 'en-US'))), note);
      assert.ok(await page.isVisible('#reopen-note'));
      await openFile(page, file);
      await page.waitForFunction((a) => document.querySelector('#ex-root').dataset.selStart === String(a), at);
      assert.equal(await page.$('#reopen-note'), null);
      // The selected row and byte are on screen.
      const r = await page.evaluate(() => {
        const box = (s) => document.querySelector(s)?.getBoundingClientRect().toJSON();
        const head = document.querySelector('header.site').getBoundingClientRect().bottom;
        const inBox = (s, b) => { const e = document.querySelector(s)?.getBoundingClientRect(); const o = document.querySelector(b).getBoundingClientRect(); return e && e.top >= o.top - 1 && e.bottom <= o.bottom + 1; };
        return { head, h: innerHeight, row: box('#tree [aria-selected="true"]'), byte: box('#hex .b.sel'), rowIn: inBox('#tree [aria-selected="true"]', '#tree'), byteIn: inBox('#hex .b.sel', '#hex') };
      });
      for (const k of ['row', 'byte']) {
        assert.ok(r[k] && r[k].top >= r.head - 1 && r[k].bottom <= r.h + 1, `${k} in view: ${JSON.stringify(r)}`);
      }
      assert.ok(r.rowIn && r.byteIn, JSON.stringify(r));
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test('an address without an offset shows no note; a sample\'s offset needs none', async () => {
  const errors = [];
  const page = await freshPage(context, server, 1280, 800, 'en', errors);
  assert.equal(await page.$('#reopen-note'), null);
  await page.goto(`${server.url}?sample=f2&at=20`);
  await page.waitForSelector('#ex-root[data-state="done"]');
  await page.waitForFunction(() => Number(document.querySelector('#ex-root').dataset.selStart) <= 20
    && Number(document.querySelector('#ex-root').dataset.selEnd) > 20);
  assert.equal(await page.$('#reopen-note'), null);
  assert.deepEqual(errors, []);
  await page.close();
});
