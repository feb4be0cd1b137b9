// Hostile files are shown as text: markup, script, event handlers, javascript: URLs, entities
// and bidi overrides never run or reorder the page; huge lines and many lines stay smooth.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, cliReport, dropBytes, pickFile, waitDone, pageReport, writeTmp } from './harness.js';

let server;
let context;
let page;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
  page = await newPage(context, errors);
  await page.goto(server.url);
});
after(async () => { await context?.close(); server?.stop(); });

const HOSTILE = [
  '<html><body><h1 id="pwn">HTML heading</h1><script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img\'"> <svg onload="window.__pwned=\'svg\'"></svg>',
  '<a href="javascript:window.__pwned=\'href\'">click me</a> <iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
  '&lt;b&gt;bold&lt;/b&gt; &amp; &#60;script&#62; &#x3C;img&#x3E; &nbsp;',
  'bidi: \u202Eevil.exe\u202C and \u2066isolate\u2069 \u200Finvisible\u200B',
  '<style>body { display: none }</style><base href="http://evil.example/">',
  '\u001b[31mred\u001b[0m \u0007bell',
].join('\n') + '\n';

async function measureFrames(p) {
  await p.evaluate(() => {
    window.__gap = 0;
    let last = performance.now();
    const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; window.__raf = requestAnimationFrame(tick); };
    window.__raf = requestAnimationFrame(tick);
  });
}

test('markup in a file is text and runs nothing', async () => {
  await dropBytes(page, '<img src=x onerror=alert(1)>.html', Buffer.from(HOSTILE));
  await waitDone(page);
  assert.deepEqual(await pageReport(page), cliReport(writeTmp('hostile.html', HOSTILE)));
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  const injected = await page.$$eval('#explorer img, #explorer script, #explorer iframe, #explorer svg, #explorer style, #explorer base, #pwn', (l) => l.length);
  assert.equal(injected, 0);
  assert.equal(await page.textContent('#file-name'), '<img src=x onerror=alert(1)>.html');
  await page.waitForSelector('#tree .row.line[data-line="1"] .text');
  assert.equal(await page.textContent('#tree .row.line[data-line="1"] .text'), HOSTILE.split('\n')[0]);
  assert.equal(await page.textContent('#preview .pline[data-line="4"] .text'), HOSTILE.split('\n')[3]);
  // Bidi and invisible controls are shown as code points, never applied (V1).
  const bidi = await page.textContent('#tree .row.line[data-line="5"] .text');
  assert.equal(bidi, 'bidi: [U+202E]evil.exe[U+202C] and [U+2066]isolate[U+2069] [U+200F]invisible[U+200B]');
  assert.match(await page.textContent('#tree .row.line[data-line="7"] .text'), /^\u241B\[31mred\u241B\[0m \u2407bell$/);
  // Clicking the javascript: "link" text does nothing: it is not a link.
  assert.equal(await page.$$eval('#explorer a[href^="javascript"]', (l) => l.length), 0);
  assert.equal(await page.evaluate(() => document.baseURI), server.url);
  assert.deepEqual(errors, []);
});

test('a 5 MB single line: analysed, cut for display, expands with a limit', async () => {
  const line = 'x'.repeat(5 * 1024 * 1024) + 'é';
  const file = writeTmp('long-line.txt', line);
  await pickFile(page, file);
  await waitDone(page);
  assert.deepEqual(await pageReport(page), cliReport(file));
  await page.waitForSelector('#tree .row.line[data-line="1"] .text');
  const shown = await page.textContent('#tree .row.line[data-line="1"] .text');
  assert.ok(shown.length <= 2000 && shown.length > 100, `shown ${shown.length}`);
  await measureFrames(page);
  await page.click('#tree .row.line[data-line="1"] .twisty');
  await page.waitForSelector('#tree .row.char[data-index="0"]');
  await page.$eval('#tree', (t) => { t.scrollTop = t.scrollHeight; });
  await page.waitForSelector('#tree .row.more');
  assert.match(await page.textContent('#tree .row.more'), /5,232,881 more characters/);
  const gap = await page.evaluate(() => { cancelAnimationFrame(window.__raf); return window.__gap; });
  assert.ok(gap < 1000, `longest frame gap ${gap} ms`);
});

test('a million short lines scroll smoothly to the end', async () => {
  const lines = [];
  for (let i = 1; i <= 1_000_000; i++) lines.push(`line ${i}`);
  const file = writeTmp('million.txt', lines.join('\n') + '\n');
  await pickFile(page, file);
  await waitDone(page);
  assert.deepEqual(await pageReport(page), cliReport(file));
  await measureFrames(page);
  await page.focus('#tree');
  await page.keyboard.press('End');
  await page.waitForSelector('#tree .row.line[data-line="1000000"] .text');
  assert.equal(await page.textContent('#tree .row.line[data-line="1000000"] .text'), 'line 1000000');
  // The middle, by the scrollbar.
  await page.$eval('#tree', (t) => { t.scrollTop = t.scrollHeight / 2; });
  await page.waitForFunction(() => {
    const r = document.querySelector('#tree .row.line .text');
    return r && /^line 4\d{5}$|^line 5\d{5}$/.test(r.textContent);
  });
  for (let k = 0; k < 20; k++) {
    await page.mouse.move(300, 600);
    await page.$eval('#tree', (t, k) => { t.scrollTop = (t.scrollHeight * k) / 20; }, k);
    await page.waitForTimeout(30);
  }
  const gap = await page.evaluate(() => { cancelAnimationFrame(window.__raf); return window.__gap; });
  assert.ok(gap < 500, `longest frame gap ${gap} ms`);
  assert.deepEqual(errors, []);
});
