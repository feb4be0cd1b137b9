#!/usr/bin/env python3
"""Writes the sample files of the home page (web/samples/), all written for this project.

Run from the repository root: python3 scripts/make-samples.py
Provenance and what each file shows: web/samples/SOURCES.md.
"""
import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "web" / "samples"

# 1. The Windows notes file of SPEC §9 (F2): a UTF-16LE mark, CRLF, é, €, CJK and a
#    supplementary character as a surrogate pair; 34 bytes.
F2 = b"\xff\xfe" + "Café €4\r\n中文 😀\r\n".encode("utf-16-le")
assert len(F2) == 34

# 2. Two CSV exports, each with a UTF-8 mark, joined with `cat`: the second mark is now U+FEFF
#    inside the text (a problem), and the header row comes twice.
PART1 = "city,country,population\r\nMadrid,España,3416771\r\nSevilla,España,684025\r\n"
PART2 = "city,country,population\r\nZürich,Schweiz,443037\r\nGenève,Suisse,203856\r\n"
JOINED = b"\xef\xbb\xbf" + PART1.encode() + b"\xef\xbb\xbf" + PART2.encode()

# 3. A "Trojan Source" program (CVE-2021-42574 describes the trick): the comment holds a
#    right-to-left override and isolates, so an editor shows the check where the compiler sees
#    a comment; a zero-width space makes two names that look the same differ.
RLO, LRI, PDI, ZWSP = "\u202e", "\u2066", "\u2069", "\u200b"
TROJAN = (
    "// Only administrators may delete accounts.\n"
    "function canDelete(user) {\n"
    "    let isAdmin = user.role === 'admin';\n"
    f"    /*{RLO} }} {LRI}if (isAdmin){PDI} {LRI} begin admin-only part */\n"
    "        return true;\n"
    f"    /* end admin-only part {RLO} {{ {LRI}*/\n"
    f"    let is{ZWSP}Admin = false;\n"
    "    return isAdmin;\n"
    "}\n"
).encode()

# 4. A service log whose writer, after a crash, left runs of NUL bytes where records were
#    preallocated, plus terminal colour codes (ESC) and a bell (BEL). Few enough NULs (under
#    1 % of the characters) that it is still text, with each NUL a problem.
REQUESTS = b"".join(
    b"2026-03-01 08:%02d:%02d INFO  GET /api/items/%d 200 %d ms\n" % (i // 60, i % 60, 1000 + i, 3 + i % 17)
    for i in range(60)
)
LOG = (
    b"2026-03-01 08:00:00 INFO  service started\n"
    + REQUESTS
    + b"\x00" * 12
    + b"2026-03-01 08:05:17 WARN  \x1b[33mdisk 91 % full\x1b[0m\n"
    b"2026-03-01 08:05:18 ERROR write failed\x07\n"
    + b"\x00" * 8
    + b"2026-03-01 08:06:00 INFO  retrying\n"
)

# 5. Japanese prose in Shift_JIS, no mark: a legacy code page that detection must name.
SJIS = (
    "吾輩はテキストファイルである。文字コードはまだ無い。\r\n"
    "どこで保存されたかとんと見当がつかぬ。\r\n"
    "何でも古いウィンドウズのメモ帳で、シフトJISとして書かれた事だけは記憶している。\r\n"
).encode("shift_jis")

FILES = {
    "f2-windows-notes.txt": F2,
    "joined.csv": JOINED,
    "trojan-source.js": TROJAN,
    "nul-log.txt": LOG,
    "shift_jis.txt": SJIS,
}

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in FILES.items():
        (OUT / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")
