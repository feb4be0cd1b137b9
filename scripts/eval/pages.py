"""The labelled code pages of the detection evaluation, their families and languages.

Each entry: label (the name the manifest carries), Python codec (None when Python has no codec:
the file is made and decoded with iconv), iconv name (None when glibc's iconv has no such page),
family, and the languages (file names under text/) whose text the page is meant for. A page that
cannot hold a language's letters is skipped for it by make_set.py, which says so.
"""

WEST = ["en", "fr", "de", "es", "pt", "it", "nl", "da", "nb", "sv", "fi", "is", "ga"]
CE = ["pl", "cs", "sk", "hu", "ro", "sl", "hr"]
BALTIC = ["lt", "lv", "et"]
CYR = ["ru", "uk", "be", "bg", "sr", "mk"]

LANGUAGES = WEST + CE + BALTIC + CYR + [
    "kk", "el", "tr", "he", "ar", "fa", "th", "vi", "ja", "zh-hans", "zh-hant", "ko", "mt", "eo",
    "cy",
]

FAMILIES = [
    "UTF", "Western", "Central European", "Baltic", "Cyrillic", "Greek/Turkish/Hebrew/Arabic",
    "Thai/Vietnamese", "CJK", "DOS", "Mac", "EBCDIC",
]

# (label, python codec, iconv name, family, languages)
PAGES = [
    ("windows-1252", "cp1252", "CP1252", "Western", WEST),
    ("ISO-8859-1", "latin_1", "ISO-8859-1", "Western", WEST),
    ("ISO-8859-15", "iso8859_15", "ISO-8859-15", "Western", WEST),
    ("ISO-8859-3", "iso8859_3", "ISO-8859-3", "Western", ["mt", "eo"]),
    ("ISO-8859-10", "iso8859_10", "ISO-8859-10", "Western", ["is", "da", "nb", "sv", "fi"]),
    ("ISO-8859-14", "iso8859_14", "ISO-8859-14", "Western", ["cy", "ga"]),
    ("windows-1250", "cp1250", "CP1250", "Central European", CE),
    ("ISO-8859-2", "iso8859_2", "ISO-8859-2", "Central European", CE),
    ("ISO-8859-16", "iso8859_16", "ISO-8859-16", "Central European", ["pl", "hu", "ro", "sl", "hr"]),
    ("windows-1257", "cp1257", "CP1257", "Baltic", BALTIC),
    ("ISO-8859-13", "iso8859_13", "ISO-8859-13", "Baltic", BALTIC),
    ("ISO-8859-4", "iso8859_4", "ISO-8859-4", "Baltic", BALTIC),
    ("windows-1251", "cp1251", "CP1251", "Cyrillic", CYR),
    ("ISO-8859-5", "iso8859_5", "ISO-8859-5", "Cyrillic", CYR),
    ("KOI8-R", "koi8_r", "KOI8-R", "Cyrillic", ["ru", "bg"]),
    ("KOI8-U", "koi8_u", "KOI8-U", "Cyrillic", ["uk", "ru"]),
    ("KZ-1048", "kz1048", None, "Cyrillic", ["kk"]),
    ("PTCP154", "ptcp154", "PT154", "Cyrillic", ["kk"]),
    ("windows-1253", "cp1253", "CP1253", "Greek/Turkish/Hebrew/Arabic", ["el"]),
    ("ISO-8859-7", "iso8859_7", "ISO-8859-7", "Greek/Turkish/Hebrew/Arabic", ["el"]),
    ("windows-1254", "cp1254", "CP1254", "Greek/Turkish/Hebrew/Arabic", ["tr"]),
    ("ISO-8859-9", "iso8859_9", "ISO-8859-9", "Greek/Turkish/Hebrew/Arabic", ["tr"]),
    ("windows-1255", "cp1255", "CP1255", "Greek/Turkish/Hebrew/Arabic", ["he"]),
    ("ISO-8859-8", "iso8859_8", "ISO-8859-8", "Greek/Turkish/Hebrew/Arabic", ["he"]),
    ("windows-1256", "cp1256", "CP1256", "Greek/Turkish/Hebrew/Arabic", ["ar", "fa"]),
    ("ISO-8859-6", "iso8859_6", "ISO-8859-6", "Greek/Turkish/Hebrew/Arabic", ["ar"]),
    ("TIS-620", "tis_620", "TIS-620", "Thai/Vietnamese", ["th"]),
    ("windows-874", "cp874", "CP874", "Thai/Vietnamese", ["th"]),
    ("ISO-8859-11", "iso8859_11", "ISO-8859-11", "Thai/Vietnamese", ["th"]),
    ("windows-1258", "cp1258", "CP1258", "Thai/Vietnamese", ["vi"]),
    ("VISCII", None, "VISCII", "Thai/Vietnamese", ["vi"]),
    ("Shift_JIS", "shift_jis", "SHIFT_JIS", "CJK", ["ja"]),
    ("EUC-JP", "euc_jp", "EUC-JP", "CJK", ["ja"]),
    ("ISO-2022-JP", "iso2022_jp", "ISO-2022-JP", "CJK", ["ja"]),
    ("EUC-JIS-2004", "euc_jis_2004", "EUC-JISX0213", "CJK", ["ja"]),
    ("Shift_JIS-2004", "shift_jis_2004", "SHIFT_JISX0213", "CJK", ["ja"]),
    ("GB2312", "gb2312", "GB2312", "CJK", ["zh-hans"]),
    ("GBK", "gbk", "GBK", "CJK", ["zh-hans"]),
    ("GB18030", "gb18030", "GB18030", "CJK", ["zh-hans", "zh-hant"]),
    ("Big5", "big5", "BIG5", "CJK", ["zh-hant"]),
    ("EUC-TW", None, "EUC-TW", "CJK", ["zh-hant"]),
    ("HZ-GB-2312", "hz", None, "CJK", ["zh-hans"]),
    ("EUC-KR", "euc_kr", "EUC-KR", "CJK", ["ko"]),
    ("Johab", "johab", "JOHAB", "CJK", ["ko"]),
    ("ISO-2022-KR", "iso2022_kr", "ISO-2022-KR", "CJK", ["ko"]),
    ("IBM437", "cp437", "CP437", "DOS", ["en", "de", "fr", "es", "sv", "fi"]),
    ("IBM850", "cp850", "CP850", "DOS", WEST),
    ("IBM860", "cp860", "CP860", "DOS", ["pt"]),
    ("IBM861", "cp861", "CP861", "DOS", ["is"]),
    ("IBM863", "cp863", "CP863", "DOS", ["fr"]),
    ("IBM865", "cp865", "CP865", "DOS", ["da", "nb"]),
    ("IBM852", "cp852", "CP852", "DOS", CE),
    ("IBM775", "cp775", "CP775", "DOS", BALTIC),
    ("IBM855", "cp855", "CP855", "DOS", CYR),
    ("IBM866", "cp866", "CP866", "DOS", ["ru", "bg"]),
    ("IBM1125", "cp1125", "CP1125", "DOS", ["uk"]),
    ("IBM737", "cp737", "CP737", "DOS", ["el"]),
    ("IBM869", "cp869", "CP869", "DOS", ["el"]),
    ("IBM857", "cp857", "CP857", "DOS", ["tr"]),
    ("IBM862", "cp862", "CP862", "DOS", ["he"]),
    ("IBM864", "cp864", "CP864", "DOS", ["ar"]),
    ("macintosh", "mac_roman", "MACINTOSH", "Mac", [x for x in WEST if x != "is"]),
    ("x-mac-ce", "mac_latin2", "MAC-CENTRALEUROPE", "Mac", ["pl", "cs", "sk", "hu"] + BALTIC),
    ("x-mac-cyrillic", "mac_cyrillic", "MAC-CYRILLIC", "Mac", CYR),
    ("x-mac-greek", "mac_greek", None, "Mac", ["el"]),
    ("x-mac-turkish", "mac_turkish", None, "Mac", ["tr"]),
    ("x-mac-icelandic", "mac_iceland", None, "Mac", ["is"]),  # glibc's MAC-IS lacks ð, ý
    ("IBM037", "cp037", "IBM037", "EBCDIC", ["en", "es", "pt", "nl"]),
    ("IBM500", "cp500", "IBM500", "EBCDIC", ["en", "fr", "de", "it"]),
    ("IBM1140", "cp1140", "IBM1140", "EBCDIC", ["en", "es"]),
    ("IBM1026", "cp1026", "IBM1026", "EBCDIC", ["tr"]),
    ("IBM424", "cp424", "IBM424", "EBCDIC", ["he"]),
]

