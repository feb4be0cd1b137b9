// "Save as UTF-8 (repaired)" on a large file (docs/mojibake.md, "In the explorer"; decision 102):
//   node bench-repair.js DIR SIZE_MIB
// Writes a UTF-8 file of SIZE_MIB with a windows-1252 paragraph near its end and a line of
// double mojibake every 64 lines, opens it in the explorer, clicks the button and prints the
// analysis time, the repair time (both passes, from the click to the download) and the
// repaired size, then checks that the download equals `textscope convert --to utf-8
// --fix-mojibake`. Not a test: nothing is asserted against a time. Build first with run.sh.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, launch, newPage, CLI } from './tests/harness.js';

const [dir, sizeArg = '64'] = process.argv.slice(2);
const SIZE = Number(sizeArg) * 1024 * 1024;
if (!dir || !(SIZE > 0)) {
  console.error('usage: node bench-repair.js DIR SIZE_MIB');
  process.exit(2);
}

const lines = [];
for (let i = 0; i < 64; i++) {
  lines.push(i === 7
    ? 'Le caf\u00c3\u0192\u00c2\u00a9 est pr\u00c3\u0192\u00c2\u00aat, cr\u00c3\u0192\u00c2\u00a8me br\u00c3\u0192\u00c2\u00bbl\u00c3\u0192\u00c2\u00a9e.\n'
    : `Línea ${i}: el niño comió piñones junto al río; «señal» — año ${2000 + i}.\n`);
}
const block = Buffer.from(lines.join(''));
const foreign = Buffer.from('Ligne: caf\xe9, na\xefve, \xe0 bient\xf4t, cr\xe8me br\xfbl\xe9e.\n'.repeat(4), 'latin1');
const file = path.join(dir, 'repair-bench.txt');
const fd = fs.openSync(file, 'w');
let written = 0;
while (written + block.length <= SIZE - foreign.length - block.length) written += fs.writeSync(fd, block);
written += fs.writeSync(fd, foreign);
written += fs.writeSync(fd, block);
fs.closeSync(fd);

const server = await startServer();
const context = await launch();
try {
  const page = await newPage(context);
  await page.goto(server.url);
  const t0 = Date.now();
  await page.setInputFiles('#file-input', file);
  await page.waitForSelector('#ex-root[data-state="done"]', { timeout: 600000 });
  const analysed = Date.now() - t0;
  const t1 = Date.now();
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 600000 }), page.click('#save-repaired')]);
  const out = await d.path();
  const repaired = Date.now() - t1;
  const summary = await page.evaluate(() => document.querySelector('#ex-root').dataset.repair);
  const want = path.join(dir, 'repair-bench.cli.txt');
  execFileSync(CLI, ['convert', '--to', 'utf-8', '--fix-mojibake', file, '-o', want], { stdio: 'ignore' });
  const same = fs.readFileSync(out).equals(fs.readFileSync(want));
  const mb = written / 1e6;
  console.log(`file ${mb.toFixed(1)} MB: analysis ${analysed} ms (${(mb / analysed).toFixed(3)} GB/s), `
    + `repair ${repaired} ms (${(mb / repaired).toFixed(3)} GB/s for both passes), output ${fs.statSync(out).size} bytes, `
    + `same as the CLI: ${same}; ${summary}`);
  fs.rmSync(want);
} finally {
  await context.close();
  server.stop();
  fs.rmSync(file);
}
