#!/usr/bin/env python3
"""Generates crates/textscope/src/codepage/tables_*.rs: byte -> character tables for the
code pages that encoding_rs does not have (SPEC D6, U4).

Sources, in this order:
  1. Python's own `codecs` (its single-byte codecs are generated from the Unicode Consortium's
     mapping files, e.g. MAPPINGS/VENDORS/MICSFT/PC/CP437.TXT, and IBM's EBCDIC tables);
  2. GNU libc's `iconv` (its charmaps) for the pages Python lacks (VISCII, ARMSCII-8,
     GEORGIAN-PS, the EBCDIC country pages) and for CNS 11643 planes 1 and 2 (EUC-TW);
  3. Python's `euc_jis_2004` codec (CPython's Modules/cjkcodecs, built from the JIS X 0213:2004
     mapping) for JIS X 0213's two planes (tables_jis.rs), which EUC-JIS-2004 and
     Shift_JIS-2004 share. Plane 2 is read as CPython's EUC-JIS-2004 reads 8F: JIS X 0213
     plane 2 where it defines the row, else JIS X 0212 (EUC-JP's 8F set). Shift_JIS-2004 only
     reaches plane 2's own rows. The generator checks that CPython's `shift_jis_2004` gives the
     same characters for every two-byte code (bar two, see SJIS_ASCII_TWINS).

Then the OVERRIDES below, each a byte where the source disagrees with ICU (IBM's tables as
ICU ships them, e.g. ibm-278_P100-1995) and with the page's own euro twin (IBM01143 for IBM278).

Run from the repository root:  python3 scripts/gen-codepages.py
Check that the committed tables are what it makes (exit status 1 if not, nothing written):
    python3 scripts/gen-codepages.py --check
It needs no network: Python's codecs, glibc's `iconv` and `rustfmt` (the committed files are
rustfmt's layout of what it writes).
Unmapped bytes are 0xFFFF (P8).  The output is committed; this script only regenerates it.
"""
import codecs
import os
import subprocess
import sys

# (Rust static name, source, source name).  The registry in codepage/mod.rs names them.
SINGLE = [
    ("ISO_8859_1", "py", "latin_1"),
    ("ISO_8859_9", "py", "iso8859_9"),
    ("ISO_8859_11", "py", "iso8859_11"),
    ("TIS_620", "py", "tis_620"),
    ("IBM437", "py", "cp437"),
    ("IBM720", "py", "cp720"),
    ("IBM737", "py", "cp737"),
    ("IBM775", "py", "cp775"),
    ("IBM850", "py", "cp850"),
    ("IBM852", "py", "cp852"),
    ("IBM855", "py", "cp855"),
    ("IBM857", "py", "cp857"),
    ("IBM858", "py", "cp858"),
    ("IBM860", "py", "cp860"),
    ("IBM861", "py", "cp861"),
    ("IBM862", "py", "cp862"),
    ("IBM863", "py", "cp863"),
    ("IBM864", "py", "cp864"),
    ("IBM865", "py", "cp865"),
    ("IBM869", "py", "cp869"),
    ("CP1125", "py", "cp1125"),
    ("MAC_CE", "py", "mac_latin2"),
    ("MAC_GREEK", "py", "mac_greek"),
    ("MAC_TURKISH", "py", "mac_turkish"),
    ("MAC_ICELAND", "py", "mac_iceland"),
    ("MAC_CROATIAN", "py", "mac_croatian"),
    ("MAC_ROMANIAN", "py", "mac_romanian"),
    ("MAC_ARABIC", "py", "mac_arabic"),
    ("KZ_1048", "py", "kz1048"),
    ("PTCP154", "py", "ptcp154"),
    ("KOI8_T", "py", "koi8_t"),
    ("HP_ROMAN8", "py", "hp_roman8"),
    ("VISCII", "iconv", "VISCII"),
    ("ARMSCII_8", "iconv", "ARMSCII-8"),
    ("GEORGIAN_PS", "iconv", "GEORGIAN-PS"),
    ("IBM037", "py", "cp037"),
    ("IBM273", "py", "cp273"),
    ("IBM424", "py", "cp424"),
    ("IBM500", "py", "cp500"),
    ("IBM875", "py", "cp875"),
    ("IBM1026", "py", "cp1026"),
    ("IBM1140", "py", "cp1140"),
    ("IBM1047", "iconv", "IBM1047"),
    ("IBM277", "iconv", "IBM277"),
    ("IBM278", "iconv", "IBM278"),
    ("IBM280", "iconv", "IBM280"),
    ("IBM284", "iconv", "IBM284"),
    ("IBM285", "iconv", "IBM285"),
    ("IBM297", "iconv", "IBM297"),
    ("IBM871", "iconv", "IBM871"),
    ("IBM1141", "iconv", "IBM1141"),
    ("IBM1142", "iconv", "IBM1142"),
    ("IBM1143", "iconv", "IBM1143"),
    ("IBM1144", "iconv", "IBM1144"),
    ("IBM1145", "iconv", "IBM1145"),
    ("IBM1146", "iconv", "IBM1146"),
    ("IBM1147", "iconv", "IBM1147"),
    ("IBM1148", "iconv", "IBM1148"),
    ("IBM1149", "iconv", "IBM1149"),
]

