"""``detect`` and ``detect_all``: drop-in for ``chardet.detect`` and ``chardet.detect_all``.

Each result is a dict ``{"encoding", "confidence", "language"}``: ``encoding`` is a name that
Python's ``codecs`` accepts, or ``None`` for empty or binary data; ``ascii`` for pure ASCII;
``UTF-8-SIG``, ``UTF-16`` and ``UTF-32`` when a byte order mark is present (those codecs read
and drop it), ``UTF-16LE`` … without one. The answer is the one the report of the whole
input gives (the CLI's), not a guess from a sample; ``detect`` reaches it without building
the report: the verdict on the first 64 KiB, then a check of the rest for bad units.

``confidence`` and ``language`` come from the report when it carries them
(``detection.confidence``, ``language``). Otherwise ``language`` is ``""`` and the confidence
is computed from the report (docs/python.md): 1.0 for a byte order mark, pure ASCII or a
forced encoding, 0.99 for UTF-8 beyond ASCII, 0.9 for UTF-16/32 without a mark, 0.7 for a
legacy code page guessed from statistics; multiplied by the share of characters that are not
bad units (invalid sequences, unpaired surrogates, invalid code points, characters cut short,
unmapped bytes); 0.0 for empty or binary data.
"""

from __future__ import annotations

import codecs
import json
import math
from typing import Any, Dict, List, Optional, Union

from ._textscope import analyze_bytes, detect_bytes

__all__ = ["detect", "detect_all"]

Result = Dict[str, Any]

_BAD_UNITS = (
    "unpaired_surrogate",
    "truncated_character",
    "invalid_code_point",
    "invalid_utf8",
    "unmapped_byte",
)

# Code page names (the WHATWG/encoding_rs spelling) that Python's codecs spell otherwise.
_PYTHON_NAMES = {
    "x-mac-cyrillic": "mac-cyrillic",
    "macintosh": "mac-roman",
    "iso-8859-8-i": "iso8859-8",
    "windows-874": "cp874",
    "x-user-defined": "latin-1",
}


def _codec_name(name: str) -> str:
    try:
        codecs.lookup(name)
        return name
    except LookupError:
        return _PYTHON_NAMES.get(name.lower(), name)


# The code page names met so far, mapped to Python's spelling (a few dozen at most).
_CODEC_NAMES: Dict[str, str] = {}


def _python_can_decode(name: str) -> bool:
    try:
        codecs.lookup(name)
        return True
    except LookupError:
        return False


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
    return _codec_name(str(report["encoding"]))


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


def _language(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _result(report: Dict[str, Any]) -> Result:
    encoding = _encoding(report)
    detection = report.get("detection") or {}
    confidence = _as_fraction(detection.get("confidence"))
    if confidence is None or encoding is None:
        confidence = _computed_confidence(report)
    return {
        "encoding": encoding,
        "confidence": confidence,
        "language": _language(report.get("language")),
    }


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
        if not _python_can_decode(_codec_name(name)):
            continue  # a runner-up is offered for decoding: only names Python's codecs know
        out.append(
            {
                "encoding": _codec_name(name),
                "confidence": score if score is not None else 0.0,
                "language": _language(item.get("language")),
            }
        )
    return out


def _report_of(data: Union[bytes, bytearray, memoryview]) -> Dict[str, Any]:
    if isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    if not isinstance(data, bytes):
        raise TypeError(
            f"Expected object of type bytes, bytearray or memoryview, got: {type(data)}"
        )
    return json.loads(analyze_bytes(data, None, 1))


def detect(
    byte_str: Union[bytes, bytearray, memoryview], should_rename_legacy: bool = False
) -> Result:
    """The encoding of ``byte_str`` as ``chardet.detect`` gives it:
    ``{"encoding": str | None, "confidence": float, "language": str}``.

    ``should_rename_legacy`` is accepted for compatibility; the names given are already the
    ones in use (``windows-1252``, not ``ISO-8859-1``, for what Windows wrote).
    """
    if not isinstance(byte_str, bytes):
        if not isinstance(byte_str, (bytearray, memoryview)):
            raise TypeError(
                "Expected object of type bytes, bytearray or memoryview, "
                f"got: {type(byte_str)}"
            )
        byte_str = bytes(byte_str)
    # The native side stops at the verdict on the window and checks the rest only as far as
    # the confidence needs (no report): the same answer as _result(report), much sooner.
    name, legacy, confidence, bad, characters, language = detect_bytes(byte_str)
    if legacy and name is not None:
        mapped = _CODEC_NAMES.get(name)
        if mapped is None:
            mapped = _CODEC_NAMES[name] = _codec_name(name)
        name = mapped
    if bad:
        confidence = round(confidence * max(0.0, 1.0 - bad / max(characters, 1)), 4)
    return {"encoding": name, "confidence": confidence, "language": language}


def detect_all(
    byte_str: Union[bytes, bytearray, memoryview],
    ignore_threshold: bool = False,
    should_rename_legacy: bool = False,
) -> List[Result]:
    """Every candidate, best first, as ``chardet.detect_all`` gives them: the verdict, then the
    runners-up when the report ranks them. The other arguments are accepted for
    compatibility."""
    report = _report_of(byte_str)
    first = _result(report)
    rest = [r for r in _runners_up(report) if r["encoding"] != first["encoding"]]
    return [first, *rest]
