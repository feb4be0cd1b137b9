"""Issue 40, item 3: chardet's and charset-normalizer's public APIs. Each script below is
written as a user of the peer writes it; the test runs it with only the import changed."""

import codecs
import json
import subprocess
import sys
import textwrap

import pytest

import textscope
from textscope import _names
from textscope.compat import chardet as cd
from textscope.compat import charset_normalizer as cn

CHARDET_SCRIPT = """
import json, sys
{imp}

out = {{}}
with open(sys.argv[1], "rb") as f:
    raw = f.read()
result = chardet.detect(raw)
out["detect"] = result
out["text"] = raw.decode(result["encoding"], errors="replace")
out["all"] = [r["encoding"] for r in chardet.detect_all(raw, ignore_threshold=True)]
out["empty"] = chardet.detect(b"")
out["capped"] = chardet.detect(raw, max_bytes=16)["encoding"]
out["modern"] = chardet.detect(raw, encoding_era=chardet.EncodingEra.MODERN_WEB)["encoding"]
out["renamed"] = chardet.detect(raw, should_rename_legacy=True)["encoding"]

detector = chardet.UniversalDetector()
with open(sys.argv[1], "rb") as f:
    for line in f:
        detector.feed(line)
        if detector.done:
            break
detector.close()
out["stream"] = detector.result
detector.reset()
out["after_reset"] = detector.result
detector.feed(b"plain")
detector.close()
out["second"] = detector.result["encoding"]
print(json.dumps(out))
"""

CN_SCRIPT = """
import json, sys
{imp}

out = {{}}
best = from_bytes(open(sys.argv[1], "rb").read()).best()
out["encoding"] = best.encoding
out["text"] = str(best)
out["utf8"] = best.output().decode("utf-8")
with open(sys.argv[1], "rb") as fp:
    out["fp"] = from_fp(fp).best().encoding
out["path"] = from_path(sys.argv[1]).best().encoding
out["empty"] = from_bytes(b"").best().encoding
out["binary_best"] = from_bytes(bytes(range(256)) * 8).best() is None
out["is_binary"] = [is_binary(bytes(range(256)) * 8), is_binary(sys.argv[1])]
out["chaos"] = 0.0 <= best.chaos <= 1.0
out["len"] = len(from_bytes(open(sys.argv[1], "rb").read()))
print(json.dumps(out))
"""


def run(script, imp, path):
    code = textwrap.dedent(script).format(imp=imp)
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         check=True, stdin=subprocess.DEVNULL)
    return json.loads(out.stdout)


