#!/usr/bin/env bash
# textscope.spark on a real Spark cluster, on this machine: a standalone master and two
# workers (one core, 1 GiB each), started with Spark's own sbin/spark-daemon.sh from the
# pyspark package and bound to 127.0.0.1, then stopped. Prints files/s of analyze_files over
# 10,000 small files (bench.py's tree) for 1 and 2 workers, beside local[2]. Not part of the
# default CI run (about five minutes); the figures are in docs/spark.md.
# Needs the venv of scripts/test-python.sh (run it first, or this script runs it).
# Usage: scripts/spark-standalone.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/py-venv
py="$PWD/$venv/bin/python"
work="$PWD/target/spark-standalone"
mkdir -p "$work"
if [ ! -x "$py" ] || ! "$py" -c "import textscope.spark, pyspark" 2>/dev/null; then
  bash scripts/test-python.sh
fi
# bench.py, whose small-file tree this times, imports the peers it compares with.
"$py" -m pip install -q --disable-pip-version-check chardet charset-normalizer </dev/null

export SPARK_HOME
SPARK_HOME="$("$py" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export SPARK_LOCAL_IP=127.0.0.1 SPARK_MASTER_HOST=127.0.0.1
export SPARK_PID_DIR="$work/pids" SPARK_LOG_DIR="$work/logs" SPARK_WORKER_DIR="$work/worker"
export SPARK_IDENT_STRING=textscope-bench PYSPARK_PYTHON="$py" PYSPARK_DRIVER_PYTHON="$py"
mkdir -p "$SPARK_PID_DIR" "$SPARK_LOG_DIR" "$SPARK_WORKER_DIR"
port=${SPARK_STANDALONE_PORT:-17077}
url="spark://127.0.0.1:$port"
daemon="$SPARK_HOME/sbin/spark-daemon.sh"
master_class=org.apache.spark.deploy.master.Master
worker_class=org.apache.spark.deploy.worker.Worker

stop_all() {
  "$daemon" stop "$worker_class" 2 >/dev/null 2>&1 || true
  "$daemon" stop "$worker_class" 1 >/dev/null 2>&1 || true
  "$daemon" stop "$master_class" 1 >/dev/null 2>&1 || true
}
trap stop_all EXIT INT TERM

wait_for() {  # wait_for WHAT LOG PATTERN
  for _ in $(seq 1 120); do
    if grep -q "$3" "$2" 2>/dev/null; then return 0; fi
    sleep 1
  done
  echo "spark-standalone.sh: $1 did not start; see $2" >&2
  exit 1
}

echo "== master on $url"
"$daemon" start "$master_class" 1 --host 127.0.0.1 --port "$port" --webui-port $((port + 1)) >/dev/null
wait_for master "$SPARK_LOG_DIR"/*Master-1-*.out "Starting Spark master"
start_worker() {
  "$daemon" start "$worker_class" "$1" --host 127.0.0.1 --cores 1 --memory 1g \
    --webui-port $((port + 10 + $1)) "$url" >/dev/null
  wait_for "worker $1" "$(ls "$SPARK_LOG_DIR"/*Worker-"$1"-*.out)" "Successfully registered with master"
}

echo "| Where | Files | Time (best of 2) | Speed |"
echo "|---|---:|---:|---:|"
bench=crates/textscope-py/bench/bench_standalone.py
"$py" "$bench" "$work" "local[2]" 2 2>>"$work/driver.log"
start_worker 1
"$py" "$bench" "$work" "$url" 1 2>>"$work/driver.log"
start_worker 2
"$py" "$bench" "$work" "$url" 2 2>>"$work/driver.log"
