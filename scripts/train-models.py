#!/usr/bin/env python3
"""Builds crates/textscope/src/detect/rank/models.rs: one character-bigram model per language for
the legacy code-page scorer (SPEC D12).

Source: the n-gram profiles shipped in PyPI's `langdetect` 1.0.9 (Apache-2.0; Nakatani Shuyo's
language-detection profiles, built from Wikipedia abstracts).  Only their 2-grams are used:
both characters lower-cased (counts of case variants added up), kept when each is a letter, a
combining mark (Thai vowels) or the space that marks a word's edge; the 1,200 commonest per language, each stored with its
cost  round(-ln(count / total) * 8)  (so 8 units are one nat).  CJK and Indic profiles are not
used (langdetect folds their characters into classes; the CJK pages are scored by byte ranges).

Languages langdetect has no profile for (Icelandic, Esperanto, Irish, Kazakh, Belarusian,
Serbian) are
counted from the translations that Debian packages ship as gettext catalogues (.mo): the
msgstr texts of the catalogues named in MO_CATALOGUES, from /usr/share/locale/LANG/LC_MESSAGES
(GTK 3 and GLib: LGPL-2.1+, iso-codes: LGPL-2.1+, coreutils: GPL-3+). Format directives,
markup, mnemonic underscores and ASCII-only words that are commands or options are dropped;
the bigrams of what is left are counted the same way. Interface strings are a narrow kind of
text, so a language may add running text that Debian ships (EXTRA_TEXT): for Esperanto,
Zamenhof's Proverbaro Esperanta (1910, public domain; package fortunes-eo).

Maltese has almost no translations there; its model is counted from the word list of
Tesseract's Maltese model (Debian package tesseract-ocr-mlt, tessdata_fast, Apache-2.0), read
out with Tesseract's own `combine_tessdata -u` and `dawg2wordlist` (package tesseract-ocr):
each distinct word, lower-cased, once (a list gives no word frequencies, so the model is of
the words' spelling, not of how often each is written).

Run from the repository root:
    pip download --no-deps -d /tmp/ld langdetect==1.0.9 && tar xzf /tmp/ld/langdetect-1.0.9.tar.gz -C /tmp/ld
    apt-get install -y libgtk-3-common libglib2.0-data iso-codes coreutils fortunes-eo \
        tesseract-ocr tesseract-ocr-mlt
    python3 scripts/train-models.py /tmp/ld/langdetect-1.0.9/langdetect/profiles [LOCALE_DIR]
"""
import gettext
import re
import json
import math
import os
import subprocess
import sys
import tempfile
import unicodedata

LANGS = {
    "Latin": ["en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "et", "lt",
              "lv", "pl", "cs", "sk", "sl", "hr", "hu", "ro", "sq", "tr", "ca", "cy", "af",
              "id", "so", "sw", "tl", "vi"],
    "Cyrillic": ["ru", "uk", "bg", "mk"],
    "Greek": ["el"],
    "Hebrew": ["he"],
    "Arabic": ["ar", "fa", "ur"],
    "Thai": ["th"],
}
KEEP = 1200
# Languages counted from Debian's gettext catalogues (the script they are written in).
FROM_MO = {"Latin": ["is", "eo", "ga"], "Cyrillic": ["kk", "be", "sr"]}
MO_CATALOGUES = ["gtk30", "gtk30-properties", "glib20", "coreutils"]
# iso-codes' names of countries and currencies: only for a language that the catalogues above
# hardly translate; their names of languages and scripts are left out, being full of
# foreign letters.
MO_FALLBACK = ["iso_3166", "iso_3166-1", "iso_3166-3", "iso_3166_2", "iso_3166-2", "iso_4217"]
# Running text from Debian packages added to a language's catalogue counts (fortune files:
# entries separated by lines holding "%").
EXTRA_TEXT = {"eo": ["/usr/share/games/fortunes/eo/proverbaro"]}
# Languages counted from the word list of a Tesseract model: language -> (script, model name).
FROM_WORDLIST = {"mt": ("Latin", "mlt")}
TESSDATA = "/usr/share/tesseract-ocr/5/tessdata"


def count_text(text, counts):
    """Adds the letter bigrams of TEXT to COUNTS: words of letters (or of one character beyond
    ASCII) lower-cased, a space at each word's edge, digits and punctuation dropped."""
    words = []
    for w in re.split(r"[^\w]+|\d+", text):
        if w and not w.isascii() or len(w) > 1 and w.isalpha():
            words.append(w.lower())
    text = " " + " ".join(words) + " "
    for a, b in zip(text, text[1:]):
        if ok(a) and ok(b) and not (a == " " and b == " "):
            counts[a + b] = counts.get(a + b, 0) + 1


