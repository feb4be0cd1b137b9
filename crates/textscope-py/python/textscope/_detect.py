"""``detect``, ``detect_all`` and ``UniversalDetector``: chardet 7's public API over the core.

Each result is chardet 7's dict, ``{"encoding", "confidence", "language", "mime_type"}``, and
one key more, ``codec``: the Python codec name that decodes the input exactly as textscope
reads it (``bytes.decode(codec)``, ``open(..., encoding=codec)``, ``pandas.read_csv``).

- ``encoding`` is spelled as chardet spells it (the table in ``_names.py``: ``Windows-1252``,
  ``SHIFT_JIS``, ``MacRoman``, ``cp437``, ``IBM866`` …); a page chardet does not detect keeps
  textscope's name (``IBM01141``, ``EUC-TW``), which ``import textscope`` registers as a codec.
  ``ascii`` for pure ASCII; ``UTF-8-SIG``, ``UTF-16`` and ``UTF-32`` with a byte order mark,
  ``utf-16-le`` … without. ``compat_names=False`` gives the ``codec`` instead.
- Where chardet's name points Python at another table than textscope read (``SHIFT_JIS``,
  ``EUC-KR``, ``GB18030``, ``Big5``, ``Windows-1252``'s five C1 bytes …), only ``codec``
  decodes alike; use it to decode.
- Empty input: chardet 7's answer, ``{"encoding": "utf-8", "confidence": 0.1, "language":
  None, "mime_type": "text/plain"}`` (``empty_input_encoding`` changes the name).
- Binary input: ``encoding`` and ``codec`` ``None``, ``mime_type`` the container's media type
  when its magic number is known (``image/png``; confidence 1.0), else
  ``application/octet-stream`` (confidence 0.95).

The answer is the one the report of the whole input gives (the CLI's), not a guess from a
sample: ``max_bytes`` defaults to ``None``, every byte. ``confidence`` and ``language`` come
from the report when it carries them (``detection.confidence``, ``language``); otherwise
``language`` is ``None`` and the confidence is computed (docs/python.md).
"""

from __future__ import annotations

import codecs
import json
import math
import enum
from typing import Any, Callable, Dict, Iterable, List, Optional, TypedDict, Union

from . import _codecs, _names
from ._source import _view, report_json
from ._textscope import CHUNK_SIZE
from ._textscope import NativeAnalyzer, analyze_bytes, detect_bytes


__all__ = [
    "DEFAULT_MAX_BYTES",
    "MINIMUM_THRESHOLD",
    "DetectionDict",
    "EncodingEra",
    "UniversalDetector",
    "detect",
    "detect_all",
]

_BAD_UNITS = (
    "unpaired_surrogate",
    "truncated_character",
    "invalid_code_point",
    "invalid_utf8",
    "unmapped_byte",
)

def _encoding(report: Dict[str, Any]) -> Optional[str]:
    fmt = report["format"]
    has_mark = report.get("bom") is not None
    if fmt in ("binary", "empty"):
        return None
    if fmt == "utf-8":
        if has_mark:
            return "UTF-8-SIG"
        return "ascii" if report.get("ascii") else "utf-8"
    if fmt in ("utf-16le", "utf-16be", "utf-32le", "utf-32be"):
        return fmt[:6].upper() if has_mark else fmt.upper()
    return str(report["encoding"])


def _computed_confidence(report: Dict[str, Any]) -> float:
    fmt = report["format"]
    if fmt in ("binary", "empty"):
        return 0.0
    detection = report.get("detection") or {}
    if report.get("bom") is not None or detection.get("forced"):
        base = 1.0
    elif fmt == "utf-8":
        base = 1.0 if report.get("ascii") else 0.99
    elif fmt.startswith("utf-"):
        base = 0.9
    else:
        base = 0.7
    counts = report.get("problem_counts") or {}
    bad = sum(int(counts.get(k, 0)) for k in _BAD_UNITS)
    characters = max(int(report.get("characters", 0)), 1)
    return round(base * max(0.0, 1.0 - bad / characters), 4)


def _as_fraction(value: Any) -> Optional[float]:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    v = float(value)
    return v / 100.0 if v > 1.0 else v


def _language(value: Any) -> Optional[str]:
    return value if isinstance(value, str) and value else None


