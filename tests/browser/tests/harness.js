// Shared set-up of the browser tests: the server (`textscope serve --port 0`), a fresh
// Chromium profile, the CLI's JSON for comparison, and helpers to open files in the page.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN_DIR = process.env.TEXTSCOPE_BIN_DIR || path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'debug');
export const CLI = path.join(BIN_DIR, 'textscope');
export const DATA = path.join(ROOT, 'tests/data');
export const SHOTS = path.join(process.env.CARGO_TARGET_DIR || path.join(ROOT, 'target'), 'screenshots');
export const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'textscope-browser-'));
// Generated files (one is 200 MiB) and profiles go when the test file's process ends.
process.on('exit', () => fs.rmSync(TMP, { recursive: true, force: true }));

/** Starts the server: `textscope serve --port 0`, and reads the address it prints. */
export async function startServer() {
  const tries = [[CLI, ['serve', '--port', '0']]];
  for (const [bin, args] of tries) {
    if (!fs.existsSync(bin)) continue;
    const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise((resolve) => {
      let out = '';
      proc.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/serving the explorer at (http:\/\/127\.0\.0\.1:\d+\/)/);
        if (m) resolve(m[1]);
      });
      proc.on('exit', () => resolve(null));
    });
    if (url) return { url, stop: () => proc.kill() };
  }
  throw new Error(`no server: build with tests/browser/run.sh (looked in ${BIN_DIR})`);
}

export async function launch() {
  const profile = fs.mkdtempSync(path.join(TMP, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return context;
}

/** A page that fails the test on any script error. */
export async function newPage(context, errors = []) {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return page;
}

/** The CLI's report for a file, without `path` (the page has no path, only a name). */
export function cliReport(file) {
  const out = execFileSync(CLI, ['--json', file], { maxBuffer: 1 << 28 }).toString();
  const r = JSON.parse(out.trim().split('\n')[0]);
  delete r.path;
  return r;
}

/** Drops a file (bytes) on the page as a user would, with a DataTransfer. */
export async function dropBytes(page, name, bytes) {
  const b64 = Buffer.from(bytes).toString('base64');
  await page.evaluate(({ name, b64 }) => {
    const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bin], name));
    const target = document.querySelector('main') || document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    }
  }, { name, b64 });
}

/** Opens a file on disk with the file picker. */
export async function pickFile(page, file) {
  await page.setInputFiles('#file-input', file);
}

export async function waitDone(page, timeout = 30000) {
  await page.waitForSelector('#ex-root[data-state="done"]', { timeout });
}

/** The report the page shows (its JSON panel), without `path`. */
export async function pageReport(page) {
  const r = JSON.parse(await page.textContent('#report-json'));
  delete r.path;
  return r;
}

/** The summary's fields as the page shows them (data-value of each dd). */
export async function summaryValues(page) {
  return page.$$eval('#summary dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.field, JSON.parse(d.dataset.value)])));
}

export function writeTmp(name, bytes) {
  const p = path.join(TMP, name);
  fs.writeFileSync(p, bytes);
  return p;
}

export function hex(s) { return Buffer.from(s.replace(/\s+/g, ''), 'hex'); }

/** A new page of `context` at `w`×`h`, on `server.url + q`, in language `lang` (through the
 * address: on a phone the language switch folds into the menu). */
export async function freshPage(context, server, w, h, lang, errors, q = '') {
  const page = await newPage(context, errors);
  await page.setViewportSize({ width: w, height: h });
  await page.goto(server.url + q);
  const u = new URL(page.url());
  u.searchParams.set('lang', lang);
  await page.goto(u.href);
  return page;
}

/** Opens `file` in the explorer as a user would, and waits for its report. */
export async function openFile(page, file) {
  await pickFile(page, file);
  await waitDone(page);
}

const AXE_SRC = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the page as it is now: "rule (impact): target …" lines. */
export async function violations(page) {
  // Evaluated through the devtools protocol: the site's CSP rightly refuses inline scripts.
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE_SRC);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${n.failureSummary.split('\n').slice(1, 2).join('')}`).join(' | ')}`);
  });
  return found;
}
