#!/usr/bin/env bash
# The Python package (crates/textscope-py) and its Spark module: lints the crate, builds the
# abi3 wheel with maturin, installs it in a venv under target/, and runs pytest, the local[2]
# Spark test included. Installs what is missing: the venv; maturin, pytest, pyspark, pyarrow,
# pandas, fsspec and mypy (the typing test runs `mypy --strict`) from PyPI; a Java runtime
# (openjdk-17-jre-headless) from Debian's packages.
# Runs with CI=true and no standard input; exits non-zero on any failure, and when pytest ran
# no test.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never PIP_DISABLE_PIP_VERSION_CHECK=1 DEBIAN_FRONTEND=noninteractive

venv=target/py-venv
python=${PYTHON:-python3}
apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then apt-get update -qq </dev/null; apt_updated=1; fi
  apt-get install -y -qq "$@" </dev/null
}

if ! command -v "$python" >/dev/null 2>&1; then
  apt_install python3 python3-venv
  python=python3
fi
if [ ! -x "$venv/bin/python" ]; then
  if ! "$python" -m venv "$venv"; then
    rm -rf "$venv"
    apt_install python3-venv
    "$python" -m venv "$venv"
  fi
fi
py="$venv/bin/python"
echo "== Python packages (maturin, pytest, pyspark, pyarrow, pandas, fsspec, mypy)"
"$py" -m pip install -q "maturin>=1.9.4,<2" "pytest>=7" "pyspark>=3.5" "pyarrow>=11" \
  "pandas>=2.2,<3" fsspec "mypy>=1.10" </dev/null

if ! command -v java >/dev/null 2>&1; then
  echo "== Java runtime for Spark (openjdk-17-jre-headless)"
  apt_install openjdk-17-jre-headless
fi

manifest=crates/textscope-py/Cargo.toml
echo "== textscope-py: cargo fmt --check, cargo clippy"
cargo fmt --manifest-path "$manifest" -- --check
cargo clippy --manifest-path "$manifest" --all-targets --locked -- -D warnings

echo "== the CLI the tests compare with"
cargo build -p textscope-cli --locked
export TEXTSCOPE_CLI="$PWD/target/debug/textscope"

echo "== wheel (maturin build --release), installed in $venv"
rm -rf target/wheels/py
CARGO_TARGET_DIR="$PWD/target/textscope-py" "$venv/bin/maturin" build --release --locked \
  --manifest-path "$manifest" --interpreter "$py" --out target/wheels/py </dev/null
# The distribution was called `textscope` before it got a name free on PyPI: a venv from then
# holds it under the old name.
"$py" -m pip uninstall -q -y textscope </dev/null >/dev/null 2>&1 || true
"$py" -m pip install -q --force-reinstall --no-deps target/wheels/py/textscope_analyzer-*.whl </dev/null

echo "== pytest (package, then Spark on local[2])"
set +e
(cd crates/textscope-py && "../../$py" -m pytest -p no:cacheprovider -q -rs tests </dev/null)
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "test-python.sh: pytest collected no test" >&2
  exit 1
fi
exit "$status"
