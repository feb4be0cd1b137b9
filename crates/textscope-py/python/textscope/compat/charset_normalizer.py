"""charset-normalizer's main entry points over textscope's core:
``from textscope.compat import charset_normalizer``.

``from_bytes``, ``from_path`` and ``from_fp`` give a ``CharsetMatches`` holding one
``CharsetMatch`` per encoding the report keeps (the verdict first, then its runners-up), or
none for binary data; ``best()`` is the first. A match's ``encoding`` is a Python codec name
in charset-normalizer's spelling (``utf_8``, ``cp1252``, ``ibm737``, ``textscope_shift_jis``),
that decodes exactly as textscope reads the bytes; ``str(match)`` is that text (the byte order
mark dropped), ``output()`` it re-encoded (UTF-8 by default). ``chaos`` is
``1 - confidence``; ``coherence`` the confidence when the report names a language, else 0.
The tuning arguments (``steps``, ``chunk_size``, ``threshold`` …) are accepted; textscope
reads every byte. ``cp_isolation`` and ``cp_exclusion`` keep or drop encodings by name.
"""

from __future__ import annotations

import codecs
import os
from typing import IO, Any, Iterator, List, Optional, Union

from .. import _codecs
from .._detect import detect_all as _detect_all

__all__ = ["CharsetMatch", "CharsetMatches", "detect", "from_bytes", "from_fp", "from_path",
           "is_binary"]

_MARKS = (codecs.BOM_UTF8, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE,
          codecs.BOM_UTF16_BE)


def _spelling(codec: str) -> str:
    """charset-normalizer's spelling of a codec: Python's own name, with ``_``."""
    if codec in ("utf-8-sig",):
        codec = "utf-8"
    return _codecs.normalize(codecs.lookup(codec).name)