def _result(report: Dict[str, Any]) -> Result:
    """The answer the report gives (the same as ``detect``'s, in chardet 7's shape)."""
    encoding = _encoding(report)
    detection = report.get("detection") or {}
    confidence = _as_fraction(detection.get("confidence"))
    if confidence is None or encoding is None:
        confidence = _computed_confidence(report)
    if encoding is None:
        container = report.get("container") or {}
        return _binary(report["format"] == "empty", container.get("mime"))
    return _answer(encoding, confidence, _language(report.get("language")))


def _runners_up(report: Dict[str, Any]) -> List[Result]:
    """The ranked runners-up of the detection, when the report carries them."""
    detection = report.get("detection") or {}
    for key in ("runners_up", "candidates", "alternatives"):
        items = detection.get(key)
        if isinstance(items, list):
            break
    else:
        return []
    # The core's candidates carry a `score` (minus the cost per byte above 7F: 0 fits a
    # language model perfectly, -1 is noise), not a probability. A runner-up's confidence is
    # the winner's, scaled by exp(score - best score), so it never exceeds the winner's.
    top = _as_fraction(detection.get("confidence"))
    scores = [
        float(i["score"])
        for i in items
        if isinstance(i, dict) and isinstance(i.get("score"), (int, float))
    ]
    best = max(scores) if scores else 0.0
    out = []
    for item in items:
        if not isinstance(item, dict):
            continue
        name = item.get("encoding") or item.get("name") or item.get("code_page")
        if not isinstance(name, str):
            continue
        if "confidence" in item:
            score = _as_fraction(item.get("confidence"))
        elif isinstance(item.get("score"), (int, float)):
            score = round((top if top is not None else 1.0) * math.exp(item["score"] - best), 4)
        else:
            score = None
        out.append(
            _answer(name, score if score is not None else 0.0, _language(item.get("language")))
        )
    return out




class EncodingEra(enum.IntFlag):
    """chardet 7's eras (the same values): ``encoding_era`` keeps the encodings of these."""

    MODERN_WEB = _names.MODERN_WEB
    LEGACY_ISO = _names.LEGACY_ISO
    LEGACY_MAC = _names.LEGACY_MAC
    LEGACY_REGIONAL = _names.LEGACY_REGIONAL
    DOS = _names.DOS
    MAINFRAME = _names.MAINFRAME
    ALL = _names.ALL


class DetectionDict(TypedDict):
    """One answer: chardet 7's dict and ``codec``."""

    encoding: Optional[str]
    confidence: float
    language: Optional[str]
    mime_type: Optional[str]
    codec: Optional[str]


Result = DetectionDict

# chardet 7's values, for callers that read them; textscope reads every byte unless
# max_bytes is given.
DEFAULT_MAX_BYTES = 200_000
MINIMUM_THRESHOLD = 0.20

_UTF_CODECS = {
    "ascii": "ascii",
    "utf-8": "utf-8",
    "UTF-8-SIG": "utf-8-sig",
    "UTF-16": "utf-16",
    "UTF-32": "utf-32",
    "UTF-16LE": "utf-16-le",
    "UTF-16BE": "utf-16-be",
    "UTF-32LE": "utf-32-le",
    "UTF-32BE": "utf-32-be",
}


def _codec_of(name: str) -> str:
    utf = _UTF_CODECS.get(name)
    return utf if utf is not None else _codecs.codec_name(name)


def _chardet_name(name: str) -> str:
    row = _names.CHARDET.get(name)
    return row[0] if row is not None else _codec_of(name)


def _era_of(name: str) -> int:
    row = _names.CHARDET.get(name)
    return row[1] if row is not None else _names.LEGACY_REGIONAL


def _answer(name: str, confidence: float, language: Optional[str]) -> Result:
    """The answer for textscope's name ``name`` (a Unicode name above or a code page)."""
    return {
        "encoding": _chardet_name(name),
        "confidence": confidence,
        "language": language,
        "mime_type": "text/plain",
        "codec": _codec_of(name),
        # textscope's own name, dropped before the answer is handed out
        "_name": name,  # type: ignore[typeddict-unknown-key]
    }


