"""textscope tells exactly what a text file is and what is wrong with it, to the byte.

Its encoding (UTF-8, UTF-16LE/BE, UTF-32LE/BE or a legacy code page) and why it was detected
so, its byte order mark, its lines and line endings, and every problem (unpaired surrogates,
NULs, control characters, a stray U+FEFF, a character cut short, mixed endings, invalid
sequences) with offset, line and column. The whole file is read in one streaming pass, in
constant memory, by the same Rust core as the ``textscope`` command, with the GIL released.

>>> import textscope
>>> r = textscope.analyze(b"caf\\xc3\\xa9\\r\\n")
>>> r.format, r.lines, r.endings.crlf
('utf-8', 1, 1)
>>> textscope.detect(b"plain")["encoding"]
'ascii'
"""

from __future__ import annotations

import codecs
import os
from typing import IO, Any, Callable, List, NamedTuple, Optional, Union

from . import _codecs, utf16
from ._detect import DetectionDict, EncodingEra, UniversalDetector, detect, detect_all
from ._source import report_json
from ._report import (
    Detection,
    Endings,
    FindingCounts,
    LongestLine,
    Mark,
    Note,
    Problem,
    ProblemCounts,
    Report,
    Step,
)
from ._textscope import (
    CHUNK_SIZE,
    SCHEMA_VERSION,
    NativeAnalyzer,
    analyze_bytes,
    analyze_path,
    decode_bytes,
    fix_mojibake,
)

__all__ = [
    "Analyzer",
    "CHUNK_SIZE",
    "Detection",
    "DetectionDict",
    "EncodingEra",
    "UniversalDetector",
    "Endings",
    "FindingCounts",
    "LongestLine",
    "Mark",
    "Note",
    "Problem",
    "ProblemCounts",
    "Report",
    "SCHEMA_VERSION",
    "Step",
    "analyze",
    "decode",
    "encodings",
    "Encoding",
    "detect",
    "detect_all",
    "fix_mojibake",
    "utf16",
]

__version__ = "0.1.0"

class Encoding(NamedTuple):
    """One code page of ``textscope.encodings()``."""

    name: str
    family: str
    multi_byte: bool
    stateful: bool
    encoder: str
    codec: str


Source = Union[str, "os.PathLike[str]", "os.PathLike[bytes]", bytes, bytearray, memoryview, IO[bytes]]


class Analyzer:
    """The streaming analyser, for streams and sockets: ``feed`` chunks of any size, then
    ``finish`` for the report. A chunk of 64 KiB or more is analysed with the GIL released.

    >>> a = textscope.Analyzer()
    >>> for chunk in (b"caf\\xc3", b"\\xa9\\n"):
    ...     a.feed(chunk)
    >>> a.finish().characters
    5
    """

    __slots__ = ("_native",)

    def __init__(self, *, encoding: Optional[str] = None, max_problems: int = 1000) -> None:
        self._native = NativeAnalyzer(encoding, _max_problems(max_problems))

    def feed(self, data: Union[bytes, bytearray, memoryview]) -> None:
        """Feeds the next chunk. ``ValueError`` after ``finish``."""
        if isinstance(data, bytes):
            self._native.feed(data)
        elif isinstance(data, (bytearray, memoryview)):
            view = memoryview(data).cast("B")
            for start in range(0, len(view), CHUNK_SIZE):
                self._native.feed(bytes(view[start : start + CHUNK_SIZE]))
        else:
            raise TypeError(
                f"feed() takes bytes, bytearray or memoryview, not {type(data).__name__}"
            )

    @property
    def bytes_fed(self) -> int:
        """Bytes fed so far."""
        return self._native.bytes_fed

    def finish(self) -> Report:
        """The report; the analyser cannot be fed after this."""
        return Report.from_json(self._native.finish())