UNMAPPED = 0xFFFF

# Bytes where the source above is wrong, set to what ICU's IBM table and the euro twin give.
# (Rust static name) -> {byte: code point or UNMAPPED}, with the reason.
OVERRIDES = {
    # glibc's IBM278 swaps 71 and E0; ICU's ibm-278_P100-1995 and IBM01143 (glibc's and ICU's
    # ibm-1143_P100-1997) have 71 = \ U+005C and E0 = É U+00C9.
    "IBM278": {0x71: 0x005C, 0xE0: 0x00C9},
    # glibc's IBM871 swaps 4A and C0; ICU's ibm-871_P100-1995 and IBM01149 have 4A = Þ U+00DE
    # and C0 = þ U+00FE.
    "IBM871": {0x4A: 0x00DE, 0xC0: 0x00FE},
    # Python's cp875 maps DC E1 EC ED FC FD to U+001A (its way of writing "undefined"); ICU's
    # ibm-875_P100-1995 and glibc's IBM875 leave them unassigned (3F is the real SUB).
    "IBM875": {b: UNMAPPED for b in (0xDC, 0xE1, 0xEC, 0xED, 0xFC, 0xFD)},
    # Python's cp273 maps BC to U+203E; ICU's ibm-273_P100-1995, glibc's IBM273 and IBM01141
    # map it to the macron U+00AF.
    "IBM273": {0xBC: 0x00AF},
    # glibc's IBM285 maps A1 to U+203E; ICU's ibm-285_P100-1995 and IBM01146 to U+00AF.
    "IBM285": {0xA1: 0x00AF},
}


def iconv(data, name):
    r = subprocess.run(["iconv", "-f", name, "-t", "UTF-16BE"], input=data,
                       capture_output=True)
    if r.returncode != 0:
        return None
    return r.stdout.decode("utf-16-be")


def single_table(src, name):
    out = []
    for b in range(256):
        if src == "py":
            try:
                s = codecs.decode(bytes([b]), name)
            except UnicodeDecodeError:
                s = None
        else:
            s = iconv(bytes([b]), name)
        if s is None or len(s) != 1 or ord(s) > 0xFFFE:
            out.append(UNMAPPED)
        else:
            out.append(ord(s))
    return out


