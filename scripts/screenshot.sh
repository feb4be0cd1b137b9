#!/usr/bin/env bash
# The README's picture of the web explorer: `textscope serve` on a free port, a corpus file
# opened in headless Chromium at 1280×800, the page saved as a PNG.
#
# usage: scripts/screenshot.sh [FILE [OUT.png]]
#   FILE     the file to open (default: a KOI8-R file of the shared corpus, ../shared/corpus)
#   OUT.png  where the picture goes (default: docs/img/explorer.png)
#
# It builds what the browser tests build (the wasm module, the debug CLI) and uses their
# playwright-core (tests/browser, installed by `npm ci` when missing) and Debian's Chromium
# (CHROMIUM overrides /usr/bin/chromium). Set CARGO_TARGET_DIR as for any build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
file=${1:-../shared/corpus/real/chardet__tests__KOI8-R__koi.kinder.ru.xml}
out=${2:-docs/img/explorer.png}
[ -f "$file" ] || { echo "screenshot.sh: no such file: $file" >&2; exit 2; }
file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || { echo "screenshot.sh: no Chromium at $chromium (apt-get install chromium)" >&2; exit 2; }
if [ ! -d tests/browser/node_modules/playwright-core ]; then
  (cd tests/browser && npm ci --no-audit --no-fund)
fi
bash scripts/build-wasm.sh
cargo build -p textscope-cli
bin=${CARGO_TARGET_DIR:-$root/target}/debug/textscope

# The server prints its address on its first line; it is stopped when this script ends.
log=$(mktemp)
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$log"' EXIT
url=
for _ in $(seq 1 100); do
  url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' "$log" | head -n 1 || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "screenshot.sh: the server did not start:" >&2; cat "$log" >&2; exit 1; }

# The page is ready when the explorer says it is done; the fonts and the layout settle first.
cd tests/browser
URL=$url FILE=$file OUT=$out CHROMIUM=$chromium node --input-type=module - <<'EOF'
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'textscope-shot-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM,
  headless: true,
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(process.env.URL);
  await page.setInputFiles('#file-input', process.env.FILE);
  await page.waitForSelector('#ex-root[data-state="done"]', { timeout: 60000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: process.env.OUT });
  if (errors.length) {
    console.error(`screenshot.sh: the page reported errors: ${errors.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
EOF
echo "screenshot.sh: wrote $out"
