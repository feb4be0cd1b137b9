"""textscope.utf16: inspect (I1) and validate (I2) as the CLI's `utf16 --json`."""

import json
import subprocess

import pytest

import textscope
from conftest import find_cli


def cli_json(*args):
    out = subprocess.run([str(find_cli()), "utf16", "--json", *args], capture_output=True)
    value = json.loads(out.stdout)
    value.pop("input")  # which form the CLI was given: text, units or bytes
    return value


def test_inspect_equals_the_cli():
    text = "Aé€∞😀"
    got = textscope.utf16.inspect(text)
    assert got == cli_json(text)
    pair = got["code_points"][4]
    assert pair["utf16"] == ["D83D", "DE00"] and pair["utf16le"] == "3D D8 00 DE"
    assert got["totals"]["utf16_units"] == 6


def test_validate_units_ints_hex_and_bytes():
    v = textscope.utf16.validate([0x0041, 0xD83D])
    assert not v["well_formed"]
    assert v["headline"]["class"] == "TRUNCATED_SURROGATE_PAIR" and v["headline"]["position"] == 1
    assert textscope.utf16.validate("0041 D83D") == v
    assert v == cli_json("--units", "0041 D83D")
    b = textscope.utf16.validate(b"\x3d\xd8\x00\xde", byte_order="le")
    assert b["well_formed"] and b["units"] == ["D83D", "DE00"]
    assert textscope.utf16.validate(b"\xd8\x3d", byte_order="be")["errors"][0]["class"] == (
        "UNPAIRED_HIGH_SURROGATE"
    )
    odd = textscope.utf16.validate(b"A\x00B", byte_order="le")
    assert odd["errors"][-1]["class"] == "ODD_BYTE_COUNT"


def test_bad_arguments():
    with pytest.raises(ValueError):
        textscope.utf16.validate([0x110000])
    with pytest.raises(TypeError):
        textscope.utf16.validate([1.5])
    with pytest.raises(ValueError):
        textscope.utf16.validate(b"ab")
    with pytest.raises(ValueError):
        textscope.utf16.validate(b"ab", byte_order="middle")
    with pytest.raises(ValueError):
        textscope.utf16.validate("zz not hex")
    with pytest.raises(ValueError, match="lone surrogate"):
        textscope.utf16.inspect("a\ud83d")
