"""textscope.spark on local[2]: a tree of a few hundred files of every format, unreadable ones
and one 256 MiB file; each row equals the CLI's --json for its file, and unreadable files get
an error row instead of failing the job."""

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

import textscope
from conftest import DATA, cli_reports, data_files

import textscope.spark as tspark  # pyspark and pyarrow: scripts/test-python.sh installs them

BIG = 256 * 1024 * 1024
TEXTS = ["Grüße, 世界! 😀", "plain ascii line", "Café crème, 50 €", "日本語のテキスト",
         "Привет, мир", "Ελληνικά κείμενα"]


def body(i):
    """The bytes of file number i: every format, with and without faults."""
    text = "\n".join(TEXTS[(i + k) % len(TEXTS)] for k in range(1 + i % 5)) + "\n"
    kind = i % 16
    if kind == 0:
        return text.encode("utf-8")
    if kind == 1:
        return b"\xef\xbb\xbf" + text.encode("utf-8")
    if kind == 2:
        return b"\xff\xfe" + text.encode("utf-16-le")
    if kind == 3:
        return b"\xfe\xff" + text.encode("utf-16-be")
    if kind == 4:
        return text.replace("\n", "\r\n").encode("utf-16-le")
    if kind == 5:
        return b"\xff\xfe\x00\x00" + text.encode("utf-32-le")
    if kind == 6:
        return text.encode("utf-32-be")
    if kind == 7:
        return ("Café crème, déjà vu — “quoted” %d €\n" % i).encode("cp1252") * 3
    if kind == 8:
        return "日本語のテキストです。\n".encode("shift_jis") * (2 + i % 3)
    if kind == 9:
        return bytes(range(256)) * (1 + i % 4)
    if kind == 10:
        return b""
    if kind == 11:
        return text.encode("utf-8") + b"bad \xc3( and \xed\xa0\x80 here\n"
    if kind == 12:
        return b"log\x00 line\nbell\x07\n" + text.encode("utf-8")
    if kind == 13:
        return b"unix\nwindows\r\nmac\rlast"
    if kind == 14:
        return b"\xff\xfe" + "lone ".encode("utf-16-le") + b"\x3d\xd8" + "x\n".encode("utf-16-le")
    return text.rstrip("\n").encode("utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("lake")
    files = []
    for i in range(320):
        p = root / f"part={i % 7}" / f"batch{i % 3}" / f"file{i:04d}.txt"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(body(i))
        files.append(p)
    for src in data_files():
        dst = root / "data" / src.name
        dst.parent.mkdir(exist_ok=True)
        shutil.copyfile(src, dst)
        files.append(dst)
    dangling = root / "links" / "dangling.txt"  # a broken symbolic link: an error row too
    dangling.parent.mkdir()
    dangling.symlink_to(root / "links" / "no-such-target.txt")
    files.append(dangling)
    odd = root / "names" / "a space, é and %41.txt"
    odd.parent.mkdir()
    odd.write_bytes("odd name\n".encode())
    files.append(odd)
    big = root / "big" / "huge.log"
    big.parent.mkdir()
    line = "2026-12-02T10:43:31.611Z WARN retry user=émilie 名前=山田 🙂 status=503\n".encode()
    block = line * (1024 * 1024 // len(line))
    with open(big, "wb") as f:
        written = 0
        while written + len(block) <= BIG:
            f.write(block)
            written += len(block)
        f.write(b"x" * (BIG - written - 1) + b"\r")  # exactly 256 MiB, a CR at the very end
    assert big.stat().st_size == BIG
    files.append(big)
    return root, files


@pytest.fixture(scope="module")
def spark():
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    s = (
        SparkSession.builder.master("local[2]")
        .appName("textscope-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def analysed(spark, tree):
    root, files = tree
    df = tspark.analyze_files(spark, str(root), max_problems=1000)
    # Made unreadable after Spark listed them: gone, or a directory now.
    gone = [files[3], files[40]]
    dirs = [files[5], files[77]]
    for p in gone:
        p.unlink()
    for p in dirs:
        p.unlink()
        p.mkdir()
    rows = [r.asDict(recursive=True) for r in df.cache().collect()]
    return df, rows, files, set(gone), set(dirs)


def local(uri):
    return Path(tspark._local_path(uri))


def broken(files):
    return {p for p in files if p.is_symlink() and not p.exists()}


def test_every_file_has_one_row_equal_to_the_cli(analysed):
    _, rows, files, gone, dirs = analysed
    by_path = {local(r["path"]): r for r in rows}
    assert len(rows) == len(files) == len(by_path)
    assert set(by_path) == set(files)
    readable = [p for p in files if p not in gone | dirs | broken(files)]
    expected = cli_reports(readable)
    for p in readable:
        row, cli = by_path[p], expected[str(p)]
        assert row["error"] is None, (p, row["error"])
        report = json.loads(row["report"])
        report["path"] = cli["path"]
        assert report == cli, p
        for key in ("size", "format", "encoding", "language", "ascii", "bom", "lines", "characters",
                    "endings", "longest_line", "problem_counts", "problems_omitted", "notes",
                    "finding_counts", "findings_omitted"):
            assert row[key] == cli[key], (p, key)
        optional = {"reason": None, "code_point": None, "mixed": None}
        assert row["problems"] == [{**optional, **q} for q in cli["problems"]], p
        for key in ("confidence", "candidates"):
            assert row["detection"][key] == cli["detection"].get(key), (p, key)
        steps = [{**s, "figures": dict(s["figures"])} for s in row["detection"]["steps"]]
        assert steps == cli["detection"]["steps"], p
    big = by_path[files[-1]]
    assert big["size"] == BIG and big["format"] == "utf-8" and big["problem_counts"]["mixed_line_endings"] == 1


def test_unreadable_files_get_an_error_row(analysed):
    _, rows, files, gone, dirs = analysed
    errors = {local(r["path"]): r for r in rows if r["error"] is not None}
    dangling = broken(files)
    assert len(dangling) == 1
    assert set(errors) == gone | dirs | dangling
    for p in gone | dangling:
        assert errors[p]["error"].startswith("FileNotFoundError") and str(p) in errors[p]["error"]
        assert errors[p]["format"] is None and errors[p]["report"] is None
    for p in dirs:
        assert errors[p]["error"].startswith("IsADirectoryError")


def test_paths_are_spelled_as_sparks_own_file_source_spells_them(spark, tmp_path):
    root = tmp_path / "spelled"
    (root / "sub").mkdir(parents=True)
    for name in ("plain.txt", "a space.txt", "é and %41.txt", "sub/x,y.txt"):
        (root / name).write_bytes(b"text\n")
    (root / "gone.txt").symlink_to(root / "nowhere")
    ours = {r["path"]: r for r in tspark.analyze_files(spark, str(root)).collect()}
    theirs = {r["path"] for r in spark.read.format("binaryFile")
              .option("recursiveFileLookup", "true").load(str(root)).select("path").collect()}
    assert all(p.startswith("file:/") and not p.startswith("file://") for p in ours)
    link = "file:" + str(root / "gone.txt")
    assert set(ours) == theirs | {link}
    assert ours[link]["error"].startswith("FileNotFoundError")
    assert all(ours[p]["error"] is None for p in theirs)


def test_check_keeps_the_rows_that_break_the_rules(spark, analysed):
    df, rows, *_ = analysed
    got = {
        r["path"]: sorted(r["violations"])
        for r in tspark.check(spark, df, eol="lf", bom="forbid").collect()
    }
    expected = {}
    for r in rows:
        broken = []
        if r["error"] is not None:
            broken.append("error")
        elif r["format"] == "binary":
            continue
        else:
            broken += [k for k, n in r["problem_counts"].items() if n > 0]
            if sum(n for k, n in r["endings"].items() if k != "lf") > 0:
                broken.append("eol")
            if r["bom"] is not None:
                broken.append("bom")
        if broken:
            expected[r["path"]] = sorted(broken)
    assert got == expected
    assert len(got) > 50


def test_check_policy_rules(spark, analysed):
    df, rows, *_ = analysed
    out = tspark.check(spark, df, deny_problems=(), encodings=["utf-8"], final_newline=True,
                       max_line_length=60, bidi=True).collect()
    by_path = {r["path"]: set(r["violations"]) for r in out}
    for r in rows:
        if r["error"] is not None or r["format"] == "binary":
            continue
        v = by_path.get(r["path"], set())
        utf8_ok = r["format"] in ("utf-8", "empty") or (r["ascii"] and r["format"] == "utf-8")
        assert ("encoding" in v) == (not utf8_ok), r["path"]
        no_final = any(n["kind"] == "no_final_line_ending" for n in r["notes"])
        assert ("final-newline" in v) == no_final, r["path"]
        too_long = (r["longest_line"] or {}).get("characters", 0) > 60
        assert ("line-length" in v) == too_long, r["path"]
    assert any("line-length" in v for v in by_path.values())


def test_bad_arguments(spark, tree):
    root, _ = tree
    with pytest.raises(ValueError):
        tspark.analyze_files(spark, str(root), max_problems=-1)
    with pytest.raises(ValueError):
        tspark.analyze_files(spark, str(root), encoding="klingon")
    with pytest.raises(ValueError):
        tspark.check(spark, str(root), eol="lfcr")
    with pytest.raises(ValueError):
        tspark.check(spark, str(root), deny_problems=["nope"])


def test_other_schemes_are_read_through_fsspec():
    # In this process (fsspec's memory filesystem is per process): the executors' code path.
    import fsspec

    text = "über fsspec\r\nzweite Zeile\r\n".encode("utf-16")
    with fsspec.open("memory://lake/a.txt", "wb") as f:
        f.write(text)
    row = tspark._row("memory://lake/a.txt", None, 100)
    assert row["error"] is None and row["path"] == "memory://lake/a.txt"
    expected = textscope.analyze(text).to_dict()
    got = json.loads(row["report"])
    assert got == expected and row["format"] == "utf-16le" and row["endings"]["crlf"] == 2
    gone = tspark._row("memory://lake/missing.txt", None, 100)
    assert gone["error"].startswith("FileNotFoundError")
    unknown = tspark._row("nosuchscheme://x/y.txt", None, 100)
    assert unknown["error"] is not None and "nosuchscheme" in unknown["error"]
