#!/usr/bin/env python3
"""Writes crates/textscope/tests/data/multi_byte_pages.txt: what every two-byte code (and
EUC's three-byte plane-2 codes) of the multi-byte pages textscope decodes with its own tables
decodes to, from a source outside the project, for the differential test
crates/textscope/tests/multi_byte_tables.rs (SPEC U4, P8).

Sources, per page (the `page` line names it):
  * py:NAME     CPython's codec (Modules/cjkcodecs): euc_jis_2004, shift_jis_2004 and hz;
  * glibc:NAME  GNU libc's iconv, for EUC-TW, which CPython lacks (the generator takes CNS
                11643 from the same charmap, so for EUC-TW the test pins the table rather than
                checking it against a second source).

A `page` line is `page NAME SOURCE PREFIX TRAIL_FIRST TRAIL_LAST`; each following line is
`NAME LEAD` (hex: the bytes before the trail, after PREFIX) and one entry per trail byte:
the code point(s) in hex (`304B+309A` for a code of two characters) or `-` when the source
rejects the code. HZ's codes are written inside `~{ ... ~}` (PREFIX `~{` is shown as 7E7B).

Then the documented overrides (OVERRIDES below), where textscope decodes as WHATWG or its own
decisions say rather than as CPython. Run from the repository root; `--check` exits 1 when the
committed file differs.
"""
import subprocess
import sys

OUT = "crates/textscope/tests/data/multi_byte_pages.txt"

# (page, lead bytes, trail) -> what textscope gives, with the reason.
OVERRIDES = {
    # CPython's shift_jis_2004 reads bytes 5C and 7E as YEN SIGN and OVERLINE, so it gives
    # these JIS X 0208 codes the ASCII backslash and tilde; textscope keeps 00-7F ASCII and the
    # codes their fullwidth forms, as CPython's euc_jis_2004 does (decision 99).
    ("Shift_JIS-2004", b"\x81", 0x5F): "FF3C",
    ("Shift_JIS-2004", b"\x81", 0xB0): "FF5E",
    # GB 2312 in HZ is decoded with WHATWG's GBK index (as ISO-2022-CN is): its 21 24 is
    # U+00B7 MIDDLE DOT and 21 2A U+2014 EM DASH, where CPython's gb2312 has U+30FB and U+2015.
    ("HZ-GB-2312", b"\x21", 0x24): "B7",
    ("HZ-GB-2312", b"\x21", 0x2A): "2014",
}


def py(name):
    def dec(code):
        try:
            return code.decode(name)
        except UnicodeDecodeError:
            return None
    return dec


def euc_tw_rows(leads):
    """glibc's EUC-TW for every code, a row of 94 at a time (one call each)."""
    out = {}
    for lead in leads:
        data = bytearray()
        for t in range(0xA1, 0xFF):
            data += lead + bytes([t]) + b"\n"
        r = subprocess.run(["iconv", "-c", "-f", "EUC-TW", "-t", "UTF-16BE"], input=bytes(data),
                           capture_output=True)
        lines = r.stdout.decode("utf-16-be").split("\n")[:94]
        for t, s in zip(range(0xA1, 0xFF), lines):
            out[lead + bytes([t])] = s if s else None
    # iconv -c drops bad codes; a value met twice is checked alone (as gen-codepages.py does).
    seen = {}
    for k, v in out.items():
        if v is not None:
            seen.setdefault(v, []).append(k)
    for v, ks in seen.items():
        if len(ks) > 1:
            for k in ks:
                r = subprocess.run(["iconv", "-f", "EUC-TW", "-t", "UTF-16BE"], input=k,
                                   capture_output=True)
                out[k] = r.stdout.decode("utf-16-be") if r.returncode == 0 else None
    return out


def entry(s):
    if s is None or s == "" or "\ufffd" in s:
        return "-"
    return "+".join(f"{ord(c):X}" for c in s)


def pages():
    euc_leads = [bytes([b]) for b in range(0xA1, 0xFF)]
    sjis_leads = [bytes([b]) for b in list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD))]
    hz_leads = [bytes([b]) for b in range(0x21, 0x7F)]
    tw_leads = euc_leads + [b"\x8e\xa2" + bytes([b]) for b in range(0xA1, 0xFF)]
    tw = euc_tw_rows(tw_leads)
    hz = py("hz")
    return [
        ("EUC-JIS-2004", "py:euc_jis_2004", b"", 0xA1, 0xFE,
         euc_leads + [b"\x8f" + bytes([b]) for b in range(0xA1, 0xFF)], py("euc_jis_2004")),
        ("Shift_JIS-2004", "py:shift_jis_2004", b"", 0x40, 0xFC, sjis_leads,
         py("shift_jis_2004")),
        ("HZ-GB-2312", "py:hz", b"~{", 0x21, 0x7E, hz_leads,
         lambda code: hz(code + b"~}")),
        ("EUC-TW", "glibc:EUC-TW", b"", 0xA1, 0xFE, tw_leads, lambda code: tw.get(code)),
    ]


def main():
    lines = ["# Written by scripts/gen-multi-byte-reference.py; do not edit.",
             "# page NAME SOURCE PREFIX TRAIL_FIRST TRAIL_LAST, then NAME LEAD entries."]
    for name, src, prefix, lo, hi, leads, dec in pages():
        lines.append(f"page {name} {src} {prefix.hex().upper() or '-'} {lo:02X} {hi:02X}")
        for lead in leads:
            row = []
            for t in range(lo, hi + 1):
                e = entry(dec(prefix + lead + bytes([t])))
                e = OVERRIDES.get((name, lead, t), e)
                row.append(e)
            lines.append(f"{name} {lead.hex().upper()} " + " ".join(row))
    text = "\n".join(lines) + "\n"
    if "--check" in sys.argv[1:]:
        old = open(OUT, encoding="utf-8").read()
        if old != text:
            print(f"{OUT}: not what scripts/gen-multi-byte-reference.py makes", file=sys.stderr)
            sys.exit(1)
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
