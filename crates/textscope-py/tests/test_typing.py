"""Issue 40, item 5: the report and the detections are typed, so that a misspelt field fails
`mypy --strict`. scripts/test-python.sh installs mypy."""

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "typing"


def mypy(path):
    pytest.importorskip("mypy", reason="mypy is not installed (scripts/test-python.sh installs it)")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
         "/dev/null", str(path)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL,
    )


def test_typed_use_passes_mypy_strict():
    out = mypy(HERE / "usage.py")
    assert out.returncode == 0, out.stdout + out.stderr


def test_each_typo_fails_mypy_strict():
    out = mypy(HERE / "typo.py")
    assert out.returncode == 1, out.stdout + out.stderr
    for field in ("linez", "crfl", "nuls", "encodng"):
        assert field in out.stdout, (field, out.stdout)
    assert out.stdout.count("error:") >= 4, out.stdout


def test_the_package_itself_passes_mypy():
    package = Path(__file__).parent.parent / "python" / "textscope"
    pytest.importorskip("mypy", reason="mypy is not installed (scripts/test-python.sh installs it)")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", "/dev/null",
         "--ignore-missing-imports", str(package)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL,
    )
    assert out.returncode == 0, out.stdout + out.stderr
