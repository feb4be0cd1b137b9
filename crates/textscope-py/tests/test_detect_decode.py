"""detect()/detect_all() in chardet's documented shape, and decode()."""

import codecs
import json

import pytest

import textscope
from conftest import DATA, ROOT, cli_reports, data_files
from textscope import _detect
from textscope._textscope import analyze_bytes

LEGACY = ROOT / "crates" / "textscope" / "tests" / "data" / "legacy"


def check_shape(result):
    assert set(result) == {"encoding", "confidence", "language", "mime_type", "codec"}
    assert result["encoding"] is None or isinstance(result["encoding"], str)
    assert isinstance(result["confidence"], float) and 0.0 <= result["confidence"] <= 1.0
    assert result["language"] is None or isinstance(result["language"], str)
    assert isinstance(result["mime_type"], str)
    if result["encoding"] is not None:
        codecs.lookup(result["encoding"])  # a name Python's codecs accepts
        codecs.lookup(result["codec"])


def from_report(report):
    return _detect._finish(_detect._result(report), b"", False, True)


def test_shape_on_every_data_file_and_agreement_with_the_cli():
    reports = cli_reports(data_files())
    for p in data_files():
        res = textscope.detect(p.read_bytes())
        check_shape(res)
        r = reports[str(p)]
        if r["format"] == "binary":
            assert res["encoding"] is None and res["codec"] is None, p.name
            continue
        if r["format"] == "empty":
            assert res["encoding"] == "utf-8" and res["confidence"] == 0.1, p.name
            continue
        # The codec decodes the file as the CLI read it (mark dropped by the -SIG/16/32 codecs).
        text = p.read_bytes().decode(res["codec"], errors="replace")
        assert text == textscope.decode(p), p.name
        assert res["confidence"] > 0.0, p.name


TEXTS = {
    "de": "Grüße aus Köln: schöne Straße, fünf Äpfel und Öl.\n",
    "fr": "Café crème, déjà vu, où est la fenêtre ? Noël à l'hôtel.\n",
    "pl": "Zażółć gęślą jaźń, łódź płynie po rzece.\n",
    "ru": "Привет, как дела? Съешь же ещё этих мягких булок.\n",
    "el": "Ελληνικά κείμενα εδώ, καλημέρα σε όλους.\n",
    "he": "שלום עולם, מה שלומך היום?\n",
    "ar": "مرحبا بالعالم، كيف حالك اليوم؟\n",
    "tr": "Günaydın, şişeyi ağaçtan çıkar; İstanbul'da ılık bir gün.\n",
    "ja": "日本語のテキストです。今日は良い天気ですね。\n",
    "zh": "中文文本，今天天气很好，我们去公园散步吧。\n",
    "ko": "한국어 텍스트입니다. 오늘 날씨가 좋네요.\n",
}
CODECS = {
    "de": ["cp1252", "iso8859-15", "mac-roman", "cp850", "cp437", "cp500"],
    "fr": ["cp1252", "iso8859-1", "cp850"],
    "pl": ["cp1250", "iso8859-2", "cp852"],
    "ru": ["cp1251", "koi8-r", "iso8859-5", "cp866", "mac-cyrillic"],
    "el": ["cp1253", "iso8859-7"],
    "he": ["cp1255", "iso8859-8"],
    "ar": ["cp1256", "iso8859-6"],
    "tr": ["cp1254", "iso8859-9"],
    "ja": ["shift_jis", "euc-jp", "iso2022-jp"],
    "zh": ["gbk", "gb18030", "big5"],
    "ko": ["euc-kr", "cp949"],
}
WINDOW = 65536


