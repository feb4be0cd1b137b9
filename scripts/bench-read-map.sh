#!/usr/bin/env bash
# Read against map per size class (issue 42, item 5): reads files of 64 KiB to 1 GiB, each
# enough times to make 1 GiB, with `read` into a 1 MiB buffer and through textscope-map's
# 1 MiB windows (crates/textscope-map/examples/read_or_map.rs, which looks at every byte
# either way), from the page cache, and prints the CPU time per GiB of each (user and system,
# best of ROUNDS) with the kernel named. The CLI and the Python package map a regular file
# from textscope_map::MIN_LEN (4 MiB) on; this is the figure behind that threshold.
#
#   scripts/bench-read-map.sh [ROUNDS]      (default 3; files in ${BENCH_DIR:-target/read-map})
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
DIR=${BENCH_DIR:-target/read-map}
mkdir -p "$DIR"
cargo build --release -q --locked -p textscope-map --example read_or_map
BIN=${CARGO_TARGET_DIR:-$PWD/target}/release/examples/read_or_map
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
echo "kernel $(uname -r), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| file size | times read | read: user + sys s/GiB | map: user + sys s/GiB | map / read |"
echo "|---|---|---|---|---|"
for kib in 64 256 1024 4096 16384 65536 262144 1048576; do
  f="$DIR/$kib.txt"
  if [ ! -f "$f" ] || [ "$(stat -c %s "$f")" -ne $((kib * 1024)) ]; then
    python3 -c "import sys; sys.stdout.write(('a line of forty bytes of ASCII text, ok\n' * (${kib} * 1024 // 40 + 1))[:${kib} * 1024])" >"$f"
  fi
  cat "$f" >/dev/null # into the page cache
  n=$((1048576 / kib))
  declare -A best=()
  for r in $(seq "$ROUNDS"); do
    for how in read map; do
      /usr/bin/time -o "$TIMES" -f "%U %S" "$BIN" "$how" "$f" "$n" >/dev/null
      t=$(awk '{printf "%.3f %.3f", $1, $2}' "$TIMES")
      cur=${best[$how]:-}
      if [ -z "$cur" ] || awk -v a="$t" -v b="$cur" 'BEGIN { split(a, x, " "); split(b, y, " "); exit !(x[1] + x[2] < y[1] + y[2]) }'; then
        best[$how]=$t
      fi
    done
  done
  awk -v k="$kib" -v n="$n" -v r="${best[read]}" -v m="${best[map]}" 'BEGIN {
    split(r, a, " "); split(m, b, " ");
    size = k >= 1024 ? sprintf("%d MiB", k / 1024) : sprintf("%d KiB", k);
    rt = a[1] + a[2]; mt = b[1] + b[2];
    ratio = (rt > 0) ? sprintf("%.2f", mt / rt) : "–";
    printf "| %s | %d | %.2f + %.2f | %.2f + %.2f | %s |\n", size, n, a[1], a[2], b[1], b[2], ratio }'
  unset best
done