def cns_plane(lead):
    """CNS 11643 plane 1 (lead None: EUC-TW A1-FE A1-FE) or plane n (8E A0+n ..)."""
    table = []
    for row in range(0xA1, 0xFF):
        data = bytearray()
        for col in range(0xA1, 0xFF):
            data += (bytes([0x8E, 0xA0 + lead]) if lead else b"") + bytes([row, col]) + b"\n"
        r = subprocess.run(["iconv", "-c", "-f", "EUC-TW", "-t", "UTF-16BE"], input=bytes(data),
                           capture_output=True)
        lines = r.stdout.decode("utf-16-be").split("\n")[:94]
        assert len(lines) == 94, (lead, row, len(lines))
        for s in lines:
            table.append(ord(s) if len(s) == 1 and ord(s) <= 0xFFFE else UNMAPPED)
    # iconv -c repeats its last output for some invalid codes: a value met twice is checked
    # code by code (CNS 11643 maps each code to a different character).
    seen = {}
    for i, v in enumerate(table):
        seen.setdefault(v, []).append(i)
    for v, where in seen.items():
        if v == UNMAPPED or len(where) == 1:
            continue
        for i in where:
            code = (bytes([0x8E, 0xA0 + lead]) if lead else b"") + bytes([0xA1 + i // 94, 0xA1 + i % 94])
            s = iconv(code, "EUC-TW")
            table[i] = ord(s) if s is not None and len(s) == 1 and ord(s) <= 0xFFFE else UNMAPPED
    return table


# Shift_JIS-2004's two codes that CPython's shift_jis_2004 decodes to ASCII (\\ and ~),
# because it reads bytes 5C and 7E as YEN SIGN and OVERLINE. textscope reads 00-7F as ASCII in
# every ASCII-compatible page (as WHATWG's Shift_JIS does), so these two codes keep plane 1's
# fullwidth forms, as in EUC-JIS-2004 (decision 99).
SJIS_ASCII_TWINS = {(0x81, 0x5F): "\\", (0x81, 0xB0): "~"}


def sjis_code(plane, row, cell):
    """The Shift_JIS-2004 bytes of a JIS X 0213 code, None where it has none (plane 2's rows
    that JIS X 0213 leaves to JIS X 0212)."""
    if plane == 1:
        lead = (row + 1) // 2 + (0x80 if row <= 62 else 0xC0)
        even = row % 2 == 0
    else:
        first = {1: 0xF0, 8: 0xF0, 3: 0xF1, 4: 0xF1, 5: 0xF2, 12: 0xF2, 13: 0xF3, 14: 0xF3,
                 15: 0xF4, 78: 0xF4}
        if row in first:
            lead = first[row]
            even = row in (8, 4, 12, 14, 78)
        elif row >= 79:
            lead = 0xF5 + (row - 79) // 2
            even = (row - 79) % 2 == 1
        else:
            return None
    if even:
        trail = 0x9E + cell
    else:
        trail = 0x3F + cell + (1 if cell >= 64 else 0)
    return bytes([lead, trail])


def jis_planes():
    """JIS X 0213 planes 1 and 2 (94 x 94 each) and the codes that are two characters."""
    pairs, planes = [], []
    for plane in (1, 2):
        table = []
        for row in range(1, 95):
            for cell in range(1, 95):
                code = (b"\x8f" if plane == 2 else b"") + bytes([row + 0xA0, cell + 0xA0])
                try:
                    s = code.decode("euc_jis_2004")
                except UnicodeDecodeError:
                    s = None
                sj = sjis_code(plane, row, cell)
                if sj is not None:
                    try:
                        t = sj.decode("shift_jis_2004")
                    except UnicodeDecodeError:
                        t = None
                    want = SJIS_ASCII_TWINS.get((sj[0], sj[1]), s)
                    assert t == want, (plane, row, cell, s, t)
                if s is None:
                    table.append(0)
                elif len(s) == 1:
                    table.append(ord(s))
                else:
                    assert len(s) == 2, (plane, row, cell, s)
                    table.append(0x110000 + len(pairs))
                    pairs.append((ord(s[0]), ord(s[1])))
        planes.append(table)
    return planes, pairs


HEADER = """// Generated by scripts/gen-codepages.py from {src}; do not edit.
// {unmapped}
"""
UNMAPPED_16 = "Unmapped entries are 0xFFFF (SPEC U4: P8)."
UNMAPPED_JIS = ("Unmapped entries are 0 (SPEC U4: P8); an entry from 0x110000 on is the code's "
                "two characters,\n// JIS_PAIRS[entry - 0x110000].")


def render(src, items, unmapped=UNMAPPED_16, kind="u16"):
    """The file's text, laid out as rustfmt lays it out (the committed form). An item is
    (name, values, length), or (name, pairs, length, "pairs")."""
    text = HEADER.format(src=src, unmapped=unmapped)
    for name, table, n, *pair in items:
        if pair:
            text += f"\npub(crate) static {name}: [[u32; 2]; {n}] = [\n"
            for a, b in table:
                text += f"    [0x{a:04X}, 0x{b:04X}],\n"
            text += "];\n"
            continue
        text += f"\npub(crate) static {name}: [{kind}; {n}] = [\n"
        for i in range(0, len(table), 16):
            text += "    " + ", ".join(f"0x{v:04X}" for v in table[i:i + 16]) + ",\n"
        text += "];\n"
    r = subprocess.run(["rustfmt", "--edition", "2021", "--emit", "stdout"],
                       input=text.encode(), capture_output=True, check=True)
    return r.stdout.decode("utf-8")


def overridden(name, table):
    for b, v in OVERRIDES.get(name, {}).items():
        table[b] = v
    return table


def main():
    check = "--check" in sys.argv[1:]
    base = "crates/textscope/src/codepage/"
    single = [(name, overridden(name, single_table(src, cname)), 256)
              for name, src, cname in SINGLE]
    planes = [("CNS_PLANE1", cns_plane(None), 94 * 94), ("CNS_PLANE2", cns_plane(2), 94 * 94)]
    (jis1, jis2), pairs = jis_planes()
    jis = [("JIS_PLANE1", jis1, 94 * 94), ("JIS_PLANE2", jis2, 94 * 94),
           ("JIS_PAIRS", pairs, len(pairs), "pairs")]
    files = [
        (base + "tables_single.rs", render(
            "Python's codecs (Unicode Consortium mapping files) and GNU libc iconv charmaps",
            single)),
        (base + "tables_cns.rs", render(
            "GNU libc iconv's EUC-TW (CNS 11643-1992 planes 1 and 2)", planes)),
        (base + "tables_jis.rs", render(
            "CPython's euc_jis_2004 codec (JIS X 0213:2004 planes 1 and 2)", jis,
            UNMAPPED_JIS, "u32")),
    ]
    differ = []
    for path, text in files:
        if check:
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != text:
                differ.append(path)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check:
        for path in differ:
            print(f"{path}: not what scripts/gen-codepages.py makes", file=sys.stderr)
        sys.exit(1 if differ else 0)
    print(f"{len(single)} single-byte tables, CNS planes 1-2, JIS X 0213 planes 1-2",
          file=sys.stderr)


if __name__ == "__main__":
    main()
