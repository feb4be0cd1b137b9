"""The Python benchmarks of scripts/bench-python.sh; prints a Markdown table.

Usage: bench.py WORKDIR CLI [BIG_MIB] [HUGE_MIB]
"""

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import chardet
import charset_normalizer

import textscope
from textscope import _detect

TEXTS = ["Grüße aus Köln, schöne Straße", "plain ascii log line status=200",
         "Café crème, déjà vu — 50 €", "日本語のテキストです", "Привет, как дела",
         "Ελληνικά κείμενα εδώ"]
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252", "shift_jis", "cp1251",
             "iso8859-7"]


def small_files(root: Path, n: int = 10_000):
    root.mkdir(parents=True, exist_ok=True)
    files = sorted(root.glob("*.txt"))
    if len(files) == n:
        return files
    files = []
    for i in range(n):
        enc = ENCODINGS[i % len(ENCODINGS)]
        size = 1024 + (i * 7919) % (7 * 1024)  # 1–8 KiB
        lines = []
        while sum(len(x) + 1 for x in lines) < size // 2:
            lines.append(TEXTS[(i + len(lines)) % len(TEXTS)])
        text = "\n".join(lines) + "\n"
        try:
            data = text.encode(enc)
        except UnicodeEncodeError:
            data = text.encode(enc, errors="replace")
        p = root / f"f{i:05d}.txt"
        p.write_bytes(data)
        files.append(p)
    return files


def big_file(path: Path, mib: int):
    if path.exists() and path.stat().st_size == mib << 20:
        return path
    line = "2026-12-02T10:43:31.611Z WARN retry user=émilie 名前=山田 🙂 GET /api status=503\n"
    block = line.encode() * ((1 << 20) // len(line.encode()))
    block = block + b"x" * ((1 << 20) - len(block) - 1) + b"\n"
    with open(path, "wb") as f:
        for _ in range(mib):
            f.write(block)
    return path


def rate(fn, items):
    t = time.perf_counter()
    for x in items:
        fn(x)
    return time.perf_counter() - t


def main():
    work, cli = Path(sys.argv[1]), sys.argv[2]
    big_mib = int(sys.argv[3]) if len(sys.argv) > 3 else 256
    huge_mib = int(sys.argv[4]) if len(sys.argv) > 4 else 1024
    rows = []
    files = small_files(work / "small")
    datas = [p.read_bytes() for p in files]

    # Agreement with the CLI on every small file.
    out = subprocess.run([cli, "--json", "-q", *map(str, files)], capture_output=True, check=False)
    reports = [json.loads(x) for x in out.stdout.decode().splitlines()]
    agree = sum(_detect._encoding(r) == textscope.detect(d)["encoding"] for r, d in zip(reports, datas))
    n = len(datas)
    t_ts = rate(textscope.detect, datas)
    t_cd = rate(chardet.detect, datas)
    t_cn = rate(lambda d: charset_normalizer.from_bytes(d).best(), datas)
    rows.append(("detect, 10,000 files of 1–8 KiB", f"{n / t_ts:,.0f} files/s",
                 f"{n / t_cd:,.0f} files/s", f"{n / t_cn:,.0f} files/s",
                 f"textscope {t_cd / t_ts:.1f}× chardet; agrees with the CLI on {agree}/{n}"))

    big = big_file(work / f"big-{big_mib}.log", big_mib).read_bytes()
    t_ts = rate(textscope.detect, [big])
    t_cd = rate(chardet.detect, [big])
    t_cn = rate(lambda d: charset_normalizer.from_bytes(d).best(), [big])
    rows.append((f"detect, one {big_mib} MiB file", f"{t_ts:.2f} s", f"{t_cd:.2f} s",
                 f"{t_cn:.2f} s", "textscope reads every byte; chardet 7 stops at 200 kB "
                 "by default, charset-normalizer samples"))
    del big

    huge = big_file(work / f"huge-{huge_mib}.log", huge_mib)

    def cli_run(*args):
        t = time.perf_counter()
        subprocess.run([cli, "--json", "-q", *args, str(huge)], check=True, capture_output=True)
        return time.perf_counter() - t

    # Alternated, best of five each: the machine's load changes from one second to the next.
    py_runs, cli1_runs, cli_runs = [], [], []
    for _ in range(5):
        py_runs.append(rate(textscope.analyze, [huge]))
        cli1_runs.append(cli_run("-j", "1"))
        cli_runs.append(cli_run())
    best_py, best_cli1, best_cli = min(py_runs), min(cli1_runs), min(cli_runs)
    rows.append((f"analyze, one {huge_mib} MiB file", f"{best_py:.2f} s (one thread)",
                 f"CLI -j 1: {best_cli1:.2f} s", f"CLI, every core: {best_cli:.2f} s",
                 f"binding vs CLI -j 1: {100 * (best_py / best_cli1 - 1):+.1f} %"))

    big_path = work / f"big-{big_mib}.log"
    four = [big_path] * 4
    one = rate(textscope.analyze, four)
    with ThreadPoolExecutor(max_workers=2) as pool:
        t = time.perf_counter()
        list(pool.map(textscope.analyze, four))
        two = time.perf_counter() - t
    rows.append((f"analyze, 4 × {big_mib} MiB, thread pool", f"1 thread: {one:.2f} s",
                 f"2 threads: {two:.2f} s", "", f"{one / two:.2f}× with 2 threads (GIL released)"))

    one = rate(textscope.analyze, files)
    with ThreadPoolExecutor(max_workers=2) as pool:
        t = time.perf_counter()
        list(pool.map(textscope.analyze, files))
        two = time.perf_counter() - t
    rows.append(("analyze, 10,000 small files", f"1 thread: {n / one:,.0f} files/s",
                 f"2 threads: {n / two:,.0f} files/s", "",
                 f"{one / two:.2f}× with 2 threads (per-file Python work holds the GIL)"))

    print("| case | textscope | chardet 7.7 | charset-normalizer | note |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
