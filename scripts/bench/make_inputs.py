#!/usr/bin/env python3
"""Realistic inputs for scripts/bench-peers.sh, made once into DIR.

Unlike one repeated line, each input varies its lines with a fixed-seed PRNG, so a kernel's
branch predictor and a block's content both change the way they do on real files:

  utf8-log.txt            ASCII log lines of varied length, LF
  utf8-multilingual.txt   Latin with accents, Cyrillic, Greek, CJK, emoji (about half the
                          bytes beyond ASCII), LF
  utf16le-latin-crlf.txt  UTF-16LE with a mark, CRLF, prose where about one word in ten is
                          accented
  utf16le-cjk.txt         UTF-16LE with a mark, Chinese and Japanese prose, LF
  utf32le-mixed.txt       UTF-32LE without a mark, the multilingual lines
  cp1252-prose.txt        windows-1252 French and German prose, CRLF
  problem-dense.txt       UTF-8 log lines with a control character or NUL about every 100 bytes
  one-line.txt            one line of varied ASCII words, no ending at all

and a tree of SMALL_FILES files of 1-4 KiB (every format above, cut at a character boundary).

    make_inputs.py DIR SIZE_MIB SMALL_FILES
"""
import os
import random
import sys

d, mib, nsmall = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(d, exist_ok=True)
size = mib << 20
rng = random.Random(20261203)

WORDS = ("request handled server client cache miss hit user session token upload download "
         "queue worker retry timeout connection closed opened database query index table "
         "row column shard replica leader follower election heartbeat checksum").split()
LATIN = ("le la les une des pour avec sans dans sur sous entre chez vers mais donc car "
         "the and of with from into over under after before between during "
         "der die das und mit von aus bei nach über unter zwischen").split()
ACCENTED = ("café crème brûlée déjà naïve façade élève être garçon Noël où "
            "Grüße Köln Straße Mädchen über schön müde Bäcker Fußgänger "
            "señor año niño corazón canción mañana").split()
CYR = "Привет мир сегодня хорошая погода файл строка кодировка ошибка".split()
GREEK = "Καλημέρα κόσμε αρχείο γραμμή κωδικοποίηση σφάλμα".split()
CJK = ("中文文本的一行 日本語のテキスト 文字化けの原因 編碼錯誤 第二行 検出器 "
       "東京都 北京市 数据湖 ファイル").split()
EMOJI = ["😀", "🚀", "👩‍💻", "✅", "🎉"]


def log_line():
    ts = "2026-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59),
        rng.randint(0, 59), rng.randint(0, 999))
    level = rng.choice(["INFO", "INFO", "INFO", "WARN", "DEBUG", "ERROR"])
    msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 14)))
    return "%s %s %s id=%d ms=%d path=/api/v%d/%s\n" % (
        ts, level, msg, rng.randint(0, 10**9), rng.randint(0, 5000), rng.randint(1, 3),
        rng.choice(WORDS))


def latin_line():
    words = [rng.choice(ACCENTED) if rng.random() < 0.1 else rng.choice(LATIN)
             for _ in range(rng.randint(4, 18))]
    return " ".join(words).capitalize() + ".\n"


def multi_line():
    parts = []
    for _ in range(rng.randint(3, 9)):
        pool = rng.choice([ACCENTED, CYR, GREEK, CJK, CJK, LATIN])
        parts.append(rng.choice(pool))
        if rng.random() < 0.08:
            parts.append(rng.choice(EMOJI))
    return " ".join(parts) + "\n"


def cjk_line():
    return "".join(rng.choice(CJK) for _ in range(rng.randint(3, 12))) + "。\n"


def dense_line():
    line = log_line()
    out = []
    for i, ch in enumerate(line):
        out.append(ch)
        if i % 100 == 57:
            out.append(rng.choice(["\x00", "\x07", "\x1b", "\x7f"]))
    return "".join(out)


def one_line_chunk():
    return " ".join(rng.choice(WORDS + LATIN) for _ in range(200)) + " "


INPUTS = [
    ("utf8-log.txt", log_line, "utf-8", b"", False),
    ("utf8-multilingual.txt", multi_line, "utf-8", b"", False),
    ("utf16le-latin-crlf.txt", latin_line, "utf-16-le", b"\xff\xfe", True),
    ("utf16le-cjk.txt", cjk_line, "utf-16-le", b"\xff\xfe", False),
    ("utf32le-mixed.txt", multi_line, "utf-32-le", b"", False),
    ("cp1252-prose.txt", latin_line, "cp1252", b"", True),
    ("problem-dense.txt", dense_line, "utf-8", b"", False),
    ("one-line.txt", one_line_chunk, "utf-8", b"", False),
]


def block(gen, enc, crlf, target):
    """About `target` bytes of encoded lines (a block is repeated to fill large files)."""
    out, n = [], 0
    while n < target:
        s = gen()
        if crlf:
            s = s.replace("\n", "\r\n")
        b = s.encode(enc)
        out.append(b)
        n += len(b)
    return b"".join(out)


for name, gen, enc, bom, crlf in INPUTS:
    path = os.path.join(d, name)
    if os.path.exists(path) and os.path.getsize(path) >= size * 0.95:
        continue
    # 8 MiB of distinct lines, repeated: varied enough for the caches and predictors, and
    # quick to make at 1 GiB.
    b = block(gen, enc, crlf, min(size, 8 << 20))
    with open(path, "wb") as f:
        f.write(bom)
        written = len(bom)
        while written < size:
            f.write(b)
            written += len(b)

small = os.path.join(d, "small")
marker = os.path.join(small, ".complete-%d" % nsmall)
if not os.path.exists(marker):
    os.makedirs(small, exist_ok=True)
    for i in range(nsmall):
        name, gen, enc, bom, crlf = INPUTS[i % (len(INPUTS) - 1)]  # no one-line files here
        want = rng.randint(1024, 4096)
        text = ""
        while len(text.encode(enc)) < want:
            text += gen().replace("\n", "\r\n") if crlf else gen()
        data = bom + text.encode(enc)
        # cut at a character boundary: drop characters until the encoding fits
        while len(data) > want:
            text = text[:-max(1, (len(data) - want) // 4)]
            data = bom + text.encode(enc)
        sub = os.path.join(small, "%03d" % (i // 1000))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "%05d-%s" % (i, name)), "wb") as f:
            f.write(data)
    open(marker, "w").close()
