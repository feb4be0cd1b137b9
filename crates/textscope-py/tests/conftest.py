"""Shared fixtures: the repository's test data and the CLI to compare with.

The CLI is the binary named by TEXTSCOPE_CLI (scripts/test-python.sh builds it), else
target/debug/textscope or target/release/textscope at the repository's root.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data"
WORKED = ["f1.txt", "f2-notes-utf16le.txt", "f3-utf32le.txt", "f4.txt",
          "f5-utf32le-bad-units.txt", "f6.txt"]


def data_files():
    return sorted(p for p in DATA.iterdir() if p.is_file() and p.suffix not in (".md", ".py"))


def find_cli():
    named = os.environ.get("TEXTSCOPE_CLI")
    if named:
        return Path(named)
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "textscope"
        if p.is_file():
            return p
    raise RuntimeError(
        "no textscope CLI: run `cargo build -p textscope-cli` or set TEXTSCOPE_CLI"
    )


def cli_reports(paths, *args):
    """The CLI's --json reports of `paths` (one process), by path as given."""
    paths = [str(p) for p in paths]
    out = subprocess.run(
        [str(find_cli()), "--json", "--quiet", *args, *paths],
        check=False, capture_output=True,
    )
    if out.returncode not in (0, 2):
        raise RuntimeError(out.stderr.decode(errors="replace"))
    reports = [json.loads(line) for line in out.stdout.decode().splitlines() if line]
    return {r["path"]: r for r in reports}


@pytest.fixture(scope="session")
def cli():
    return find_cli()
