"""Drop-in APIs of other detectors over textscope's core: change only the import.

- ``textscope.compat.chardet``: chardet 7's ``detect``, ``detect_all``, ``UniversalDetector``,
  ``EncodingEra``, ``DEFAULT_MAX_BYTES``, ``MINIMUM_THRESHOLD``
  (``from textscope.compat import chardet``).
- ``textscope.compat.charset_normalizer``: charset-normalizer's ``from_bytes``, ``from_path``,
  ``from_fp``, ``is_binary``, ``detect``, ``CharsetMatches`` (``.best()``) and
  ``CharsetMatch`` (``.encoding``, ``str(match)`` …).

The answers are textscope's (the report of every byte), in the peer's shape.
"""
