#!/usr/bin/env python3
"""Writes the byte-exact test files of this folder. Every file here is made by this script
from the bytes written below (the worked files F1-F6 are SPEC §9's own bytes); run it again
to check nothing drifted: `python3 tests/data/make.py && git diff --exit-code tests/data`."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

def hexb(s):
    return bytes.fromhex(s.replace("\n", " "))

def utf32le(s, mark=True):
    return (b"\xFF\xFE\x00\x00" if mark else b"") + s.encode("utf-32-le")

FILES = {
    # SPEC §9 worked files.
    "f1.txt": hexb("FF FE 48 00 65 00"),
    "f2-notes-utf16le.txt": hexb(
        "FF FE 43 00 61 00 66 00 E9 00 20 00 AC 20 34 00 0D 00 0A 00 2D 4E 87 65 20 00 3D D8 00 DE 0D 00 0A 00"
    ),
    "f3-utf32le.txt": hexb(
        "FF FE 00 00 43 00 00 00 61 00 00 00 66 00 00 00 E9 00 00 00 20 00 00 00 AC 20 00 00 34 00 00 00 0A 00 00 00 00 F6 01 00 0A 00 00 00"
    ),
    "f4.txt": hexb("FF FE 3D D8 41 00"),
    # F5: marked UTF-32LE, good text with one unit above 10FFFF and one surrogate unit.
    "f5-utf32le-bad-units.txt": utf32le("Good text, then ") + hexb("00 00 11 00")
    + utf32le(" and ", False) + hexb("3D D8 00 00") + utf32le(" in UTF-32LE.\n", False),
    "f6.txt": hexb("FF FE 00 00 48 00 69 00"),
    # Everyday files.
    "hello-utf8.txt": "Grüße, 世界! 😀\nSecond line\n".encode("utf-8"),
    "ascii-crlf.txt": b"one\r\ntwo\r\nthree\r\n",
    "mixed-endings.txt": b"unix\nwindows\r\nunix again\nold mac\rlast",
    "utf8-bom.csv": b"\xEF\xBB\xBFname,city\nZo\xC3\xAB,K\xC3\xB6ln\n",
    "utf16be-nobom.txt": "Plain text in UTF-16BE without a mark.\n".encode("utf-16-be"),
    "utf16le-nobom.txt": "Plain text in UTF-16LE without a mark.\r\n".encode("utf-16-le"),
    "utf32be-nobom.txt": "UTF-32BE, no mark\n".encode("utf-32-be"),
    "windows-1252.txt": "Café crème, déjà vu, naïve façade — “quoted” 50 €\n".encode("cp1252") * 3,
    "shift_jis.txt": "日本語のテキストです。これはシフトJISで書かれています。\n".encode("shift_jis") * 4,
    # Faults.
    "invalid-utf8.txt": b"caf\xC3\xA9 ok\nbad: \xE2\x82A and \xED\xA0\x80 and \xC0\x80\n"
    + "plenty of valid text: àéîõü ñ ç ß 中文 😀 ".encode("utf-8") * 8 + b"\n",
    "nul-and-controls.txt": b"log line\x00 with NUL\nbell\x07 and escape\x1b[31m red\n" + b"normal line\n" * 30,
    "joined-bom.txt": b"\xEF\xBB\xBFfirst file\n\xEF\xBB\xBFsecond file\n",
    "truncated-utf8.txt": "ends mid character: ".encode("utf-8") + b"\xE2\x82",
    "utf16le-odd-length.txt": b"\xFF\xFE" + "odd".encode("utf-16-le") + b"\x41",
    "lone-mark-utf8.txt": b"\xEF\xBB\xBF",
    "empty.txt": b"",
    "binary.bin": bytes(range(256)) * 4,
    # Hostile: terminal escape sequences (colour, cursor, OSC 52 clipboard, title) and bidi.
    "hostile-ansi.txt": b"colour \x1b[31mred\x1b[0m\ncursor \x1b[2J\x1b[H home\n"
    b"clipboard \x1b]52;c;aGVsbG8=\x07\ntitle \x1b]0;pwned\x07\nc1 \xc2\x9b31m\n"
    + "bidi \u202Eevil\u202C and \u2066isolate\u2069 zero\u200Bwidth\n".encode("utf-8")
    + b"<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3) &amp;\n",
}

def main():
    for name, data in FILES.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)

if __name__ == "__main__":
    main()
