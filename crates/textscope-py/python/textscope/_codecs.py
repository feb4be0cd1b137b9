"""Python codecs for every code page the core decodes, registered by ``import textscope``.

One search function (``codecs.register``) answers, after Python's own codecs, for:

- ``textscope-<name>`` for every page and every label the core accepts
  (``textscope-Shift_JIS``, ``textscope-cp437``): always the core's table;
- the page's own name (``IBM737``, ``x-mac-ce``, ``hp-roman8`` …) where Python has no codec
  of that name. Where Python has one, Python's answers first: the name is then given as the
  ``codec`` of a detection only when Python's codec decodes every byte exactly as the core
  does (checked byte by byte, single-byte pages only); otherwise the ``codec`` is the
  ``textscope-`` name.

Python normalises a codec name before the search (lower case, ``-`` and spaces become ``_``),
so ``"IBM737"``, ``"ibm-737"`` … reach the same codec, in ``bytes.decode``, ``open()``,
``io.TextIOWrapper`` and ``pandas.read_csv``.

Decoding is the core's (``textscope.decode`` gives the same text): each bad unit is one
character for the error handler (``strict`` raises ``UnicodeDecodeError`` with its span,
``replace`` gives one U+FFFD, ``ignore`` drops it, any registered handler works). Encoding is
the inverse of the core's decoding: a single-byte page's own table, encoding_rs's encoder for
the pages the core decodes with encoding_rs (windows-125x, Shift_JIS, GBK, Big5, EUC-KR,
ISO-2022-JP …); Johab, EUC-TW, ISO-2022-KR and ISO-2022-CN, which the core decodes with its
own state machines and cannot encode, encode ASCII alone: any other character is a
``UnicodeEncodeError`` (reason: "textscope encodes only ASCII in <page>"), which the usual
error handlers (``replace``, ``xmlcharrefreplace`` …) handle.
"""

from __future__ import annotations

import codecs
import encodings
from typing import Any, Dict, List, Optional, Tuple

from ._textscope import PageDecoder, PageEncoder, code_page_name, code_pages

__all__ = ["PREFIX", "codec_name", "encodings_list", "lookup", "normalize", "register"]

PREFIX = "textscope-"

# (name, family, multi-byte, stateful, encoder): the registry, in its order.
_PAGES: List[Tuple[str, str, bool, bool, str]] = list(code_pages())


