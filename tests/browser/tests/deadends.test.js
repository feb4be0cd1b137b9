// Issue 14: the file that misbehaves is never a dead end in the explorer. For the NUL-laden log,
// the coloured build log, the 73-byte many-faults file and a PNG (tests/data, made by make.py),
// in English and in Spanish, the page shows what `textscope --json` says: format, encoding,
// container, the text reading (its lines, endings, problem counts) and the runs (one link per
// run with its count). The 4,096-NUL run is one link, and clicking it selects the whole run in
// the hex view. A binary verdict says so in words, names its container or shows its text
// reading with a button to force it, and a selector forces any format; the structure pane is
// never empty without a word. Escape sequences are listed with their effect, dangerous ones
// marked. Everything from the file is text, never markup.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  startServer, launch, freshPage, openFile, waitDone, cliReport, pageReport, summaryValues,
  writeTmp, CLI, DATA, SHOTS,
} from './harness.js';

let server;
let context;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
});
after(async () => { await context?.close(); server?.stop(); });

const FILES = ['nul-log.txt', 'colour-build.log', 'many-faults.txt', 'image.png'];
const LANGS = ['en', 'es'];
// Until the core side of issue 14 is merged (its files in tests/data, its report fields), these
// tests say so instead of failing on a missing file.
const missing = FILES.filter((f) => !fs.existsSync(path.join(DATA, f)));
const skip = missing.length ? `not yet in tests/data: ${missing.join(', ')}` : false;

/** `textscope --json -e FORMAT file`, without `path`. */
function cliForced(file, format) {
  const r = JSON.parse(execFileSync(CLI, ['--json', '-e', format, file], { maxBuffer: 1 << 28 }).toString().split('\n')[0]);
  delete r.path;
  return r;
}

const number = (lang, n) => n.toLocaleString(lang === 'es' ? 'es-ES' : 'en-US');

/** The problems and findings the page lists: a binary file's are its text reading's. */
const viewOf = (r) => (r.format === 'binary' && r.text_reading ? r.text_reading : r);

/** The links of the problem list, as data. */
async function problemLinks(page) {
  return page.$$eval('#problems a.problem', (l) => l.map((a) => ({
    kind: a.dataset.kind, offset: Number(a.dataset.offset), line: Number(a.dataset.line), column: Number(a.dataset.column),
    count: Number(a.dataset.count), length: Number(a.dataset.length), run: a.querySelector('.run')?.textContent.trim() ?? null,
  })));
}

/** The structure pane shows rows, or a note that says why it has none: never empty and silent. */
async function structureSays(page) {
  return page.evaluate(() => {
    const tree = document.querySelector('#tree');
    const note = document.querySelector('#tree-note');
    const rows = tree.hidden ? 0 : tree.querySelectorAll('[data-row]').length;
    return { rows, note: note.hidden ? '' : note.textContent.trim() };
  });
}

/** The selection's bytes: the explorer's range, and the hex cells in view that are selected. */
async function selection(page) {
  return page.evaluate(() => {
    const root = document.querySelector('#ex-root');
    const cells = [...document.querySelectorAll('#hex .b')].map((b) => ({ off: Number(b.dataset.off), sel: b.classList.contains('sel') }));
    return { start: Number(root.dataset.selStart), end: Number(root.dataset.selEnd), cells };
  });
}

function assertWholeRun(sel, p, where) {
  assert.equal(sel.start, p.offset, `${where}: selection starts at the run`);
  assert.equal(sel.end, p.offset + p.length, `${where}: selection ends with the run`);
  assert.ok(sel.cells.length > 0, `${where}: hex cells in view`);
  assert.ok(sel.cells.some((c) => c.off === p.offset), `${where}: the run's first byte is in view`);
  for (const c of sel.cells) {
    assert.equal(c.sel, c.off >= p.offset && c.off < p.offset + p.length, `${where}: byte ${c.off}`);
  }
}

