#!/usr/bin/env python3
"""Writes crates/textscope/tests/data/single_byte_pages.txt: for every single-byte code page
of the registry, what each of its 256 bytes decodes to, taken from a source independent of the
project's own tables, for the differential test crates/textscope/tests/single_byte_tables.rs
(SPEC U4, P8).

Sources, per page (the `page` line of each page in the file names it):
  * py:NAME    Python's `codecs` (CPython's tables are generated from the Unicode Consortium's
               and IBM's mapping files), for every page Python has;
  * icu:NAME   ICU's table, read with `uconv` (ICU 72), for the 17 IBM EBCDIC pages Python lacks
               (IBM1047, the country pages IBM277-IBM871 and their euro twins IBM01141-01149);
  * glibc:NAME GNU libc's `iconv` charmap, for the three pages neither Python nor ICU has:
               VISCII, ARMSCII-8, GEORGIAN-PS (the generator uses these same charmaps, so for
               them the test pins the table rather than checking it against a second source);
  * whatwg     x-user-defined, which the WHATWG Encoding Standard defines by a formula
               (00-7F: ASCII; 80-FF: U+F780 + byte - 80).
Then the documented overrides below (WINDOWS_C1, WHATWG_BYTES): where the page is WHATWG's (encoding_rs decodes it, U4:
"decoding follows encoding_rs") and WHATWG's index differs from Python's codec, and where ICU's
IBM table is taken over Python's (see scripts/gen-codepages.py, OVERRIDES).

Run from the repository root:  python3 scripts/gen-single-byte-reference.py
Check only (exit status 1 on a difference):  python3 scripts/gen-single-byte-reference.py --check
No network is needed.
"""
import codecs
import os
import subprocess
import sys

OUT = "crates/textscope/tests/data/single_byte_pages.txt"
UNMAPPED = None

# Registry name -> source.  Every single-byte page of crates/textscope/src/codepage/registry.rs.
PAGES = [
    ("windows-1250", "py", "cp1250"), ("windows-1251", "py", "cp1251"),
    ("windows-1252", "py", "cp1252"), ("windows-1253", "py", "cp1253"),
    ("windows-1254", "py", "cp1254"), ("windows-1255", "py", "cp1255"),
    ("windows-1256", "py", "cp1256"), ("windows-1257", "py", "cp1257"),
    ("windows-1258", "py", "cp1258"), ("windows-874", "py", "cp874"),
    ("KOI8-R", "py", "koi8_r"), ("KOI8-U", "py", "koi8_u"), ("IBM866", "py", "cp866"),
    ("ISO-8859-1", "py", "latin_1"), ("ISO-8859-2", "py", "iso8859_2"),
    ("ISO-8859-3", "py", "iso8859_3"), ("ISO-8859-4", "py", "iso8859_4"),
    ("ISO-8859-5", "py", "iso8859_5"), ("ISO-8859-6", "py", "iso8859_6"),
    ("ISO-8859-7", "py", "iso8859_7"), ("ISO-8859-8", "py", "iso8859_8"),
    ("ISO-8859-8-I", "py", "iso8859_8"), ("ISO-8859-9", "py", "iso8859_9"),
    ("ISO-8859-10", "py", "iso8859_10"), ("ISO-8859-11", "py", "iso8859_11"),
    ("ISO-8859-13", "py", "iso8859_13"), ("ISO-8859-14", "py", "iso8859_14"),
    ("ISO-8859-15", "py", "iso8859_15"), ("ISO-8859-16", "py", "iso8859_16"),
    ("TIS-620", "py", "tis_620"), ("macintosh", "py", "mac_roman"),
    ("x-mac-cyrillic", "py", "mac_cyrillic"), ("x-user-defined", "whatwg", ""),
    ("IBM437", "py", "cp437"), ("IBM720", "py", "cp720"), ("IBM737", "py", "cp737"),
    ("IBM775", "py", "cp775"), ("IBM850", "py", "cp850"), ("IBM852", "py", "cp852"),
    ("IBM855", "py", "cp855"), ("IBM857", "py", "cp857"), ("IBM00858", "py", "cp858"),
    ("IBM860", "py", "cp860"), ("IBM861", "py", "cp861"), ("IBM862", "py", "cp862"),
    ("IBM863", "py", "cp863"), ("IBM864", "py", "cp864"), ("IBM865", "py", "cp865"),
    ("IBM869", "py", "cp869"), ("CP1125", "py", "cp1125"),
    ("x-mac-ce", "py", "mac_latin2"), ("x-mac-greek", "py", "mac_greek"),
    ("x-mac-turkish", "py", "mac_turkish"), ("x-mac-icelandic", "py", "mac_iceland"),
    ("x-mac-croatian", "py", "mac_croatian"), ("x-mac-romanian", "py", "mac_romanian"),
    ("x-mac-arabic", "py", "mac_arabic"), ("KZ-1048", "py", "kz1048"),
    ("PTCP154", "py", "ptcp154"), ("KOI8-T", "py", "koi8_t"), ("hp-roman8", "py", "hp_roman8"),
    ("VISCII", "glibc", "VISCII"), ("ARMSCII-8", "glibc", "ARMSCII-8"),
    ("GEORGIAN-PS", "glibc", "GEORGIAN-PS"),
    ("IBM037", "py", "cp037"), ("IBM273", "py", "cp273"), ("IBM424", "py", "cp424"),
    ("IBM500", "py", "cp500"), ("IBM875", "py", "cp875"), ("IBM1026", "py", "cp1026"),
    ("IBM01140", "py", "cp1140"),
    ("IBM1047", "icu", "ibm-1047_P100-1995"), ("IBM277", "icu", "ibm-277_P100-1995"),
    ("IBM278", "icu", "ibm-278_P100-1995"), ("IBM280", "icu", "ibm-280_P100-1995"),
    ("IBM284", "icu", "ibm-284_P100-1995"), ("IBM285", "icu", "ibm-285_P100-1995"),
    ("IBM297", "icu", "ibm-297_P100-1995"), ("IBM871", "icu", "ibm-871_P100-1995"),
    ("IBM01141", "icu", "ibm-1141_P100-1997"), ("IBM01142", "icu", "ibm-1142_P100-1997"),
    ("IBM01143", "icu", "ibm-1143_P100-1997"), ("IBM01144", "icu", "ibm-1144_P100-1997"),
    ("IBM01145", "icu", "ibm-1145_P100-1997"), ("IBM01146", "icu", "ibm-1146_P100-1997"),
    ("IBM01147", "icu", "ibm-1147_P100-1997"), ("IBM01148", "icu", "ibm-1148_P100-1997"),
    ("IBM01149", "icu", "ibm-1149_P100-1997"),
]