# The Unicode forms: (label, python codec of the body, mark bytes).
UTF_FORMS = [
    ("UTF-8", "utf_8", b""),
    ("UTF-8", "utf_8", b"\xef\xbb\xbf"),
    ("UTF-16LE", "utf_16_le", b""),
    ("UTF-16LE", "utf_16_le", b"\xff\xfe"),
    ("UTF-16BE", "utf_16_be", b""),
    ("UTF-16BE", "utf_16_be", b"\xfe\xff"),
    ("UTF-32LE", "utf_32_le", b""),
    ("UTF-32LE", "utf_32_le", b"\xff\xfe\x00\x00"),
    ("UTF-32BE", "utf_32_be", b""),
    ("UTF-32BE", "utf_32_be", b"\x00\x00\xfe\xff"),
]

SIZES = [40, 70, 100, 200, 300, 600, 1000, 2000, 4000, 8000, 16000, 32000, 65536]

# Snippets (issue 38 measures 16-128 bytes): every page and language at each, and UTF-8 and
# UTF-16 without a mark at two of them per language. Added after SIZES so that the files of
# SIZES keep their seeds and their text.
SNIPPETS = [16, 24, 32, 48, 64, 96, 128]


def line_ending(family):
    """The line ending people met with the family: CRLF on DOS and Windows, CR on the classic
    Mac, NEL on the mainframe, LF elsewhere (ISO pages on Unix, the CJK pages)."""
    if family == "Mac":
        return "\r"
    if family == "EBCDIC":
        return "\x85"
    if family == "DOS":
        return "\r\n"
    return None  # decided per page: windows-* gets CRLF, the rest LF
