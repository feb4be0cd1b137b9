#!/usr/bin/env bash
# Tests the core's NEON kernel (crates/textscope/src/fast/neon.rs) on an x86-64 machine: the
# core's tests are cross-compiled for aarch64-unknown-linux-gnu and run under qemu-user, so
# every kernel test compares NEON with the character-at-a-time reference (issue 5). qemu says
# nothing about speed; it runs the same instructions an AArch64 processor would.
#
#   scripts/test-aarch64.sh            the kernel tests (tests/kernels.rs), optimised: qemu
#                                      runs unoptimised test code too slowly
#   scripts/test-aarch64.sh --all      every test of the core
#
# Installs what is missing: qemu-user and the aarch64 cross linker (apt, as root), and the
# Rust target (rustup).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=aarch64-unknown-linux-gnu

if ! command -v qemu-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "test-aarch64.sh: needs qemu-user and gcc-aarch64-linux-gnu (apt-get install as root)" >&2
    exit 2
  fi
  echo "test-aarch64.sh: installing qemu-user and the aarch64 cross linker (apt)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross) >/dev/null
fi
if ! rustup target list --installed | grep -qx "$TARGET"; then
  rustup target add "$TARGET"
fi

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
# The host's flags (say, -C target-cpu=native) mean nothing to the other target.
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS CARGO_BUILD_RUSTFLAGS

if [ "${1:-}" = --all ]; then
  cargo test --locked -p textscope --target "$TARGET"
else
  # The kernels this build runs: NEON must be the one `Auto` picks, or the kernel tests
  # below would compare nothing but the scalar twin.
  out=$(cargo test --release --locked -p textscope --target "$TARGET" --lib -- fast::tests fast::vector::pairs --nocapture)
  echo "$out"
  grep -q "auto: Neon" <<<"$out" || { echo "test-aarch64.sh: NEON is not the kernel in use" >&2; exit 1; }
  cargo test --release --locked -p textscope --target "$TARGET" --test kernels
fi
