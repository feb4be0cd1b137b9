#!/usr/bin/env python3
"""Writes the byte-exact test files of this folder. Every file here is made by this script
from the bytes written below (the worked files F1-F6 are SPEC §9's own bytes); run it again
to check nothing drifted: `python3 tests/data/make.py && git diff --exit-code tests/data`."""
import io
import os
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

def hexb(s):
    return bytes.fromhex(s.replace("\n", " "))

def png_1x1():
    """A real 1x1 PNG (8-bit RGB, one teal pixel), every chunk with its CRC."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00\x00\x80\x80", 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")

def zip_one():
    """A real zip with one stored text file, at a fixed date so the bytes never change."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        info = zipfile.ZipInfo("hello.txt", date_time=(2026, 12, 4, 0, 0, 0))
        info.external_attr = 0o644 << 16
        z.writestr(info, b"hello from inside a zip\n")
    return buf.getvalue()

def nul_log():
    """A service log whose writer left NULs behind (a file preallocated, then truncated): short
    runs of 16 NULs at a few line starts and one run of 4,096 NULs, about 27 % NUL in all."""
    out = b""
    for i in range(188):
        if i in (20, 60, 140, 180):
            out += b"\x00" * 16
        if i == 100:
            out += b"\x00" * 4096
        out += b"2026-12-04T05:%02d:%02dZ api[4711]: GET /items/%d 200 in %d ms\n" % (
            i // 60, i % 60, i * 7, 3 + i % 17)
    return out

def colour_build_log():
    """A short build log as a terminal saw it: SGR colours, a cursor-up redraw and an
    erase-line, about 10 % ESC bytes."""
    g, y, r, b, z = b"\x1b[32m", b"\x1b[33m", b"\x1b[31m", b"\x1b[1m", b"\x1b[0m"
    out = b""
    for name in [b"libc", b"serde", b"memchr", b"regex", b"itoa", b"ryu"]:
        out += b + g + b"Compiling" + z + b" " + b + name + z + b"\n"
    out += b + y + b"warning" + z + b": unused variable: `x`\n"
    out += b"\x1b[1A\x1b[2K" + b + g + b"    Building" + z + b" [=====>   ] 7/9\n"
    out += b + r + b"error[E0308]" + z + b": mismatched types\n"
    out += b + g + b"    Finished" + z + b" dev [unoptimized] in 3.1s\n"
    return out

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
    # Nearly text (issue 14): runs of NULs, terminal colours, many faults in few bytes.
    "nul-log.txt": nul_log(),
    "colour-build.log": colour_build_log(),
    # 73 bytes, nine separate problems: NUL, two BELs, an ESC that starts no sequence, three
    # ill-formed UTF-8 subparts, U+FEFF inside the text, a character cut short at the end.
    "many-faults.txt": b"ids\x00 42: caf\xC3( ok\x07 \xFF sum\n"
    + b"ring\x07 esc\x1b here \x80 xyzzy foo\n" + "mid\uFEFFbom\n".encode("utf-8") + b"the end \xE2\x82",
    # Real binary containers, the smallest valid ones.
    "image.png": png_1x1(),
    "archive.zip": zip_one(),
}

def main():
    for name, data in FILES.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)

if __name__ == "__main__":
    main()
