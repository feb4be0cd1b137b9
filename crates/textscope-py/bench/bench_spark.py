"""Spark files/s on local[1] and local[2] over the small-file tree of bench.py.

Usage: bench_spark.py WORKDIR
"""

import os
import sys
import time

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
from pyspark.sql import SparkSession  # noqa: E402

import textscope.spark as tspark  # noqa: E402


def run(master, root):
    spark = (SparkSession.builder.master(master).config("spark.ui.enabled", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    tspark.analyze_files(spark, root).count()  # warm: JVM, Python workers
    t = time.perf_counter()
    n = tspark.analyze_files(spark, root).where("error IS NULL").count()
    took = time.perf_counter() - t
    spark.stop()
    return n, took


def main():
    root = os.path.join(sys.argv[1], "small")
    for master in ("local[1]", "local[2]"):
        n, took = run(master, root)
        print(f"| Spark analyze_files, {n:,} small files | {master}: {n / took:,.0f} files/s "
              f"({took:.1f} s) | | | listing included |")


if __name__ == "__main__":
    main()
