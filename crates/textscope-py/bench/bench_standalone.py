"""Spark files/s on a standalone cluster on loopback (scripts/spark-standalone.sh starts the
master and the workers) beside local[2], over the small-file tree of bench.py.

Usage: bench_standalone.py WORKDIR MASTER_URL WORKERS [--local]
Prints one Markdown row.
"""

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
sys.path.insert(0, str(Path(__file__).parent))
from bench import small_files  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402

import textscope.spark as tspark  # noqa: E402


def session(master, workers):
    b = (SparkSession.builder.master(master).appName("textscope-standalone")
         .config("spark.ui.enabled", "false")
         .config("spark.driver.host", "127.0.0.1")
         .config("spark.driver.bindAddress", "127.0.0.1")
         .config("spark.pyspark.python", sys.executable))
    if master.startswith("spark://"):
        b = (b.config("spark.executor.cores", "1").config("spark.cores.max", str(workers))
             .config("spark.executor.memory", "1g"))
    spark = b.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    if master.startswith("spark://"):
        deadline = time.time() + 120
        while time.time() < deadline:  # every executor registered before the timing
            executors = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() - 1
            if executors >= workers:
                break
            time.sleep(0.5)
        else:
            raise SystemExit(f"only {executors} of {workers} executors registered")
    return spark


def main():
    work, master, workers = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    root = work / "small"
    small_files(root)  # made once, kept
    spark = session(master, workers)
    tspark.analyze_files(spark, str(root)).count()  # warm: JVMs, Python workers
    best = None
    for _ in range(2):
        t = time.perf_counter()
        n = tspark.analyze_files(spark, str(root)).where("error IS NULL").count()
        took = time.perf_counter() - t
        best = took if best is None else min(best, took)
    spark.stop()
    where = master if not master.startswith("spark://") else (
        f"standalone, {workers} worker{'s' if workers > 1 else ''} × 1 core")
    print(f"| {where} | {n:,} | {best:.1f} s | {n / best:,.0f} files/s |", flush=True)


if __name__ == "__main__":
    main()
