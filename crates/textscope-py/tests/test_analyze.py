"""analyze() and Analyzer against the CLI's --json, streaming against whole, arguments, errors."""

import io
import json
import os
import pathlib

import pytest

import textscope
from conftest import DATA, WORKED, cli_reports, data_files


def test_every_data_file_equals_the_cli():
    files = data_files()
    assert len(files) >= 20
    expected = cli_reports(files)
    assert len(expected) == len(files)
    for p in files:
        r = textscope.analyze(str(p))
        assert r.to_dict() == expected[str(p)], p.name
        assert json.loads(r.to_json()) == expected[str(p)], p.name


@pytest.mark.parametrize("name", WORKED)
def test_worked_files_equal_the_cli_with_a_small_cap(name):
    # SPEC §9 F1–F6, with --max-problems as the cap: the same listing and omitted count.
    p = DATA / name
    expected = cli_reports([p], "--max-problems", "1")[str(p)]
    assert textscope.analyze(p, max_problems=1).to_dict() == expected


def test_the_done_when_example():
    r = textscope.analyze(DATA / "f2-notes-utf16le.txt")
    assert r.format == "utf-16le"
    assert r.encoding == "UTF-16LE"
    assert r.bom.bytes == "FF FE"
    assert r.lines == 2 and r.endings.crlf == 2
    assert r.problem_counts.nul == 0 and r.problem_total == 0
    assert r.longest_line.line == 1
    assert r.path == str(DATA / "f2-notes-utf16le.txt")


def test_typed_access_matches_the_dict():
    r = textscope.analyze(DATA / "f4.txt")
    d = r.to_dict()
    assert r.problems[0].kind == d["problems"][0]["kind"] == "unpaired_surrogate"
    assert r.problems[0].bytes == "3D D8"
    assert isinstance(r.problems[0], textscope.Problem)
    assert isinstance(r.detection, textscope.Detection)
    assert r.detection.steps[0].accepted is True
    assert r["format"] == "utf-16le" and "format" in r and r.get("nope", 7) == 7
    with pytest.raises(AttributeError):
        r.no_such_field  # noqa: B018
    with pytest.raises(AttributeError):
        r.format = "x"
    d["format"] = "changed"  # to_dict is a copy
    assert r.format == "utf-16le"


def test_bytes_memoryview_bytearray_file_and_path_agree():
    for p in data_files():
        data = p.read_bytes()
        by_path = textscope.analyze(p).to_dict()
        by_path["path"] = None
        assert textscope.analyze(data).to_dict() == by_path, p.name
        assert textscope.analyze(bytearray(data)).to_dict() == by_path, p.name
        assert textscope.analyze(memoryview(data)).to_dict() == by_path, p.name
        with open(p, "rb") as f:
            assert textscope.analyze(f).to_dict() == by_path, p.name
        assert textscope.analyze(io.BytesIO(data)).to_dict() == by_path, p.name


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64, 4096])
def test_streaming_in_any_chunk_size_equals_whole(size):
    for p in data_files():
        data = p.read_bytes()
        a = textscope.Analyzer()
        for i in range(0, len(data), size):
            a.feed(data[i : i + size])
        assert a.bytes_fed == len(data)
        assert a.finish() == textscope.analyze(data), (p.name, size)


def test_a_file_larger_than_a_chunk_streams_the_same(tmp_path):
    # Three 1 MiB reads and a bit: a character split across every read boundary.
    text = ("é€😀 line\r\n" * 200_000).encode("utf-16-le")
    p = tmp_path / "big.txt"
    p.write_bytes(text)
    assert len(text) > 3 * textscope.CHUNK_SIZE
    by_path = textscope.analyze(p).to_dict()
    expected = cli_reports([p])[str(p)]
    assert by_path == expected
    by_path["path"] = None
    assert textscope.analyze(text).to_dict() == by_path


