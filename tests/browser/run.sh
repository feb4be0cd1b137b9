#!/bin/sh
# Browser tests of the web explorer: headless Debian Chromium against `textscope serve --port 0`.
# Installs what is missing (chromium via apt, playwright-core via npm ci), builds the CLI, runs
# node's test runner over tests/browser/tests. Screenshots go to target/screenshots/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ ! -x /usr/bin/chromium ]; then
  echo "run.sh: installing chromium (apt)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# A CJK font, so that screenshots show Chinese and Japanese text rather than empty boxes.
if ! fc-list 2>/dev/null | grep -qi "wenquanyi\|noto sans cjk"; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null 2>&1 || \
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null 2>&1; } || \
    echo "run.sh: no CJK font installed; screenshots may show boxes for CJK text" >&2
fi
# playwright-core drives Chromium; axe-core checks every page for accessibility (axe.test.js).
if [ ! -d "$here/node_modules/playwright-core" ] || [ ! -f "$here/node_modules/axe-core/axe.min.js" ]; then
  (cd "$here" && npm ci --no-audit --no-fund)
fi

cd "$root"
bash scripts/build-wasm.sh
cargo build -p textscope-cli

cd "$here"
# A test file that fails is run once more on its own, and the first failure stays in the log:
# some tests time frames or wait on a worker, and CI's two cores are shared. A file that fails
# twice fails the run.
log=$(mktemp)
rc=$(mktemp)
trap 'rm -f "$log" "$rc"' EXIT
{ node --test --test-concurrency=1 --test-timeout=600000 tests/; echo $? >"$rc"; } 2>&1 | tee "$log"
if [ "$(cat "$rc")" = 0 ]; then
  exit 0
fi
failed=$(grep -oE "location: '[^']*/tests/[A-Za-z0-9_.-]+\.test\.js" "$log" | sed -E "s|.*/tests/|tests/|" | sort -u)
if [ -z "$failed" ]; then
  echo "run.sh: the browser tests failed (see above)" >&2
  exit 1
fi
echo "run.sh: these test files failed once; running them again: $(echo $failed)" >&2
exec node --test --test-concurrency=1 --test-timeout=600000 $failed
