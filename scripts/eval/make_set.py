"""Makes the labelled files of the detection evaluation from the texts in text/.

    python3 scripts/eval/make_set.py OUT_DIR

Every language is encoded with every page of pages.py meant for it that can hold its letters,
at each size of pages.SIZES and pages.SNIPPETS (cut at a character boundary, never above the
size), with Python's codecs; once more per page with glibc's iconv (and every file of the pages
only iconv has).
Writes OUT_DIR/files/… and OUT_DIR/manifest.jsonl. Deterministic: every choice comes from a
seeded generator keyed by the file's language, page and size.
"""

import json
import os
import random
import subprocess
import sys
import unicodedata
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evalcodecs  # noqa: E402  (registers the iconv-backed codecs)
from pages import LANGUAGES, PAGES, SIZES, SNIPPETS, UTF_FORMS, line_ending  # noqa: E402

TEXT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "text")

# What a converter of the time wrote for a character the page lacks.
FALLBACK = {
    "\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201a": "'",
    "\u00ab": '"', "\u00bb": '"', "\u2039": "<", "\u203a": ">", "\u2013": "-", "\u2014": "-",
    "\u2026": "...", "\u20ac": "EUR", "\u00a0": " ", "\u2022": "*", "\u00b7": ".", "\u00d7": "x",
    "\u2116": "No.", "\u0153": "oe", "\u0152": "OE", "\u0219": "\u015f", "\u021b": "\u0163",
    "\u0218": "\u015e", "\u021a": "\u0162", "\u0491": "\u0433", "\u0490": "\u0413",
    "\u00b0": "o", "\u00bd": "1/2", "\u2032": "'", "\u00a3": "GBP", "\u00a7": "par.",
    "\u2212": "-", "\u00b2": "2", "\u00b3": "3", "\u02bc": "'", "\u00e6": "ae", "\u00c6": "AE",
    "\u06cc": "\u064a", "\u0625": "\u0627", "\u0623": "\u0627",
}

# Arabic letters → their presentation forms, as DOS's Arabic page (IBM864) holds them.
PRESENTATION = {}
for _cp in range(0xFE70, 0xFF00):
    _base = unicodedata.normalize("NFKC", chr(_cp))
    if len(_base) == 1 and "\u0600" <= _base <= "\u06ff":
        PRESENTATION.setdefault(_base, []).append(chr(_cp))


def seed(*parts):
    return random.Random(zlib.crc32("|".join(map(str, parts)).encode()))


def encoder(codec):
    def enc(s):
        return s.encode(codec) if codec not in evalcodecs.ICONV_ONLY else \
            evalcodecs.run_iconv(s.encode("utf-8"), "UTF-8", evalcodecs.ICONV_ONLY[codec])
    return enc


def adapt(text, codec):
    """The text as it would have been written in codec: punctuation the page lacks replaced,
    capitals without their accent where the page has no accented capital. Returns (text, None),
    or (None, letters) when the page cannot hold the language's small letters."""
    enc = encoder(codec)
    cache = {}

    def ok(s):
        if s not in cache:
            try:
                enc(s)
                cache[s] = True
            except (UnicodeError, ValueError):
                cache[s] = False
        return cache[s]

    distinct = sorted(set(text))
    if codec in evalcodecs.ICONV_ONLY:  # one iconv call for the whole set, not one per char
        try:
            enc("".join(distinct))
            cache.update({c: True for c in distinct})
        except ValueError:
            pass
    table, missing = {}, set()
    for c in distinct:
        if ok(c):
            continue
        nfd = unicodedata.normalize("NFD", c)
        fb = FALLBACK.get(c)
        tries = [fb, nfd] + PRESENTATION.get(c, []) + PRESENTATION.get(fb, [])
        for i in range(1, len(nfd)):  # one mark composed with the letter, the rest combining
            tries.append(unicodedata.normalize("NFC", nfd[0] + nfd[i]) + nfd[1:i] + nfd[i + 1:])
        if c.isupper():
            tries.append("".join(x for x in nfd if not unicodedata.combining(x)))
        rep = next((t for t in tries if t and ok(t)), None)
        if rep is None:
            if unicodedata.category(c) == "Mn":  # a vowel sign the page lacks: left out
                rep = ""
            elif unicodedata.category(c)[0] in "LM":
                missing.add(c)
                continue
            else:
                rep = "?"
        table[c] = rep
    if missing:
        return None, "".join(sorted(missing))
    return "".join(table.get(c, c) for c in text), None