def _binary(empty: bool, mime: Optional[str]) -> Result:
    if empty:
        return {"encoding": "utf-8", "confidence": 0.1, "language": None,
                "mime_type": "text/plain", "codec": "utf-8"}
    return {
        "encoding": None,
        "confidence": 1.0 if mime else 0.95,
        "language": None,
        "mime_type": mime or "application/octet-stream",
        "codec": None,
    }




def _bytes_of(byte_str: Any, max_bytes: Optional[int]) -> bytes:
    if isinstance(byte_str, bytes):
        data = byte_str
    elif isinstance(byte_str, (bytearray, memoryview)):
        view = memoryview(byte_str).cast("B")
        data = bytes(view if max_bytes is None else view[:max_bytes])
    else:
        raise TypeError(
            f"Expected object of type bytes, bytearray or memoryview, got: {type(byte_str)}"
        )
    if max_bytes is not None:
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1:
            raise ValueError(f"max_bytes must be a positive int or None, not {max_bytes!r}")
        data = data[:max_bytes]
    return data


def _names_set(names: Optional[Iterable[str]]) -> Optional[set]:
    if names is None:
        return None
    return {_codecs.normalize(n) for n in names}


def _matches(name: str, names: set) -> bool:
    spellings = {name, _chardet_name(name), _codec_of(name)}
    return any(_codecs.normalize(s) in names for s in spellings)


class _Filter:
    def __init__(
        self,
        encoding_era: int,
        include: Optional[Iterable[str]],
        exclude: Optional[Iterable[str]],
    ) -> None:
        self.era = int(encoding_era)
        self.include = _names_set(include)
        self.exclude = _names_set(exclude)

    @property
    def trivial(self) -> bool:
        return self.era & _names.ALL == _names.ALL and not self.include and not self.exclude

    def keeps(self, name: str) -> bool:
        if not self.era & _era_of(name):
            return False
        if self.include is not None and not _matches(name, self.include):
            return False
        return not (self.exclude is not None and _matches(name, self.exclude))


def _finish(
    res: Result,
    data: Optional[bytes],
    prefer_superset: bool,
    compat_names: bool,
) -> Result:
    out = dict(res)
    name = out.pop("_name", None)
    if isinstance(name, str) and prefer_superset:
        superset = _names.SUPERSET.get(name)
        if superset is not None and superset != name:
            from . import decode  # the core's decoder: rename only when it reads the bytes

            if data is None or "\ufffd" not in decode(data, superset) or (
                "\ufffd" in decode(data, name)
            ):
                return _finish(_answer(superset, res["confidence"], res["language"]), data,
                               False, compat_names)
    if not compat_names and out.get("codec") is not None:
        out["encoding"] = out["codec"]
    return out  # type: ignore[return-value]


def _no_match(no_match_encoding: str) -> Result:
    return {"encoding": no_match_encoding, "confidence": 0.10, "language": None,
            "mime_type": "text/plain", "codec": no_match_encoding}


def _ranked(data: bytes) -> List[Result]:
    report = json.loads(analyze_bytes(data, None, 1))
    first = _result(report)
    seen = {first.get("_name")}  # type: ignore[misc]
    rest = []
    for r in _runners_up(report):
        if r.get("_name") not in seen:  # type: ignore[misc]
            seen.add(r.get("_name"))  # type: ignore[misc]
            rest.append(r)
    return [first, *rest]


def _quick(data: bytes) -> Result:
    # The native side stops at the verdict on the window and checks the rest only as far as
    # the confidence needs (no report): the same answer as _result(report), much sooner.
    name, _legacy, confidence, bad, characters, language = detect_bytes(data)
    if name is None:
        if not data:
            return _binary(True, None)
        head = json.loads(analyze_bytes(data[:65536], None, 0))
        container = head.get("container") or {}
        return _binary(False, container.get("mime"))
    if bad:
        confidence = round(confidence * max(0.0, 1.0 - bad / max(characters, 1)), 4)
    return _answer(name, confidence, language or None)


def _report_answers(report: Dict[str, Any], keep: "_Filter", no_match: str) -> List[Result]:
    if report["format"] == "empty":
        return [_binary(True, None)]
    ranked = [_result(report), *_runners_up(report)]
    kept = [r for r in ranked if r["encoding"] is None or keep.keeps(r.get("_name"))]  # type: ignore
    return kept or [_no_match(no_match)]


