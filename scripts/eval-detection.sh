#!/usr/bin/env bash
# Measures encoding detection: textscope (the CLI of this tree, built in release) beside chardet
# 7.x and charset-normalizer (PyPI, in a venv under target/) and uchardet (Debian), in one run,
# on labelled files generated from our own text in scripts/eval/text/ (Python's codecs and
# iconv; never a test file of those tools). A file counts as right when the tool's answer
# decodes it to the label's text. Prints accuracy per family and files/s; writes
# target/eval-detection/summary.md and the reliability diagram reliability.png (matplotlib).
# A measure, not a gate: exits 0 unless --gate is given,
# then 1 when textscope is below chardet in any family. Not part of the test run (minutes).
#
#   scripts/eval-detection.sh [--gate]
#
# EVAL_TEXTSCOPE=path uses that binary instead of building one; EVAL_TOOLS=textscope,chardet
# keeps only those columns.
set -euo pipefail
if [ -n "${EVAL_TEXTSCOPE:-}" ]; then # a path given from where the caller stands
  EVAL_TEXTSCOPE=$(cd "$(dirname "$EVAL_TEXTSCOPE")" && pwd)/$(basename "$EVAL_TEXTSCOPE")
fi
cd "$(dirname "$0")/.."
OUT=target/eval-detection
VENV=target/eval-venv
exec </dev/null
case "${1:-}" in
  "" | --gate) [ $# -le 1 ] || { echo "usage: scripts/eval-detection.sh [--gate]" >&2; exit 2; } ;;
  *) echo "usage: scripts/eval-detection.sh [--gate]" >&2; exit 2 ;;
esac

need() { command -v "$1" >/dev/null 2>&1; }
if ! need uchardet || ! need iconv; then
  if [ "$(id -u)" = 0 ] && need apt-get; then
    (apt-get update -qq && apt-get install -y -qq uchardet libc-bin) >/dev/null 2>&1 ||
      echo "eval-detection: could not install uchardet: its column is left out" >&2
  else
    echo "eval-detection: uchardet is missing and cannot be installed here" >&2
  fi
fi
need iconv || { echo "eval-detection: iconv is needed to make the files" >&2; exit 2; }

PY="$VENV/bin/python"
if [ ! -x "$PY" ] && ! python3 -m venv "$VENV" >/dev/null 2>&1; then
  echo "eval-detection: no venv (python3-venv missing?): using python3 as it is" >&2
  PY=python3
fi
if ! "$PY" -c 'import chardet, charset_normalizer, sys; sys.exit(int(chardet.__version__.split(".")[0]) != 7)' 2>/dev/null; then
  if [ "$PY" != python3 ]; then
    "$PY" -m pip install -q --disable-pip-version-check 'chardet>=7,<8' charset-normalizer matplotlib ||
      echo "eval-detection: pip failed: the Python tools that are missing get no column" >&2
  else
    echo "eval-detection: chardet 7 or charset-normalizer missing: no column for them" >&2
  fi
fi

TS=${EVAL_TEXTSCOPE:-}
if [ -z "$TS" ]; then
  cargo build --release -q -p textscope-cli
  TS=target/release/textscope
fi

if [ -z "${EVAL_TEXTSCOPE_VERSION:-}" ]; then
  EVAL_TEXTSCOPE_VERSION="$("$TS" --version 2>/dev/null | awk '{print $NF}')"
  if [ -z "${EVAL_TEXTSCOPE:-}" ] && rev=$(git rev-parse --short HEAD 2>/dev/null); then
    git diff --quiet HEAD 2>/dev/null || rev="$rev+changes"
    EVAL_TEXTSCOPE_VERSION="$EVAL_TEXTSCOPE_VERSION ($rev)"
  fi
fi
export EVAL_TEXTSCOPE_VERSION

rm -rf "$OUT/files"
mkdir -p "$OUT"
"$PY" scripts/eval/check_names.py
"$PY" scripts/eval/make_set.py "$OUT"
status=0
"$PY" scripts/eval/run.py "$OUT" "$TS" "$@" || status=$?
# The reliability diagram of the held-out split (docs/detection-reliability.png is a copy).
if [ "$status" = 0 ]; then
  if ! "$PY" -c 'import matplotlib' 2>/dev/null && [ "$PY" != python3 ]; then
    "$PY" -m pip install -q --disable-pip-version-check matplotlib >/dev/null 2>&1 || true
  fi
  "$PY" scripts/eval/reliability.py "$OUT" "$OUT/reliability.png" || true
fi
if [ "$status" != 0 ] && [ "${1:-}" != "--gate" ]; then
  echo "eval-detection: the run failed ($status)" >&2
fi
exit "$status"