FILES = {
    "fr-1252.txt": ("Café crème, déjà vu, où est la fenêtre ? Noël à l'hôtel.\n" * 20)
    .encode("cp1252"),
    "ru-koi8.txt": ("Привет, как дела? Съешь же ещё этих мягких булок.\n" * 20).encode("koi8-r"),
    "ja-sjis.txt": ("日本語のテキストです。今日は良い天気ですね。\n" * 20).encode("cp932"),
    "utf8.txt": ("Grüße aus Köln 🙂\n" * 20).encode("utf-8"),
    "dos-437.txt": ("┌────┐ Größe │ Ñandú\n" * 20).encode("cp437"),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_chardet_script_runs_with_only_the_import_changed(name, tmp_path):
    path = tmp_path / name
    path.write_bytes(FILES[name])
    out = run(CHARDET_SCRIPT, "from textscope.compat import chardet", path)
    det = out["detect"]
    assert set(det) == {"encoding", "confidence", "language", "mime_type", "codec"}
    assert det["mime_type"] == "text/plain"
    assert out["all"][0] == det["encoding"]
    assert out["empty"] == {"encoding": "utf-8", "confidence": 0.1, "language": None,
                            "mime_type": "text/plain", "codec": "utf-8"}
    # The streaming detector reads every byte it is fed: the answer detect() gives.
    assert out["stream"] == det
    assert out["after_reset"]["encoding"] is None
    assert out["second"] == "ascii"
    # The codec decodes exactly as textscope reads the file.
    assert path.read_bytes().decode(det["codec"]) == textscope.decode(path)
    assert out["capped"] == cd.detect(FILES[name][:16])["encoding"]


def test_chardet_answers_per_file():
    assert cd.detect(FILES["fr-1252.txt"])["encoding"] == "Windows-1252"
    assert cd.detect(FILES["ru-koi8.txt"])["encoding"] == "KOI8-R"
    assert cd.detect(FILES["ja-sjis.txt"])["encoding"] == "SHIFT_JIS"
    assert cd.detect(FILES["ja-sjis.txt"])["codec"] == "textscope-Shift_JIS"
    assert cd.detect(FILES["utf8.txt"])["encoding"] == "utf-8"
    assert cd.detect(FILES["fr-1252.txt"], compat_names=False)["encoding"] == (
        "textscope-windows-1252")


def test_chardet_filters():
    data = FILES["dos-437.txt"]
    got = cd.detect(data)
    assert got["encoding"].startswith("cp")  # a DOS page (cp437 or a sibling)
    assert cd.detect(data, include_encodings=[got["encoding"]])["encoding"] == got["encoding"]
    # The DOS era or that page excluded: another page, or the no-match answer.
    other = cd.detect(data, encoding_era=cd.EncodingEra.MODERN_WEB)
    assert other["encoding"] != got["encoding"]
    assert cd.detect(data, exclude_encodings=[got["encoding"]])["encoding"] != got["encoding"]
    nothing = cd.detect(data, include_encodings=["koi8-u"], no_match_encoding="latin-1")
    assert nothing["encoding"] in ("latin-1", "koi8-u")
    assert cd.detect(b"x", max_bytes=None)["encoding"] == "ascii"
    with pytest.raises(ValueError):
        cd.detect(b"x", max_bytes=0)


def test_superset_renaming():
    latin1 = "Café crème, déjà vu\n".encode("latin-1") * 30
    name = cd.detect(latin1)["encoding"]
    renamed = cd.detect(latin1, should_rename_legacy=True)["encoding"]
    if name == "ISO-8859-1":
        assert renamed == "Windows-1252"
    else:
        assert renamed == name


def test_universal_detector_stops_at_max_bytes():
    d = cd.UniversalDetector(max_bytes=10)
    d.feed(b"abcdefgh")
    assert not d.done
    d.feed(b"ijkl\xff\xfe")
    assert d.done
    assert d.close()["encoding"] == "ascii"


def test_every_page_has_chardets_name():
    for page in textscope.encodings():
        assert page.name in _names.CHARDET, page.name
    for name, (spelling, _era) in _names.CHARDET.items():
        codecs.lookup(spelling)  # each spelling is a codec after import textscope


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_charset_normalizer_script_runs_with_only_the_import_changed(name, tmp_path):
    path = tmp_path / name
    path.write_bytes(FILES[name])
    imp = ("from textscope.compat.charset_normalizer import from_bytes, from_fp, from_path, "
           "is_binary")
    out = run(CN_SCRIPT, imp, path)
    assert out["text"] == textscope.decode(path)
    assert out["utf8"] == out["text"]
    assert out["fp"] == out["path"] == out["encoding"]
    assert out["empty"] == "utf_8"
    assert out["binary_best"] is True
    assert out["is_binary"] == [True, False]
    assert out["chaos"] is True and out["len"] >= 1
    assert path.read_bytes().decode(out["encoding"]) == out["text"]


def test_charset_normalizer_names():
    best = cn.from_bytes(FILES["fr-1252.txt"]).best()
    assert best is not None
    assert best.encoding == "textscope_windows_1252"
    assert cn.from_bytes(FILES["utf8.txt"]).best().encoding == "utf_8"
    assert cn.from_bytes(codecs.BOM_UTF8 + b"abc").best().bom is True
    assert cn.from_bytes(FILES["utf8.txt"], cp_exclusion=["utf_8"]).best() is None or (
        cn.from_bytes(FILES["utf8.txt"], cp_exclusion=["utf_8"]).best().encoding != "utf_8")
    assert cn.detect(FILES["utf8.txt"])["encoding"] == "utf_8"


def test_shapes_match_the_peers_when_installed(tmp_path):
    peer = pytest.importorskip(
        "chardet", reason="chardet is not installed: the shape comparison is optional")
    if not str(getattr(peer, "__version__", "0")).startswith("7"):
        pytest.skip(f"chardet {peer.__version__} is not chardet 7")
    for data in FILES.values():
        assert set(peer.detect(data)) <= set(cd.detect(data))
    assert peer.detect(b"") == {k: v for k, v in cd.detect(b"").items() if k != "codec"}
