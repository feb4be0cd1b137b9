"""Draws the reliability diagram of an evaluation run: textscope's confidence against how often
it is right, over its legacy answers (those that carry a confidence) in the held-out split, in
the buckets of run.py's reliability table, with the expected calibration error in the title.

    python3 scripts/eval/reliability.py target/eval-detection OUT.png

Needs matplotlib (scripts/eval-detection.sh installs it in its venv); without it, says so and
exits 0, since the picture is a courtesy of the run, not its result.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import BUCKETS  # noqa: E402


def buckets(out_dir):
    rows = []
    with open(os.path.join(out_dir, "results.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("split") == "held-out" and r.get("confidence") is not None:
                rows.append((r["confidence"], bool(r["textscope"][1])))
    edges = BUCKETS + [1.01]
    out, ece = [], 0.0
    for lo, hi in zip(edges, edges[1:]):
        got = [(c, ok) for c, ok in rows if lo <= c < hi]
        if got:
            mean = sum(c for c, _ in got) / len(got)
            acc = sum(ok for _, ok in got) / len(got)
            out.append((lo, min(hi, 1.0), mean, acc, len(got)))
            ece += abs(mean - acc) * len(got) / len(rows)
    return out, ece, len(rows)


def main():
    out_dir, png = sys.argv[1], sys.argv[2]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("reliability: no matplotlib, no diagram", file=sys.stderr)
        return
    rows, ece, n = buckets(out_dir)
    if not rows:
        print("reliability: no answers with a confidence", file=sys.stderr)
        return
    fig, (ax, hist) = plt.subplots(2, 1, figsize=(5.5, 6.5), sharex=True,
                                   gridspec_kw={"height_ratios": [3, 1]})
    ax.plot([0, 1], [0, 1], color="#888888", linestyle="--", linewidth=1,
            label="perfectly calibrated")
    for lo, hi, mean, acc, k in rows:
        ax.bar((lo + hi) / 2, acc, width=(hi - lo) * 0.9, color="#4c78a8", alpha=0.35,
               edgecolor="#4c78a8")
    ax.plot([r[2] for r in rows], [r[3] for r in rows], marker="o", color="#e45756",
            label="accuracy at mean confidence")
    ax.set_xlim(0.45, 1.005)
    ax.set_ylim(0.45, 1.005)
    ax.set_ylabel("share of answers right")
    ax.set_title(f"textscope's confidence, held-out split ({n} legacy answers)\n"
                 f"expected calibration error {ece:.3f}", fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(alpha=0.3)
    hist.bar([(r[0] + r[1]) / 2 for r in rows], [r[4] for r in rows],
             width=[(r[1] - r[0]) * 0.9 for r in rows], color="#72b7b2")
    hist.set_yscale("log")
    hist.set_xlabel("confidence")
    hist.set_ylabel("answers")
    hist.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    print(f"reliability: {png} (ECE {ece:.3f})", file=sys.stderr)


if __name__ == "__main__":
    main()
