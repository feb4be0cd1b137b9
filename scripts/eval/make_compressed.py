"""Makes the compressed test inputs of SPEC D13 (issue 38): streams of the project's own text
(scripts/eval/text/) compressed with Python's zlib, as raw deflate bodies (no header), zlib
streams and gzip members, 64 B to 4 KiB each. Deterministic (seeded, gzip with mtime 0).

    python3 scripts/eval/make_compressed.py crates/textscope/tests/data/compressed
"""

import gzip
import os
import random
import sys
import zlib

TEXT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "text")


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(38)
    texts = sorted(f for f in os.listdir(TEXT_DIR) if f.endswith(".txt"))
    kinds = ["deflate", "zlib", "gzip"]
    made = 0
    for i in range(60):
        name = texts[i % len(texts)]
        with open(os.path.join(TEXT_DIR, name), "rb") as f:
            text = f.read()
        kind = kinds[i % 3]
        want = rng.choice([64, 100, 200, 400, 700, 1000, 2000, 4096])
        # The text cut so that its compressed form is about `want` bytes (text compresses
        # two to four times), then cut to at most `want` bytes: a stream's head, as a file
        # cut short or a window would hold it.
        start = rng.randrange(0, max(1, len(text) - 4 * want))
        body = text[start:start + 4 * want]
        level = rng.choice([1, 6, 9])
        if kind == "deflate":
            c = zlib.compressobj(level, zlib.DEFLATED, -15)
            data = c.compress(body) + c.flush()
        elif kind == "zlib":
            data = zlib.compress(body, level)
        else:
            data = gzip.compress(body, compresslevel=level, mtime=0)
        data = data[:want]
        lang = name[:-4]
        with open(os.path.join(out, f"{i:02d}.{lang}.{kind}.{len(data)}.bin"), "wb") as f:
            f.write(data)
        made += 1
    print(f"made {made} files in {out}")


if __name__ == "__main__":
    main(sys.argv[1])
