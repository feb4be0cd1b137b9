"""textscope on Spark: one report per file, analysed on the executors.

``analyze_files(spark, paths_or_glob)`` lists the files with Spark's own file listing (the
file index of the ``binaryFile`` source, which walks Hadoop's FileSystem and globs on the
driver without opening a file; no content is ever put in a row), spreads the paths over the
cluster, and on each executor opens each
file and streams it through the textscope core in 1 MiB reads (``mapInArrow``). Local paths
(``file:``) are read by the Rust core itself with the GIL released; other schemes (``hdfs:``,
``s3a:`` …) through ``fsspec`` when it and the scheme's driver are installed on the executors.
A file that cannot be read gets a row whose ``error`` says why; the job does not fail. A
broken symbolic link, which Spark's listing leaves out, gets its error row too (local
directories).

``path`` is spelled as Spark's own file sources spell it (``input_file_name()``, the
``binaryFile`` source's ``path`` column: Hadoop's ``Path.toString()``): ``file:/data/a b.txt``,
``hdfs://nn:8020/x``, ``s3a://bucket/key``, not percent-encoded.

``check(spark, paths_or_glob, …)`` keeps the rows that break a rule set, as ``textscope check``
does, with the rules broken in a ``violations`` column.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union
from urllib.parse import unquote, urlparse

from . import Analyzer, CHUNK_SIZE, analyze_path

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow
    from pyspark.sql import DataFrame, SparkSession

__all__ = ["analyze_files", "analyze_paths", "check", "report_schema", "PROBLEM_KINDS"]

PROBLEM_KINDS = (
    "unpaired_surrogate",
    "nul",
    "control_character",
    "bom_in_text",
    "truncated_character",
    "invalid_code_point",
    "invalid_utf8",
    "unmapped_byte",
    "mixed_line_endings",
)
_ENDINGS = ("lf", "crlf", "cr", "nel", "ls", "ps")


def report_schema() -> "pyarrow.Schema":
    """The Arrow schema of the rows; Spark's is derived from it (docs/spark.md)."""
    import pyarrow as pa

    i64 = pa.int64()
    text = pa.string()
    problem = pa.struct(
        [
            ("kind", text),
            ("offset", i64),
            ("length", i64),
            ("count", i64),
            ("line", i64),
            ("column", i64),
            ("bytes", text),
            ("reason", text),
            ("code_point", text),
            ("mixed", pa.struct([("ending", text), ("commonest", text)])),
            ("message", text),
        ]
    )
    return pa.schema(
        [
            ("path", text),
            ("error", text),
            ("size", i64),
            ("format", text),
            ("encoding", text),
            ("language", text),
            ("ascii", pa.bool_()),
            ("bom", pa.struct([("offset", i64), ("length", i64), ("bytes", text)])),
            (
                "detection",
                pa.struct(
                    [
                        ("forced", pa.bool_()),
                        ("window", i64),
                        (
                            "steps",
                            pa.list_(
                                pa.struct(
                                    [
                                        ("format", text),
                                        ("accepted", pa.bool_()),
                                        ("code", text),
                                        ("reason", text),
                                        ("figures", pa.map_(text, i64)),
                                    ]
                                )
                            ),
                        ),
                        ("confidence", pa.float64()),
                        (
                            "candidates",
                            pa.list_(
                                pa.struct(
                                    [
                                        ("encoding", text),
                                        ("score", pa.float64()),
                                        ("language", text),
                                        ("also", pa.list_(text)),
                                    ]
                                )
                            ),
                        ),
                    ]
                ),
            ),
            ("lines", i64),
            ("characters", i64),
            ("endings", pa.struct([(k, i64) for k in _ENDINGS])),
            ("longest_line", pa.struct([("line", i64), ("characters", i64)])),
            ("problem_counts", pa.struct([(k, i64) for k in PROBLEM_KINDS])),
            ("problems", pa.list_(problem)),
            ("problems_omitted", i64),
            (
                "notes",
                pa.list_(
                    pa.struct([("kind", text), ("line", i64), ("offset", i64), ("message", text)])
                ),
            ),
            (
                "finding_counts",
                pa.struct(
                    [
                        ("bidi_control", i64),
                        ("invisible_character", i64),
                        ("ansi_escape", i64),
                        ("mojibake", i64),
                        ("mixed_encoding", i64),
                    ]
                ),
            ),
            ("findings_omitted", i64),
            ("report", text),
        ]
    )


