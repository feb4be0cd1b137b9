"""Issue 40, items 1 and 2: one decoder for every face. textscope.decode, the codecs that
`import textscope` registers and the CLI's convert give the core's text for every page of the
registry (SPEC D6, D11, U1-U4)."""

import codecs
import io
import os
import subprocess

import pytest

import textscope
from textscope import _codecs

PAGES = textscope.encodings()
NAMES = [p.name for p in PAGES]

# Text in the pages that hold more than ASCII, for the multi-byte pages and the round trips.
SAMPLES = {
    "Shift_JIS": "日本語のテキスト～①",
    "EUC-JP": "日本語のテキスト",
    "ISO-2022-JP": "日本語のテキスト",
    "GBK": "中文文本，汉字€",
    "gb18030": "中文文本，汉字€😀",
    "Big5": "中文繁體字，香港",
    "EUC-KR": "한국어 텍스트",
}
BAD_UNITS = (
    "unpaired_surrogate",
    "truncated_character",
    "invalid_code_point",
    "invalid_utf8",
    "unmapped_byte",
)


def sample_bytes(page):
    """Every byte, then (for a multi-byte page) real text in it."""
    data = bytes(range(256))
    text = SAMPLES.get(page.name)
    if text is not None:
        data = text.encode(_codecs.PREFIX + page.name) + b"\n" + data
    return data


def test_the_registry_is_listed_whole():
    assert len(PAGES) >= 99  # the registry of SPEC D6 (99 pages when this was written)
    assert len(set(NAMES)) == len(NAMES)
    for want in ("IBM437", "Johab", "hp-roman8", "ISO-2022-KR", "ISO-2022-CN", "EUC-TW",
                 "ISO-8859-1", "TIS-620", "x-mac-ce", "IBM737"):
        assert want in NAMES
    assert {p.encoder for p in PAGES} == {"table", "encoding_rs", "ascii"}


@pytest.mark.parametrize("name", NAMES)
def test_every_page_decodes_as_the_core_reads_it(name):
    page = next(p for p in PAGES if p.name == name)
    data = sample_bytes(page)
    text = textscope.decode(data, name)
    # The report of the same bytes, forced to the page (another path through the core: the
    # analyser): as many characters as the text, each bad unit one U+FFFD.
    report = textscope.analyze(data, encoding=name, max_problems=0)
    assert report.format == "legacy" and report.encoding == name
    assert report.characters == len(text)
    bad = sum(getattr(report.problem_counts, k, 0) for k in BAD_UNITS)
    assert text.count("\ufffd") == bad
    # The codecs: whole, and fed a byte at a time (a character cut by every chunk edge).
    assert data.decode(_codecs.PREFIX + name, "replace") == text
    assert data.decode(page.codec, "replace") == text
    pieces = codecs.iterdecode((data[i : i + 1] for i in range(len(data))), page.codec, "replace")
    assert "".join(pieces) == text
    # errors="ignore" drops exactly the bad units; "strict" stops at the first.
    assert data.decode(page.codec, "ignore") == text.replace("\ufffd", "")
    assert textscope.decode(data, name, errors="ignore") == text.replace("\ufffd", "")
    if bad:
        with pytest.raises(UnicodeDecodeError):
            data.decode(page.codec)
        with pytest.raises(UnicodeDecodeError):
            textscope.decode(data, name, errors="strict")


@pytest.mark.skipif(
    not os.environ.get("TEXTSCOPE_CLI"),
    reason="TEXTSCOPE_CLI unset: scripts/test-python.sh builds the CLI and sets it",
)
@pytest.mark.parametrize("name", NAMES)
def test_every_page_decodes_as_the_cli_converts_it(name, tmp_path):
    page = next(p for p in PAGES if p.name == name)
    data = sample_bytes(page)
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    out = subprocess.run(
        [os.environ["TEXTSCOPE_CLI"], "convert", str(src), "--from", name, "--to", "utf-8",
         "--replace", "--eol", "keep", "--bom", "no"],
        capture_output=True, check=True, stdin=subprocess.DEVNULL,
    )
    assert out.stdout.decode("utf-8") == textscope.decode(data, name)


def test_the_pages_of_issue_40_decode_right():
    # Pages that raised "no decoder", came back as one U+FFFD, or as windows-125x text.
    assert textscope.decode(b"\xb3\xc4\xda", "IBM437") == "│─┌"
    assert textscope.decode(b"\xc9", "hp-roman8") == b"\xc9".decode("hp_roman8")
    kr = "한국어".encode("iso2022_kr")
    assert textscope.decode(kr, "ISO-2022-KR") == "한국어"
    jo = "한국어".encode("johab")
    assert textscope.decode(jo, "Johab") == "한국어"
    for page, py in (("ISO-8859-1", "latin-1"), ("ISO-8859-9", "iso8859_9"),
                     ("ISO-8859-11", "iso8859_11"), ("TIS-620", "tis_620")):
        every = bytes(range(256))
        assert textscope.decode(every, page) == every.decode(py, "replace"), page
    assert textscope.decode(b"\x80", "ISO-8859-1") == "\x80"  # not windows-1252's €


