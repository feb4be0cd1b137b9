"""Issue 40, item 4: every kind of input, without a whole copy, and progress."""

import array
import io
import mmap

import pytest

import textscope

DATA = ("Grüße aus Köln, Привет 🙂\r\n" * 50_000).encode("utf-8")  # about 1.9 MB


def sources(path):
    f = open(path, "rb")
    m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    return {
        "bytes": DATA,
        "bytearray": bytearray(DATA),
        "memoryview": memoryview(DATA),
        "memoryview of a part": memoryview(b"xx" + DATA)[2:],
        "array": array.array("B", DATA),
        "mmap": m,
        "str path": str(path),
        "PathLike": path,
        "file object": open(path, "rb"),
        "BytesIO": io.BytesIO(DATA),
        "iterator": iter([DATA[i : i + 7777] for i in range(0, len(DATA), 7777)]),
        "generator of views": (memoryview(DATA)[i : i + 100_000]
                               for i in range(0, len(DATA), 100_000)),
    }, (f, m)


def test_every_source_gives_the_same_report_and_answer(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(DATA)
    want = textscope.analyze(DATA).to_dict()
    want.pop("path", None)
    for kind, src in sources(path)[0].items():
        got = textscope.analyze(src).to_dict()
        got.pop("path", None)
        assert got == want, kind
    want_detect = textscope.detect(DATA)
    for kind, src in sources(path)[0].items():
        assert textscope.detect(src) == want_detect, kind


def test_progress_is_called_per_mib(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(DATA)
    for kind, src in sources(path)[0].items():
        seen = []
        textscope.analyze(src, progress=lambda done, total: seen.append((done, total)))
        assert seen, kind
        assert seen[-1][0] == len(DATA), kind
        assert [d for d, _ in seen] == sorted(d for d, _ in seen), kind
        assert len(seen) >= 2, kind  # 1.9 MB: at least two MiB pieces
        total = seen[-1][1]
        if kind in ("iterator", "generator of views"):
            assert total is None, kind
        else:
            assert total == len(DATA), kind
    seen = []
    textscope.detect(path, progress=lambda d, t: seen.append(d))
    assert seen and seen[-1] == len(DATA)


def test_a_progress_exception_stops_the_analysis(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(DATA)

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop(done)

    for src in (DATA, path, bytearray(DATA), io.BytesIO(DATA)):
        with pytest.raises(Stop):
            textscope.analyze(src, progress=stop)


def test_max_bytes_on_every_source(tmp_path):
    path = tmp_path / "in.txt"
    path.write_bytes(b"plain ascii " * 10 + "é".encode())
    want = textscope.detect(b"plain ascii ", max_bytes=12)
    for src in (path, str(path), open(path, "rb"), bytearray(path.read_bytes()),
                iter([path.read_bytes()])):
        assert textscope.detect(src, max_bytes=12) == want
    assert textscope.detect(path)["encoding"] == "utf-8"


def test_wrong_sources():
    with pytest.raises(TypeError):
        textscope.analyze(12)
    with pytest.raises(TypeError):
        textscope.analyze(iter(["text, not bytes"]))
    with pytest.raises(TypeError):
        textscope.analyze(io.StringIO("text"))
    with pytest.raises(TypeError):
        textscope.analyze(b"x", progress=3)
    with pytest.raises(FileNotFoundError):
        textscope.detect("/no/such/file")