def normalize(name: str) -> str:
    """A codec name as Python hands it to a search function: lower case, ``-`` and spaces
    as ``_``."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


_BY_NORMAL: Dict[str, str] = {normalize(p[0]): p[0] for p in _PAGES}
_PREFIX_NORMAL = normalize(PREFIX)


def encodings_list() -> List[Tuple[str, str, bool, bool, str]]:
    return list(_PAGES)


def _decode_with(
    page: str, data: bytes, errors: str, bad: List[Tuple[int, int, int]], text: str, base: int
) -> str:
    """Applies the error handler to each bad unit (its U+FFFD at ``bad[i][0]`` in ``text``);
    byte offsets are relative to ``base`` in ``data``."""
    if not bad or errors == "replace":
        return text
    if errors == "ignore":
        out = []
        prev = 0
        for at, _s, _e in bad:
            out.append(text[prev:at])
            prev = at + 1
        out.append(text[prev:])
        return "".join(out)
    if errors == "strict":
        at, start, end = bad[0]
        raise UnicodeDecodeError(
            page,
            data,
            max(0, start - base),
            max(1, min(len(data), end - base)),
            "bad unit (textscope counts it as one U+FFFD)",
        )
    handler = codecs.lookup_error(errors)
    out = []
    prev = 0
    for at, start, end in bad:
        out.append(text[prev:at])
        s = max(0, start - base)
        e = max(s + 1, min(len(data), end - base))
        exc = UnicodeDecodeError(page, data, s, e, "bad unit (textscope counts it as one U+FFFD)")
        replacement, _pos = handler(exc)
        out.append(replacement if isinstance(replacement, str) else replacement.decode())
        prev = at + 1
    out.append(text[prev:])
    return "".join(out)


def _encode_with(page: str, enc: PageEncoder, text: str, errors: str, last: bool) -> bytes:
    out = []
    rest = text
    done = 0
    while True:
        chunk, stop = enc.encode(rest, last)
        out.append(chunk)
        if stop is None:
            return b"".join(out)
        start = done + stop
        reason = (
            f"textscope encodes only ASCII in {page}"
            if enc.kind == "ascii"
            else f"{page} has no byte for this character"
        )
        if errors == "strict":
            raise UnicodeEncodeError(page, text, start, start + 1, reason)
        if errors == "ignore":
            replacement, pos = "", start + 1
        else:
            handler = codecs.lookup_error(errors)
            rep, pos = handler(UnicodeEncodeError(page, text, start, start + 1, reason))
            if isinstance(rep, bytes):
                out.append(rep)
                replacement = ""
            else:
                replacement = rep
        if replacement:
            b, bad_at = enc.encode(replacement, False)
            if bad_at is not None:
                raise UnicodeEncodeError(page, text, start, start + 1, reason)
            out.append(b)
        if pos < 0:
            pos += len(text)
        done = pos
        rest = text[pos:]


def _codec_info(page: str, name: str) -> codecs.CodecInfo:
    def decode(data: Any, errors: str = "strict") -> Tuple[str, int]:
        data = bytes(data)
        text, bad, _done = PageDecoder(page).decode(data, True)
        return _decode_with(page, data, errors, bad, text, 0), len(data)

    def encode(text: str, errors: str = "strict") -> Tuple[bytes, int]:
        return _encode_with(page, PageEncoder(page), text, errors, True), len(text)

    class IncrementalDecoder(codecs.IncrementalDecoder):
        def __init__(self, errors: str = "strict") -> None:
            super().__init__(errors)
            self._d = PageDecoder(page)
            self._tail = b""  # the bytes fed but not yet decoded (a character begun)

        def decode(self, input: Any, final: bool = False) -> str:  # noqa: A002
            data = bytes(input)
            base = self._d.fed - len(self._tail)
            text, bad, done = self._d.decode(data, final)
            whole = self._tail + data
            # Offsets of the bad units are from the stream's start; the exception's object is
            # the bytes held plus this chunk.
            out = _decode_with(page, whole, self.errors, bad, text, base)
            self._tail = whole[max(0, done - base) :] if not final else b""
            return out

        def reset(self) -> None:
            self._d.reset()
            self._tail = b""

        def getstate(self) -> Tuple[bytes, int]:
            return (self._tail, 0)

        def setstate(self, state: Tuple[bytes, int]) -> None:
            self.reset()
            buffered, _flags = state
            if buffered:
                self.decode(buffered, False)

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def __init__(self, errors: str = "strict") -> None:
            super().__init__(errors)
            self._e = PageEncoder(page)

        def encode(self, input: str, final: bool = False) -> bytes:  # noqa: A002
            return _encode_with(page, self._e, input, self.errors, final)

        def reset(self) -> None:
            self._e.reset()

    class StreamWriter(codecs.StreamWriter):
        def encode(self, input: str, errors: str = "strict") -> Tuple[bytes, int]:  # noqa: A002
            return encode(input, errors)

    class StreamReader(codecs.StreamReader):
        def decode(self, input: bytes, errors: str = "strict") -> Tuple[str, int]:  # noqa: A002
            return decode(input, errors)

    return codecs.CodecInfo(
        encode,
        decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamreader=StreamReader,
        streamwriter=StreamWriter,
        name=name,
    )


_INFOS: Dict[str, codecs.CodecInfo] = {}


def lookup(name: str) -> Optional[codecs.CodecInfo]:
    """The search function: a ``CodecInfo`` for a name of ours, else ``None``."""
    norm = normalize(name)
    if norm.startswith(_PREFIX_NORMAL):
        try:
            page = code_page_name(name.strip()[len(PREFIX) :])
        except LookupError:
            return None
        info_name = normalize(PREFIX + page)
    else:
        page_or_none = _BY_NORMAL.get(norm)
        if page_or_none is None:
            return None
        page = page_or_none
        info_name = norm
    info = _INFOS.get(info_name)
    if info is None:
        info = _INFOS[info_name] = _codec_info(page, info_name)
    return info


def _python_codec(name: str) -> Optional[codecs.CodecInfo]:
    """Python's own codec of that name (not ours), or None."""
    found = encodings.search_function(normalize(name))
    return found if isinstance(found, codecs.CodecInfo) else None


def _same_in_python(page: str, info: codecs.CodecInfo) -> bool:
    """True when Python's codec decodes every byte of a single-byte page as the core does."""
    every = bytes(range(256))
    text, bad, _done = PageDecoder(page).decode(every, True)
    if len(text) != 256:
        return False
    bad_at = {b[0] for b in bad}
    for i in range(256):
        try:
            ch = info.decode(every[i : i + 1], "strict")[0]
        except UnicodeDecodeError:
            if i not in bad_at:
                return False
            continue
        except Exception:  # noqa: BLE001 - any failure of a foreign codec: not the same
            return False
        if i in bad_at or ch != text[i]:
            return False
    return True


_CODEC_NAMES: Dict[str, str] = {}


def codec_name(page: str) -> str:
    """The Python codec name that decodes exactly as the core does the page ``page`` (a name
    of the registry): the page's own name where Python has no codec of that name (ours
    answers) or Python's decodes every byte alike; ``textscope-<page>`` otherwise."""
    got = _CODEC_NAMES.get(page)
    if got is not None:
        return got
    info = _python_codec(page)
    multi = any(p[0] == page and p[2] for p in _PAGES)
    if info is None or (not multi and _same_in_python(page, info)):
        got = page
    else:
        got = PREFIX + page
    _CODEC_NAMES[page] = got
    return got


_registered = False


def register() -> None:
    """Registers the search function (once; ``import textscope`` calls it)."""
    global _registered
    if not _registered:
        codecs.register(lookup)
        _registered = True
