"""Misspelt fields: `mypy --strict` must reject each line below (tests/test_typing.py)."""

import textscope

r = textscope.analyze(b"x")
a: int = r.linez
b: int = r.endings.crfl
c: int = r.problem_counts.nuls
d = textscope.detect(b"x")["encodng"]
