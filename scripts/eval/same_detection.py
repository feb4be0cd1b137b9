"""Checks that two builds of the CLI detect alike: runs each over the same files with --json and
compares, file by file, what detection decides (format, encoding, language, and the whole
`detection` object: steps, figures, confidence, runners-up with their scores). For changes
meant to make detection faster without changing any answer.

    python3 scripts/eval/same_detection.py OLD_CLI NEW_CLI FILE_OR_DIR...

Directories are walked. Prints the files whose detection differs (the first few in full) and
exits 1 when any does.
"""

import json
import os
import subprocess
import sys

BATCH = 400


def files_of(args):
    out = []
    for a in args:
        if os.path.isdir(a):
            for root, _, names in os.walk(a):
                out.extend(os.path.join(root, n) for n in sorted(names))
        else:
            out.append(a)
    return sorted(out)


def detections(cli, files):
    got = {}
    for i in range(0, len(files), BATCH):
        part = files[i:i + BATCH]
        run = subprocess.run([cli, "--json", "-j", "1", "--max-problems", "0", *part],
                             capture_output=True, check=False)
        lines = run.stdout.decode().splitlines()
        if len(lines) != len(part):
            sys.exit(f"{cli}: {len(lines)} reports for {len(part)} files: "
                     f"{run.stderr.decode()[:500]}")
        for path, line in zip(part, lines):
            r = json.loads(line)
            got[path] = {k: r.get(k) for k in ("format", "encoding", "language", "detection")}
    return got


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    old_cli, new_cli = sys.argv[1], sys.argv[2]
    files = files_of(sys.argv[3:])
    old, new = detections(old_cli, files), detections(new_cli, files)
    differ = [f for f in files if old[f] != new[f]]
    for f in differ[:5]:
        print(f"--- {f}\nold: {json.dumps(old[f], sort_keys=True)}\n"
              f"new: {json.dumps(new[f], sort_keys=True)}")
    print(f"{len(files) - len(differ)} of {len(files)} files detected alike; "
          f"{len(differ)} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