def _spark_schema() -> Any:
    from pyspark.sql.pandas.types import from_arrow_schema

    return from_arrow_schema(report_schema())


def _spark_form(uri: str) -> str:
    """A URI as Spark's file sources spell it (Hadoop's ``Path.toString()``): the listing's
    ``file:///data/a%20b.txt`` becomes ``file:/data/a b.txt``."""
    parsed = urlparse(uri)
    if not parsed.scheme or "://" not in uri:
        return uri
    path = unquote(parsed.path)
    if parsed.netloc:
        return f"{parsed.scheme}://{parsed.netloc}{path}"
    return f"{parsed.scheme}:{path}"


def _local_path(uri: str) -> Optional[str]:
    """The local path of a ``file:`` URI (``file:///a%20b`` percent-encoded, ``file:/a b`` as
    Spark spells it) or of a plain path; ``None`` for another scheme."""
    parsed = urlparse(uri)
    if parsed.scheme == "file":
        return unquote(parsed.path) if uri.startswith("file://") else uri[len("file:") :]
    if parsed.scheme == "" or (len(parsed.scheme) == 1 and os.name == "nt"):
        return uri
    return None


def _hidden(name: str) -> bool:
    # Spark's file index skips these names (and Hadoop's _SUCCESS, _temporary …).
    return name.startswith(("_", "."))


def _broken_links(roots: List[str], recursive: bool, glob_filter: Optional[str]) -> List[str]:
    """The broken symbolic links under local roots, which Spark's listing leaves out (Hadoop
    cannot stat them), in Spark's spelling."""
    import fnmatch
    import glob

    out = []
    for root in roots:
        local = _local_path(root)
        if local is None:
            continue
        for top in glob.glob(local) if glob.has_magic(local) else [local]:
            if os.path.islink(top) and not os.path.exists(top):
                out.append(top)
                continue
            if not os.path.isdir(top):
                continue
            for dirpath, dirnames, filenames in os.walk(top):
                dirnames[:] = [d for d in dirnames if not _hidden(d)] if recursive else []
                for name in filenames:  # a broken link is never a directory: it is here
                    p = os.path.join(dirpath, name)
                    if _hidden(name) or not os.path.islink(p) or os.path.exists(p):
                        continue
                    if glob_filter and not fnmatch.fnmatchcase(name, glob_filter):
                        continue
                    out.append(p)
    return ["file:" + os.path.abspath(p) for p in out]


def _report_json(uri: str, encoding: Optional[str], max_problems: int) -> str:
    local = _local_path(uri)
    if local is not None:
        return analyze_path(local, encoding, max_problems)
    try:
        import fsspec
    except ImportError:
        raise OSError(
            f"{uri}: no reader for the scheme {urlparse(uri).scheme!r} on this executor: "
            "install fsspec and its driver for that filesystem"
        ) from None
    a = Analyzer(encoding=encoding, max_problems=max_problems)
    with fsspec.open(uri, "rb") as f:
        while True:
            chunk = f.read(CHUNK_SIZE)
            if not chunk:
                break
            a.feed(chunk)
    return a.finish().to_json()


def _row(uri: str, encoding: Optional[str], max_problems: int) -> Dict[str, Any]:
    try:
        text = _report_json(uri, encoding, max_problems)
    except Exception as e:  # any failure to read one file is that file's row, not the job's
        return {"path": uri, "error": f"{type(e).__name__}: {e}"}
    r = json.loads(text)
    r["path"] = uri
    r["error"] = None
    for step in (r.get("detection") or {}).get("steps", []):
        step["figures"] = list((step.get("figures") or {}).items())
    r["report"] = text
    return r


