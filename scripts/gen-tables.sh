#!/usr/bin/env bash
# Writes crates/textscope/src/detect/rank/tables.rs, the statics of D12's index and bounds,
# from the models (`models.rs`) through the builder in `freeze.rs` (issue 42, decision 129).
# Run it after changing the models or the builder; the test
# `the_tables_are_what_the_models_give` fails until then.
#
#   scripts/gen-tables.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test -q -p textscope --lib -- --ignored --exact detect::rank::freeze::write_tables
git diff --stat -- crates/textscope/src/detect/rank/tables.rs