for (const lang of LANGS) {
  for (const name of FILES) {
    test(`${name} (${lang}): the page says what textscope --json says`, { skip }, async () => {
      const file = path.join(DATA, name);
      const cli = cliReport(file);
      const page = await freshPage(context, server, 1280, 900, lang, errors);
      await openFile(page, file);
      assert.deepEqual(await pageReport(page), cli, 'the report');

      // The summary: format, encoding, container, text reading.
      const s = await summaryValues(page);
      assert.equal(s.format, cli.format);
      assert.equal(s.encoding, cli.encoding);
      assert.deepEqual(s.container, cli.container ?? undefined, 'container');
      const tr = cli.text_reading;
      if (tr) {
        assert.deepEqual(s.text_reading, { format: tr.format, encoding: tr.encoding, lines: tr.lines, problem_counts: tr.problem_counts });
      } else assert.equal(s.text_reading, undefined);

      const dead = await page.$eval('#dead-end', (e) => ({ hidden: e.hidden, kind: e.dataset.kind, text: e.textContent }));
      if (cli.format === 'binary') {
        assert.equal(dead.hidden, false, 'a binary verdict is said in words');
        // Any format can be forced from here.
        const options = await page.$$eval('#force-format option', (o) => o.map((x) => x.value));
        for (const f of ['utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'legacy', 'windows-1252']) assert.ok(options.includes(f), f);
        if (cli.container) {
          assert.equal(dead.kind, 'container');
          assert.equal(await page.getAttribute('#container', 'data-name'), cli.container.name);
          const words = lang === 'en' ? `${cli.container.name} image` : `imagen ${cli.container.name}`;
          assert.ok((await page.textContent('#container')).includes(words), `names the container: ${words}`);
        } else {
          assert.ok(tr, 'a binary file with no container has a text reading');
          assert.equal(dead.kind, 'reading');
          const shown = await page.$$eval('#reading-summary dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.field, JSON.parse(d.dataset.value)])));
          for (const f of ['format', 'encoding', 'lines', 'characters', 'endings', 'longest_line', 'problem_counts']) {
            assert.deepEqual(shown[f], tr[f], `text reading: ${f}`);
          }
          assert.equal(await page.textContent('#reading-title'), lang === 'en' ? `Read as ${tr.encoding} text anyway` : `Leído como texto ${tr.encoding} de todos modos`);
          assert.equal(await page.getAttribute('#force-reading', 'data-encoding'), tr.format === 'legacy' ? tr.encoding : tr.format);
          // Its first lines, in the preview, as the core reads them in that format.
          await page.waitForFunction(() => document.querySelectorAll('#preview .pline').length > 0 && !document.querySelector('#preview-note').hidden);
          const forced = cliForced(file, tr.format === 'legacy' ? tr.encoding : tr.format);
          const first = JSON.parse(execFileSync(CLI, ['--structure', '--json', '--lines', '1..3', '-e', tr.format === 'legacy' ? tr.encoding : tr.format, file]).toString());
          const preview = await page.$$eval('#preview .pline .text', (l) => l.slice(0, 3).map((e) => e.textContent));
          assert.deepEqual(preview.slice(0, Math.min(3, forced.lines)), first.lines.map((l) => l.text).slice(0, preview.length), 'preview');
        }
        const st = await structureSays(page);
        assert.ok(st.rows > 0 || st.note.length > 20, `structure pane: ${JSON.stringify(st)}`);
        if (tr && !cli.container) assert.ok(st.note.includes(number(lang, tr.lines)), `the note gives the reading's lines: ${st.note}`);
      } else {
        assert.equal(dead.hidden, true);
      }

      // Hints: one line each, with a button for the encoding.
      const hints = await page.$$eval('#hints .hint', (l) => l.map((h) => h.dataset.encoding));
      assert.deepEqual(hints, (cli.hints || []).map((h) => h.encoding), 'hints');

      // One link per listed item, runs with their count.
      const view = viewOf(cli);
      const links = await problemLinks(page);
      assert.equal(links.length, view.problems.length, 'one link per run');
      for (const p of view.problems) {
        const a = links.find((l) => l.offset === p.offset && l.kind === p.kind);
        assert.ok(a, `a link for ${p.kind} at ${p.offset}`);
        assert.equal(a.count, p.count ?? 1);
        assert.equal(a.length, p.length);
        assert.equal(a.line, p.line);
        assert.equal(a.column, p.column);
        if ((p.count ?? 1) > 1) assert.ok(a.run.startsWith(number(lang, p.count)), `the run's count: ${a.run}`);
      }
      if (cli.format === 'binary' && tr) {
        assert.equal(await page.isVisible('#problems .reading-note'), true, 'the list says whose problems these are');
      }

      // Escape sequences: their effect, dangerous ones marked, the sequence as text.
      const ansi = view.findings.filter((f) => f.kind === 'ansi_escape');
      const shownAnsi = await page.$$eval('#findings a.finding.ansi', (l) => l.map((a) => ({
        offset: Number(a.dataset.offset), effect: a.dataset.effect, dangerous: a.dataset.dangerous === 'true',
        marked: !!a.querySelector('.danger'), sequence: a.querySelector('.seq').textContent, count: Number(a.dataset.count),
      })));
      assert.deepEqual(shownAnsi, ansi.map((f) => ({ offset: f.offset, effect: f.effect, dangerous: f.dangerous, marked: f.dangerous, sequence: f.sequence, count: f.count ?? 1 })));
      if (name === 'colour-build.log') {
        assert.equal(cli.format, 'utf-8', 'a coloured log is text');
        assert.ok(ansi.length > 0, 'with its escape sequences');
      }

      // The file's bytes never become markup.
      assert.equal(await page.$$eval('#ex-root img, #ex-root script, #ex-root iframe, #ex-root object', (l) => l.length), 0);
      await page.screenshot({ path: path.join(SHOTS, `deadend-${name.replace(/\W+/g, '-')}-${lang}.png`), fullPage: true });
      await page.close();
      assert.deepEqual(errors, []);
    });
  }

  test(`nul-log.txt (${lang}): the 4,096-NUL run is one link that selects the whole run, binary or forced`, { skip }, async () => {
    const file = path.join(DATA, 'nul-log.txt');
    const cli = cliReport(file);
    assert.equal(cli.format, 'binary');
    const tr = cli.text_reading;
    const run = tr.problems.find((p) => p.kind === 'nul' && p.count === 4096);
    assert.ok(run, 'the CLI lists the 4,096 NULs as one run');
    const page = await freshPage(context, server, 1280, 900, lang, errors);
    await openFile(page, file);
    const links = await problemLinks(page);
    const inRun = links.filter((l) => l.offset >= run.offset && l.offset < run.offset + run.length);
    assert.equal(inRun.length, 1, 'one link for the run');
    assert.equal(inRun[0].run, lang === 'en' ? '4,096 NULs' : '4096 caracteres NUL');
    await page.click(`#problems a.problem[data-offset="${run.offset}"]`);
    await page.waitForFunction((o) => document.querySelector('#ex-root').dataset.selStart === String(o), run.offset);
    assertWholeRun(await selection(page), run, 'binary');

    // The button shows the file as its text reading's format: lines in the structure, the same
    // report as `textscope -e utf-8`, and the run still one link selecting all its bytes.
    await page.click('#force-reading');
    await waitDone(page);
    const forced = cliForced(file, tr.format);
    assert.deepEqual(await pageReport(page), forced);
    assert.equal(await page.isHidden('#dead-end'), true);
    const st = await structureSays(page);
    assert.ok(st.rows > 0, 'the forced reading has lines in the structure');
    const frun = forced.problems.find((p) => p.kind === 'nul' && p.count === 4096);
    assert.deepEqual({ ...frun, message: undefined }, { ...run, message: undefined });
    await page.click(`#problems a.problem[data-offset="${frun.offset}"]`);
    await page.waitForFunction((o) => document.querySelector('#ex-root').dataset.selStart === String(o) && document.querySelector('#tree [aria-selected="true"]'), frun.offset);
    assertWholeRun(await selection(page), frun, 'forced');
    await page.screenshot({ path: path.join(SHOTS, `deadend-run-${lang}.png`) });
    await page.close();
    assert.deepEqual(errors, []);
  });
}

test('the format selector forces any format on a binary file, as textscope -e does', { skip }, async () => {
  const file = path.join(DATA, 'image.png');
  const page = await freshPage(context, server, 1280, 900, 'en', errors);
  await openFile(page, file);
  await page.selectOption('#force-format', 'utf-16le');
  await waitDone(page);
  assert.deepEqual(await pageReport(page), cliForced(file, 'utf-16le'));
  assert.equal(await page.inputValue('#read-as'), 'utf-16le');
  await page.close();
  assert.deepEqual(errors, []);
});

test('a binary file\'s text reading shows markup and escapes as text, never live', async () => {
  // Mostly NULs, so binary; its UTF-8 reading holds markup and an escape sequence.
  const text = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\x1b]0;title\x07 &amp;\n';
  const bytes = Buffer.concat([Buffer.from(text), Buffer.alloc(400, 0), Buffer.from(text)]);
  const file = writeTmp('markup-nuls.log', bytes);
  const cli = cliReport(file);
  const page = await freshPage(context, server, 1280, 900, 'en', errors);
  await openFile(page, file);
  assert.deepEqual(await pageReport(page), cli);
  if (cli.format === 'binary' && cli.text_reading) {
    await page.waitForFunction(() => document.querySelectorAll('#preview .pline').length > 0);
    const shown = await page.$$eval('#preview .pline .text', (l) => l.map((e) => e.textContent).join('\n'));
    assert.ok(shown.includes('<img src=x onerror='), shown);
  }
  assert.equal(await page.$$eval('#ex-root img, #ex-root script', (l) => l.length), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await page.close();
  assert.deepEqual(errors, []);
});
