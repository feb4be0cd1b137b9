"""Fits the mapping from the legacy stage's score margin to a calibrated confidence (SPEC D12),
on the tune split of an evaluation run (never on the held-out split), and prints the constants
for `crates/textscope/src/detect/rank/mod.rs`.

    python3 scripts/eval/calibrate.py target/eval-detection/results.jsonl

The model is logistic: confidence = 1 / (1 + exp(-(A + B ln(1 + m) + C ln(1 + h)))), where m
is the runner-up's cost minus the winner's summed over the window's bytes above 7F (the raw
margin) and h the number of those bytes; fitted by Newton's method on "the answer decodes the
file to its label's text".
"""

import json
import math
import sys


def features(margin):
    win, run, high = margin
    m = max(0.0, (run - win) / 1000.0) * max(1, high)
    return [1.0, math.log1p(m), math.log1p(high)]


def fit(rows, iters=50, ridge=1e-3):
    w = [0.0, 0.0, 0.0]
    for _ in range(iters):
        g = [0.0] * 3
        h = [[ridge if i == j else 0.0 for j in range(3)] for i in range(3)]
        for x, y in rows:
            z = sum(a * b for a, b in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(3):
                g[i] += (p - y) * x[i]
                for j in range(3):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(3):
            g[i] += ridge * w[i]
        step = solve(h, g)
        w = [a - b for a, b in zip(w, step)]
    return w


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def main():
    rows = []
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("split") == "tune" and r.get("margin"):
                rows.append((features(r["margin"]), 1.0 if r["textscope"][1] else 0.0))
    if len(rows) < 50:
        sys.exit("calibrate: too few legacy answers in the tune split")
    a, b, c = fit(rows)
    print(f"{len(rows)} legacy answers of the tune split")
    print(f"const CONF_A: f64 = {a:.4f};\nconst CONF_B: f64 = {b:.4f};\nconst CONF_C: f64 = {c:.4f};")


if __name__ == "__main__":
    main()
