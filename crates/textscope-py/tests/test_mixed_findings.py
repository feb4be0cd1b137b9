"""The report's mojibake and mixed_encoding findings and its segments (docs/mojibake.md G8,
M9), through textscope.analyze, on text written for these tests."""

import textscope

GERMAN = "Die Brücke über den Fluß ist schön, sagte der Bürgermeister.\n"
FRENCH = "L'été dernier, nous avons goûté une crème brûlée à Créteil.\n"


def test_mojibake_is_a_finding_with_its_repair():
    r = textscope.analyze("Un caf\u00c3\u00a9 cr\u00c3\u00a8me, merci.\n".encode())
    assert r.finding_counts.mojibake == 2
    f = [f for f in r.findings if f.kind == "mojibake"][0]
    assert (f.line, f.column) == (1, 7)
    assert f.repair.original == "\u00c3\u00a9"
    assert f.repair.repaired == "é"
    assert f.repair.chain == ["utf-8", "windows-1252", "utf-8"]
    assert not f.repair.ambiguous


def test_a_windows_1252_paragraph_in_utf8_is_a_segment():
    data = (GERMAN * 9).encode() + (FRENCH * 4).encode("cp1252") + (GERMAN * 7).encode()
    r = textscope.analyze(data)
    assert r.encoding == "UTF-8"
    other = [s for s in r.segments if s.encoding != "UTF-8"]
    assert [(s.first_line, s.last_line, s.encoding) for s in other] == [(10, 13, "windows-1252")]
    assert r.finding_counts.mixed_encoding == 1


def test_a_clean_file_has_neither():
    r = textscope.analyze((GERMAN * 5).encode())
    assert r.segments == []
    assert r.finding_counts.mojibake == 0 and r.finding_counts.mixed_encoding == 0
