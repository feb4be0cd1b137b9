"""The UTF-16 inspector and validator.

``inspect(text)`` shows how each code point becomes UTF-16 units and bytes, with the surrogate
pair derivation of a supplementary character; ``validate(units)`` says whether a sequence of
UTF-16 units (or bytes paired into units) is well-formed and where each error is. Both return
the JSON object of ``textscope utf16 --json`` as plain dicts.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Optional, Union

from ._textscope import check_hex_json, inspect_json, validate_bytes_json, validate_units_json

__all__ = ["inspect", "validate"]


def inspect(text: str) -> Dict[str, Any]:
    """Each code point of ``text`` with its name, plane, UTF-16 units, UTF-16BE and UTF-16LE
    bytes and, above U+FFFF, the derivation of its surrogate pair; totals of code points,
    units, bytes and grapheme clusters.

    A ``str`` holding a lone surrogate is not text: pass its units to ``validate`` instead
    (``ValueError``)."""
    if not isinstance(text, str):
        raise TypeError(f"inspect() takes a str, not {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(
            f"the text holds a lone surrogate at index {e.start}: validate its units instead"
        ) from None
    return json.loads(inspect_json(text))


def validate(
    units: Union[str, bytes, bytearray, memoryview, Iterable[int]],
    *,
    byte_order: Optional[str] = None,
) -> Dict[str, Any]:
    """Whether UTF-16 units are well-formed, and every error with its class
    (``UNPAIRED_LOW_SURROGATE``, ``EXPECTED_LOW_SURROGATE``, ``TRUNCATED_SURROGATE_PAIR``,
    ``UNPAIRED_HIGH_SURROGATE``, ``ODD_BYTE_COUNT``) and 0-based unit position.

    ``units`` is a sequence of ints (0–0xFFFF); a ``str`` of hex units (``"D83D DE00"``,
    ``"0xD83D, 0xDE00"``, ``"\\\\uD83D\\\\uDE00"``); or bytes, paired into units in
    ``byte_order`` (``"le"`` or ``"be"``, required for bytes)."""
    if isinstance(units, str):
        if byte_order is not None:
            raise ValueError("byte_order is for bytes, not for hex units")
        return json.loads(check_hex_json(units))
    if isinstance(units, (bytes, bytearray, memoryview)):
        if byte_order is None:
            raise ValueError("bytes need byte_order='le' or byte_order='be'")
        return json.loads(validate_bytes_json(bytes(units), byte_order))
    if byte_order is not None:
        raise ValueError("byte_order is for bytes, not for units")
    values = []
    for u in units:
        if isinstance(u, bool) or not isinstance(u, int):
            raise TypeError(f"a UTF-16 unit is an int, not {type(u).__name__}")
        if not 0 <= u <= 0xFFFF:
            raise ValueError(f"a UTF-16 unit is 0 to 0xFFFF, not {u:#x}")
        values.append(u)
    return json.loads(validate_units_json(values))