def detect(
    byte_str: Any,
    should_rename_legacy: bool = False,
    encoding_era: int = EncodingEra.ALL,
    chunk_size: Optional[int] = None,
    max_bytes: Optional[int] = None,
    *,
    prefer_superset: bool = False,
    compat_names: bool = True,
    include_encodings: Optional[Iterable[str]] = None,
    exclude_encodings: Optional[Iterable[str]] = None,
    no_match_encoding: str = "cp1252",
    empty_input_encoding: str = "utf-8",
    progress: Optional[Callable[[int, Optional[int]], Any]] = None,
) -> Result:
    """The encoding of ``byte_str`` as ``chardet.detect`` (7) gives it, with ``codec``.

    ``byte_str`` is ``bytes`` (read in place), any buffer (``bytearray``, ``memoryview``,
    ``mmap`` …), a path (``str``, ``os.PathLike``), a binary file object or an iterator of
    chunks (``textscope._source``); ``progress(done, total)`` is called after each MiB.
    ``max_bytes`` (default ``None``: every byte) examines the first bytes only.
    ``encoding_era``, ``include_encodings`` and ``exclude_encodings`` keep the candidates of
    those eras and names (any spelling: chardet's, textscope's, the codec's); when none is
    left, ``no_match_encoding`` at confidence 0.10. ``should_rename_legacy`` (or
    ``prefer_superset``) names an ISO subset by its Windows superset when the superset reads
    the bytes as well (checked on ``bytes`` input; taken from the table otherwise).
    ``chunk_size`` is accepted and unused, as in chardet 7.
    """
    if max_bytes is not None and (
        isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1
    ):
        raise ValueError(f"max_bytes must be a positive int or None, not {max_bytes!r}")
    keep = _Filter(encoding_era, include_encodings, exclude_encodings)
    superset = prefer_superset or should_rename_legacy
    if not isinstance(byte_str, bytes) and progress is None:
        view = _view(byte_str)
        if view is not None and len(view) <= CHUNK_SIZE:
            byte_str = bytes(view)  # a small buffer: one short copy, and the quick path
    if isinstance(byte_str, bytes) and progress is None:
        data = byte_str if max_bytes is None else byte_str[:max_bytes]
        if not data:
            res = _binary(True, None)
        elif keep.trivial:
            res = _quick(data)
        else:
            candidates = [r for r in _ranked(data)
                          if r["encoding"] is None or keep.keeps(r.get("_name"))]  # type: ignore
            res = candidates[0] if candidates else _no_match(no_match_encoding)
        check: Optional[bytes] = data
        empty = not data
    else:
        report = json.loads(report_json(byte_str, None, 1, progress, max_bytes))
        res = _report_answers(report, keep, no_match_encoding)[0]
        check = None
        empty = report["format"] == "empty"
    if empty:
        if empty_input_encoding != "utf-8":
            res = {**res, "encoding": empty_input_encoding, "codec": empty_input_encoding}
        return res
    return _finish(res, check, superset, compat_names)


def detect_all(
    byte_str: Any,
    ignore_threshold: bool = False,
    should_rename_legacy: bool = False,
    encoding_era: int = EncodingEra.ALL,
    chunk_size: Optional[int] = None,
    max_bytes: Optional[int] = None,
    *,
    prefer_superset: bool = False,
    compat_names: bool = True,
    include_encodings: Optional[Iterable[str]] = None,
    exclude_encodings: Optional[Iterable[str]] = None,
    no_match_encoding: str = "cp1252",
    empty_input_encoding: str = "utf-8",
) -> List[Result]:
    """Every candidate, best first, as ``chardet.detect_all`` (7) gives them: the verdict,
    then the runners-up the report ranks. Without ``ignore_threshold``, those at or below
    ``MINIMUM_THRESHOLD`` (0.20) are dropped unless all are. The other arguments are
    ``detect``'s."""
    if max_bytes is not None and (
        isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1
    ):
        raise ValueError(f"max_bytes must be a positive int or None, not {max_bytes!r}")
    keep = _Filter(encoding_era, include_encodings, exclude_encodings)
    data: Optional[bytes] = None
    if isinstance(byte_str, bytes):
        data = byte_str if max_bytes is None else byte_str[:max_bytes]
        if not data:
            return [detect(data, empty_input_encoding=empty_input_encoding)]
    report = json.loads(report_json(byte_str if data is None else data, None, 1, None,
                                    max_bytes if data is None else None))
    if report["format"] == "empty":
        return [detect(b"", empty_input_encoding=empty_input_encoding)]
    ranked = _report_answers(report, keep, no_match_encoding)
    if not ignore_threshold:
        above = [r for r in ranked if r["confidence"] > MINIMUM_THRESHOLD]
        ranked = above or ranked
    superset = prefer_superset or should_rename_legacy
    out: List[Result] = []
    for r in ranked:
        done = _finish(r, data, superset, compat_names)
        if all(done["encoding"] != o["encoding"] for o in out):
            out.append(done)
    return out


