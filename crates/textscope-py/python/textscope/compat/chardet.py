"""chardet 7's public API over textscope's core: ``from textscope.compat import chardet``.

``detect``, ``detect_all`` and ``UniversalDetector`` take chardet 7's arguments and give its
dicts (``encoding``, ``confidence``, ``language``, ``mime_type``), with one key more,
``codec``, the Python codec name that decodes exactly as textscope reads the bytes
(``textscope._detect`` documents the names and the empty and binary answers).
"""

from .._detect import (
    DEFAULT_MAX_BYTES,
    MINIMUM_THRESHOLD,
    DetectionDict,
    EncodingEra,
    UniversalDetector,
    detect,
    detect_all,
)

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