def extra_counts(lang, counts):
    """Adds EXTRA_TEXT's files for LANG (running text) to COUNTS."""
    for path in EXTRA_TEXT.get(lang, []):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        entries = re.split(r"^%$", text, flags=re.M)
        for entry in entries:
            count_text(entry, counts)


def wordlist_counts(name):
    """Bigram counts of the word list of Tesseract's model NAME: each distinct lower-cased
    word once."""
    model = os.path.join(TESSDATA, name + ".traineddata")
    with tempfile.TemporaryDirectory() as tmp:
        prefix = os.path.join(tmp, name + ".")
        subprocess.run(["combine_tessdata", "-u", model, prefix], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        words = prefix + "words"
        subprocess.run(["dawg2wordlist", prefix + "lstm-unicharset", prefix + "lstm-word-dawg",
                        words], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(words, encoding="utf-8") as f:
            distinct = sorted({w.strip().lower() for w in f if w.strip()})
    counts = {}
    for w in distinct:
        count_text(w, counts)
    return counts


def mo_counts(locale_dir, lang):
    """Bigram counts of the translated strings of MO_CATALOGUES in LANG (with MO_FALLBACK when
    they hold fewer than 20,000 bigrams)."""
    counts = {}
    seen = set()
    for cat in MO_CATALOGUES + MO_FALLBACK:
        if cat in MO_FALLBACK and sum(counts.values()) >= 20000:
            break
        path = os.path.join(locale_dir, lang, "LC_MESSAGES", cat + ".mo")
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            t = gettext.GNUTranslations(f)
        for msg in t._catalog.values():  # noqa: SLF001  (the catalogue's own table)
            if not isinstance(msg, str) or msg in seen:
                continue
            seen.add(msg)
            msg = re.sub(r"%[-#0-9.*lhzjt]*[a-zA-Z]|\{[^}]*\}|<[^>]*>|&[a-z]+;|_", " ", msg)
            count_text(msg, counts)
    extra_counts(lang, counts)
    return counts


def ok(c):
    return c == " " or unicodedata.category(c)[0] in "LM"


def add(models, lang, script, counts):
    total = sum(counts.values())
    if total < 5000:
        sys.exit(f"train-models: too little text for {lang} ({total} bigrams)")
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:KEEP]
    top.sort(key=lambda kv: kv[0])
    pairs = "".join(g for g, _ in top)
    cost = bytes(min(255, max(1, round(-math.log(n / total) * 8))) for _, n in top)
    models.append((lang, script, pairs, cost))
    print(lang, total, "bigrams", file=sys.stderr)


def main():
    profiles = sys.argv[1]
    locale_dir = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/locale"
    out = ["// Generated by scripts/train-models.py from the n-gram profiles of PyPI's langdetect\n",
           "// 1.0.9 (Apache-2.0, built from Wikipedia), for is eo ga kk be sr from the translations\n",
           "// in Debian's gettext catalogues (and eo from fortunes-eo's Proverbaro), for mt from\n",
           "// the word list of tesseract-ocr-mlt; do not edit. See docs/detection.md.\n\n",
           "use super::model::{Model, ModelScript};\n\n",
           "/// Character-bigram models, one per language: `pairs` holds two characters per bigram,\n",
           "/// `cost` one byte per bigram (-ln p, 8 units a nat).\n"]
    models = []
    for script, langs in LANGS.items():
        for lang in langs + FROM_MO.get(script, []):
            if lang in FROM_MO.get(script, []):
                counts = mo_counts(locale_dir, lang)
                add(models, lang, script, counts)
                continue
            prof = json.load(open(os.path.join(profiles, lang), encoding="utf-8"))
            counts = {}
            for gram, n in prof["freq"].items():
                if len(gram) != 2:
                    continue
                a, b = gram[0].lower()[:1], gram[1].lower()[:1]
                if not (ok(a) and ok(b)) or (a == " " and b == " "):
                    continue
                counts[a + b] = counts.get(a + b, 0) + n
            add(models, lang, script, counts)
        for lang, (wscript, name) in FROM_WORDLIST.items():
            if wscript == script:
                add(models, lang, script, wordlist_counts(name))
    out.append(f"pub(crate) static MODELS: [Model; {len(models)}] = [\n")
    for lang, script, pairs, cost in models:
        esc = "".join(f"\\x{b:02x}" for b in cost)
        pstr = pairs.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'    Model {{\n        lang: "{lang}",\n        script: ModelScript::{script},\n')
        out.append(f'        pairs: "{pstr}",\n        cost: b"{esc}",\n    }},\n')
    out.append("];\n")
    with open("crates/textscope/src/detect/rank/models.rs", "w", encoding="utf-8") as f:
        f.write("".join(out))
    print(len(models), "models", file=sys.stderr)


if __name__ == "__main__":
    main()