def _mapper(encoding: Optional[str], max_problems: int, batch_rows: int) -> Any:
    def run(batches: Iterable["pyarrow.RecordBatch"]) -> Iterator["pyarrow.RecordBatch"]:
        import pyarrow as pa

        schema = report_schema()
        for batch in batches:
            paths = batch.column("path").to_pylist()
            for start in range(0, len(paths), batch_rows):
                rows = [
                    _row(p, encoding, max_problems)
                    for p in paths[start : start + batch_rows]
                    if p is not None
                ]
                yield pa.RecordBatch.from_pylist(rows, schema=schema)

    return run


def _as_list(paths_or_glob: Union[str, Sequence[str]]) -> List[str]:
    if isinstance(paths_or_glob, (str, os.PathLike)):
        return [os.fspath(paths_or_glob)]
    return [os.fspath(p) for p in paths_or_glob]


def analyze_paths(
    paths: "DataFrame",
    *,
    encoding: Optional[str] = None,
    max_problems: int = 100,
    partitions: Optional[int] = None,
    batch_rows: int = 64,
) -> "DataFrame":
    """Reports for the paths in the ``path`` column of a DataFrame (URIs or local paths), one
    row each, in the schema of ``report_schema()``. The other arguments are as for
    ``analyze_files``."""
    if max_problems < 0:
        raise ValueError(f"max_problems must be 0 or more, not {max_problems}")
    if encoding is not None:
        Analyzer(encoding=encoding)  # an unknown encoding fails here, on the driver
    df = paths.select("path")
    if partitions is None:
        partitions = max(paths.sparkSession.sparkContext.defaultParallelism * 4, 1)
    if partitions > 0:
        df = df.repartition(partitions)
    return df.mapInArrow(_mapper(encoding, max_problems, batch_rows), _spark_schema())


def analyze_files(
    spark: "SparkSession",
    paths_or_glob: Union[str, Sequence[str]],
    *,
    recursive: bool = True,
    path_glob_filter: Optional[str] = None,
    encoding: Optional[str] = None,
    max_problems: int = 100,
    partitions: Optional[int] = None,
    batch_rows: int = 64,
) -> "DataFrame":
    """One report per file under ``paths_or_glob`` (a path, a directory, a Hadoop glob such as
    ``s3a://lake/raw/*/*.csv``, or a list of them), as a DataFrame.

    Files are listed by Spark (the ``binaryFile`` source's file index; directories walked
    when ``recursive``; ``path_glob_filter`` such as ``"*.csv"`` keeps matching names; Spark
    skips names starting with ``_`` or ``.``). Each executor opens its files and streams them.
    ``max_problems`` caps the problems listed per kind (counts stay exact); ``partitions`` is
    how many tasks share the paths (default: four per core of the cluster; 0 keeps Spark's
    own split); ``batch_rows`` is how many rows each Arrow batch carries.
    """
    reader = spark.read.format("binaryFile")
    if recursive:
        reader = reader.option("recursiveFileLookup", "true")
    if path_glob_filter:
        reader = reader.option("pathGlobFilter", path_glob_filter)
    # The listing only: Spark's file index walks the filesystem on the driver (Hadoop's
    # FileSystem, globs included) and no file is opened. Scanning the binaryFile source would
    # stat each file again and fail the job for one that vanished since.
    roots = _as_list(paths_or_glob)
    files = {_spark_form(f) for f in reader.load(roots).inputFiles()}
    files.update(_broken_links(roots, recursive, path_glob_filter))
    listing = spark.createDataFrame([(f,) for f in sorted(files)], "path string")
    return analyze_paths(
        listing,
        encoding=encoding,
        max_problems=max_problems,
        partitions=partitions,
        batch_rows=batch_rows,
    )