def _max_problems(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"max_problems must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"max_problems must be 0 or more, not {n}")
    return n


def _check_encoding(encoding: object) -> Optional[str]:
    if encoding is None or isinstance(encoding, str):
        return encoding
    raise TypeError(f"encoding must be a str or None, not {type(encoding).__name__}")


def analyze(
    source: Any,
    *,
    encoding: Optional[str] = None,
    max_problems: int = 1000,
    progress: Optional[Callable[[int, Optional[int]], Any]] = None,
) -> Report:
    """Analyses a file or bytes and returns its report.

    ``source`` is a path (``str`` or ``os.PathLike``), read by the Rust core in one streaming
    pass of 1 MiB reads (large files through mapped windows) and never held whole; ``bytes``,
    read in place; any other buffer (``bytearray``, ``memoryview``, ``mmap.mmap``,
    ``array.array`` …), sliced through a ``memoryview`` and fed 1 MiB at a time, never
    copied whole; a binary file object, read in 1 MiB chunks; or an iterator of chunks
    (``bytes`` or buffers). ``encoding`` skips detection (``"utf-16le"``, ``"legacy"``,
    ``"windows-1252"`` …). ``max_problems`` caps the problems listed per kind (the counts stay
    exact). ``progress(done, total)`` is called after each MiB with the bytes read so far and
    the total when known (``None`` for a stream); an exception it raises stops the analysis
    and propagates.

    Raises ``OSError`` (``FileNotFoundError``, ``PermissionError``, ``IsADirectoryError`` …)
    naming the path when the file cannot be read, ``ValueError`` for an unknown encoding or a
    negative ``max_problems``, ``TypeError`` for anything else as ``source``.
    """
    encoding = _check_encoding(encoding)
    max_problems = _max_problems(max_problems)
    return Report.from_json(report_json(source, encoding, max_problems, progress))


def decode(
    source: Union[str, "os.PathLike[str]", bytes, bytearray, memoryview],
    encoding: Optional[str] = None,
    errors: str = "replace",
) -> str:
    """The text of a file or bytes, decoded by the core in the detected format (or
    ``encoding``: any name or alias of ``textscope.encodings()``, or ``utf-8``, ``utf-16le`` …),
    without the byte order mark: exactly the text the core reads, for every code page it reads.

    Each bad unit (an invalid UTF-8 sequence, an unpaired surrogate, an invalid code point, a
    character cut short, an unmapped byte) is one unit for the ``errors`` handler, as the
    report counts them: ``"replace"`` gives one U+FFFD, ``"strict"`` raises
    ``UnicodeDecodeError`` at the first, ``"ignore"`` drops them, and any handler registered
    with ``codecs.register_error`` works. Binary data raises ``ValueError`` unless
    ``encoding`` is given; empty data gives ``""``. A path is read whole (the text is
    returned whole anyway).
    """
    encoding = _check_encoding(encoding)
    if not isinstance(errors, str):
        raise TypeError(f"errors must be a str, not {type(errors).__name__}")
    if errors not in ("replace", "strict", "ignore"):
        codecs.lookup_error(errors)  # LookupError for an unknown handler, before any work
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data = f.read()
    elif isinstance(source, bytes):
        data = source
    elif isinstance(source, (bytearray, memoryview)):
        data = bytes(source)
    else:
        raise TypeError(
            "decode() takes a path (str or os.PathLike), bytes, bytearray or memoryview, "
            f"not {type(source).__name__}"
        )
    text, bad, name = decode_bytes(data, encoding)
    return _codecs._decode_with(name, data, errors, bad, text, 0)


def encodings() -> List[Encoding]:
    """Every code page the core decodes, in the registry's order (commonest first): its name
    (the one reports give), family, whether a character may take more than one byte, whether
    the decoder holds a mode (ISO-2022), how ``textscope`` encodes it (``"table"``,
    ``"encoding_rs"``, or ``"ascii"``: ASCII alone) and the Python codec name that decodes it
    exactly as the core does (``codec``)."""
    return [
        Encoding(
            name=name,
            family=family,
            multi_byte=multi,
            stateful=stateful,
            encoder=encoder,
            codec=_codecs.codec_name(name),
        )
        for name, family, multi, stateful, encoder in _codecs.encodings_list()
    ]


_codecs.register()
