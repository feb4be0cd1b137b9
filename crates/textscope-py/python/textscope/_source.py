"""Every kind of input ``analyze`` and ``detect`` take, fed to the core without a whole copy.

- ``bytes``: read in place by the core (the GIL released).
- a path (``str``, ``os.PathLike``): read by the core, 1 MiB at a time, large files through
  mapped windows; never held whole.
- any other buffer (``bytearray``, ``memoryview``, ``mmap.mmap``, ``array.array``, a NumPy
  array …): sliced through a ``memoryview`` (no copy) and handed over 1 MiB at a time. (The
  stable ABI of Python 3.9, which the abi3 wheel targets, has no buffer protocol, so the core
  cannot read a buffer other than ``bytes`` in place: each 1 MiB piece is copied once.)
- a binary file object (``read``): read 1 MiB at a time.
- an iterator (or iterable) of chunks (``bytes`` or any buffer), fed as they come.

``progress(done, total)`` is called after each MiB with the bytes read so far and the total
when it is known (``None`` for a stream or an iterator); an exception it raises stops the
analysis and propagates.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterator, Optional, Tuple

from ._textscope import CHUNK_SIZE, NativeAnalyzer, analyze_bytes, analyze_path

Progress = Callable[[int, Optional[int]], Any]


def _view(x: Any) -> Optional[memoryview]:
    if isinstance(x, (str, bytes)):
        return None
    try:
        view = memoryview(x)
    except TypeError:
        return None
    if view.format != "B" or view.ndim != 1:
        view = view.cast("B")  # TypeError for a buffer that is not contiguous
    return view


def _total(f: Any) -> Optional[int]:
    """The bytes left in a seekable stream (``None`` when it cannot tell)."""
    try:
        if not f.seekable():
            return None
        pos = f.tell()
        end = f.seek(0, os.SEEK_END)
        f.seek(pos)
        return max(0, int(end) - int(pos))
    except Exception:  # noqa: BLE001 - io.UnsupportedOperation, AttributeError …: unknown
        return None


def pieces(source: Any, max_bytes: Optional[int] = None) -> Tuple[Iterator[bytes], Optional[int]]:
    """The pieces of a source that is not ``bytes`` nor a path, and its total when known."""
    view = _view(source)
    if view is not None:
        if max_bytes is not None:
            view = view[:max_bytes]

        def from_view(v: memoryview = view) -> Iterator[bytes]:
            for start in range(0, len(v), CHUNK_SIZE):
                yield bytes(v[start : start + CHUNK_SIZE])

        return from_view(), len(view)
    if hasattr(source, "read"):

        def from_file() -> Iterator[bytes]:
            left = max_bytes
            while left is None or left > 0:
                n = CHUNK_SIZE if left is None else min(CHUNK_SIZE, left)
                chunk = source.read(n)
                if not chunk:
                    return
                if isinstance(chunk, str):
                    raise TypeError("a file opened in binary mode ('rb') is needed")
                if left is not None:
                    left -= len(chunk)
                yield bytes(chunk) if not isinstance(chunk, bytes) else chunk

        total = _total(source)
        if total is not None and max_bytes is not None:
            total = min(total, max_bytes)
        return from_file(), total
    if hasattr(source, "__iter__") and not isinstance(source, (str, dict)):

        def from_iter() -> Iterator[bytes]:
            left = max_bytes
            for chunk in source:
                v = _view(chunk) if not isinstance(chunk, bytes) else None
                if v is None and not isinstance(chunk, bytes):
                    raise TypeError(
                        f"an iterator of chunks must give bytes or buffers, not "
                        f"{type(chunk).__name__}"
                    )
                data = chunk if isinstance(chunk, bytes) else bytes(v)  # type: ignore[arg-type]
                for start in range(0, len(data), CHUNK_SIZE):
                    piece = data[start : start + CHUNK_SIZE]
                    if left is not None:
                        piece = piece[:left]
                        left -= len(piece)
                    if piece:
                        yield piece
                    if left is not None and left <= 0:
                        return

        return from_iter(), None
    raise TypeError(
        "expected a path (str or os.PathLike), bytes, a buffer (bytearray, memoryview, mmap …), "
        f"a binary file object or an iterator of chunks, not {type(source).__name__}"
    )


def report_json(
    source: Any,
    encoding: Optional[str],
    max_problems: int,
    progress: Optional[Progress] = None,
    max_bytes: Optional[int] = None,
) -> str:
    """The core's JSON report of any source."""
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {type(progress).__name__}")
    if isinstance(source, bytes):
        data = source if max_bytes is None else source[:max_bytes]
        return analyze_bytes(data, encoding, max_problems, progress)
    if isinstance(source, (str, os.PathLike)):
        if max_bytes is None:
            return analyze_path(os.fsdecode(os.fspath(source)), encoding, max_problems, progress)
        with open(source, "rb") as f:
            return report_json(f, encoding, max_problems, progress, max_bytes)
    it, total = pieces(source, max_bytes)
    a = NativeAnalyzer(encoding, max_problems)
    done = 0
    for piece in it:
        a.feed(piece)
        done += len(piece)
        if progress is not None:
            progress(done, total)
    return a.finish()
