"""Threads: the same reports from a pool as one by one, and the GIL released while the core
runs (another thread keeps running Python code meanwhile)."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import textscope
from conftest import data_files


def test_a_thread_pool_gives_the_same_reports():
    files = data_files() * 8
    one_by_one = [textscope.analyze(p).to_dict() for p in files]
    with ThreadPoolExecutor(max_workers=4) as pool:
        pooled = [r.to_dict() for r in pool.map(textscope.analyze, files)]
    assert pooled == one_by_one


LINES = 10_000_000


def slow_input():
    # Every line holds a zero-width space (an invisible-character finding), each listed on its
    # own: 100 MB that take well over 0.05 s (30 MB took 0.05 s once the loop over plain
    # lines listed findings without a branch per line, decision 72).
    return "ab\u200bcd é\n".encode("utf-8") * LINES


def test_the_gil_is_released_during_analysis():
    data = slow_input()
    for attempt in range(3):
        started = threading.Event()
        done = threading.Event()
        box = {}

        def work():
            started.set()
            t0 = time.perf_counter()
            box["report"] = textscope.analyze(data, max_problems=0)
            box["took"] = time.perf_counter() - t0
            done.set()

        t = threading.Thread(target=work)
        t.start()
        started.wait()
        stamps = []
        while not done.is_set():
            stamps.append(time.perf_counter())
        t.join()
        assert box["report"].finding_counts.invisible_character == LINES
        gaps = [b - a for a, b in zip(stamps, stamps[1:])]
        # With the GIL held for the whole call this thread would stall for all of it.
        if box["took"] > 0.05 and max(gaps, default=box["took"]) < 0.5 * box["took"]:
            return
    raise AssertionError(
        f"the main thread stalled {max(gaps, default=0):.3f}s of a {box['took']:.3f}s analysis"
    )


def test_detect_in_a_thread_pool_gives_the_same_answers():
    datas = [p.read_bytes() for p in data_files()] * 8
    one_by_one = [textscope.detect(d) for d in datas]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(textscope.detect, datas)) == one_by_one


def test_the_gil_is_released_during_detect():
    # A bad unit at the end: detect analyses the whole input (the slow path of the core).
    data = slow_input() + b"\xff"
    for attempt in range(3):
        started = threading.Event()
        done = threading.Event()
        box = {}

        def work():
            started.set()
            t0 = time.perf_counter()
            box["result"] = textscope.detect(data)
            box["took"] = time.perf_counter() - t0
            done.set()

        t = threading.Thread(target=work)
        t.start()
        started.wait()
        stamps = []
        while not done.is_set():
            stamps.append(time.perf_counter())
        t.join()
        assert {k: box["result"][k] for k in ("encoding", "confidence", "codec")} == {
            "encoding": "utf-8", "confidence": 0.99, "codec": "utf-8"}
        gaps = [b - a for a, b in zip(stamps, stamps[1:])]
        if box["took"] > 0.05 and max(gaps, default=box["took"]) < 0.5 * box["took"]:
            return
    raise AssertionError(
        f"the main thread stalled {max(gaps, default=0):.3f}s of a {box['took']:.3f}s detect"
    )