def cut(text, ending, enc, size, rng, want_non_ascii=False):
    """The longest run of whole characters, from a random line start, whose encoding (lines
    ending with ending) fits size. With want_non_ascii, a start is sought (line starts first,
    then word starts) whose run holds a character beyond ASCII: a legacy file of ASCII only has
    no code page to tell."""
    line_starts = [i for i in range(len(text)) if i == 0 or text[i - 1] == "\n"]
    word_starts = [i for i in range(1, len(text)) if text[i - 1] == " "]
    piece = None
    for tries in range(60 if want_non_ascii else 1):
        starts = line_starts if tries < 30 or not word_starts else word_starts
        start = starts[rng.randrange(len(starts))]
        body = text[start:] + "\n" + text[:start] if start else text
        piece = _fit(eol(body + "\n", ending), enc, size)
        if not want_non_ascii or any(ord(c) > 127 for c in piece):
            break
    return piece


def _fit(body, enc, size):
    need = size + 1
    rot = body
    while len(rot) < need:
        rot += body
    lo, hi = 0, min(len(rot), need)
    while lo < hi:  # largest n with len(enc(rot[:n])) <= size
        mid = (lo + hi + 1) // 2
        if len(enc(rot[:mid])) <= size:
            lo = mid
        else:
            hi = mid - 1
    return rot[:lo]


def eol(text, ending):
    return text if ending == "\n" else text.replace("\n", ending)


