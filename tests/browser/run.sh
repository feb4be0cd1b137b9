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
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund)
fi

cd "$root"
cargo build -p textscope-cli
# The stand-in server, used only while main.rs has no `serve` subcommand.
cargo build -p textscope-cli --example serve

cd "$here"
exec node --test --test-concurrency=1 --test-timeout=600000 tests/