def check(
    spark: "SparkSession",
    paths_or_glob: Union[str, Sequence[str], "DataFrame"],
    *,
    deny_problems: Sequence[str] = PROBLEM_KINDS,
    encodings: Optional[Sequence[str]] = None,
    eol: Optional[str] = None,
    bom: Optional[str] = None,
    final_newline: bool = False,
    max_line_length: Optional[int] = None,
    bidi: bool = False,
    include_binary: bool = False,
    **options: Any,
) -> "DataFrame":
    """The reports of the files that break the rule set, with an added ``violations`` column
    (array of rule names, as ``textscope check`` names them). Files that could not be read are
    kept, with the rule ``error``.

    Rules: each SPEC problem kind in ``deny_problems`` (all by default); ``encodings``: the
    allowed ones (``utf-8``, ``utf-16le`` …, ``ascii``, ``legacy`` or a code page; pure ASCII
    satisfies ``utf-8`` and every code page); ``eol``: ``"lf"``, ``"crlf"`` or ``"cr"``, and any
    other ending breaks it; ``bom``: ``"forbid"`` or ``"require"`` (empty files exempt);
    ``final_newline``; ``max_line_length``; ``bidi`` (bidi controls and invisible characters).
    Binary files are skipped unless ``include_binary``. ``paths_or_glob`` may also be the
    DataFrame ``analyze_files`` returned; ``options`` go to ``analyze_files``.
    """
    from pyspark.sql import DataFrame
    from pyspark.sql import functions as F

    unknown = sorted(set(deny_problems) - set(PROBLEM_KINDS))
    if unknown:
        raise ValueError(f"unknown problem kinds: {', '.join(unknown)}")
    if eol is not None and eol not in ("lf", "crlf", "cr"):
        raise ValueError(f"eol must be 'lf', 'crlf' or 'cr', not {eol!r}")
    if bom not in (None, "forbid", "require"):
        raise ValueError(f"bom must be 'forbid' or 'require', not {bom!r}")
    if max_line_length is not None and max_line_length < 0:
        raise ValueError(f"max_line_length must be 0 or more, not {max_line_length}")

    if isinstance(paths_or_glob, DataFrame):
        df = paths_or_glob
    else:
        df = analyze_files(spark, paths_or_glob, **options)

    readable = F.col("error").isNull()
    rules = [F.when(~readable, F.lit("error"))]
    for kind in deny_problems:
        rules.append(F.when(F.col(f"problem_counts.{kind}") > 0, F.lit(kind)))
    if encodings is not None:
        allowed = sorted({e.lower() for e in encodings})
        wide = ("utf-16le", "utf-16be", "utf-32le", "utf-32be")
        ok = (
            F.lower(F.col("format")).isin(*allowed)
            | F.lower(F.col("encoding")).isin(*allowed)
            | (F.col("format") == "empty")
        )
        if any(a not in wide for a in allowed):
            # Pure ASCII satisfies utf-8, ascii and every ASCII-compatible code page.
            ok = ok | (F.col("ascii") & (F.col("format") == "utf-8") & F.col("bom").isNull())
        rules.append(F.when(readable & ~ok, F.lit("encoding")))
    if eol is not None:
        others = [F.col(f"endings.{k}") for k in _ENDINGS if k != eol]
        rules.append(F.when(readable & (sum(others[1:], others[0]) > 0), F.lit("eol")))
    if bom == "forbid":
        rules.append(F.when(F.col("bom").isNotNull(), F.lit("bom")))
    elif bom == "require":
        rules.append(
            F.when(readable & F.col("bom").isNull() & (F.col("size") > 0), F.lit("bom"))
        )
    if final_newline:
        rules.append(
            F.when(
                F.exists("notes", lambda n: n["kind"] == "no_final_line_ending"),
                F.lit("final-newline"),
            )
        )
    if max_line_length is not None:
        rules.append(
            F.when(F.col("longest_line.characters") > max_line_length, F.lit("line-length"))
        )
    if bidi:
        findings = F.col("finding_counts.bidi_control") + F.col(
            "finding_counts.invisible_character"
        )
        rules.append(F.when(findings > 0, F.lit("bidi")))
    violations = F.filter(F.array(*rules), lambda v: v.isNotNull())
    out = df.withColumn("violations", violations)
    if not include_binary:
        out = out.where(F.col("format").isNull() | (F.col("format") != "binary"))
    return out.where(F.size("violations") > 0)
