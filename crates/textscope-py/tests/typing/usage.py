"""Typed use of the package: `mypy --strict` must accept it (tests/test_typing.py)."""

from typing import List, Optional

import textscope
from textscope.compat import chardet


def summary(path: str) -> str:
    r = textscope.analyze(path)
    lines: int = r.lines
    crlf: int = r.endings.crlf
    nul: int = r.problem_counts.nul
    kinds: List[str] = [p.kind for p in r.problems]
    mark: Optional[int] = r.bom.length if r.bom is not None else None
    steps: List[bool] = [s.accepted for s in r.detection.steps]
    conf: Optional[float] = r.detection.confidence
    mime: Optional[str] = r.container.mime if r.container is not None else None
    hints: List[str] = [h.encoding for h in r.hints]
    lang: Optional[str] = r.language
    return f"{lines} {crlf} {nul} {kinds} {mark} {steps} {conf} {mime} {hints} {lang}"


def names(data: bytes) -> List[Optional[str]]:
    d = textscope.detect(data)
    enc: Optional[str] = d["encoding"]
    codec: Optional[str] = d["codec"]
    conf: float = d["confidence"]
    det = chardet.UniversalDetector()
    det.feed(data)
    res = det.close()
    pages: List[str] = [e.codec for e in textscope.encodings()]
    text: str = textscope.decode(data, "IBM437", errors="replace")
    return [enc, codec, str(conf), res["mime_type"], pages[0], text]
