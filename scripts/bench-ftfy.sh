#!/usr/bin/env bash
# textscope.fix_mojibake beside ftfy.fix_encoding on the project's own mojibake set
# (scripts/eval/mojibake/set.jsonl; never ftfy's test cases): strings repaired exactly,
# correct strings changed, and strings per second. Builds this tree's wheel into the venv that
# scripts/test-python.sh makes (running it first when the venv is missing), installs ftfy from
# PyPI, and prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/py-venv
py="$venv/bin/python"
if [ ! -x "$py" ] || ! "$py" -c "import textscope" 2>/dev/null; then
  bash scripts/test-python.sh
fi
"$py" -m pip install -q --disable-pip-version-check "ftfy>=6" "maturin>=1.9.4,<2" </dev/null
# The wheel of this tree, always: a venv left by an earlier build would measure old code.
rm -rf target/wheels/py
CARGO_TARGET_DIR="$PWD/target/textscope-py" "$venv/bin/maturin" build --release --locked \
  --manifest-path crates/textscope-py/Cargo.toml --interpreter "$py" --out target/wheels/py </dev/null
"$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
  target/wheels/py/textscope_analyzer-*.whl </dev/null
python3 scripts/eval/mojibake/gen.py scripts/eval/mojibake/set.jsonl >/dev/null
"$py" crates/textscope-py/bench/ftfy_compare.py scripts/eval/mojibake/set.jsonl