class UniversalDetector:
    """chardet's streaming detector: ``feed`` chunks, ``close``, read ``result``; ``reset``
    to start again. The bytes go through the core's streaming analyser (nothing is kept but
    its state), so ``result`` is the report's answer on every byte fed, as ``detect`` gives
    it for the same bytes. ``done`` becomes true after ``close``, or once ``max_bytes`` are
    fed (``None``, the default: every byte is read until ``close``)."""

    MINIMUM_THRESHOLD = MINIMUM_THRESHOLD

    def __init__(
        self,
        lang_filter: Any = None,
        should_rename_legacy: bool = False,
        encoding_era: int = EncodingEra.ALL,
        max_bytes: Optional[int] = None,
        *,
        prefer_superset: bool = False,
        compat_names: bool = True,
        include_encodings: Optional[Iterable[str]] = None,
        exclude_encodings: Optional[Iterable[str]] = None,
        no_match_encoding: str = "cp1252",
        empty_input_encoding: str = "utf-8",
    ) -> None:
        if max_bytes is not None and (
            isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1
        ):
            raise ValueError(f"max_bytes must be a positive int or None, not {max_bytes!r}")
        self._opts: Dict[str, Any] = dict(
            should_rename_legacy=should_rename_legacy,
            encoding_era=encoding_era,
            prefer_superset=prefer_superset,
            compat_names=compat_names,
            include_encodings=include_encodings,
            exclude_encodings=exclude_encodings,
            no_match_encoding=no_match_encoding,
            empty_input_encoding=empty_input_encoding,
        )
        self._max_bytes = max_bytes
        self.reset()

    def reset(self) -> None:
        """Forgets everything fed; ``result`` is empty again."""
        self._native = NativeAnalyzer(None, 1)
        self._fed = 0
        self._head = b""  # the first 64 KiB, for the superset check and the binary sniff
        self._done = False
        self._closed = False
        self.result: Result = {"encoding": None, "confidence": 0.0, "language": None,
                               "mime_type": None, "codec": None}

    @property
    def done(self) -> bool:
        """True once the answer cannot change: after ``close`` or ``max_bytes``."""
        return self._done

    def feed(self, byte_str: Union[bytes, bytearray, memoryview]) -> None:
        """Feeds the next chunk (ignored once ``done``)."""
        if self._done or self._closed:
            return
        data = _bytes_of(byte_str, None)
        if self._max_bytes is not None:
            data = data[: max(0, self._max_bytes - self._fed)]
        if len(self._head) < 65536:
            self._head += data[: 65536 - len(self._head)]
        self._native.feed(data)
        self._fed += len(data)
        if self._max_bytes is not None and self._fed >= self._max_bytes:
            self._done = True

    def close(self) -> Result:
        """The answer on every byte fed; returns ``result``."""
        if self._closed:
            return self.result
        self._closed = True
        self._done = True
        report = json.loads(self._native.finish())
        o = self._opts
        if report["format"] == "empty":
            res = detect(b"", empty_input_encoding=o["empty_input_encoding"])
        else:
            keep = _Filter(o["encoding_era"], o["include_encodings"], o["exclude_encodings"])
            kept = _report_answers(report, keep, o["no_match_encoding"])
            res = _finish(kept[0], self._head,
                          o["prefer_superset"] or o["should_rename_legacy"], o["compat_names"])
        self.result = res
        return res


def _from_report(report: Dict[str, Any]) -> Result:
    """``detect``'s answer from a JSON report (the CLI's ``--json`` object)."""
    return _finish(_result(report), None, False, True)
