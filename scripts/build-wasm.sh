#!/usr/bin/env bash
# Builds the explorer's WebAssembly module (crates/textscope-wasm for wasm32, release, with wasm
# SIMD) into the workspace's target directory, where a debug build of textscope embeds it
# (decision 74: a debug build runs no nested cargo of its own, so touching the core costs it
# no wasm build). A release build of the CLI builds its module itself. Adds the wasm32 target
# with rustup when the toolchain lacks it (RUSTUP_AUTO_INSTALL=0 means rustup will not).
#
#   scripts/build-wasm.sh        then: cargo build / cargo test / cargo run -- serve
#
# TEXTSCOPE_WASM_SIMD=0 builds a module for an engine without wasm SIMD.
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32-unknown-unknown
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  rustup target add "$target"
fi
flags=-Ctarget-feature=+simd128
[ "${TEXTSCOPE_WASM_SIMD:-1}" = 0 ] && flags=
# The flags apply to the wasm32 build only; the module needs no debug info.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$flags" \
CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_STRIP=debuginfo \
  cargo build --release --locked --target "$target" -p textscope-wasm
