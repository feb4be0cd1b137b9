#!/usr/bin/env bash
# Resource bounds of the release CLI: peak RSS (from /usr/bin/time -v) stays under a bound on
# huge or pathological inputs, and the report's counts are exact while its itemised lists stay
# capped. CI runs the small sizes (well under 3 minutes on 2 shared cores); `--big` runs the
# sizes recorded in docs/resource-bounds.md.
#
#   scripts/resource-bounds.sh          # CI sizes
#   scripts/resource-bounds.sh --big    # 10 GiB sparse NULs, 1 GiB line, 50M lines, 1 GiB random
#
# Exits 1 when a bound or a report check fails, 2 when a tool is missing. TEXTSCOPE_RSS_BOUND_KIB
# overrides the bound (to see the script fail: TEXTSCOPE_RSS_BOUND_KIB=1000).
set -euo pipefail
exec </dev/null # nothing here may wait for input (CI has none)

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BOUND_KIB="${TEXTSCOPE_RSS_BOUND_KIB:-$((64 * 1024))}" # 64 MiB
GIB=$((1 << 30)); MIB=$((1 << 20))
if [ "${1:-}" = "--big" ]; then
    NULS=$((10 * GIB)); LONG_LINE=$GIB; EMPTY_LINES=50000000; RANDOM_BYTES=$GIB
else
    NULS=$GIB; LONG_LINE=$((256 * MIB)); EMPTY_LINES=10000000; RANDOM_BYTES=$((128 * MIB))
    if [ -n "${1:-}" ]; then
        echo "resource-bounds.sh: unknown argument '$1' (only --big)" >&2
        exit 2
    fi
fi

if [ ! -x /usr/bin/time ]; then
    echo "resource-bounds.sh: installing GNU time" >&2
    (export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq time) >/dev/null ||
        { echo "resource-bounds.sh: could not install GNU time" >&2; exit 2; }
fi
command -v python3 >/dev/null || { echo "resource-bounds.sh: python3 is needed" >&2; exit 2; }

cd "$ROOT"
t0=$SECONDS
cargo build --release --locked -q -p textscope-cli
echo "resource-bounds.sh: release build took $((SECONDS - t0)) s" >&2
BIN="$ROOT/target/release/textscope"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/textscope-bounds.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
fail=0

# measure NAME CHECK FILE [ARGS…]: runs `textscope --json ARGS FILE` under /usr/bin/time, checks
# the peak RSS and runs the python CHECK on the report (`r`; `size` is the file's size).
measure() {
    local name="$1" check="$2" file="$3"; shift 3
    local t0 t1
    t0=$(date +%s.%N)
    /usr/bin/time -v -o "$WORK/time" "$BIN" --json "$@" "$file" >"$WORK/report.json" || {
        echo "FAIL $name: textscope exited with $?" >&2; fail=1; return; }
    t1=$(date +%s.%N)
    local rss secs
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time")
    secs=$(python3 -c "print(f'{$t1 - $t0:.2f}')")
    local size; size=$(stat -c %s "$file")
    if ! python3 - "$WORK/report.json" "$size" <<PY
import json, sys
r = json.load(open(sys.argv[1])); size = int(sys.argv[2])
cap = 1000
per_kind = {}
for p in r["problems"]:
    per_kind[p["kind"]] = per_kind.get(p["kind"], 0) + 1
assert all(n <= cap for n in per_kind.values()), per_kind
for k, n in per_kind.items():
    assert n == min(cap, r["problem_counts"][k]), (k, n)
assert r["problems_omitted"] == sum(r["problem_counts"].values()) - len(r["problems"])
assert len(r["findings"]) <= 2 * cap
assert r["size"] == size, (r["size"], size)
$check
PY
    then
        echo "FAIL $name: report check" >&2; fail=1
    fi
    if ! [ "$rss" -ge 0 ] 2>/dev/null; then
        echo "FAIL $name: no peak RSS in /usr/bin/time's output" >&2; fail=1; rss="?"
    elif [ "$rss" -ge "$BOUND_KIB" ]; then
        echo "FAIL $name: peak RSS ${rss} KiB >= ${BOUND_KIB} KiB" >&2; fail=1
    fi
    printf '%-34s %12s bytes  peak RSS %6s KiB  %7s s\n' "$name" "$size" "$rss" "$secs"
}

# 1. A sparse file of NULs: detected as binary (read, not decoded), then forced to UTF-8 (every
#    byte a P2, itemised up to the cap).
truncate -s "$NULS" "$WORK/nuls"
measure "sparse NULs (binary verdict)" 'assert r["format"] == "binary"' "$WORK/nuls"
measure "sparse NULs (forced utf-8)" \
    'assert r["problem_counts"]["nul"] == size and r["lines"] == 1 and r["characters"] == size' \
    "$WORK/nuls" --encoding utf-8
rm -f "$WORK/nuls"

# 2. One line of LONG_LINE bytes, no ending.
head -c "$LONG_LINE" /dev/zero | tr '\0' 'a' >"$WORK/line"
measure "one long line" \
    'assert r["lines"] == 1 and r["longest_line"]["characters"] == size and r["notes"][0]["kind"] == "no_final_line_ending"' \
    "$WORK/line"
rm -f "$WORK/line"

# 3. EMPTY_LINES empty lines.
head -c "$EMPTY_LINES" /dev/zero | tr '\0' '\n' >"$WORK/empty"
measure "empty lines" \
    'assert r["lines"] == size and r["endings"]["lf"] == size and r["longest_line"]["characters"] == 0' \
    "$WORK/empty"
rm -f "$WORK/empty"

# 4. Random bytes: as detected, then forced to UTF-8 (hundreds of thousands of P7, capped).
head -c "$RANDOM_BYTES" /dev/urandom >"$WORK/random"
measure "random bytes (detected)" 'assert r["format"] in ("binary", "legacy")' "$WORK/random"
measure "random bytes (forced utf-8)" \
    'assert r["problem_counts"]["invalid_utf8"] > 10 * cap and len([p for p in r["problems"] if p["kind"] == "invalid_utf8"]) == cap' \
    "$WORK/random" --encoding utf-8
measure "random bytes (forced utf-16le)" \
    'assert r["problem_counts"]["unpaired_surrogate"] > cap' "$WORK/random" --encoding utf-16le
rm -f "$WORK/random"

if [ "$fail" -ne 0 ]; then
    echo "resource-bounds.sh: FAILED" >&2
    exit 1
fi
echo "resource-bounds.sh: every peak RSS under $((BOUND_KIB / 1024)) MiB, counts exact, lists capped"
