"""Runs textscope, chardet, charset-normalizer and uchardet on the labelled files of
make_set.py, in one run, and scores "decodes to the same text as the label".

    python3 scripts/eval/run.py OUT_DIR TEXTSCOPE_BINARY [--gate]

Run it with the Python that has chardet and charset-normalizer (the script's venv). A tool that
is not there gets no column. Prints accuracy per family and files per second, writes
OUT_DIR/summary.md, OUT_DIR/summary.json and OUT_DIR/results.jsonl (every file's guesses).
With --gate, exits 1 when textscope is below chardet in any family.
"""

import collections
import json
import os
import shutil
import subprocess
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evalcodecs  # noqa: E402
from pages import FAMILIES  # noqa: E402

BATCH = 400
# Confidence buckets of the reliability table (lower edges).
BUCKETS = [0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]


def split_of(path):
    """A third of the files, chosen by a hash of the name, is the held-out split: the detector
    is tuned looking at the misses of the other two thirds only, and its confidence is
    calibrated on them; the held-out third shows whether that carries over."""
    return "held-out" if zlib.crc32(os.path.basename(path).encode()) % 3 == 0 else "tune"


# textscope's confidence of each file (None where it gave none), filled by run_textscope.
CONFIDENCE = {}
# textscope's winner and runner-up costs (thousandths) and bytes above 7F, for calibrate.py.
MARGIN = {}


def batches(items):
    for i in range(0, len(items), BATCH):
        yield items[i:i + BATCH]


def run_textscope(binary, paths, _data):
    out = {}
    for chunk in batches(paths):
        r = subprocess.run([binary, "--json", *chunk], stdin=subprocess.DEVNULL,
                           capture_output=True, check=False)
        for line in r.stdout.decode("utf-8", "replace").splitlines():
            try:
                rep = json.loads(line)
            except ValueError:
                continue
            fmt = rep.get("format")
            det = rep.get("detection") or {}
            CONFIDENCE[rep.get("path")] = det.get("confidence")
            for st in det.get("steps") or []:
                fig = st.get("figures") or {}
                if st.get("code") == "legacy_scored" and "runner_up_cost_milli" in fig:
                    MARGIN[rep.get("path")] = [fig["winner_cost_milli"],
                                               fig["runner_up_cost_milli"], fig["high_bytes"]]
            out[rep.get("path")] = fmt if fmt in ("binary", "empty") else rep.get("encoding")
    return out


def run_uchardet(binary, paths, _data):
    out = {}
    for chunk in batches(paths):
        r = subprocess.run([binary, *chunk], stdin=subprocess.DEVNULL, capture_output=True,
                           check=False)
        for line in r.stdout.decode("utf-8", "replace").splitlines():
            path, sep, name = line.rpartition(": ")
            if sep:
                out[path] = name.strip() or None
    return out


def guarded(fn, data):
    """fn(data), or None when the tool raises: a crash is a miss, not the end of the run."""
    try:
        return fn(data)
    except Exception:  # noqa: BLE001  (any failure of a peer counts as no answer)
        return None


def run_chardet(_binary, paths, data):
    import chardet
    return {p: guarded(lambda d: chardet.detect(d)["encoding"], data[p]) for p in paths}


def run_charset_normalizer(_binary, paths, data):
    from charset_normalizer import from_bytes
    def one(d):
        best = from_bytes(d).best()
        return best.encoding if best is not None else None

    return {p: guarded(one, data[p]) for p in paths}


def available(ts_binary):
    tools = []
    if ts_binary and os.access(ts_binary, os.X_OK):
        tools.append(("textscope", ts_binary, run_textscope))
    for mod, name, fn in (("chardet", "chardet", run_chardet),
                          ("charset_normalizer", "charset-normalizer", run_charset_normalizer)):
        try:
            __import__(mod)
            tools.append((name, None, fn))
        except ImportError:
            print(f"run: {name} is not installed: no column", file=sys.stderr)
    uchardet = shutil.which("uchardet")
    if uchardet:
        tools.append(("uchardet", uchardet, run_uchardet))
    else:
        print("run: uchardet is not installed: no column", file=sys.stderr)
    wanted = [t.strip() for t in os.environ.get("EVAL_TOOLS", "").split(",") if t.strip()]
    if wanted:  # a quicker run while working on one tool
        tools = [t for t in tools if t[0] in wanted]
    return tools


