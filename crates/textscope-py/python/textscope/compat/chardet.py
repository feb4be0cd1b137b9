"""chardet 7's public API over textscope's core: ``from textscope.compat import chardet``.

``detect``, ``detect_all`` and ``UniversalDetector`` take chardet 7's arguments and give its
dicts (``encoding``, ``confidence``, ``language``, ``mime_type``), with one key more,
``codec``, the Python codec name that decodes exactly as textscope reads the bytes
(``textscope._detect`` documents the names and the empty and binary answers).
"""

from typing import Any, List

from .. import _detect
from .._detect import (
    DEFAULT_MAX_BYTES,
    MINIMUM_THRESHOLD,
    DetectionDict,
    EncodingEra,
    UniversalDetector,
)


def _bytes_like(byte_str: Any) -> None:
    if not isinstance(byte_str, (bytes, bytearray, memoryview)):
        raise TypeError(
            f"Expected object of type bytes or bytearray, got: {type(byte_str)}"
        )


def detect(byte_str: Any, *args: Any, **kwargs: Any) -> DetectionDict:
    """chardet 7's ``detect`` (bytes, bytearray or memoryview, as chardet takes; see
    ``textscope.detect`` for the arguments)."""
    _bytes_like(byte_str)
    return _detect.detect(byte_str, *args, **kwargs)


def detect_all(byte_str: Any, *args: Any, **kwargs: Any) -> List[DetectionDict]:
    """chardet 7's ``detect_all``."""
    _bytes_like(byte_str)
    return _detect.detect_all(byte_str, *args, **kwargs)


__all__ = [
    "DEFAULT_MAX_BYTES",
    "MINIMUM_THRESHOLD",
    "DetectionDict",
    "EncodingEra",
    "UniversalDetector",
    "detect",
    "detect_all",
]
__version__ = "7.0.0+textscope"