def test_forced_encoding_and_cap():
    p = DATA / "windows-1252.txt"
    assert textscope.analyze(p, encoding="latin1").encoding == cli_reports(
        [p], "-e", "latin1")[str(p)]["encoding"]
    r = textscope.analyze(DATA / "invalid-utf8.txt", max_problems=2)
    # The cap counts items; a run of touching problems is one item with its count, and the
    # omitted figure counts the characters no listed item covers (schema 3).
    assert len(r.problems) == 2 and r.problem_total == 6
    assert r.problems_omitted == 6 - sum(p.count for p in r.problems) == 2
    assert r.problem_counts.invalid_utf8 == 6
    r = textscope.analyze(DATA / "invalid-utf8.txt", max_problems=0)
    assert r.problems == [] and r.problems_omitted == 6


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown encoding 'klingon'"):
        textscope.analyze(b"x", encoding="klingon")
    with pytest.raises(ValueError, match="max_problems"):
        textscope.analyze(b"x", max_problems=-1)
    with pytest.raises(ValueError):
        textscope.Analyzer(max_problems=-5)
    with pytest.raises(ValueError):
        textscope.Analyzer(encoding="nope")
    with pytest.raises(TypeError):
        textscope.analyze(12)
    with pytest.raises(TypeError):
        textscope.analyze(b"x", max_problems="3")
    with pytest.raises(TypeError):
        textscope.Analyzer().feed("text")
    with pytest.raises(TypeError):
        textscope.analyze(io.StringIO("text"))


def test_feeding_after_finish_is_a_value_error():
    a = textscope.Analyzer()
    a.feed(b"abc\n")
    assert a.finish().lines == 1
    with pytest.raises(ValueError, match="finished"):
        a.feed(b"more")
    with pytest.raises(ValueError, match="finished"):
        a.finish()


def test_unreadable_files_are_os_errors_naming_the_path(tmp_path):
    missing = tmp_path / "missing.txt"
    with pytest.raises(FileNotFoundError) as e:
        textscope.analyze(missing)
    assert e.value.filename == str(missing) and str(missing) in str(e.value)
    with pytest.raises(IsADirectoryError) as e:
        textscope.analyze(tmp_path)
    assert e.value.filename == str(tmp_path)
    locked = tmp_path / "locked.txt"
    locked.write_bytes(b"secret\n")
    locked.chmod(0)
    try:
        if os.geteuid() == 0:
            # root reads it anyway, as the CLI does.
            assert textscope.analyze(locked).lines == 1
        else:
            with pytest.raises(PermissionError) as e:
                textscope.analyze(locked)
            assert e.value.filename == str(locked)
    finally:
        locked.chmod(0o600)


@pytest.mark.skipif(not os.path.exists("/proc/version"), reason="Linux's procfs")
def test_pseudo_files_are_read_to_their_end():
    # Decisions 90 and 119: /proc/version says it holds 0 bytes and does not; it is read to
    # its end as the CLI reads it (it was refused as "changed while it was read").
    with open("/proc/version", "rb") as f:
        size = len(f.read())
    assert os.stat("/proc/version").st_size == 0 and size > 0
    r = textscope.analyze("/proc/version")
    assert r.size == size and r.lines == 1
    assert r.to_dict() == cli_reports(["/proc/version"])["/proc/version"]


def test_pathlike_is_a_path_and_bytes_are_content():
    p = DATA / "f1.txt"
    assert textscope.analyze(pathlib.PurePath(p)).format == "utf-16le"
    # bytes are always the data itself, never a path (as chardet.detect takes them).
    r = textscope.analyze(os.fsencode(p))
    assert r.format == "utf-8" and r.size == len(os.fsencode(p)) and r.path is None


def test_reports_pickle_and_compare():
    import pickle

    r = textscope.analyze(DATA / "f2-notes-utf16le.txt")
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.to_dict() == r.to_dict()
    assert "utf-16le" in repr(r)


def test_the_docstring_examples_run():
    import doctest

    failed, tried = doctest.testmod(textscope, extraglobs={"textscope": textscope})
    assert tried >= 4 and failed == 0
