#!/usr/bin/env bash
# Browser throughput of the web explorer (issue 5): headless Chromium against
# `textscope serve --port 0` analyses generated files in its worker with the wasm core, and
# a table of GB/s per file is printed, with how the progress bar moved and how responsive the
# page stayed. A measurement, not a test: nothing is asserted against a time.
#
#   scripts/bench-browser.sh [SIZE_MIB] [ROUNDS]     (default 1024 MiB, 3 rounds; best shown)
#
# Files: ASCII-heavy UTF-8 log lines, multilingual UTF-8, UTF-16LE with a mark and CRLF. Each
# is generated in a temporary directory, measured and deleted; the directory goes at exit.
# Needs what tests/browser/run.sh needs (Chromium, node, playwright-core), installed the same
# way when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE_MIB=${1:-1024}
ROUNDS=${2:-3}

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "bench-browser.sh: installing chromium (apt)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
  (cd tests/browser && npm ci --no-audit --no-fund)
fi
# The server binary embeds the site and the wasm module (always built --release by build.rs).
cargo build -q -p textscope-cli

DIR=$(mktemp -d "${TMPDIR:-/tmp}/textscope-bench-browser.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
node tests/browser/bench.js "$DIR" "$SIZE_MIB" "$ROUNDS"
