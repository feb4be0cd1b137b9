#!/usr/bin/env bash
# Builds every cargo-fuzz target in fuzz/ and runs each for SECONDS (default 30).
# Seeds are copied at run time from tests/data/, /work/shared/corpus/real and fuzz/seeds/<target>/
# (corpora are never committed: fuzz/corpus is in .gitignore). Exits 1 when any target crashes,
# leaks or times out (the reproducer is left in fuzz/artifacts/<target>/), 2 when the toolchain,
# cargo-fuzz or the build is missing or fails.
#
#   scripts/fuzz.sh            # 30 s per target (what CI runs)
#   scripts/fuzz.sh 600        # 10 minutes per target
#   FUZZ_TARGETS="utf8_vs_std" scripts/fuzz.sh 60
#   FUZZ_JOBS=1 scripts/fuzz.sh    # one target at a time (default: one per core)
set -euo pipefail

SECONDS_PER_TARGET="${1:-30}"
case "$SECONDS_PER_TARGET" in
    '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not '$SECONDS_PER_TARGET'" >&2; exit 2 ;;
esac
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/fuzz"
REAL_CORPUS="${TEXTSCOPE_REAL_CORPUS:-/work/shared/corpus/real}"
exec </dev/null # nothing here may wait for input (CI has none)

# The nightly toolchain, always named explicitly: rust-toolchain.toml pins a stable one for
# the rest of the project, and libFuzzer's instrumentation (-Z flags) needs nightly.
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz.sh: a nightly toolchain is needed (rustup toolchain install nightly)" >&2
    exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz (crates.io)" >&2
    t0=$SECONDS
    if ! cargo +nightly install cargo-fuzz --locked >"${TMPDIR:-/tmp}/cargo-fuzz-install.log" 2>&1; then
        tail -n 20 "${TMPDIR:-/tmp}/cargo-fuzz-install.log" >&2
        echo "fuzz.sh: could not install cargo-fuzz" >&2
        exit 2
    fi
    echo "fuzz.sh: cargo-fuzz installed in $((SECONDS - t0)) s" >&2
fi
cargo +nightly fuzz --version >&2

cd "$FUZZ"
ALL_TARGETS="$(cargo +nightly fuzz list)"
TARGETS="${FUZZ_TARGETS:-$ALL_TARGETS}"
for t in $TARGETS; do
    if ! printf '%s\n' "$ALL_TARGETS" | grep -qx -- "$t"; then
        echo "fuzz.sh: no fuzz target '$t' (targets: $(echo $ALL_TARGETS))" >&2
        exit 2
    fi
done
if [ -z "$(echo $TARGETS)" ]; then
    echo "fuzz.sh: no fuzz target to run" >&2
    exit 2
fi

# Release with debug assertions (-a), so that an arithmetic overflow is a crash too. No
# sanitizer (-s none): the core forbids unsafe code, and without ASan a run does several times
# more executions in the same time. The runs below use the same flags, so they reuse this build.
echo "fuzz.sh: building: $(echo $ALL_TARGETS)" >&2
t0=$SECONDS
if ! cargo +nightly fuzz build -a -s none >"$FUZZ/build.log" 2>&1; then
    tail -n 30 "$FUZZ/build.log" >&2
    echo "fuzz.sh: build failed (log: $FUZZ/build.log)" >&2
    exit 2
fi
echo "fuzz.sh: built in $((SECONDS - t0)) s" >&2

# run_one TARGET: seeds its corpus and runs it; leaves "ok" or "failed" in
# fuzz/artifacts/TARGET/status and a summary beside it.
run_one() {
    local t="$1"
    local corpus="$FUZZ/corpus/$t" out="$FUZZ/artifacts/$t"
    mkdir -p "$corpus" "$out"
    rm -f "$out/status" "$out/summary"
    # Seeds: every test file and every real-world file (skipping the big ones and SOURCES.md),
    # and the target's own hand-written seeds.
    local f
    for f in "$ROOT"/tests/data/* "$REAL_CORPUS"/* "$FUZZ/seeds/$t"/*; do
        [ -f "$f" ] || continue
        case "$(basename "$f")" in SOURCES.md|*.py) continue ;; esac
        [ "$(stat -c %s "$f")" -le 65536 ] || continue
        cp -n "$f" "$corpus/seed-$(basename "$f")" 2>/dev/null || true
    done
    # Extra libFuzzer options: a target's dictionary (fuzz/dicts/<target>.dict), and a shorter
    # -max_len for utf16_units, whose inputs are typed hex (long ones only slow it down).
    local extra=()
    if [ -f "$FUZZ/dicts/$t.dict" ]; then
        extra+=("-dict=$FUZZ/dicts/$t.dict")
    fi
    case "$t" in
        utf16_units) extra+=("-max_len=2048") ;;
        *) extra+=("-max_len=8192") ;;
    esac
    local log="$out/run.log" t0=$SECONDS
    echo "fuzz.sh: $t for ${SECONDS_PER_TARGET}s" >&2
    # libFuzzer stops itself after -max_total_time; `timeout` is only a backstop (a hung
    # process would otherwise hang CI), with a wide margin for start-up and a final crash.
    if timeout -k 10 "$((SECONDS_PER_TARGET + 120))" \
        cargo +nightly fuzz run -a -s none "$t" "$corpus" -- \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=20 \
        -rss_limit_mb=2048 -print_final_stats=1 "${extra[@]}" >"$log" 2>&1; then
        local summary
        summary="$(grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" | tr -s ' \n' ' ' || true)"
        echo "fuzz.sh: $t: ok in $((SECONDS - t0)) s: $summary" >"$out/summary"
        echo ok >"$out/status"
    else
        {
            echo "fuzz.sh: $t: FAILED (log: $log; reproducer in fuzz/artifacts/$t/)"
            grep -E -m 20 'panicked|ERROR|SUMMARY|artifact' "$log" || tail -n 30 "$log"
        } >"$out/summary"
        echo failed >"$out/status"
    fi
}

# FUZZ_JOBS targets at a time (default: one per core), each libFuzzer process on one core.
JOBS="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
case "$JOBS" in '' | *[!0-9]* | 0) JOBS=1 ;; esac
t0=$SECONDS
for t in $TARGETS; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
        wait -n || true
    done
    run_one "$t" &
done
wait

status=0
for t in $TARGETS; do
    cat "$FUZZ/artifacts/$t/summary" >&2 2>/dev/null || echo "fuzz.sh: $t: no result" >&2
    [ "$(cat "$FUZZ/artifacts/$t/status" 2>/dev/null)" = ok ] || status=1
done
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: FAILED" >&2
else
    echo "fuzz.sh: every target ran ${SECONDS_PER_TARGET}s with no crash, timeout or leak ($JOBS at a time, $((SECONDS - t0)) s in all)" >&2
fi
exit "$status"
