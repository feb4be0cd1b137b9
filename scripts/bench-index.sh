#!/usr/bin/env bash
# The structure of 100 lines near the end of a large file, given the index, against the full
# pass that builds that index (issue 5: "under 1% of a full pass").
#
#   scripts/bench-index.sh [SIZE] [BINARY]
#
# SIZE: of the generated UTF-8 log, with a K, M or G suffix (default 1G). BINARY: the textscope
# to time (default: target/release/textscope, built first). The file goes to a temporary
# folder under /tmp (TMPDIR), removed at the end. The page cache is warmed first; each timing
# is the best of several runs. Not a test: it prints figures, it does not judge them.
set -euo pipefail

size_arg="${1:-1G}"
bin="${2:-}"
root="$(cd "$(dirname "$0")/.." && pwd)"

case "$size_arg" in
  *[Gg]) size=$(( ${size_arg%[Gg]} * 1024 * 1024 * 1024 )) ;;
  *[Mm]) size=$(( ${size_arg%[Mm]} * 1024 * 1024 )) ;;
  *[Kk]) size=$(( ${size_arg%[Kk]} * 1024 )) ;;
  *) size=$size_arg ;;
esac

if [[ -z "$bin" ]]; then
  (cd "$root" && cargo build --release --locked -q -p textscope-cli)
  bin="$root/target/release/textscope"
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/textscope-bench-index.XXXXXX")"
trap 'rm -rf "$dir"' EXIT
file="$dir/big.log"
index="$dir/big.log.idx"

# A log: timestamps, levels, short and long lines, some non-ASCII; a 4 MiB block of varied
# lines repeated up to SIZE (cut at a line end).
python3 - "$file" "$size" <<'EOF'
import random, sys
path, size = sys.argv[1], int(sys.argv[2])
rnd = random.Random(5)
words = ["GET", "POST", "/api/v1/items", "user=émilie", "región=São Paulo", "ok", "timeout",
         "retry", "price=12€", "名前=山田", "status=200", "status=503", "🙂", "bytes=4096"]
lines, n, i = [], 0, 0
while n < 4 << 20:
    i += 1
    k = rnd.choice([0, 2, 5, 8, 12, 20, 60]) if i % 997 else 3000
    msg = " ".join(rnd.choice(words) for _ in range(k))
    line = f"2026-12-02T10:{i // 60 % 60:02}:{i % 60:02}.{i % 1000:03}Z {rnd.choice(['INFO', 'WARN', 'DEBUG'])} {msg}\n"
    b = line.encode()
    lines.append(b)
    n += len(b)
block = b"".join(lines)
with open(path, "wb") as f:
    left = size
    while left >= len(block):
        f.write(block)
        left -= len(block)
    if left:
        part = block[:left]
        f.write(part[: part.rfind(b"\n") + 1] if b"\n" in part else b"")
EOF
cat "$file" > /dev/null   # warm the page cache

now() { date +%s.%N; }
# best_of N CMD…: the shortest wall time of N runs, in seconds.
best_of() {
  local n=$1; shift
  local best="" t0 t1 t
  for ((r = 0; r < n; r++)); do
    t0=$(now); "$@" > /dev/null; t1=$(now)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    if [[ -z "$best" ]] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}

bytes=$(stat -c %s "$file")
lines=$("$bin" --json "$file" | grep -o '"lines":[0-9]*' | head -1 | cut -d: -f2)
first=$(( lines > 150 ? lines - 150 : 1 ))
last=$(( first + 99 ))
cores=$(nproc)

full=$(best_of 3 "$bin" --json --save-index "$index" "$file")
full1=$(best_of 3 "$bin" --json -j 1 --save-index "$index" "$file")
struct=$(best_of 10 "$bin" --structure --lines "$first..$last" --index "$index" "$file")
preview=$(best_of 10 "$bin" --preview --lines "$first..$last" --index "$index" "$file")
one=$(best_of 10 "$bin" --structure --lines "$first" --index "$index" "$file")
out_bytes=$("$bin" --structure --lines "$first..$last" --index "$index" "$file" | wc -c)
chars=$("$bin" --structure --lines "$first..$last" --index "$index" "$file" | grep -c '├' || true)
plain=$(best_of 1 "$bin" --structure --lines "$first..$last" "$file")

# The same output with and without the index.
if ! cmp -s <("$bin" --structure --lines "$first..$last" --index "$index" "$file") \
            <("$bin" --structure --lines "$first..$last" "$file"); then
  echo "bench-index: the structure differs with and without the index" >&2
  exit 1
fi

idx_bytes=$(stat -c %s "$index")
cps=$(grep -o '"line_deltas":\[[0-9,]*' "$index" | tr -cd , | wc -c)
cps=$(( cps + 1 ))
awk -v b="$bytes" -v l="$lines" -v f="$full" -v f1="$full1" -v s="$struct" -v p="$preview" \
    -v n="$plain" -v i="$idx_bytes" -v c="$cps" -v a="$first" -v z="$last" -v k="$cores" \
    -v o="$one" -v ob="$out_bytes" -v ch="$chars" 'BEGIN {
  gib = b / 1073741824
  printf "file                       %.0f bytes (%.2f GiB), %d lines, UTF-8 log\n", b, gib, l
  printf "index                      %d checkpoints, %d bytes of JSON (%.0f KiB per GiB)\n", c, i, i / 1024 / gib
  printf "report + --save-index      %.3f s (%.2f GB/s, %d threads); %.3f s with -j 1 (%.2f GB/s)\n", f, b / f / 1e9, k, f1, b / f1 / 1e9
  printf "--structure --lines %d..%d --index   %.4f s (%d bytes out, %d characters itemised)\n", a, z, s, ob, ch
  printf "--preview   --lines %d..%d --index   %.4f s\n", a, z, p
  printf "--structure --lines %d --index          %.4f s (one line: finding it, process start included)\n", a, o
  printf "--structure --lines %d..%d (no index) %.3f s\n", a, z, n
  printf "ratio structure/report     %.3f %% (of the %d-thread pass), %.3f %% (of the one-thread pass); target < 1 %%\n", 100 * s / f, k, 100 * s / f1
  printf "ratio preview/report       %.3f %%, %.3f %%\n", 100 * p / f, 100 * p / f1
  printf "ratio one line/report      %.3f %%, %.3f %%\n", 100 * o / f, 100 * o / f1
}'