def main():
    if len(sys.argv) != 2:
        print("usage: make_set.py OUT_DIR", file=sys.stderr)
        return 2
    out = sys.argv[1]
    files_dir = os.path.join(out, "files")
    os.makedirs(files_dir, exist_ok=True)
    texts = {}
    for lang in LANGUAGES:
        path = os.path.join(TEXT_DIR, lang + ".txt")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                texts[lang] = unicodedata.normalize("NFC", f.read().replace("\r\n", "\n")).strip()
        else:
            print(f"make_set: no text for {lang}", file=sys.stderr)
    manifest, skipped = [], []

    def write(name, data, label, codec, family, lang, target, maker, expect):
        got = evalcodecs.decode(data, codec)
        if got != expect:
            skipped.append(f"{name}: does not decode back to its text with {codec}")
            return
        path = os.path.join(files_dir, name)
        with open(path, "wb") as f:
            f.write(data)
        manifest.append({"path": path, "label": label, "codec": codec, "family": family,
                         "lang": lang, "size": len(data), "target": target, "maker": maker})

    for label, codec, iconv_name, family, langs in PAGES:
        pycodec = codec or next(k for k, v in evalcodecs.ICONV_ONLY.items() if v == iconv_name)
        enc = encoder(pycodec)
        slug = label.lower()
        for lang in langs:
            if lang not in texts:
                continue
            adapted, missing = adapt(texts[lang], pycodec)
            if adapted is None:
                skipped.append(f"{label} {lang}: the page lacks {missing}")
                continue
            ending = line_ending(family) or ("\r\n" if label.startswith("windows-") else "\n")
            maker = "python" if codec else "iconv"
            for size in SIZES + SNIPPETS:
                rng = seed(lang, label, size)
                piece = cut(adapted, ending, enc, size, rng, True)
                write(f"{slug}.{lang}.{size}.txt", enc(piece), label, pycodec, family, lang,
                      size, maker, piece)
            if codec and iconv_name:  # the same kind of file, made by iconv
                rng = seed(lang, label, "iconv")
                size = rng.choice(SIZES[3:11])
                piece = cut(adapted, ending, enc, size, rng, True)
                r = subprocess.run(["iconv", "-f", "UTF-8", "-t", iconv_name],
                                   input=piece.encode("utf-8"), capture_output=True)
                if r.returncode != 0:
                    skipped.append(f"{label} {lang}: iconv failed: {r.stderr.decode().strip()}")
                    continue
                write(f"{slug}.{lang}.{size}.iconv.txt", r.stdout, label, pycodec, family,
                      lang, size, "iconv", piece)

    for i, (label, codec, mark) in enumerate(UTF_FORMS):
        for j, lang in enumerate(texts):
            rng = seed(lang, label, mark.hex())
            ending = rng.choice(["\n", "\n", "\r\n"])
            sizes = [SIZES[(i + j + k * 2) % len(SIZES)] for k in range(2)]
            enc = encoder(codec)
            for size in sizes:
                piece = cut(texts[lang], ending, enc, size - len(mark), seed(lang, codec, size))
                kind = label.lower() + ("-bom" if mark else "")
                write(f"{kind}.{lang}.{size}.txt", mark + enc(piece), label, codec, "UTF", lang,
                      size, "python", piece)

    # Snippets of Unicode without a mark: two sizes per language and form.
    for i, (label, codec, mark) in enumerate(UTF_FORMS):
        if mark or label.startswith("UTF-32"):
            continue
        for j, lang in enumerate(texts):
            enc = encoder(codec)
            for k in range(2):
                size = SNIPPETS[(i + j + k * 3) % len(SNIPPETS)]
                piece = cut(texts[lang], "\n", enc, size, seed(lang, codec, "snippet", size), True)
                write(f"{label.lower()}.{lang}.{size}.txt", enc(piece), label, codec, "UTF", lang,
                      size, "python", piece)

    # Unicode files as iconv writes them (its UTF-16 and UTF-32 put a mark first), for every
    # third language.
    for n, lang in enumerate(sorted(texts)):
        if n % 3:
            continue
        for target in ("UTF-8", "UTF-16", "UTF-16BE", "UTF-32", "UTF-32BE"):
            rng = seed(lang, target, "iconv")
            size = rng.choice(SIZES[2:11])
            codec = {"UTF-8": "utf_8", "UTF-16BE": "utf_16_be", "UTF-32BE": "utf_32_be"}.get(
                target, target.lower().replace("-", "_") + "_le")
            mark = 4 if target == "UTF-32" else 2 if target == "UTF-16" else 0
            piece = cut(texts[lang], "\n", encoder(codec), size - mark, rng)
            r = subprocess.run(["iconv", "-f", "UTF-8", "-t", target],
                               input=piece.encode("utf-8"), capture_output=True)
            if r.returncode != 0:
                skipped.append(f"{target} {lang}: iconv failed: {r.stderr.decode().strip()}")
                continue
            label = {"utf_8": "UTF-8", "utf_16_le": "UTF-16LE", "utf_16_be": "UTF-16BE",
                     "utf_32_le": "UTF-32LE", "utf_32_be": "UTF-32BE"}[codec]
            write(f"{target.lower()}.{lang}.{size}.iconv.txt", r.stdout, label, codec, "UTF",
                  lang, size, "iconv", piece)

    with open(os.path.join(out, "manifest.jsonl"), "w", encoding="utf-8") as f:
        for m in manifest:
            f.write(json.dumps(m, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "skipped.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(skipped) + "\n")
    fams = {}
    for m in manifest:
        fams[m["family"]] = fams.get(m["family"], 0) + 1
    print(f"make_set: {len(manifest)} files ({', '.join(f'{k} {v}' for k, v in fams.items())}); "
          f"{len(skipped)} combinations skipped (see {out}/skipped.txt)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
