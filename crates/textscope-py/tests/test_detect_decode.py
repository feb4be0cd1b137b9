"""detect()/detect_all() in chardet's documented shape, and decode()."""

import codecs

import pytest

import textscope
from conftest import DATA, cli_reports, data_files


def check_shape(result):
    assert set(result) == {"encoding", "confidence", "language"}
    assert result["encoding"] is None or isinstance(result["encoding"], str)
    assert isinstance(result["confidence"], float) and 0.0 <= result["confidence"] <= 1.0
    assert isinstance(result["language"], str)
    if result["encoding"] is not None:
        codecs.lookup(result["encoding"])  # a name Python's codecs accepts


def test_shape_on_every_data_file_and_agreement_with_the_cli():
    reports = cli_reports(data_files())
    for p in data_files():
        res = textscope.detect(p.read_bytes())
        check_shape(res)
        r = reports[str(p)]
        if r["format"] in ("binary", "empty"):
            assert res["encoding"] is None and res["confidence"] == 0.0, p.name
            continue
        # The codec decodes the file as the CLI read it (mark dropped by the -SIG/16/32 codecs).
        text = p.read_bytes().decode(res["encoding"], errors="replace")
        assert text == textscope.decode(p), p.name
        assert res["confidence"] > 0.0, p.name


@pytest.mark.parametrize(
    "data, encoding, confidence",
    [
        (b"plain ascii\n", "ascii", 1.0),
        ("café\n".encode("utf-8"), "utf-8", 0.99),
        (codecs.BOM_UTF8 + b"marked\n", "UTF-8-SIG", 1.0),
        (codecs.BOM_UTF16_LE + "mark".encode("utf-16-le"), "UTF-16", 1.0),
        (codecs.BOM_UTF16_BE + "mark".encode("utf-16-be"), "UTF-16", 1.0),
        (codecs.BOM_UTF32_LE + "mark".encode("utf-32-le"), "UTF-32", 1.0),
        ("no mark at all, just text\n".encode("utf-16-le"), "UTF-16LE", 0.9),
        (b"", None, 0.0),
        (bytes(range(256)) * 4, None, 0.0),
    ],
)
def test_names_as_chardet_gives_them(data, encoding, confidence):
    res = textscope.detect(data)
    check_shape(res)
    assert res == {"encoding": encoding, "confidence": confidence, "language": ""}


def test_bad_units_lower_the_confidence():
    res = textscope.detect((DATA / "invalid-utf8.txt").read_bytes())
    assert res["encoding"] == "utf-8"
    assert 0.9 < res["confidence"] < 0.99


def test_legacy_code_page():
    res = textscope.detect((DATA / "windows-1252.txt").read_bytes())
    assert res["encoding"].lower() == "windows-1252"
    assert codecs.lookup(res["encoding"]).name == "cp1252"
    # The detector's own confidence (detection.confidence), as a fraction.
    report = textscope.analyze((DATA / "windows-1252.txt").read_bytes())
    assert res["confidence"] == report.detection.confidence
    assert 0.0 < res["confidence"] <= 1.0


def test_detect_all_is_a_list_led_by_detect():
    for p in data_files():
        data = p.read_bytes()
        all_ = textscope.detect_all(data)
        assert isinstance(all_, list) and all_
        assert all_[0] == textscope.detect(data)
        for res in all_:
            check_shape(res)


def test_drop_in_arguments_and_types():
    assert textscope.detect(bytearray(b"abc"))["encoding"] == "ascii"
    assert textscope.detect(b"abc", should_rename_legacy=True)["encoding"] == "ascii"
    assert textscope.detect_all(b"abc", ignore_threshold=True)[0]["encoding"] == "ascii"
    with pytest.raises(TypeError):
        textscope.detect("a str is not bytes")


def test_decode_replaces_each_bad_unit_as_the_report_counts_them():
    for name, kinds in [
        ("invalid-utf8.txt", ["invalid_utf8"]),
        ("f4.txt", ["unpaired_surrogate"]),
        ("f5-utf32le-bad-units.txt", ["invalid_code_point", "unpaired_surrogate"]),
        ("utf16le-odd-length.txt", ["truncated_character"]),
        ("truncated-utf8.txt", ["truncated_character", "invalid_utf8"]),
    ]:
        r = textscope.analyze(DATA / name)
        bad = sum(r.problem_counts[k] for k in kinds)
        assert bad > 0
        assert textscope.decode(DATA / name).count("\ufffd") == bad, name
        with pytest.raises(UnicodeDecodeError) as e:
            textscope.decode(DATA / name, errors="strict")
        first = min(p.offset for p in r.problems if p.kind in kinds)
        assert e.value.start == first, name


def test_decode_good_text():
    assert textscope.decode(DATA / "f2-notes-utf16le.txt") == "Café €4\r\n中文 😀\r\n"
    assert textscope.decode(DATA / "utf8-bom.csv", errors="strict").startswith("name,city\n")
    assert textscope.decode(DATA / "windows-1252.txt").startswith("Café crème")
    assert textscope.decode(DATA / "shift_jis.txt").startswith("日本語")
    assert textscope.decode(b"") == ""
    assert textscope.decode(bytearray(b"abc")) == "abc"
    assert textscope.decode(b"\xe9t\xe9", encoding="latin1") == "été"
    with pytest.raises(ValueError, match="binary"):
        textscope.decode(DATA / "binary.bin")
    with pytest.raises(ValueError, match="errors"):
        textscope.decode(b"x", errors="ignore")
    with pytest.raises(ValueError, match="unknown encoding"):
        textscope.decode(b"x", encoding="nope")
    with pytest.raises(FileNotFoundError):
        textscope.decode(DATA / "no-such-file.txt")
