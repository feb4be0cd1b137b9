#!/usr/bin/env bash
# Builds every cargo-fuzz target in fuzz/ and runs each for SECONDS (default 30).
# Seeds are copied at run time from tests/data/ and /work/shared/corpus/real (corpora are never
# committed: fuzz/corpus is in .gitignore). Exits non-zero when any target crashes, leaks or
# times out; the reproducer is left in fuzz/artifacts/<target>/.
#
#   scripts/fuzz.sh            # 30 s per target (what CI runs)
#   scripts/fuzz.sh 600        # 10 minutes per target
#   FUZZ_TARGETS="utf8_vs_std" scripts/fuzz.sh 60
set -euo pipefail

SECONDS_PER_TARGET="${1:-30}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/fuzz"
REAL_CORPUS="${TEXTSCOPE_REAL_CORPUS:-/work/shared/corpus/real}"

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz.sh: a nightly toolchain is needed (rustup toolchain install nightly)" >&2
    exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz" >&2
    cargo +nightly install cargo-fuzz --locked || cargo install cargo-fuzz
fi

cd "$FUZZ"
TARGETS="${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}"

# Release with debug assertions (-a), so that an arithmetic overflow is a crash too. No
# sanitizer (-s none): the core forbids unsafe code, and without ASan a run does several times
# more executions in the same time.
echo "fuzz.sh: building: $(echo $TARGETS)" >&2
if ! cargo +nightly fuzz build -a -s none >"$FUZZ/build.log" 2>&1; then
    tail -n 30 "$FUZZ/build.log" >&2
    echo "fuzz.sh: build failed" >&2
    exit 2
fi

status=0
for t in $TARGETS; do
    corpus="$FUZZ/corpus/$t"
    mkdir -p "$corpus" "$FUZZ/artifacts/$t"
    # Seeds: every test file and every real-world file (skipping the big ones and SOURCES.md).
    for f in "$ROOT"/tests/data/* "$REAL_CORPUS"/*; do
        [ -f "$f" ] || continue
        case "$(basename "$f")" in SOURCES.md|*.py) continue ;; esac
        [ "$(stat -c %s "$f")" -le 65536 ] || continue
        cp -n "$f" "$corpus/seed-$(basename "$f")" 2>/dev/null || true
    done
    log="$FUZZ/artifacts/$t/run.log"
    echo "fuzz.sh: $t for ${SECONDS_PER_TARGET}s" >&2
    if cargo +nightly fuzz run -a -s none "$t" "$corpus" -- \
        -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 -timeout=20 \
        -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
        summary="$(grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | tr '\n' ' ')"
        echo "fuzz.sh: $t: ok: $summary" >&2
    else
        status=1
        echo "fuzz.sh: $t: FAILED (log: $log; reproducer in fuzz/artifacts/$t/)" >&2
        grep -E -m 20 'panicked|ERROR|SUMMARY|artifact' "$log" >&2 || tail -n 30 "$log" >&2
    fi
done
exit "$status"
