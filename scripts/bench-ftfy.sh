#!/usr/bin/env bash
# textscope.fix_mojibake beside ftfy.fix_encoding on the project's own mojibake set
# (scripts/eval/mojibake/set.jsonl; never ftfy's test cases): strings repaired exactly,
# correct strings changed, and strings per second. Makes a venv of its own (target/ftfy-venv)
# with maturin and ftfy from PyPI when missing, builds this tree's wheel into it, and prints a
# Markdown table. Not part of the test run (minutes: a release build of the binding).
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
venv=target/ftfy-venv
py="$venv/bin/python"
[ -x "$py" ] || python3 -m venv "$venv"
"$py" -m pip install -q "ftfy>=6" "maturin>=1.9.4,<2" </dev/null
# The wheel of this tree, always: a venv left by an earlier build would measure old code.
rm -rf target/wheels/ftfy
CARGO_TARGET_DIR="$PWD/target/textscope-py" "$venv/bin/maturin" build --release --locked \
  --manifest-path crates/textscope-py/Cargo.toml --interpreter "$py" --out target/wheels/ftfy </dev/null
"$py" -m pip install -q --force-reinstall --no-deps target/wheels/ftfy/textscope_analyzer-*.whl </dev/null
python3 scripts/eval/mojibake/gen.py scripts/eval/mojibake/set.jsonl >/dev/null
"$py" crates/textscope-py/bench/ftfy_compare.py scripts/eval/mojibake/set.jsonl
