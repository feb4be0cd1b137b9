#!/usr/bin/env bash
# Times `textscope --json` beside its peers (wc -l, dos2unix -i, iconv, uchardet) on generated
# inputs, in alternation, in one run, and prints GB/s, peak RSS and ratios. Absolute times
# drift on a shared machine; the ratios measured in one run are what to compare.
#
#   scripts/bench-peers.sh [SIZE_MIB] [ROUNDS]     (default 1024 MiB, 3 rounds)
#
# Inputs go to ${BENCH_DIR:-target/bench-peers} and are made once.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE_MIB=${1:-1024}
ROUNDS=${2:-3}
DIR=${BENCH_DIR:-target/bench-peers}
mkdir -p "$DIR"

need() { command -v "$1" >/dev/null 2>&1; }
missing=()
for t in dos2unix uchardet iconv; do need "$t" || missing+=("$t"); done
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ]; then
  pkgs=()
  for t in "${missing[@]}"; do case $t in iconv) pkgs+=(libc-bin) ;; *) pkgs+=("$t") ;; esac; done
  (apt-get update -qq && apt-get install -y -qq "${pkgs[@]}") >/dev/null 2>&1 || true
fi
[ -x /usr/bin/time ] || { [ "$(id -u)" = 0 ] && apt-get install -y -qq time >/dev/null 2>&1 || true; }

cargo build --release -q -p textscope-cli
TS=target/release/textscope

python3 - "$DIR" "$SIZE_MIB" <<'PY'
import os, sys
d, mib = sys.argv[1], int(sys.argv[2])
n = mib << 20
def make(name, unit, enc, bom=b"", single=False):
    path = os.path.join(d, name)
    if os.path.exists(path) and os.path.getsize(path) >= n * 0.95:
        return
    block = (bom + (unit * 2000).encode(enc)) if not single else b"x" * (1 << 20)
    with open(path, "wb") as f:
        written = 0
        first = True
        while written < n:
            b = block if first else block[len(bom):]
            first = False
            f.write(b)
            written += len(b)
ascii_lines = "2026-12-02T11:15:45Z INFO server: request handled in 12 ms path=/api/v1/items\n"
multi = "Grüße aus Köln — naïve café; Привет, мир! 中文文本的一行，日本語のテキスト 😀\n"
make("utf8-ascii.txt", ascii_lines, "utf-8")
make("utf8-multilingual.txt", multi, "utf-8")
make("utf16le-bom-crlf.txt", ascii_lines.replace("\n", "\r\n"), "utf-16-le", b"\xff\xfe")
make("utf16le-mixed.txt", multi, "utf-16-le", b"\xff\xfe")
make("utf32le.txt", ascii_lines, "utf-32-le")
make("one-line.txt", "", "utf-8", single=True)
make("windows-1252.txt", "Café crème brûlée, déjà vu, naïve façade — “quoted” 50 €\n", "cp1252")
PY

TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
measure() { # command… → prints "wall_seconds cpu_seconds maxrss_kb"
  /usr/bin/time -o "$TIMES" -f "%e %U %S %M" "$@" >/dev/null 2>&1 || true
  tail -1 "$TIMES" | awk '{ printf "%s %.3f %s\n", $1, $2 + $3, $4 }'
}

printf '%-24s %-14s %8s %8s %8s %8s %9s %8s %8s\n' file tool wall-s cpu-s GB/s cpu-GB/s "RSS MiB" "vs ts" "vs -j1"
for f in utf8-ascii utf8-multilingual utf16le-bom-crlf utf16le-mixed utf32le one-line windows-1252; do
  path="$DIR/$f.txt"
  bytes=$(stat -c %s "$path")
  cat "$path" >/dev/null # warm the page cache
  declare -A best=()
  declare -A cpu=()
  declare -A rss=()
  tools=(textscope "textscope -j1" "wc -l")
  need dos2unix && tools+=("dos2unix -i")
  need uchardet && tools+=(uchardet)
  case $f in
    utf16*) enc=UTF-16LE ;; utf32*) enc=UTF-32LE ;; windows-1252) enc=WINDOWS-1252 ;; *) enc=UTF-8 ;;
  esac
  need iconv && tools+=(iconv)
  for ((r = 0; r < ROUNDS; r++)); do
    for t in "${tools[@]}"; do
      case $t in
        textscope) res=$(measure "$TS" --json "$path") ;;
        "textscope -j1") res=$(measure "$TS" -j1 --json "$path") ;;
        "wc -l") res=$(measure wc -l "$path") ;;
        "dos2unix -i") res=$(measure dos2unix -i "$path") ;;
        uchardet) res=$(measure uchardet "$path") ;;
        iconv) res=$(measure iconv -f "$enc" -t UTF-8 "$path") ;;
      esac
      read -r s c m <<<"$res"
      if [ -z "${best[$t]:-}" ] || awk "BEGIN{exit !($s < ${best[$t]})}"; then best[$t]=$s; fi
      if [ -z "${cpu[$t]:-}" ] || awk "BEGIN{exit !($c < ${cpu[$t]})}"; then cpu[$t]=$c; fi
      rss[$t]=$m
    done
  done
  ts=${best[textscope]}
  ts1=${best["textscope -j1"]}
  for t in "${tools[@]}"; do
    s=${best[$t]}
    awk -v f="$f" -v t="$t" -v s="$s" -v c="${cpu[$t]}" -v b="$bytes" -v m="${rss[$t]}" \
        -v ts="$ts" -v ts1="$ts1" 'BEGIN {
      gbs = (s > 0) ? b / s / 1e9 : 0; cgbs = (c > 0) ? b / c / 1e9 : 0;
      printf "%-24s %-14s %8.3f %8.3f %8.2f %8.2f %9.1f %7.2fx %7.2fx\n", f, t, s, c, gbs, cgbs,
        m / 1024, (ts > 0) ? s / ts : 0, (ts1 > 0) ? s / ts1 : 0 }'
  done
  unset best cpu rss
done
echo "(wall-s, cpu-s: best wall and user+system time; vs ts / vs -j1: the tool's wall time divided"
echo " by textscope's on every core / on one thread; above 1 means textscope is faster)"