def test_codec_names_work_in_python_and_decode_as_the_core():
    for page in PAGES:
        info = codecs.lookup(page.codec)
        assert info is not None
        every = bytes(range(256))
        assert every.decode(page.codec, "replace") == textscope.decode(every, page.name)
    # Names Python lacks are the page's own name, in any spelling Python normalises.
    assert "IBM737" in [p.codec for p in PAGES]
    for spelling in ("IBM737", "ibm737", "x-mac-ce", "X_MAC_CE", "x mac ce"):
        assert b"\x80".decode(spelling) == textscope.decode(b"\x80", spelling), spelling
    assert b"\x80".decode("x-mac-ce") == textscope.decode(b"\x80", "x-mac-ce")


def test_the_cjk_names_point_at_the_core_tables():
    # Python's shift_jis, euc_kr, gbk and big5 are smaller than the WHATWG tables the core
    # reads: the codec given for them is textscope's own.
    cases = {
        "Shift_JIS": b"\x81\x60\x87\x40",  # ～ (FF5E, cp932's) and ① (NEC row 13)
        "EUC-KR": "똠방각하".encode("cp949"),  # UHC syllables outside KS X 1001
        "GBK": b"\x80",  # € in WHATWG GBK
        "Big5": b"\x88\x62\x88\x64",  # HKSCS: Ê̄ Ê̌ (two code points each)
    }
    for name, data in cases.items():
        page = next(p for p in PAGES if p.name == name)
        assert page.codec == "textscope-" + name
        text = data.decode(page.codec)
        assert text == textscope.decode(data, name)
        # Python's own table of that name does not read these bytes alike.
        try:
            alike = data.decode(name) == text
        except UnicodeDecodeError:
            alike = False
        assert not alike, name
    assert b"\x81\x60".decode("textscope-Shift_JIS") == "\uff5e"


@pytest.mark.parametrize("name", NAMES)
def test_encoding_is_the_inverse_of_the_core_decoding(name):
    page = next(p for p in PAGES if p.name == name)
    text = SAMPLES.get(name)
    if text is None:
        every = bytes(range(256 if not page.multi_byte else 128))
        decoded = textscope.decode(every, name)
        if page.stateful:
            decoded = "".join(c for c in decoded if c not in "\x0e\x0f\x1b")
        text = decoded.replace("\ufffd", "")
    data = text.encode(page.codec)
    assert textscope.decode(data, name) == text
    assert data.decode(page.codec) == text


def test_encoding_what_a_page_cannot_hold():
    with pytest.raises(UnicodeEncodeError) as e:
        "a\u4e2db".encode("IBM437")
    assert e.value.start == 1 and e.value.end == 2
    assert "a\u4e2db".encode("IBM437", "replace") == b"a?b"
    assert "a\u4e2db".encode("IBM437", "ignore") == b"ab"
    assert "a\u4e2db".encode("IBM437", "xmlcharrefreplace") == b"a&#20013;b"
    # The core cannot encode Johab, EUC-TW, ISO-2022-KR and ISO-2022-CN beyond ASCII.
    with pytest.raises(UnicodeEncodeError, match="only ASCII"):
        "한".encode("textscope-Johab")
    assert "abc".encode("textscope-Johab") == b"abc"


def test_text_files_and_pandas_read_through_the_codecs(tmp_path):
    text = "nom,ville\nSørensen,Århus\nΔ,x\n"
    path = tmp_path / "dos.csv"
    path.write_bytes(text.encode("textscope-IBM737", "replace"))
    got = textscope.detect(path.read_bytes())
    with open(path, encoding=got["codec"]) as f:
        assert f.read() == textscope.decode(path)
    with io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="textscope-IBM737") as f:
        assert f.readline() == "nom,ville\n"
    pd = pytest.importorskip("pandas", reason="pandas is installed by scripts/test-python.sh")
    frame = pd.read_csv(path, encoding="textscope-IBM737")
    assert list(frame.columns) == ["nom", "ville"]
    out = tmp_path / "out.csv"
    frame.to_csv(out, index=False, encoding="IBM737")
    assert out.read_bytes().decode("IBM737") == textscope.decode(out, "IBM737")


def test_unknown_names():
    with pytest.raises(LookupError):
        codecs.lookup("textscope-no-such-page")
    with pytest.raises(LookupError):
        b"x".decode("no-such-page")
    with pytest.raises(ValueError):
        textscope.decode(b"x", "no-such-page")


def test_text_files_tell_and_seek_through_a_multi_byte_codec():
    data = ("日本語のテキスト\r\n" * 500).encode("cp932")
    f = io.TextIOWrapper(io.BytesIO(data), encoding="textscope-Shift_JIS", newline="")
    f.readline()
    pos = f.tell()
    rest = f.read()
    assert rest == textscope.decode(data, "Shift_JIS")[len("日本語のテキスト\r\n"):]
    f.seek(pos)
    assert f.read() == rest