class CharsetMatch:
    """One encoding that reads the payload."""

    def __init__(self, payload: bytes, codec: str, confidence: float,
                 language: Optional[str], encoding_name: str) -> None:
        self._payload = payload
        self._codec = codec
        self._confidence = confidence
        self._language = language
        self._name = encoding_name
        self._text: Optional[str] = None

    @property
    def encoding(self) -> str:
        return _spelling(self._codec)

    @property
    def encoding_aliases(self) -> List[str]:
        return sorted({self._name, self._codec} - {self.encoding})

    @property
    def could_be_from_charset(self) -> List[str]:
        return [self.encoding]

    @property
    def language(self) -> str:
        return self._language or "Unknown"

    @property
    def languages(self) -> List[str]:
        return [self._language] if self._language else []

    @property
    def chaos(self) -> float:
        return round(1.0 - self._confidence, 4)

    @property
    def coherence(self) -> float:
        return self._confidence if self._language else 0.0

    @property
    def percent_chaos(self) -> float:
        return round(self.chaos * 100, 3)

    @property
    def percent_coherence(self) -> float:
        return round(self.coherence * 100, 3)

    @property
    def bom(self) -> bool:
        return any(self._payload.startswith(m) for m in _MARKS) and self._codec.startswith("utf")

    byte_order_mark = bom

    @property
    def raw(self) -> bytes:
        return self._payload

    @property
    def multi_byte_usage(self) -> float:
        text = str(self)
        return 1.0 - len(text) / len(self._payload) if self._payload else 0.0

    @property
    def fingerprint(self) -> int:
        return hash(str(self))

    def output(self, encoding: str = "utf_8") -> bytes:
        return str(self).encode(encoding, "replace")

    def __str__(self) -> str:
        if self._text is None:
            if not self._payload:
                self._text = ""
            else:
                self._text = self._payload.decode(self._codec, "replace")
        return self._text

    def __repr__(self) -> str:
        return f"<CharsetMatch {self.encoding!r} (textscope)>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CharsetMatch):
            return self.encoding == other.encoding
        if isinstance(other, str):
            return self.encoding == _spelling(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class CharsetMatches:
    """The matches, best first."""

    def __init__(self, results: Optional[List[CharsetMatch]] = None) -> None:
        self._results = list(results or [])

    def __iter__(self) -> Iterator[CharsetMatch]:
        return iter(self._results)

    def __len__(self) -> int:
        return len(self._results)

    def __bool__(self) -> bool:
        return bool(self._results)

    def __getitem__(self, item: Union[int, str]) -> CharsetMatch:
        if isinstance(item, int):
            return self._results[item]
        want = _spelling(item)
        for r in self._results:
            if r.encoding == want:
                return r
        raise KeyError(item)

    def append(self, item: CharsetMatch) -> None:
        self._results.append(item)

    def best(self) -> Optional[CharsetMatch]:
        return self._results[0] if self._results else None

    def first(self) -> Optional[CharsetMatch]:
        return self.best()


def _wanted(name: str, names: Optional[List[str]]) -> bool:
    want = {_codecs.normalize(n) for n in names or []}
    return _codecs.normalize(name) in want or _codecs.normalize(_spelling(name)) in want


def from_bytes(
    sequences: Union[bytes, bytearray, memoryview],
    steps: int = 5,
    chunk_size: int = 512,
    threshold: float = 0.2,
    cp_isolation: Optional[List[str]] = None,
    cp_exclusion: Optional[List[str]] = None,
    preemptive_behaviour: bool = True,
    explain: bool = False,
    language_threshold: float = 0.1,
    enable_fallback: bool = True,
) -> CharsetMatches:
    """The encodings that read ``sequences``, best first (none for binary data; ``utf_8``
    alone for empty data, as charset-normalizer answers)."""
    if not isinstance(sequences, (bytes, bytearray, memoryview)):
        raise TypeError(f"Expected object of type bytes or bytearray, got: {type(sequences)}")
    payload = bytes(sequences)
    if not payload:
        return CharsetMatches([CharsetMatch(b"", "utf-8", 1.0, None, "utf-8")])
    out = CharsetMatches()
    for r in _detect_all(payload, ignore_threshold=True):
        codec = r["codec"]
        if codec is None:
            continue
        name = r["encoding"] or codec
        if cp_isolation and not _wanted(codec, cp_isolation):
            continue
        if cp_exclusion and _wanted(codec, cp_exclusion):
            continue
        if any(m.encoding == _spelling(codec) for m in out):
            continue
        out.append(CharsetMatch(payload, codec, float(r["confidence"]), r["language"], name))
    return out


def from_fp(fp: IO[bytes], **kwargs: Any) -> CharsetMatches:
    """``from_bytes`` of a binary file object's content."""
    return from_bytes(fp.read(), **kwargs)


def from_path(path: Union[str, "os.PathLike[str]", "os.PathLike[bytes]"],
              **kwargs: Any) -> CharsetMatches:
    """``from_bytes`` of a file's content."""
    with open(path, "rb") as fp:
        return from_fp(fp, **kwargs)


def is_binary(fp_or_path_or_payload: Union[str, "os.PathLike[str]", IO[bytes], bytes],
              **kwargs: Any) -> bool:
    """True when no text format reads the input (textscope's ``binary`` verdict)."""
    x = fp_or_path_or_payload
    if isinstance(x, (bytes, bytearray, memoryview)):
        payload = bytes(x)
    elif isinstance(x, (str, os.PathLike)):
        with open(x, "rb") as fp:
            payload = fp.read()
    else:
        payload = x.read()
    from .. import analyze

    return bool(payload) and analyze(payload, max_problems=0).format == "binary"


def detect(byte_str: bytes, should_rename_legacy: bool = False, **kwargs: Any) -> dict:
    """charset-normalizer's chardet-style ``detect``: ``{"encoding", "language",
    "confidence"}``."""
    best = from_bytes(byte_str).best()
    if best is None:
        return {"encoding": None, "language": "", "confidence": None}
    return {"encoding": best.encoding, "language": best.language if best.languages else "",
            "confidence": 1.0 - best.chaos}
