import { startServer, launch, newPage, pickFile, waitDone, DATA } from './tests/harness.js';
import path from 'node:path';
const server = await startServer();
const ctx = await launch();
const errors = [];
const page = await newPage(ctx, errors);
const [w, h] = (process.env.VP || '1280x900').split('x').map(Number);
await page.setViewportSize({ width: w, height: h });
await page.goto(server.url + (process.env.Q || ''));
if (process.env.FILE) { await pickFile(page, path.join(DATA, process.env.FILE)); await waitDone(page); }
await page.waitForTimeout(800);
if (process.env.ACT) console.log(await (await import(process.env.ACT)).default(page));
if (process.env.EVAL) console.log(await page.evaluate(process.env.EVAL));
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/ex/shot.png', fullPage: process.env.FULL === '1' });
console.log('errors', errors);
await ctx.close(); server.stop();
