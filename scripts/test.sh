#!/usr/bin/env bash
# Runs every test of the project: the README's test command, and what .ci/run runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# The toolchain is pinned in rust-toolchain.toml; its wasm32 target is fetched here when the
# machine lacks it (RUSTUP_AUTO_INSTALL=0 means rustup will not do it by itself).
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

echo "== cargo test (library, CLI, properties, corpus)"
cargo test --workspace --locked

echo "== browser tests (headless Chromium against textscope serve)"
bash tests/browser/run.sh
bash scripts/test-python.sh  # the Python package and its Spark module (pytest, local[2])
