"""The Python benchmarks of scripts/bench-python.sh; prints a Markdown table.

Usage: bench.py WORKDIR CLI [BIG_MIB] [HUGE_MIB]
"""

import json
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import chardet
import charset_normalizer

import textscope
from textscope import _detect, _textscope

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


def best(fn, items, rounds=3):
    """(wall, CPU) seconds, the best of `rounds` each: the machine's load changes by the
    second, and CPU time is what a busy neighbour disturbs least."""
    walls, cpus = [], []
    for _ in range(rounds):
        w, c = time.perf_counter(), time.process_time()
        for x in items:
            fn(x)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return min(walls), min(cpus)


def pooled(fn, items, threads):
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(fn, items[:100]))  # warm the threads
        t = time.perf_counter()
        list(pool.map(fn, items, chunksize=1))
        return time.perf_counter() - t


def via_report(data):
    """detect() as it was before the native detect_bytes: the whole report, as JSON."""
    return _detect._from_report(json.loads(_textscope.analyze_bytes(data, None, 1)))


def main():
    work, cli = Path(sys.argv[1]), sys.argv[2]
    big_mib = int(sys.argv[3]) if len(sys.argv) > 3 else 256
    huge_mib = int(sys.argv[4]) if len(sys.argv) > 4 else 1024
    rows = []
    files = small_files(work / "small")
    datas = [p.read_bytes() for p in files]

    # Agreement with the CLI on every small file: the whole answer, name, confidence, language.
    out = subprocess.run([cli, "--json", "-q", *map(str, files)], capture_output=True, check=False)
    reports = [json.loads(x) for x in out.stdout.decode().splitlines()]
    agree = sum(_detect._from_report(r) == textscope.detect(d) for r, d in zip(reports, datas))
    n = len(datas)
    ts_w, ts_c = best(textscope.detect, datas)
    old_w, old_c = best(via_report, datas, rounds=2)
    cd_w, cd_c = best(chardet.detect, datas, rounds=2)
    cn_w, cn_c = best(lambda d: charset_normalizer.from_bytes(d).best(), datas, rounds=1)
    rows.append(("detect, 10,000 files of 1–8 KiB", f"{n / ts_w:,.0f} files/s",
                 f"{n / cd_w:,.0f} files/s", f"{n / cn_w:,.0f} files/s",
                 f"textscope {cd_w / ts_w:.1f}× chardet in wall time, {cd_c / ts_c:.1f}× in CPU "
                 f"time ({1e6 * ts_c / n:.0f} µs against {1e6 * cd_c / n:.0f} µs a file); "
                 f"through the report as before: {n / old_w:,.0f} files/s, "
                 f"{cd_c / old_c:.1f}× chardet in CPU time; agrees with the CLI on {agree}/{n}"))
    one = pooled(textscope.detect, datas, 1)
    two = pooled(textscope.detect, datas, 2)
    rows.append(("detect, 10,000 small files, thread pool", f"1 thread: {n / one:,.0f} files/s",
                 f"2 threads: {n / two:,.0f} files/s", "",
                 f"{one / two:.2f}× with 2 threads (GIL released while detecting)"))

    big = big_file(work / f"big-{big_mib}.log", big_mib).read_bytes()
    t_ts = rate(textscope.detect, [big])
    t_cd = rate(chardet.detect, [big])
    t_cn = rate(lambda d: charset_normalizer.from_bytes(d).best(), [big])
    rows.append((f"detect, one {big_mib} MiB file", f"{t_ts:.2f} s", f"{t_cd:.2f} s",
                 f"{t_cn:.2f} s", "textscope: the verdict on the first 64 KiB, then every byte "
                 "checked for bad units; chardet stops at 200 kB by default, "
                 "charset-normalizer samples"))
    del big

    huge = big_file(work / f"huge-{huge_mib}.log", huge_mib)

    def children_cpu():
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    def cli_run(*args):
        t, c = time.perf_counter(), children_cpu()
        subprocess.run([cli, "--json", "-q", *args, str(huge)], check=True, capture_output=True)
        return time.perf_counter() - t, children_cpu() - c

    # Alternated, best of five each: the machine's load changes from one second to the next.
    # CPU time too (the binding's process time, the CLI's rusage), which load disturbs less.
    py_runs, cli1_runs, cli_runs = [], [], []
    for _ in range(5):
        py_runs.append(best(textscope.analyze, [huge], rounds=1))
        cli1_runs.append(cli_run("-j", "1"))
        cli_runs.append(cli_run())
    best_py, best_cli1, best_cli = (min(r[0] for r in x) for x in (py_runs, cli1_runs, cli_runs))
    cpu_py, cpu_cli1 = min(r[1] for r in py_runs), min(r[1] for r in cli1_runs)
    rows.append((f"analyze, one {huge_mib} MiB file", f"{best_py:.2f} s (one thread)",
                 f"CLI -j 1: {best_cli1:.2f} s", f"CLI, every core: {best_cli:.2f} s",
                 f"binding vs CLI -j 1: {100 * (best_py / best_cli1 - 1):+.1f} % wall, "
                 f"{100 * (cpu_py / cpu_cli1 - 1):+.1f} % CPU ({cpu_py:.2f} s against "
                 f"{cpu_cli1:.2f} s)"))

    big_path = work / f"big-{big_mib}.log"
    four = [big_path] * 4
    one = rate(textscope.analyze, four)
    with ThreadPoolExecutor(max_workers=2) as pool:
        t = time.perf_counter()
        list(pool.map(textscope.analyze, four))
        two = time.perf_counter() - t
    rows.append((f"analyze, 4 × {big_mib} MiB, thread pool", f"1 thread: {one:.2f} s",
                 f"2 threads: {two:.2f} s", "", f"{one / two:.2f}× with 2 threads (GIL released)"))

    one = pooled(textscope.analyze, files, 1)
    two = pooled(textscope.analyze, files, 2)
    rows.append(("analyze, 10,000 small files by path, thread pool",
                 f"1 thread: {n / one:,.0f} files/s", f"2 threads: {n / two:,.0f} files/s", "",
                 f"{one / two:.2f}× with 2 threads (the report's Python object holds the GIL)"))

    print(f"| case | textscope | chardet {chardet.__version__} | "
          f"charset-normalizer {charset_normalizer.__version__} | note |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