def generated_files(tmp_path):
    """Code-page files of every family, the UTFs with and without marks, and long files whose
    bytes after the first 64 KiB (the detection window) change the answer's confidence or
    name: non-ASCII after an ASCII window, bad units after a clean one."""
    out = []

    def put(name, data):
        p = tmp_path / name
        p.write_bytes(data)
        out.append(p)

    for lang, text in TEXTS.items():
        for enc in CODECS[lang]:
            put(f"{lang}.{enc}.txt", (text * 12).encode(enc, errors="replace"))
            put(f"{lang}.{enc}.short.txt", text.encode(enc, errors="replace"))
        for enc in ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32",
                    "utf-32-le", "utf-32-be"]:
            put(f"{lang}.{enc}.txt", (text * 12).encode(enc))
    ascii_window = b"plain ascii line\n" * (WINDOW // 17 + 1)
    put("long-ascii.txt", ascii_window)
    put("long-exactly-window.txt", ascii_window[:WINDOW])
    put("long-utf8-after.txt", ascii_window + "café\n".encode())
    put("long-invalid-utf8-after.txt", ascii_window + b"caf\xe9 \xc3(\n")
    put("long-truncated-utf8.txt", ascii_window + b"caf\xc3")
    put("long-latin1-after.txt", ascii_window + b"caf\xe9\n")
    put("long-nul-after.txt", ascii_window + b"\x00\x00 NUL\n")
    utf16 = ("Grüße, Привет\n" * 5000).encode("utf-16-le")
    put("long-utf16le.txt", utf16)
    put("long-utf16le-lone-surrogate.txt", utf16 + b"\x00\xd8A\x00")
    put("long-utf16le-odd.txt", utf16 + b"A")
    put("long-utf16-mark-bad.txt", codecs.BOM_UTF16_LE + utf16 + b"\x00\xdc")
    utf32 = ("Grüße 🙂\n" * 3000).encode("utf-32-le")
    put("long-utf32le-bad.txt", utf32 + b"\x00\x00\x11\x00")
    put("long-utf8-mark-bad.txt", codecs.BOM_UTF8 + ascii_window + b"\xff\n")
    put("cp1252-with-undefined.txt", (TEXTS["fr"] * 12).encode("cp1252") + b"\x81\x8d\x8f\n")
    return out


def test_detect_agrees_with_the_cli_on_every_file(tmp_path):
    """detect() stops at the verdict on the window (no report); its answer must be the one the
    CLI's report gives, name, confidence and language, on every file."""
    files = data_files() + sorted(LEGACY.glob("*.txt")) + generated_files(tmp_path)
    reports = cli_reports(files)
    assert len(reports) == len(files)
    for p in files:
        data = p.read_bytes()
        expected = from_report(reports[str(p)])
        assert textscope.detect(data) == expected, p.name
        # The report of the same bytes through the binding says the same.
        assert from_report(json.loads(analyze_bytes(data, None, 1))) == expected, p.name
        assert textscope.detect(memoryview(data)) == expected, p.name


@pytest.mark.parametrize(
    "data, encoding, confidence, codec",
    [
        (b"plain ascii\n", "ascii", 1.0, "ascii"),
        ("café\n".encode("utf-8"), "utf-8", 0.99, "utf-8"),
        (codecs.BOM_UTF8 + b"marked\n", "UTF-8-SIG", 1.0, "utf-8-sig"),
        (codecs.BOM_UTF16_LE + "mark".encode("utf-16-le"), "UTF-16", 1.0, "utf-16"),
        (codecs.BOM_UTF16_BE + "mark".encode("utf-16-be"), "UTF-16", 1.0, "utf-16"),
        (codecs.BOM_UTF32_LE + "mark".encode("utf-32-le"), "UTF-32", 1.0, "utf-32"),
        ("no mark at all, just text\n".encode("utf-16-le"), "utf-16-le", 0.9, "utf-16-le"),
    ],
)
def test_names_as_chardet_gives_them(data, encoding, confidence, codec):
    res = textscope.detect(data)
    check_shape(res)
    assert {k: res[k] for k in ("encoding", "confidence", "mime_type", "codec")} == {
        "encoding": encoding, "confidence": confidence, "mime_type": "text/plain", "codec": codec}


def test_empty_and_binary_as_chardet_7_answers():
    # chardet 7's answer for empty input; binary: no encoding, the media type.
    assert textscope.detect(b"") == {"encoding": "utf-8", "confidence": 0.1, "language": None,
                                     "mime_type": "text/plain", "codec": "utf-8"}
    res = textscope.detect(bytes(range(256)) * 4)
    assert res["encoding"] is None and res["codec"] is None
    assert res["mime_type"] == "application/octet-stream"
    png = textscope.detect(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    assert png["mime_type"] == "image/png" and png["confidence"] == 1.0


def test_bad_units_lower_the_confidence():
    res = textscope.detect((DATA / "invalid-utf8.txt").read_bytes())
    assert res["encoding"] == "utf-8"
    assert 0.9 < res["confidence"] < 0.99


def test_legacy_code_page():
    res = textscope.detect((DATA / "windows-1252.txt").read_bytes())
    assert res["encoding"] == "Windows-1252"  # chardet's spelling
    assert codecs.lookup(res["encoding"]).name == "cp1252"
    # Python's cp1252 lacks the five C1 bytes WHATWG's windows-1252 maps: textscope's codec.
    assert res["codec"] == "textscope-windows-1252"
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
    # chardet 7 names ASCII by its superset when asked to rename.
    assert textscope.detect(b"abc", should_rename_legacy=True)["encoding"] == "Windows-1252"
    assert textscope.detect_all(b"abc", ignore_threshold=True)[0]["encoding"] == "ascii"
    # chardet's own API takes bytes alone; textscope.detect takes a str as a path.
    from textscope.compat import chardet

    with pytest.raises(TypeError):
        chardet.detect("a str is not bytes")
    with pytest.raises(FileNotFoundError):
        textscope.detect("a str is a path")


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
    assert textscope.decode(b"a\xffb", "utf-8", errors="ignore") == "ab"
    assert textscope.decode(b"a\xffb", "utf-8", errors="backslashreplace") == "a\\xffb"
    with pytest.raises(LookupError):
        textscope.decode(b"x", errors="no-such-handler")
    with pytest.raises(ValueError, match="unknown encoding"):
        textscope.decode(b"x", encoding="nope")
    with pytest.raises(FileNotFoundError):
        textscope.decode(DATA / "no-such-file.txt")
