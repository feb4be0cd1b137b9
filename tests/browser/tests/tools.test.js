// The explorer's tools (issue 16, part 2) in English and Spanish, at 1280 × 900 and 390 × 844,
// against `textscope --json` / `--structure --json` on the test data: read as, go to, search
// (text and hex bytes) with next / previous, the n / p keys, problems grouped and filtered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  startServer, launch, freshPage, openFile, cliReport, pageReport, DATA, SHOTS, CLI,
} from './harness.js';

let server;
let context;
const SIZES = [[1280, 900], [390, 844]];
const LANGS = ['en', 'es'];
const F2 = path.join(DATA, 'f2-notes-utf16le.txt');
const SJIS = path.join(DATA, 'shift_jis.txt');
const NULS = path.join(DATA, 'nul-and-controls.txt');

before(async () => {
  server = await startServer();
  context = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
after(async () => { await context?.close(); server?.stop(); });

function structure(file) {
  return JSON.parse(execFileSync(CLI, ['--structure', '--json', file]).toString().trim().split('\n')[0]);
}

const TEXT = {
  en: { pastEnd: 'Offset 99 is past the end of the file (34 bytes).', match: (i, n) => `match ${i} of ${n}`, readAs: 'windows-1252 (chosen by you)', noProblems: 'No problems, no notes.' },
  es: { pastEnd: 'La posición 99 queda después del final del archivo (34 bytes).', match: (i, n) => `coincidencia ${i} de ${n}`, readAs: 'windows-1252 (elegida por usted)', noProblems: 'Ningún problema, ninguna nota.' },
};

const fresh = (w, h, lang, errors, q = '') => freshPage(context, server, w, h, lang, errors, q);
const open = openFile;

const selStart = async (page) => Number(await page.getAttribute('#ex-root', 'data-sel-start'));
const selRange = async (page) => [await selStart(page), Number(await page.getAttribute('#ex-root', 'data-sel-end'))];
const hexSel = (page) => page.$$eval('#hex .b.sel', (c) => c.map((e) => Number(e.dataset.off)));
const query = (page) => new URL(page.url()).searchParams;

/** The selected tree row and the selected bytes are on screen, below a sticky header. */
async function inView(page, what) {
  const r = await page.evaluate(() => {
    const head = document.querySelector('header.site');
    const top = head && ['sticky', 'fixed'].includes(getComputedStyle(head).position) ? head.getBoundingClientRect().bottom : 0;
    const box = (s) => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().toJSON() : null; };
    return { top, h: innerHeight, row: box('#tree .row[aria-selected="true"]'), byte: box('#hex .b.sel') };
  });
  for (const k of ['row', 'byte']) {
    assert.ok(r[k], `${what}: a selected ${k}`);
    assert.ok(r[k].top >= r.top - 1 && r[k].bottom <= r.h + 1, `${what}: the selected ${k} is in view (${JSON.stringify(r)})`);
  }
}

for (const [w, h] of SIZES) {
  for (const lang of LANGS) {
    const tag = `${w}x${h}-${lang}`;

    test(`read as, at ${w}×${h} in ${lang}: the page's report is the CLI's --encoding report`, async () => {
      const errors = [];
      const page = await fresh(w, h, lang, errors);
      await open(page, SJIS);
      assert.deepEqual(await pageReport(page), cliReport(SJIS));
      const options = await page.$$eval('#read-as option', (l) => l.map((o) => o.value));
      for (const v of ['', 'utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'legacy', 'windows-1252', 'Shift_JIS', 'gb18030']) assert.ok(options.includes(v), v);
      for (const enc of ['windows-1252', 'utf-16le', 'legacy', 'utf-8']) {
        await page.selectOption('#read-as', enc);
        await page.waitForFunction((e) => document.querySelector('#ex-root').dataset.state === 'done'
          && JSON.parse(document.querySelector('#report-json').textContent || '{}').detection?.forced === true
          && document.querySelector('#read-as').value === e, enc);
        const want = JSON.parse(execFileSync(CLI, ['--json', '--encoding', enc, SJIS]).toString());
        delete want.path;
        assert.deepEqual(await pageReport(page), want, enc);
        assert.equal(query(page).get('as'), enc);
      }
      await page.selectOption('#read-as', 'windows-1252');
      await page.waitForFunction(() => /windows-1252/.test(document.querySelector('#summary dd[data-field="encoding"]').textContent));
      assert.equal(await page.textContent('#summary dd[data-field="encoding"]'), TEXT[lang].readAs);
      await page.screenshot({ path: path.join(SHOTS, `tools-read-as-${tag}.png`), fullPage: true });
      await page.selectOption('#read-as', '');
      await page.waitForFunction(() => JSON.parse(document.querySelector('#report-json').textContent || '{}').detection?.forced === false);
      assert.deepEqual(await pageReport(page), cliReport(SJIS));
      assert.equal(query(page).get('as'), null);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test(`go to and search, at ${w}×${h} in ${lang}, where --structure puts the bytes`, async () => {
      const errors = [];
      const page = await fresh(w, h, lang, errors);
      await open(page, F2);
      const chars = structure(F2).lines.flatMap((l) => l.chars);
      const at = (cp) => chars.find((c) => c.code_point === cp);
      const go = async (s) => { await page.fill('#goto', s); await page.press('#goto', 'Enter'); };
      // Hex and decimal offsets select the character holding the byte.
      await go('0x1A');
      await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+1F600');
      assert.deepEqual(await hexSel(page), [26, 27, 28, 29]);
      // The address follows a moment after the selection settles.
      await page.waitForFunction(() => new URL(location.href).searchParams.get('at') === '26');
      await inView(page, 'go to 0x1A');
      await go('23');
      await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+6587');
      assert.deepEqual(await selRange(page), [at('U+6587').offset, at('U+6587').offset + 2]);
      // line:column
      await go('2:1');
      await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+4E2D');
      await go('1:6');
      await page.waitForFunction(() => document.querySelector('#tree .row.char[aria-selected="true"] .cp')?.textContent === 'U+20AC');
      assert.equal(await selStart(page), at('U+20AC').offset);
      await go('99');
      await page.waitForFunction((t) => document.querySelector('#tool-status').textContent === t, TEXT[lang].pastEnd);
      // Text search: the decoded text, not the bytes.
      await page.selectOption('#search-mode', 'text');
      await page.fill('#search', '€4');
      await page.click('#search-find');
      await page.waitForFunction(() => document.querySelector('#tool-status').dataset.count === '1');
      assert.deepEqual(await selRange(page), [at('U+20AC').offset, at('U+20AC').offset + 4]);
      assert.equal(await page.textContent('#tool-status'), TEXT[lang].match(1, 1));
      // Hex search with next / previous: the CRLF endings the CLI lists.
      const crlf = structure(F2).lines.map((l) => l.ending.offset);
      await page.selectOption('#search-mode', 'hex');
      await page.fill('#search', '0d 00 0a 00');
      await page.press('#search', 'Enter');
      await page.waitForFunction(() => document.querySelector('#tool-status').dataset.count === '2');
      // The selection may pass through the line's start while the tree row is fetched: wait
      // for it to settle on a match.
      const settled = ([s, offs]) => {
        const v = document.querySelector('#ex-root').dataset.selStart;
        return v !== String(s) && offs.includes(Number(v));
      };
      await page.waitForFunction(settled, [null, crlf]);
      const seen = [await selStart(page)];
      for (const id of ['#search-next', '#search-next', '#search-prev']) {
        await page.click(id);
        await page.waitForFunction(settled, [seen[seen.length - 1], crlf]);
        seen.push(await selStart(page));
      }
      assert.deepEqual(seen, [crlf[0], crlf[1], crlf[0], crlf[1]]);
      assert.deepEqual(await hexSel(page), [crlf[1], crlf[1] + 1, crlf[1] + 2, crlf[1] + 3]);
      assert.equal(await page.textContent('#tool-status'), TEXT[lang].match(2, 2));
      await inView(page, 'hex search');
      await page.screenshot({ path: path.join(SHOTS, `tools-search-${tag}.png`), fullPage: false });
      await page.fill('#search', 'ZZ');
      await page.press('#search', 'Enter');
      assert.ok((await page.textContent('#tool-status')).length > 0);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test(`problems by kind, the filter and the n / p keys, at ${w}×${h} in ${lang}`, async () => {
      const errors = [];
      const page = await fresh(w, h, lang, errors);
      await open(page, NULS);
      const cli = cliReport(NULS);
      const groups = await page.$$eval('#problems details.group[data-kind]:not(.notes)', (l) => l.map((d) => [d.dataset.kind, d.querySelectorAll('a.problem').length]));
      assert.deepEqual(groups, Object.entries(cli.problem_counts).filter(([, n]) => n > 0)
        .map(([k]) => [k, cli.problems.filter((p) => p.kind === k).length]));
      // Each message is the page's language, from the fields, never the CLI's English.
      const msgs = await page.$$eval('#problems a.problem .msg', (l) => l.map((e) => e.textContent));
      assert.equal(msgs.length, cli.problems.length);
      if (lang === 'es') for (const [i, msg] of msgs.entries()) assert.notEqual(msg, cli.problems[i].message);
      // The ESC [31m on line 2 is a colour sequence, a finding, not a problem (schema 3).
      else assert.deepEqual(msgs, ['U+0000 (NUL) in text', 'control character U+0007 (BEL)']);
      // The filter.
      await page.selectOption('#problem-filter', 'control_character');
      assert.deepEqual(await page.$$eval('#problems a.problem', (l) => l.map((a) => Number(a.dataset.offset))),
        cli.problems.filter((p) => p.kind === 'control_character').map((p) => p.offset));
      await page.selectOption('#problem-filter', '');
      // n / p walk the problems and the findings in file order, from the selection.
      const offsets = [...cli.problems, ...cli.findings].map((p) => p.offset).sort((a, b) => a - b);
      await page.evaluate(() => document.activeElement?.blur());
      const walk = [];
      for (const key of ['n', 'n', 'p']) {
        const before = await page.getAttribute('#ex-root', 'data-sel-start');
        await page.keyboard.press(key);
        // The selection may pass through the line's start while the tree row is fetched: wait
        // for it to settle on a problem.
        await page.waitForFunction(([b, offs]) => {
          const s = document.querySelector('#ex-root').dataset.selStart;
          return s !== b && offs.includes(Number(s));
        }, [before, offsets]);
        walk.push(await selStart(page));
      }
      assert.deepEqual(walk, [offsets[0], offsets[1], offsets[0]]);
      await inView(page, 'n / p');
      // The filter by finding kind: the list shows those only, and n walks them only.
      const esc = cli.findings.filter((x) => x.kind === 'ansi_escape').map((x) => x.offset);
      assert.ok(esc.length > 0);
      await page.selectOption('#problem-filter', 'finding:ansi_escape');
      assert.deepEqual(await page.$$eval('#findings li:not([hidden]) a.finding', (l) => l.map((a) => Number(a.dataset.offset))), esc);
      assert.equal(await page.$$eval('#problems a.problem', (l) => l.length), 0);
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('n');
      await page.waitForFunction((offs) => offs.includes(Number(document.querySelector('#ex-root').dataset.selStart)), esc);
      await page.selectOption('#problem-filter', '');
      await page.evaluate(() => document.activeElement?.blur());
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
      // Not while typing.
      const still = await selStart(page);
      await page.focus('#search');
      await page.keyboard.press('n');
      assert.equal(await page.inputValue('#search'), 'n');
      assert.equal(await selStart(page), still);
      await page.screenshot({ path: path.join(SHOTS, `tools-problems-${tag}.png`), fullPage: true });
      // A file with none says so.
      await open(page, F2);
      assert.equal(await page.textContent('#problems p.none'), TEXT[lang].noProblems);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
