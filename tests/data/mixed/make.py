#!/usr/bin/env python3
"""Writes the files of two encodings and of mojibake that the tests read (issue 39).

Every line is text written for this project (no other project's test data). Run from any
directory: python3 tests/data/mixed/make.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

GERMAN = "Die Brücke über den Fluß ist schön, sagte der Bürgermeister.\n"
FRENCH = "L'été dernier, nous avons goûté une crème brûlée à Créteil.\n"
ROWS = ["id,name,city\n"] + [f"{i},{n},{c}\n" for i, (n, c) in enumerate([
    ("José Martínez", "Málaga"), ("Zoë Brontë", "Köln"), ("Søren Ærø", "Århus"),
    ("Ana Görög", "Győr"), ("Chloé Dupré", "Besançon"), ("Jürgen Groß", "Gießen"),
    ("Inês Simões", "Évora"), ("Łukasz Żak", "Łódź"), ("Noël Garçon", "Nîmes"),
], 1)]


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    # Lines 1-9 and 14-20 UTF-8, lines 10-13 windows-1252.
    write("utf8-with-1252-lines.txt",
          (GERMAN * 9).encode() + (FRENCH * 4).encode("cp1252") + (GERMAN * 7).encode())
    # windows-1252, with lines 6-8 pasted from a UTF-8 source.
    write("1252-with-utf8-lines.txt",
          (FRENCH * 5).encode("cp1252") + (GERMAN * 3).encode() + (FRENCH * 4).encode("cp1252"))
    # UTF-8 whose lines 8-11 went through windows-1252 twice ("Ã©" became "ÃƒÂ©").
    double = "".join(r.encode().decode("cp1252").encode().decode("cp1252") for r in [FRENCH] * 4)
    write("utf8-double-mojibake.txt",
          (GERMAN * 7 + double + GERMAN * 3).encode())
    # A UTF-16LE export with a mark, and a UTF-8 export of the same rows appended to it.
    utf16 = b"\xff\xfe" + "".join(ROWS[:6]).encode("utf-16-le")
    write("utf16le-then-utf8.csv", utf16 + "".join(ROWS[:1] + ROWS[6:]).encode())
    print(f"utf16 part: {len(utf16)} bytes")


if __name__ == "__main__":
    main()
