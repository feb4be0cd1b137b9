#!/usr/bin/env bash
# Times the `textscope` command beside its peers on realistic generated inputs, in one run, and
# prints wall, user and system time, GB/s and ratios. Absolute times drift on a shared machine;
# the ratios measured in one run are what to compare. Run it on a quiet machine.
#
#   scripts/bench-peers.sh [SIZE_MIB] [ROUNDS] [SMALL_FILES]   (default 1024 MiB, 3 rounds, 20000)
#   BENCH_SECTIONS=small scripts/bench-peers.sh                 (some of: large, small, real)
#   BENCH_PEERS=cat scripts/bench-peers.sh 256 3                (large files: textscope and cat only;
#                                  BENCH_BEFORE=BINARY adds another build's textscope -j1;
#                                  BENCH_LARGE="utf8-log one-line" picks large inputs)
#
# Large inputs (scripts/bench/make_inputs.py): varied ASCII log lines, multilingual UTF-8,
# UTF-16LE Latin prose with accented words (CRLF), UTF-16LE CJK, UTF-32LE, windows-1252 prose,
# problem-dense UTF-8 (a control or NUL about every 100 bytes), one long line. Peers on each:
# cat, wc -l, wc -m, dos2unix -i, iconv, uconv, isutf8 and Node's buffer.isUtf8 (UTF-8 inputs:
# simdutf's validation, the practical limit), uchardet, file. Then many small files (a tree of
# SMALL_FILES files of 1-4 KiB): textscope --json in one process (--files-from) and `textscope
# check` beside `xargs cat`, `file --mime-encoding -f`, uchardet and chardet's `chardetect`
# (and textscope under xargs, several processes), and one small legacy file per process, 200
# processes in a row, beside uchardet (start-up, decision 116); then a real tree
# (/usr/share) with `textscope check` beside `file --mime-encoding`.
#
# Everything the script needs is installed when missing (Debian packages, chardet from PyPI in
# a venv under target/). Inputs go to ${BENCH_DIR:-target/bench-peers} and are made once; each
# large one is dropped from the page cache and read once before its timings (`settle`).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE_MIB=${1:-1024}
ROUNDS=${2:-3}
SMALL=${3:-20000}
DIR=${BENCH_DIR:-target/bench-peers}
REAL_TREE=${REAL_TREE:-/usr/share}
S="cd $DIR/small &&"   # prefix of the small-file commands
SECTIONS=${BENCH_SECTIONS:-large,small,real}
want() { [[ ",$SECTIONS," == *",$1,"* ]]; }
mkdir -p "$DIR"

need() { command -v "$1" >/dev/null 2>&1; }
pkgs=()
need dos2unix || pkgs+=(dos2unix)
need uchardet || pkgs+=(uchardet)
need isutf8 || pkgs+=(moreutils)
need uconv || pkgs+=(icu-devtools)
need file || pkgs+=(file)
[ -x /usr/bin/time ] || pkgs+=(time)
if [ ${#pkgs[@]} -gt 0 ] && [ "$(id -u)" = 0 ]; then
  echo "bench-peers: installing ${pkgs[*]}" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}") >/dev/null 2>&1 || true
fi
VENV=target/bench-venv
if [ ! -x "$VENV/bin/chardetect" ]; then
  python3 -m venv "$VENV" && "$VENV/bin/pip" install -q 'chardet>=7' >/dev/null 2>&1 || true
fi

cargo build --release -q -p textscope-cli
TS=${CARGO_TARGET_DIR:-$PWD/target}/release/textscope
python3 scripts/bench/make_inputs.py "$DIR" "$SIZE_MIB" "$SMALL"

TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
# measure CMD… → "wall user sys maxrss_kb". The wall time is bash's clock around the command,
# to the microsecond: /usr/bin/time's own is to 10 ms, 4 % of a 0.25 s run.
measure() {
  local t0=$EPOCHREALTIME t1
  /usr/bin/time -o "$TIMES" -f "%U %S %M" "$@" >/dev/null 2>&1 || true
  t1=$EPOCHREALTIME
  echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }') $(tail -1 "$TIMES")"
}
ISUTF8_JS='const fs=require("fs"),{isUtf8}=require("buffer");const fd=fs.openSync(process.argv[1]);
const b=Buffer.allocUnsafe(1<<20);let ok=true,carry=Buffer.alloc(0),n;
while((n=fs.readSync(fd,b,0,b.length,null))>0){let c=Buffer.concat([carry,b.subarray(0,n)]);
let e=c.length;for(let i=1;i<=3&&i<=e;i++){const x=c[e-i];if((x&0xC0)===0x80)continue;
if(x>=0xC0&&i<((x>=0xF0)?4:(x>=0xE0)?3:2))e-=i;break;}ok=ok&&isUtf8(c.subarray(0,e));
carry=Buffer.from(c.subarray(e));}process.exit(ok&&carry.length===0?0:1);'