def version(name):
    try:
        if name == "chardet":
            import chardet
            return chardet.__version__
        if name == "charset-normalizer":
            import charset_normalizer
            return charset_normalizer.__version__
        if name == "uchardet":
            r = subprocess.run(["uchardet", "--version"], capture_output=True, text=True,
                               stdin=subprocess.DEVNULL)
            found = [w for line in r.stdout.splitlines() if line.startswith("Version")
                     for w in line.split()[1:2]]
            return found[0] if found else "?"
    except Exception:  # a version is a courtesy; never fail the run for it
        return "?"
    return os.environ.get("EVAL_TEXTSCOPE_VERSION", "?")


def pct(ok, n):
    return f"{100.0 * ok / n:.1f}" if n else "-"


def reliability_table(out_dir):
    """Confidence bucket -> observed accuracy, over textscope's legacy answers (those that
    carry a confidence) in the held-out split."""
    rows = []
    with open(os.path.join(out_dir, "results.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("split") == "held-out" and r.get("confidence") is not None:
                rows.append((r["confidence"], r["textscope"][1]))
    if not rows:
        return ""
    out = ["| confidence | files | mean confidence | accuracy |", "|---|---:|---:|---:|"]
    edges = BUCKETS + [1.01]
    for lo, hi in zip(edges, edges[1:]):
        got = [(c, ok) for c, ok in rows if lo <= c < hi]
        if not got:
            continue
        mean = sum(c for c, _ in got) / len(got)
        acc = sum(ok for _, ok in got) / len(got)
        label = f"{lo:.2f}–{min(hi, 1.0):.2f}"
        out.append(f"| {label} | {len(got)} | {mean:.3f} | {100 * acc:.1f} |")
    # Expected calibration error: |confidence - accuracy|, weighted by files.
    ece = 0.0
    for lo, hi in zip(edges, edges[1:]):
        got = [(c, ok) for c, ok in rows if lo <= c < hi]
        if got:
            ece += abs(sum(c for c, _ in got) - sum(ok for _, ok in got)) / len(rows)
    out.append(f"| all | {len(rows)} | {sum(c for c, _ in rows) / len(rows):.3f} | "
               f"{100 * sum(ok for _, ok in rows) / len(rows):.1f} |")
    out.append("")
    out.append(f"Expected calibration error: {ece:.3f}")
    return "\n".join(out)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if len(args) != 2 or any(f != "--gate" for f in flags):
        print("usage: run.py OUT_DIR TEXTSCOPE_BINARY [--gate]", file=sys.stderr)
        return 2
    gate = "--gate" in flags
    out_dir, ts_binary = args
    with open(os.path.join(out_dir, "manifest.jsonl"), encoding="utf-8") as f:
        manifest = [json.loads(line) for line in f if line.strip()]
    paths = [m["path"] for m in manifest]
    data = {}
    for p in paths:
        with open(p, "rb") as f:
            data[p] = f.read()
    truth = {m["path"]: evalcodecs.decode(data[m["path"]], m["codec"]) for m in manifest}

    tools = available(ts_binary)
    guesses, speed = {}, {}
    for name, binary, fn in tools:
        t0 = time.perf_counter()
        guesses[name] = fn(binary, paths, data)
        elapsed = time.perf_counter() - t0
        speed[name] = len(paths) / elapsed if elapsed > 0 else 0.0
        print(f"run: {name}: {len(paths)} files in {elapsed:.1f} s", file=sys.stderr)
        silent = sum(1 for p in paths if p not in guesses[name])
        if silent:
            print(f"run: {name} gave no answer for {silent} files (counted as misses)",
                  file=sys.stderr)

    names = [t[0] for t in tools]
    score = {n: collections.defaultdict(lambda: [0, 0]) for n in names}
    misses = {n: collections.defaultdict(collections.Counter) for n in names}
    unmapped = {n: collections.Counter() for n in names}
    with open(os.path.join(out_dir, "results.jsonl"), "w", encoding="utf-8") as res:
        for m in manifest:
            p = m["path"]
            row = {"path": p, "label": m["label"], "family": m["family"], "lang": m["lang"]}
            for n in names:
                guess = guesses[n].get(p)
                codec = evalcodecs.codec_for(guess)
                if codec is None and not evalcodecs.says_nothing(guess):
                    unmapped[n][guess] += 1
                ok = evalcodecs.decode(data[p], codec) == truth[p] if codec else False
                for fam in (m["family"], "overall", m["target"], split_of(p)):
                    score[n][fam][1] += 1
                    score[n][fam][0] += ok
                if not ok:
                    misses[n][m["label"]][guess or "no answer"] += 1
                row[n] = [guess, ok]
                if n == "textscope":
                    row["confidence"] = CONFIDENCE.get(p)
                    row["split"] = split_of(p)
                    row["margin"] = MARGIN.get(p)
            res.write(json.dumps(row, ensure_ascii=False) + "\n")

    fams = [f for f in FAMILIES if any(score[n][f][1] for n in names)] + ["overall"]
    splits = ["tune", "held-out"]
    counts = collections.Counter(m["family"] for m in manifest)
    counts["overall"] = len(manifest)
    lines = ["| family | files | " + " | ".join(names) + " |",
             "|---|---:|" + "---:|" * len(names)]
    for fam in fams:
        cells = [pct(*score[n][fam]) for n in names]
        lines.append(f"| {fam} | {counts[fam]} | " + " | ".join(cells) + " |")
    for sp in splits:
        cells = [pct(*score[n][sp]) for n in names]
        lines.append(f"| ({sp} split) | {score[names[0]][sp][1] if names else 0} | "
                     + " | ".join(cells) + " |")
    lines.append("| files/s | | " + " | ".join(f"{speed[n]:.0f}" for n in names) + " |")
    table = "\n".join(lines)
    print(table)
    sizes = sorted({m["target"] for m in manifest})
    by_size = ["| size (bytes) | files | " + " | ".join(names) + " |",
               "|---:|---:|" + "---:|" * len(names)]
    for size in sizes:
        cells = [pct(*score[n][size]) for n in names]
        count = sum(1 for m in manifest if m["target"] == size)
        by_size.append(f"| {size} | {count} | " + " | ".join(cells) + " |")
    size_table = "\n".join(by_size)

    reliability = reliability_table(out_dir) if "textscope" in names else ""
    if reliability:
        print(reliability)
    md = ["# Detection evaluation", "",
          f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {len(manifest)} files.",
          "",
          "Accuracy in % of files whose text, decoded with the tool's answer, equals the "
          "label's text.", "", table, "",
          "Versions: " + ", ".join(f"{n} {version(n)}" for n in names), "",
          "By size (every family):", "", size_table, ""]
    if reliability:
        md += ["textscope's confidence against its accuracy, legacy answers of the held-out "
               "split:", "", reliability, ""]
    for n in names:
        total = sum(sum(c.values()) for c in misses[n].values())
        md.append(f"## Most common misses: {n} ({total} files)")
        md.append("")
        md.append("| label | missed | its answers |")
        md.append("|---|---:|---|")
        top = sorted(misses[n].items(), key=lambda kv: -sum(kv[1].values()))[:10]
        for label, guessed in top:
            answers = ", ".join(f"{g} {c}" for g, c in guessed.most_common(3))
            md.append(f"| {label} | {sum(guessed.values())} | {answers} |")
        if unmapped[n]:
            md.append("")
            md.append("Names no Python codec decodes (counted as misses): " +
                      ", ".join(f"{g} ({c})" for g, c in unmapped[n].most_common()))
        md.append("")
    with open(os.path.join(out_dir, "summary.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md))
    summary = {"files": len(manifest), "families": {f: counts[f] for f in fams},
               "accuracy": {n: {f: score[n][f][0] / score[n][f][1]
                                for f in fams if score[n][f][1]} for n in names},
               "by_size": {n: {str(z): score[n][z][0] / score[n][z][1] for z in sizes}
                           for n in names},
               "files_per_second": speed, "versions": {n: version(n) for n in names},
               "misses": {n: {k: dict(v) for k, v in misses[n].items()} for n in names}}
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, ensure_ascii=False)
    print(f"run: summary in {out_dir}/summary.md", file=sys.stderr)

    if gate and not ("textscope" in names and "chardet" in names):
        print("run: --gate needs both textscope and chardet", file=sys.stderr)
        return 2
    if gate:
        behind = [f for f in fams if f != "overall"
                  and score["textscope"][f][0] * score["chardet"][f][1]
                  < score["chardet"][f][0] * score["textscope"][f][1]]
        if behind:
            print("run: textscope is below chardet in: " + ", ".join(behind), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