# WHATWG's windows-125x and windows-874 indexes give each byte 80-9F that Microsoft's table
# leaves undefined the C1 control of the same number (so `81` is U+0081); Python's codecs
# leave them undefined.
WINDOWS_C1 = ["windows-" + cp for cp in
              ("1250", "1251", "1252", "1253", "1254", "1255", "1256", "1257", "1258", "874")]
# Single bytes where WHATWG's index differs from Python's codec.
WHATWG_BYTES = {
    # index-windows-1255.txt has CA = U+05BA (HEBREW POINT HOLAM HASER FOR VAV), which
    # Microsoft's table (and Python's cp1255) leaves undefined.
    "windows-1255": ({0xCA: 0x05BA}, "WHATWG Encoding Standard, index-windows-1255.txt"),
    # WHATWG's KOI8-U is KOI8-RU (index-koi8-u.txt): AE = ў U+045E, BE = Ў U+040E, where
    # Python's koi8_u (RFC 2319) has box-drawing characters.
    "KOI8-U": ({0xAE: 0x045E, 0xBE: 0x040E}, "WHATWG Encoding Standard, index-koi8-u.txt"),
    # ICU's IBM tables over Python's (as scripts/gen-codepages.py does, see its OVERRIDES).
    "IBM273": ({0xBC: 0x00AF}, "ICU ibm-273_P100-1995 and IBM01141: U+00AF, not U+203E"),
    "IBM875": ({b: UNMAPPED for b in (0xDC, 0xE1, 0xEC, 0xED, 0xFC, 0xFD)},
               "ICU ibm-875_P100-1995: unassigned, not U+001A"),
}


def overrides_for(page, t):
    """The bytes of `page` set over its source's table `t`, and why; ({}, None) for none."""
    if page in WINDOWS_C1:
        changes = {b: b for b in range(0x80, 0xA0) if t[b] is UNMAPPED}
        extra, why = WHATWG_BYTES.get(page, ({}, None))
        changes.update(extra)
        return changes, ("WHATWG Encoding Standard, index-" + page + ".txt: undefined 80-9F "
                         "are the C1 control of the same number"
                         + "".join(f"; {b:02X} is U+{v:04X}" for b, v in extra.items()))
    return WHATWG_BYTES.get(page, ({}, None))


def decode_py(name):
    out = []
    for b in range(256):
        try:
            s = codecs.decode(bytes([b]), name)
        except UnicodeDecodeError:
            s = None
        out.append(ord(s) if s is not None and len(s) == 1 else UNMAPPED)
    return out


def decode_tool(cmd, b):
    r = subprocess.run(cmd, input=bytes([b]), capture_output=True)
    if r.returncode != 0 or len(r.stdout) != 4:
        return UNMAPPED
    return int.from_bytes(r.stdout, "big")


def table(src, name):
    if src == "py":
        return decode_py(name)
    if src == "icu":
        return [decode_tool(["uconv", "-f", name, "-t", "UTF-32BE", "--callback", "stop"], b)
                for b in range(256)]
    if src == "glibc":
        return [decode_tool(["iconv", "-f", name, "-t", "UTF-32BE"], b) for b in range(256)]
    return [b if b < 0x80 else 0xF780 + b - 0x80 for b in range(256)]


def render():
    lines = [
        "# What each byte of every single-byte code page decodes to, from a source independent of",
        "# textscope's tables. Written by scripts/gen-single-byte-reference.py; do not edit.",
        "# `page NAME SOURCE [overrides: BYTES (REASON)]`, then 16 lines `NAME ROW v0 .. v15`:",
        "# the code point of byte ROW+i in hex, or `-` where the page does not map it (P8).",
    ]
    for page, src, name in PAGES:
        t = table(src, name)
        head = f"page {page} {src}:{name}" if name else f"page {page} {src}"
        changes, why = overrides_for(page, t)
        if changes:
            for b, v in changes.items():
                t[b] = v
            head += " overrides: " + " ".join(f"{b:02X}" for b in sorted(changes)) + f" ({why})"
        lines.append(head)
        for row in range(0, 256, 16):
            vals = " ".join("-" if v is UNMAPPED else f"{v:04X}" for v in t[row:row + 16])
            lines.append(f"{page} {row:02X} {vals}")
    return "\n".join(lines) + "\n"


def main():
    text = render()
    if "--check" in sys.argv[1:]:
        old = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else None
        if old != text:
            print(f"{OUT}: not what scripts/gen-single-byte-reference.py makes", file=sys.stderr)
            sys.exit(1)
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
