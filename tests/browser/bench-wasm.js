// The wasm core alone, in Chromium, two builds side by side (run by scripts/bench-browser.sh
// --wasm-ab): the module the site serves (built with simd128) and another .wasm file (built
// without it), fed the same in-memory input in alternation, best of ROUNDS. No file reading,
// no worker: only ts_feed (and the copy into the module's memory).
//   node bench-wasm.js OTHER.wasm SIZE_MIB ROUNDS
import fs from 'node:fs';
import { startServer, launch, newPage } from './tests/harness.js';
import { FILES } from './bench-inputs.js';

const [other, sizeArg = '256', roundsArg = '3'] = process.argv.slice(2);
const SIZE = Number(sizeArg) * 1024 * 1024;
const ROUNDS = Math.max(1, Number(roundsArg));

const server = await startServer();
const context = await launch();
try {
  const page = await newPage(context);
  await page.goto(server.url);
  const inputs = FILES.map((f) => {
    const block = f.block();
    // Whole blocks only, so the chunk fed again and again is continuous, valid text.
    const chunk = Buffer.concat(Array(Math.max(1, Math.floor((4 << 20) / block.length))).fill(block));
    return { label: f.label, force: f.force, b64: chunk.toString('base64') };
  });
  const rows = await page.evaluate(async ({ otherB64, inputs, size, rounds }) => {
    const { Textscope } = await import('/js/textscope.js');
    const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const served = await (await fetch('/textscope.wasm')).arrayBuffer();
    const mods = [
      ['served', new Textscope((await WebAssembly.instantiate(served, {})).instance.exports)],
      ['other', new Textscope((await WebAssembly.instantiate(bytes(otherB64), {})).instance.exports)],
    ];
    const out = [];
    for (const input of inputs) {
      const chunk = bytes(input.b64);
      const times = Math.max(1, Math.round(size / chunk.length));
      const best = {};
      for (let r = 0; r < rounds; r++) {
        for (const [name, ts] of (r % 2 ? [...mods].reverse() : mods)) {
          const a = ts.open(input.force);
          const t0 = performance.now();
          for (let i = 0; i < times; i++) a.feed(chunk);
          const ms = performance.now() - t0;
          a.finish();
          a.free();
          const gbps = (times * chunk.length) / ms / 1e6;
          best[name] = Math.max(best[name] || 0, gbps);
        }
      }
      out.push({ label: input.label, simd: mods[0][1].simd128, otherSimd: mods[1][1].simd128, ...best });
    }
    return out;
  }, { otherB64: fs.readFileSync(other).toString('base64'), inputs, size: SIZE, rounds: ROUNDS });
  console.log(`# wasm core alone, ${(SIZE / 1048576).toFixed(0)} MiB per input in 4 MiB chunks, best of ${ROUNDS}, alternating`);
  const name = (simd) => (simd ? 'simd128' : 'no simd128');
  console.log(`| input | served module (${name(rows[0].simd)}) GB/s | ${other.split('/').pop()} (${name(rows[0].otherSimd)}) GB/s | ratio |`);
  console.log('| --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.label} | ${r.served.toFixed(2)} | ${r.other.toFixed(2)} | ${(r.served / r.other).toFixed(2)}× |`);
} finally {
  await context.close();
  server.stop();
}