# settle FILE: the same page cache for every tool and every run. The file is written back,
# dropped from the cache and read once, so that its pages are the large folios readahead makes.
# How the file was last written otherwise decides: written in small pieces, it sits in the
# cache as 4 KiB pages, and every reader pays for each one (here `cat` took 0.175 s a GiB of
# such pages against 0.114 s after a fresh read, and textscope 0.065 s of system time against
# 0.028 s).
settle() {
  python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
os.fsync(fd)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$1" || true
  cat "$1" >/dev/null
}

# report NAME BYTES TOOL… : best of ROUNDS for each tool, in alternation
report() {
  local f=$1 bytes=$2; shift 2
  local -a tools=("$@")
  declare -A wall=() usr=() sys=() rss=()
  for ((r = 0; r < ROUNDS; r++)); do
    for t in "${tools[@]}"; do
      read -r w u s m <<<"$(measure bash -c "$t")"
      if [ -z "${wall[$t]:-}" ] || awk "BEGIN{exit !($w < ${wall[$t]})}"; then
        wall[$t]=$w; usr[$t]=$u; sys[$t]=$s
      fi
      rss[$t]=$m
    done
  done
  local ts=${wall[${tools[0]}]} ts1=${wall[${tools[1]}]}
  for t in "${tools[@]}"; do
    local label=${t#"$S "}
    label=${label//xargs -a ..\/small.list /xargs }
    label=${label//-f ..\/small.list/-f LIST}
    label=${label//$TS/textscope}
    label=${label//$DIR\//}
    label=${label//$PWD\/$VENV\/bin\//}
    awk -v f="$f" -v t="${label:0:44}" -v w="${wall[$t]}" -v u="${usr[$t]}" -v s="${sys[$t]}" \
        -v b="$bytes" -v m="${rss[$t]}" -v ts="$ts" -v ts1="$ts1" 'BEGIN {
      gbs = (w > 0 && b > 0) ? b / w / 1e9 : 0
      printf "%-22s %-44s %7.3f %7.3f %7.3f %7.2f %7.1f %7.2fx %7.2fx\n", f, t, w, u, s, gbs,
        m / 1024, (ts > 0) ? w / ts : 0, (ts1 > 0) ? w / ts1 : 0 }'
  done
  # A large file's figure to compare across machines: textscope's wall time over cat's.
  if [[ ${#tools[@]} -ge 3 && ${tools[2]} == "cat "* ]]; then
    awk -v f="$f" -v a="$ts" -v b="$ts1" -v c="${wall[${tools[2]}]}" 'BEGIN {
      if (c > 0) printf "%-22s ratio to cat: textscope %.2f, textscope -j1 %.2f\n", f, a / c, b / c }'
    if [[ -n ${BENCH_BEFORE:-} && ${tools[3]:-} == "$BENCH_BEFORE "* ]]; then
      awk -v f="$f" -v a="${wall[${tools[3]}]}" -v c="${wall[${tools[2]}]}" 'BEGIN {
        if (c > 0) printf "%-22s ratio to cat: before -j1 %.2f\n", f, a / c }'
    fi
  fi
}

header() {
  printf '%-22s %-44s %7s %7s %7s %7s %7s %8s %8s\n' input tool wall-s user-s sys-s GB/s RSS-MiB "vs ts" "vs -j1"
}

if want large; then
  echo "== large files (${SIZE_MIB} MiB, best of ${ROUNDS}, warm cache; $(nproc) cores)"
  header
  for f in ${BENCH_LARGE:-utf8-log utf8-multilingual utf16le-latin-crlf utf16le-cjk utf32le-mixed cp1252-prose problem-dense one-line}; do
    p="$DIR/$f.txt"
    bytes=$(stat -c %s "$p")
    settle "$p"
    case $f in
      utf16*) enc=UTF-16LE ;; utf32*) enc=UTF-32LE ;; cp1252*) enc=WINDOWS-1252 ;; *) enc=UTF-8 ;;
    esac
    tools=("$TS --json $p" "$TS -j1 --json $p" "cat $p")
    if [ "${BENCH_PEERS:-all}" = cat ]; then
      # BENCH_BEFORE=BINARY: another build's textscope, one thread, in the same rounds.
      [ -n "${BENCH_BEFORE:-}" ] && tools+=("$BENCH_BEFORE -j1 --json $p")
      report "$f" "$bytes" "${tools[@]}"
      continue
    fi
    tools+=("wc -l $p" "wc -m $p")
    need dos2unix && tools+=("dos2unix -i $p")
    tools+=("iconv -f $enc -t UTF-8 $p")
    need uconv && tools+=("uconv -f $enc -t UTF-8 $p")
    if [ "$enc" = UTF-8 ]; then
      need isutf8 && tools+=("isutf8 $p")
      tools+=("node -e '$ISUTF8_JS' $p")
    fi
    need uchardet && tools+=("uchardet $p")
    need file && tools+=("file --mime-encoding $p")
    report "$f" "$bytes" "${tools[@]}"
  done

  echo
  echo "== answers that differ (same files; wc -l counts 0A bytes, which UTF-16 also holds inside characters)"
  for f in utf16le-cjk utf8-multilingual; do
    p="$DIR/$f.txt"
    lines=$("$TS" --json "$p" | python3 -c 'import json,sys; print(json.load(sys.stdin)["lines"])')
    echo "$f: textscope $lines lines; wc -l $(wc -l <"$p")"
    need uchardet && echo "$f: uchardet says $(uchardet "$p")"
  done
fi

echo
if want small; then
  n=$(find "$DIR/small" -type f -name '*.txt' | wc -l)
  sbytes=$(find "$DIR/small" -type f -name '*.txt' -printf '%s\n' | awk '{s+=$1} END {print s}')
  echo "== ${n} small files of 1-4 KiB (one process where the tool allows; best of ${ROUNDS})"
  header
  ( cd "$DIR/small" && find . -type f -name '*.txt' | sort >../small.list )
  L="$DIR/small.list"
  # textscope and file read the list themselves (--files-from, -f): one process for the tree.
  # `xargs textscope` starts one per some 4,000 names, each paying its start-up again.
  tools=("$S $TS --json -f ../small.list" "$S $TS -j1 --json -f ../small.list"
         "$S xargs -a ../small.list cat" "$S xargs -a ../small.list $TS --json"
         "$TS check --no-config $DIR/small")
  # The pre-commit hook's way (`textscope check -- FILE…`): every file named as an argument,
  # beside `xargs cat` on the same names (issue 42: goal at most 1.5 times its time).
  tools+=("$S xargs -a ../small.list $TS check --no-config --")
  report small "$sbytes" "${tools[@]}"
  # The peers that take seconds have rounds of their own: for some seconds after one of them
  # the machine reads the tree slower, whatever the tool (`xargs cat` took 0.34-0.44 s right
  # after `file -f`, 0.24 s otherwise; textscope 0.46-0.51 s against 0.34-0.36).
  tools=("$S $TS --json -f ../small.list" "$S $TS -j1 --json -f ../small.list")
  need file && tools+=("$S file --mime-encoding -f ../small.list")
  need uchardet && tools+=("$S xargs -a ../small.list uchardet")
  [ -x "$VENV/bin/chardetect" ] && tools+=("$S xargs -a ../small.list $PWD/$VENV/bin/chardetect")
  report small "$sbytes" "${tools[@]}"
  echo "(files/s = ${n} / wall-s)"
  # Start-up (issue 42, decision 116): one small legacy file per process, 200 processes one
  # after the other, beside uchardet; the tables a process builds before its first answer are
  # most of textscope's time here.
  printf 'Caf\xe9 cr\xe8me et na\xefve fa\xe7on, d\xe9j\xe0 vu.\n' >"$DIR/one-legacy.txt"
  printf '#!/bin/sh\nfor i in $(seq 200); do "$@" >/dev/null; done\n' >"$DIR/x200"
  chmod +x "$DIR/x200"
  tools=("$DIR/x200 $TS --json $DIR/one-legacy.txt" "$DIR/x200 $TS -e windows-1252 --json $DIR/one-legacy.txt")
  need uchardet && tools+=("$DIR/x200 uchardet $DIR/one-legacy.txt")
  report one-legacy-x200 "$((36 * 200))" "${tools[@]}"
fi

if want real && [ -d "$REAL_TREE" ]; then
  echo
  rn=$(find "$REAL_TREE" -type f 2>/dev/null | wc -l)
  echo "== a real tree: $REAL_TREE (${rn} files)"
  header
  find "$REAL_TREE" -type f -print0 2>/dev/null >"$DIR/real.list0"
  tools=("$TS check --no-config --hidden --no-ignore $REAL_TREE" "$TS check -j1 --no-config --hidden --no-ignore $REAL_TREE")
  need file && tools+=("xargs -0 -a $DIR/real.list0 file --mime-encoding")
  report real 0 "${tools[@]}"
fi
echo
echo "(wall-s, user-s, sys-s: the best wall time of ${ROUNDS} and its CPU times; vs ts / vs -j1: the"
echo " tool's wall time divided by the first / second row of its group, so above 1 means textscope"
echo " is faster)"
