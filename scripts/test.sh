#!/usr/bin/env bash
# Runs every test of the project: the README's test command, and what .ci/run runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# The toolchain is pinned in rust-toolchain.toml. The explorer's wasm module is built first (an
# ordinary cargo build for wasm32, which adds the target with rustup when the machine lacks
# it): debug builds embed it from there and run no nested build of their own (decision 74).
echo "== the explorer's wasm module (scripts/build-wasm.sh)"
bash scripts/build-wasm.sh

echo "== the module tree (scripts/check-module-tree.py: sibling modules form a DAG, no #[path])"
python3 scripts/check-module-tree.py

echo "== cargo test (library, CLI, properties, corpus)"
cargo test --workspace --locked

echo "== browser tests (headless Chromium against textscope serve)"
bash tests/browser/run.sh
bash scripts/test-python.sh  # the Python package and its Spark module (pytest, local[2])
