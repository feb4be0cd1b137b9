#!/usr/bin/env bash
# Browser throughput of the web explorer (issue 5): headless Chromium against
# `textscope serve --port 0` analyses generated files in its worker with the wasm core, and
# a table of GB/s per file is printed, with how the progress bar moved and how responsive the
# page stayed. A measurement, not a test: nothing is asserted against a time.
#
#   scripts/bench-browser.sh [SIZE_MIB] [ROUNDS]     (default 1024 MiB, 3 rounds; best shown)
#   scripts/bench-browser.sh --wasm-ab [SIZE_MIB] [ROUNDS]   (default 256 MiB, 5 rounds)
#
# Files: ASCII-heavy UTF-8 log lines, multilingual UTF-8, UTF-16LE with a mark and CRLF. Each
# is generated in a temporary directory, measured and deleted; the directory goes at exit.
# --wasm-ab measures the wasm core alone on the same inputs in memory: the served module
# (simd128) against one built without simd128 (into target/bench-browser-nosimd), alternating.
# Needs what tests/browser/run.sh needs (Chromium, node, playwright-core), installed the same
# way when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=files
if [ "${1:-}" = --wasm-ab ]; then MODE=wasm; shift; fi

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "bench-browser.sh: installing chromium (apt)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
  (cd tests/browser && npm ci --no-audit --no-fund)
fi
# The server binary embeds the site and the wasm module (always built --release by build.rs).
cargo build -q -p textscope-cli

if [ "$MODE" = wasm ]; then
  # The same build as build.rs's, without simd128 (host flags kept out, as there).
  other=target/bench-browser-nosimd
  env -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS CARGO_TARGET_DIR="$other" \
    CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_STRIP=debuginfo \
    cargo build -q --release --target wasm32-unknown-unknown -p textscope-wasm
  exec node tests/browser/bench-wasm.js "$other/wasm32-unknown-unknown/release/textscope_wasm.wasm" "${1:-256}" "${2:-5}"
fi

SIZE_MIB=${1:-1024}
ROUNDS=${2:-3}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/textscope-bench-browser.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
node tests/browser/bench.js "$DIR" "$SIZE_MIB" "$ROUNDS"
