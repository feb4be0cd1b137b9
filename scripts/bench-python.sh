#!/usr/bin/env bash
# Python and Spark speed, side by side: textscope.detect vs chardet.detect vs
# charset_normalizer.from_bytes on 10,000 small files and one 256 MiB file; textscope.analyze
# on a 1 GiB file vs the CLI; a thread pool; Spark files/s on local[1] vs local[2].
# Files are generated under target/bench-python (about 1.5 GiB). Prints a Markdown table.
# Usage: scripts/bench-python.sh [BIG_MIB=256] [HUGE_MIB=1024]
set -euo pipefail
cd "$(dirname "$0")/.."
big=${1:-256}
huge=${2:-1024}
venv=target/py-venv
py="$venv/bin/python"
work=target/bench-python
mkdir -p "$work"

if [ ! -x "$py" ] || ! "$py" -c "import textscope, pyspark" 2>/dev/null; then
  bash scripts/test-python.sh   # builds and installs the wheel, pyspark and Java
fi
"$py" -m pip install -q --disable-pip-version-check chardet charset-normalizer </dev/null
# The wheel of this tree, always: a venv left by an earlier build would time old code.
rm -rf target/wheels/py
CARGO_TARGET_DIR="$PWD/target/textscope-py" "$venv/bin/maturin" build --release --locked \
  --manifest-path crates/textscope-py/Cargo.toml --interpreter "$py" --out target/wheels/py </dev/null
"$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
  target/wheels/py/textscope_analyzer-*.whl </dev/null
cargo build --release -p textscope-cli --locked
cli="$PWD/target/release/textscope"

"$py" crates/textscope-py/bench/bench.py "$work" "$cli" "$big" "$huge"
"$py" crates/textscope-py/bench/bench_spark.py "$work" 2>/dev/null
