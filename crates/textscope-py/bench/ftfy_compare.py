"""textscope.fix_mojibake beside ftfy.fix_encoding on the same strings (issue 39, item 4).

The strings are the project's own mojibake evaluation set (scripts/eval/mojibake/set.jsonl,
made by gen.py from sentences written for textscope: never ftfy's test cases). For each split
(tune, holdout) and kind (clean, look-alike, once, twice) it prints how many strings each tool
gives back exactly as expected, how many correct strings (clean and look-alike) each changed,
and each tool's speed over the whole set (best of 5, strings per second).

Usage: python ftfy_compare.py SET.jsonl
"""

import json
import sys
import time
from collections import defaultdict

import ftfy
import textscope


def main(path: str) -> None:
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    tools = {"textscope": textscope.fix_mojibake, "ftfy": ftfy.fix_encoding}
    table: dict = defaultdict(lambda: defaultdict(int))
    for r in rows:
        key = (r["split"], r["kind"])
        table[key]["n"] += 1
        for name, fix in tools.items():
            out = fix(r["input"])
            if out == r["expected"]:
                table[key][name + "_exact"] += 1
            if r["kind"] in ("clean", "lookalike") and out != r["input"]:
                table[key][name + "_changed"] += 1
    print(f"ftfy {ftfy.__version__}; {len(rows)} strings from {path}")
    print()
    print("| split | kind | strings | textscope exact | ftfy exact | textscope changed | ftfy changed |")
    print("|---|---|---|---|---|---|---|")
    for (split, kind), t in sorted(table.items()):
        changed = kind in ("clean", "lookalike")
        tc = str(t["textscope_changed"]) if changed else "–"
        fc = str(t["ftfy_changed"]) if changed else "–"
        print(f"| {split} | {kind} | {t['n']} | {t['textscope_exact']} | {t['ftfy_exact']} | {tc} | {fc} |")
    print()
    texts = [r["input"] for r in rows]
    for name, fix in tools.items():
        best = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            for s in texts:
                fix(s)
            best = min(best, time.perf_counter() - t0)
        print(f"{name}: {len(texts) / best:,.0f} strings/s ({best * 1000:.1f} ms for the set)")


if __name__ == "__main__":
    main(sys.argv[1])
