"""The names chardet 7 gives (``compat_names=True``, its default) for the encodings textscope
reports, and the chardet ``EncodingEra`` each belongs to.

Each row: textscope's name (the core's registry, or a Unicode format) -> (chardet's spelling,
era). A page chardet does not detect keeps textscope's own name and the era it would have.
Where chardet's name points Python at another table than the core reads (``SHIFT_JIS``,
``EUC-KR``, ``Big5``, ``GB18030``, ``Windows-1252`` …), the ``codec`` field of a detection
names the codec that decodes exactly as textscope does (``textscope.encodings()``).
``test_compat.py`` checks that every page of the registry has a row.
"""

from __future__ import annotations

from typing import Dict, Tuple

MODERN_WEB = 1
LEGACY_ISO = 2
LEGACY_MAC = 4
LEGACY_REGIONAL = 8
DOS = 16
MAINFRAME = 32
ALL = 63

CHARDET: Dict[str, Tuple[str, int]] = {
    # Unicode (the names textscope's detect gives for them already are chardet's)
    "ascii": ("ascii", MODERN_WEB),
    "utf-8": ("utf-8", MODERN_WEB),
    "UTF-8-SIG": ("UTF-8-SIG", MODERN_WEB),
    "UTF-16": ("UTF-16", MODERN_WEB),
    "UTF-32": ("UTF-32", MODERN_WEB),
    "UTF-16LE": ("utf-16-le", MODERN_WEB),
    "UTF-16BE": ("utf-16-be", MODERN_WEB),
    "UTF-32LE": ("utf-32-le", MODERN_WEB),
    "UTF-32BE": ("utf-32-be", MODERN_WEB),
    # Windows
    "windows-1252": ("Windows-1252", MODERN_WEB),
    "windows-1250": ("Windows-1250", MODERN_WEB),
    "windows-1251": ("Windows-1251", MODERN_WEB),
    "windows-1253": ("Windows-1253", MODERN_WEB),
    "windows-1254": ("Windows-1254", MODERN_WEB),
    "windows-1255": ("Windows-1255", MODERN_WEB),
    "windows-1256": ("Windows-1256", MODERN_WEB),
    "windows-1257": ("Windows-1257", MODERN_WEB),
    "windows-1258": ("cp1258", MODERN_WEB),
    "windows-874": ("CP874", MODERN_WEB),
    # East Asian
    "Shift_JIS": ("SHIFT_JIS", MODERN_WEB),
    "EUC-JP": ("EUC-JP", MODERN_WEB),
    "ISO-2022-JP": ("ISO-2022-JP", MODERN_WEB),
    "GBK": ("GB18030", MODERN_WEB),
    "gb18030": ("GB18030", MODERN_WEB),
    "Big5": ("Big5", MODERN_WEB),
    "EUC-KR": ("EUC-KR", MODERN_WEB),
    "Johab": ("Johab", LEGACY_ISO),
    "ISO-2022-KR": ("ISO-2022-KR", LEGACY_REGIONAL),
    "EUC-TW": ("EUC-TW", LEGACY_REGIONAL),
    "HZ-GB-2312": ("HZ-GB-2312", LEGACY_REGIONAL),
    "EUC-JIS-2004": ("EUC-JIS-2004", LEGACY_REGIONAL),
    "Shift_JIS-2004": ("Shift_JIS-2004", LEGACY_REGIONAL),
    "ISO-2022-CN": ("ISO-2022-CN", LEGACY_REGIONAL),
    # Cyrillic and others of the web
    "KOI8-R": ("KOI8-R", MODERN_WEB),
    "KOI8-U": ("koi8-u", MODERN_WEB),
    "TIS-620": ("TIS-620", MODERN_WEB),
    # ISO 8859
    "ISO-8859-1": ("ISO-8859-1", LEGACY_ISO),
    "ISO-8859-2": ("ISO-8859-2", LEGACY_ISO),
    "ISO-8859-3": ("iso8859-3", LEGACY_ISO),
    "ISO-8859-4": ("iso8859-4", LEGACY_ISO),
    "ISO-8859-5": ("ISO-8859-5", LEGACY_ISO),
    "ISO-8859-6": ("ISO-8859-6", LEGACY_ISO),
    "ISO-8859-7": ("ISO-8859-7", LEGACY_ISO),
    "ISO-8859-8": ("ISO-8859-8", LEGACY_ISO),
    "ISO-8859-8-I": ("ISO-8859-8", LEGACY_ISO),
    "ISO-8859-9": ("ISO-8859-9", LEGACY_ISO),
    "ISO-8859-10": ("iso8859-10", LEGACY_ISO),
    "ISO-8859-11": ("ISO-8859-11", LEGACY_ISO),
    "ISO-8859-13": ("ISO-8859-13", LEGACY_ISO),
    "ISO-8859-14": ("iso8859-14", LEGACY_ISO),
    "ISO-8859-15": ("iso8859-15", LEGACY_ISO),
    "ISO-8859-16": ("iso8859-16", LEGACY_ISO),
    # Mac
    "macintosh": ("MacRoman", LEGACY_MAC),
    "x-mac-cyrillic": ("MacCyrillic", LEGACY_MAC),
    "x-mac-ce": ("MacLatin2", LEGACY_MAC),
    "x-mac-greek": ("MacGreek", LEGACY_MAC),
    "x-mac-turkish": ("MacTurkish", LEGACY_MAC),
    "x-mac-icelandic": ("MacIceland", LEGACY_MAC),
    "x-mac-croatian": ("x-mac-croatian", LEGACY_MAC),
    "x-mac-romanian": ("x-mac-romanian", LEGACY_MAC),
    "x-mac-arabic": ("x-mac-arabic", LEGACY_MAC),
    # Regional
    "VISCII": ("VISCII", LEGACY_REGIONAL),
    "KZ-1048": ("KZ1048", LEGACY_REGIONAL),
    "PTCP154": ("ptcp154", LEGACY_REGIONAL),
    "ARMSCII-8": ("ARMSCII-8", LEGACY_REGIONAL),
    "GEORGIAN-PS": ("GEORGIAN-PS", LEGACY_REGIONAL),
    "KOI8-T": ("koi8-t", LEGACY_REGIONAL),
    "hp-roman8": ("hp-roman8", LEGACY_REGIONAL),
    "IBM720": ("cp720", LEGACY_REGIONAL),
    "CP1125": ("cp1125", LEGACY_REGIONAL),
    "x-user-defined": ("x-user-defined", LEGACY_REGIONAL),
    # DOS
    "IBM437": ("cp437", DOS),
    "IBM737": ("cp737", DOS),
    "IBM775": ("cp775", DOS),
    "IBM850": ("cp850", DOS),
    "IBM852": ("cp852", DOS),
    "IBM855": ("IBM855", DOS),
    "IBM857": ("cp857", DOS),
    "IBM00858": ("cp858", DOS),
    "IBM860": ("cp860", DOS),
    "IBM861": ("cp861", DOS),
    "IBM862": ("cp862", DOS),
    "IBM863": ("cp863", DOS),
    "IBM864": ("cp864", DOS),
    "IBM865": ("cp865", DOS),
    "IBM866": ("IBM866", DOS),
    "IBM869": ("cp869", DOS),
    # EBCDIC
    "IBM037": ("cp037", MAINFRAME),
    "IBM273": ("cp273", MAINFRAME),
    "IBM424": ("cp424", MAINFRAME),
    "IBM500": ("cp500", MAINFRAME),
    "IBM875": ("cp875", MAINFRAME),
    "IBM1026": ("cp1026", MAINFRAME),
    "IBM1047": ("IBM1047", MAINFRAME),
    "IBM01140": ("cp1140", MAINFRAME),
    "IBM277": ("IBM277", MAINFRAME),
    "IBM278": ("IBM278", MAINFRAME),
    "IBM280": ("IBM280", MAINFRAME),
    "IBM284": ("IBM284", MAINFRAME),
    "IBM285": ("IBM285", MAINFRAME),
    "IBM297": ("IBM297", MAINFRAME),
    "IBM871": ("IBM871", MAINFRAME),
    "IBM01141": ("IBM01141", MAINFRAME),
    "IBM01142": ("IBM01142", MAINFRAME),
    "IBM01143": ("IBM01143", MAINFRAME),
    "IBM01144": ("IBM01144", MAINFRAME),
    "IBM01145": ("IBM01145", MAINFRAME),
    "IBM01146": ("IBM01146", MAINFRAME),
    "IBM01147": ("IBM01147", MAINFRAME),
    "IBM01148": ("IBM01148", MAINFRAME),
    "IBM01149": ("IBM01149", MAINFRAME),
}

# chardet 7's superset renaming (``should_rename_legacy`` / ``prefer_superset``): a subset's
# name -> its Windows superset's, both textscope names.
SUPERSET: Dict[str, str] = {
    "ascii": "windows-1252",
    "EUC-KR": "EUC-KR",  # textscope's EUC-KR is already the superset (UHC, cp949)
    "ISO-8859-1": "windows-1252",
    "ISO-8859-2": "windows-1250",
    "ISO-8859-5": "windows-1251",
    "ISO-8859-6": "windows-1256",
    "ISO-8859-7": "windows-1253",
    "ISO-8859-8": "windows-1255",
    "ISO-8859-9": "windows-1254",
    "ISO-8859-11": "windows-874",
    "ISO-8859-13": "windows-1257",
    "TIS-620": "windows-874",
}
