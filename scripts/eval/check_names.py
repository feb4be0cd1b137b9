"""Checks the evaluation's own machinery before a run: that the names the four tools give map
to the codec that decodes them, and that the scorer counts two pages that decode a file alike
as both right and a page that decodes it otherwise as wrong. Exits 1 on the first failure."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evalcodecs  # noqa: E402

# (a name as some tool prints it, the codec it must decode with)
NAMES = [
    ("windows-1252", "cp1252"), ("Windows-1250", "cp1250"), ("WINDOWS-1257", "cp1257"),
    ("cp1252", "cp1252"), ("ISO-8859-2", "iso8859-2"), ("iso8859-4", "iso8859-4"),
    ("ISO-8859-15", "iso8859-15"), ("latin_1", "latin-1"), ("ISO-8859-8-I", "iso8859_8"),
    ("IBM866", "cp866"), ("IBM852", "cp852"), ("cp775", "cp775"), ("IBM1125", "cp1125"),
    ("IBM01140", "cp1140"), ("x-IBM874", "cp874"), ("IBM00858", "cp858"),
    ("macintosh", "mac_roman"), ("MacRoman", "mac_roman"), ("x-mac-cyrillic", "mac_cyrillic"),
    ("MAC-CENTRALEUROPE", "mac_latin2"), ("mac_latin2", "mac_latin2"),
    ("MacIceland", "mac_iceland"), ("KOI8-R", "koi8_r"), ("KOI8-U", "koi8_u"),
    ("KZ-1048", "kz1048"), ("PTCP154", "ptcp154"), ("TIS-620", "tis_620"),
    ("windows-874", "cp874"), ("VISCII", "viscii"), ("EUC-TW", "euc_tw"),
    ("Shift_JIS", "shift_jis"), ("SHIFT_JIS", "shift_jis"), ("EUC-JP", "euc_jp"),
    ("ISO-2022-JP", "iso2022_jp"), ("GB18030", "gb18030"), ("gb2312", "gb2312"),
    ("Big5", "big5"), ("EUC-KR", "euc_kr"), ("Johab", "johab"), ("ISO-2022-KR", "iso2022_kr"),
    ("IBM037", "cp037"), ("cp500", "cp500"), ("IBM424", "cp424"), ("UTF-8", "utf-8"),
    ("utf-8-sig", "utf-8-sig"), ("UTF-16LE", "utf-16-le"), ("UTF-16", "utf-16"),
    ("utf-32-be", "utf-32-be"), ("ASCII", "ascii"),
]


def main():
    import codecs
    for name, want in NAMES:
        got = evalcodecs.codec_for(name)
        if got is None or codecs.lookup(got).name != codecs.lookup(want).name:
            print(f"check_names: {name!r} maps to {got!r}, not {want!r}", file=sys.stderr)
            return 1
    for name in ("binary", "unknown", None, ""):
        if evalcodecs.codec_for(name) is not None or not evalcodecs.says_nothing(name):
            print(f"check_names: {name!r} must be no answer", file=sys.stderr)
            return 1
    data = "Grüße, café, año".encode("cp1252")
    truth = evalcodecs.decode(data, "cp1252")
    if evalcodecs.decode(data, evalcodecs.codec_for("ISO-8859-1")) != truth:
        print("check_names: ISO-8859-1 must count as right on a file without 80-9F", file=sys.stderr)
        return 1
    if evalcodecs.decode(data, evalcodecs.codec_for("windows-1250")) == truth:
        print("check_names: windows-1250 must count as wrong on ñ", file=sys.stderr)
        return 1
    if evalcodecs.decode(b"\xff\xfea\x00", "utf_16_le") != evalcodecs.decode(b"a", "ascii"):
        print("check_names: a leading mark must be set aside", file=sys.stderr)
        return 1
    if evalcodecs.decode(b"\xa0\xa0", "viscii") is None:
        print("check_names: VISCII must decode through iconv", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
