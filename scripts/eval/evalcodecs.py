"""Codecs of the evaluation: Python's own, plus the pages Python lacks (VISCII, EUC-TW) through
glibc's iconv, and the table that turns a detector's answer into a codec to decode with."""

import codecs
import re
import subprocess

ICONV_ONLY = {"viscii": "VISCII", "euc_tw": "EUC-TW"}


def run_iconv(data, frm, to):
    r = subprocess.run(["iconv", "-f", frm, "-t", to], input=data, capture_output=True,
                       check=False)
    if r.returncode != 0:
        raise ValueError(f"iconv -f {frm} -t {to}: {r.stderr.decode(errors='replace').strip()}")
    return r.stdout


def _make(name, iconv_name):
    def encode(text, errors="strict"):
        return run_iconv(text.encode("utf-8"), "UTF-8", iconv_name), len(text)

    def decode(data, errors="strict"):
        out = run_iconv(bytes(data), iconv_name, "UTF-8").decode("utf-8")
        return out, len(data)

    return codecs.CodecInfo(encode, decode, name=name)


def _search(name):
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    for codec, iconv_name in ICONV_ONLY.items():
        if key == codec.replace("_", ""):
            return _make(codec, iconv_name)
    return None


codecs.register(_search)

# A detector's name, lower case with everything but letters and digits removed → Python codec.
ALIASES = {
    "ascii": "ascii", "usascii": "ascii", "ansix341968": "ascii",
    "utf8": "utf_8", "utf8sig": "utf_8_sig", "utf8bom": "utf_8_sig",
    "utf16": "utf_16", "utf16le": "utf_16_le", "utf16be": "utf_16_be",
    "utf32": "utf_32", "utf32le": "utf_32_le", "utf32be": "utf_32_be",
    "ucs2": "utf_16", "ucs4": "utf_32",
    "macintosh": "mac_roman", "macroman": "mac_roman", "xmacroman": "mac_roman",
    "xmacce": "mac_latin2", "xmaccentraleurroman": "mac_latin2", "maccentraleurope": "mac_latin2",
    "maclatin2": "mac_latin2", "macce": "mac_latin2", "maccentraleuropean": "mac_latin2",
    "xmaccyrillic": "mac_cyrillic", "maccyrillic": "mac_cyrillic", "xmacukrainian": "mac_cyrillic",
    "macukrainian": "mac_cyrillic",
    "xmacgreek": "mac_greek", "macgreek": "mac_greek",
    "xmacturkish": "mac_turkish", "macturkish": "mac_turkish",
    "xmacicelandic": "mac_iceland", "macicelandic": "mac_iceland", "maciceland": "mac_iceland",
    "macis": "mac_iceland",
    "windows874": "cp874", "xwindows874": "cp874", "tis620": "tis_620", "iso885911": "iso8859_11",
    "euctw": "euc_tw", "xeuctw": "euc_tw", "cns11643": "euc_tw", "viscii": "viscii",
    "csviscii": "viscii",
    "iso88598i": "iso8859_8", "iso88596i": "iso8859_6", "iso88596e": "iso8859_6",
    "iso88598e": "iso8859_8", "logical": "iso8859_8", "visual": "iso8859_8",
    "ebcdiccpus": "cp037", "ibm037": "cp037", "cp037": "cp037", "ibm500": "cp500",
    "ibm1140": "cp1140", "ibm1026": "cp1026", "ibm424": "cp424", "ebcdiccphe": "cp424",
    "ibm1125": "cp1125", "ruscii": "cp1125",
    "kz1048": "kz1048", "rk1048": "kz1048", "strk10482002": "kz1048",
    "ptcp154": "ptcp154", "pt154": "ptcp154", "cp154": "ptcp154", "cyrillicasian": "ptcp154",
    "xuserdefined": None, "binary": None, "unknown": None, "none": None,
    "windows31j": "cp932", "mskanji": "cp932", "sjis": "shift_jis", "shiftjis": "shift_jis",
    "xsjis": "shift_jis", "csshiftjis": "shift_jis",
    "uhc": "cp949", "ksc56011987": "euc_kr", "windows949": "cp949", "xwindows949": "cp949",
    "euccn": "gb2312", "xgbk": "gbk", "hzgb2312": "hz", "big5hkscs": "big5hkscs",
    "iso2022jp": "iso2022_jp", "iso2022kr": "iso2022_kr", "iso2022cn": None,
    "koi8r": "koi8_r", "koi8u": "koi8_u", "koi8ru": "koi8_u",
}


def says_nothing(name):
    """True when the name is a tool's way of giving no encoding (binary, unknown)."""
    return not name or ALIASES.get(re.sub(r"[^a-z0-9]", "", name.lower()), "") is None


def codec_for(name):
    """The Python codec a detector's name decodes with, or None (a guess we cannot decode)."""
    if not name:
        return None
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    if key in ALIASES:
        return ALIASES[key]
    m = re.fullmatch(r"(?:windows|cp|win|ms)(12[5-9]\d)", key)
    if m:
        return "cp" + m.group(1)
    m = re.fullmatch(r"x?(?:ibm|cp|csibm|dos|oem)0*(\d{3,4})", key)
    if m:
        name = "cp" + m.group(1)
    m = re.fullmatch(r"(?:iso|latin)?8859(\d{1,2})", key)
    if m:
        return "iso8859_" + m.group(1)
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def decode(data, codec):
    """The text of data under codec, without a leading mark; None when it does not decode."""
    if codec is None:
        return None
    try:
        text = codecs.decode(data, codec, "strict")
    except (UnicodeError, ValueError, LookupError):
        return None
    return text[1:] if text.startswith("\ufeff") else text
