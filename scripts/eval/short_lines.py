"""Short legacy lines, each named by a CLI: how many come out as a page that decodes them to
their text (decisions 122 and 127, issue 38). The lines are those of
crates/textscope/tests/detect_verdicts.rs (the groups "right" and "dos" and "other", which
must stay right) and the lines docs/detection.md's "Known limits" lists as still wrong
("open"), each in its pages; all were written for this project. A measure, not a test: it
prints every line named wrong and the count per group, and exits 0.

    python3 scripts/eval/short_lines.py path/to/textscope
"""

import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evalcodecs  # noqa: E402

# d12_short_latin1_lines_are_western, in windows-1252 and ISO-8859-15.
WESTERN = [
    "café crème\n", "garçon\n", "Noël\n", "à bientôt", "déjà vu\n", "l'été dernier\n",
    "Ça va bien ?\n", "la forêt\n", "Où est la gare ?\n", "Il est déjà parti à la maison.\n",
    "Grüße\n", "schön\n", "Müller\n", "Füße", "Größe\n", "Mädchen\n", "über alles\n",
    "für dich\n", "Das Fahrrad gehört mir.\n", "perché\n", "città\n", "caffè\n", "señor\n",
    "mañana\n", "¿Qué tal?\n", "corazón\n", "adiós\n", "Perú\n", "Ella está en el jardín.\n",
    "não\n", "ação\n", "coração\n", "São Paulo\n", "pão\n", "avô\n", "één\n", "ideeën\n",
    "reünie\n", "België\n", "Hij heeft het geïnstalleerd.\n", "Ærø\n", "blåbærgrød\n",
    "smørrebrød\n", "på tirsdag\n", "Århus\n", "Malmö\n", "Göteborg\n", "få\n", "kött\n",
    "älg\n", "smörgåsbord\n", "björn\n", "blå\n", "Vi ses på fredag.\n", "Þórður\n", "já\n",
    "Ísland\n", "Hämeenlinna\n", "yö\n", "hyvää päivää\n", "Barça\n",
]
# Known limits: still wrong in windows-1252 and ISO-8859-15.
OPEN = [
    "naïve\n", "maïs\n", "geïnstalleerd\n", "Straße\n", "Tschüß!\n", "già\n", "più tardi\n",
    "così\n", "Sì, è vero.\n", "niño\n", "você\n", "één keer\n", "Tromsø\n",
]
# d12_short_dos_lines_are_dos in IBM850, and its open line `Ærø`.
DOS = [
    "Straße\r\n", "Größe\r\n", "señor\r\n", "café\r\n", "già\r\n", "blåbærgrød\r\n",
    "Århus\r\n", "Ísland\r\n", "não\r\n", "Größe: 12 KB │ Datei\r\n",
    "┌─────┐\r\n│ Año │\r\n└─────┘\r\n",
]
DOS_OPEN = ["Ærø\r\n"]
# d12_short_lines_of_other_pages_stay_theirs, and its open Lithuanian line.
OTHER = [
    (["cp1250", "iso8859_2"], ["Dziękuję bardzo\n", "Zażółć gęślą jaźń\n",
                               "Příliš žluťoučký kůň\n"]),
    (["cp1250"], ["Kraków\n", "Děkuji\n", "Łódź\n"]),
    (["cp1257"], ["Ačiū labai\n", "Lietuvių kalba\n", "ąžuolas\n"]),
    (["koi8_r", "cp1251"], ["Привет, мир\n", "Спасибо\n", "Да\n"]),
    (["iso8859_7"], ["Καλημέρα\n", "Ευχαριστώ πολύ\n", "Ναι\n"]),
]
OTHER_OPEN = [("cp1257", "Vilniaus universitetas įkurtas 1579 m.\n")]


def cases():
    for enc in ["cp1252", "iso8859_15"]:
        yield from (("right", enc, t) for t in WESTERN)
        yield from (("open", enc, t) for t in OPEN)
    yield from (("dos", "cp850", t) for t in DOS)
    yield from (("open", "cp850", t) for t in DOS_OPEN)
    for encs, lines in OTHER:
        yield from (("other", e, t) for e in encs for t in lines)
    yield from (("open", e, t) for e, t in OTHER_OPEN)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: short_lines.py path/to/textscope")
    cli = sys.argv[1]
    counts = {}
    with tempfile.TemporaryDirectory() as d:
        for i, (group, enc, text) in enumerate(cases()):
            data = text.encode(enc)
            path = os.path.join(d, f"{i}.txt")
            with open(path, "wb") as f:
                f.write(data)
            out = subprocess.run([cli, "--json", path], capture_output=True,
                                 stdin=subprocess.DEVNULL, check=False).stdout
            r = json.loads(out)
            got = None
            codec = evalcodecs.codec_for(r["encoding"]) if r["format"] == "legacy" else None
            if codec:
                try:
                    got = data.decode(codec)
                except (UnicodeDecodeError, LookupError, ValueError):
                    got = None
            right = got == text
            n = counts.setdefault(group, [0, 0])
            n[0] += right
            n[1] += 1
            if not right:
                print(f"wrong: {group} {enc} {text!r}: {r['format']} {r['encoding']}"
                      f" ({r.get('language')})")
    for group, (right, n) in counts.items():
        print(f"{group}: {right} of {n} right")
    print(f"all: {sum(r for r, _ in counts.values())} of {sum(n for _, n in counts.values())}"
          " right")


if __name__ == "__main__":
    main()
