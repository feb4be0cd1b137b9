// What each format page says, in our own words from the facts of SPEC.md. The prose is here;
// every byte the pages show comes from the core at load time (format-page.js runs the recipes
// through ts_sample: text, {u:XXXX} for a raw unit, {cut} to drop the last byte).

const EXAMPLES = ['A', 'é', '€', '中', '😀'];

const BINARY = 'Every parser also applies the binary test (D7) to the characters it decoded from the window: the file is binary when U+0000 is more than one character in a hundred, or when control characters (those of problem P3) are more than one in ten.';

const COMMON_PROBLEMS = [
  { recipe: 'a\u0000b', what: 'U+0000 (NUL) in the text: P2. Often a sign that the file is in another format, or binary.' },
  { recipe: 'red: \u001b[31m', what: 'A control character such as ESC: P3. VT, DEL and the C1 controls count too; TAB, LF, FF and CR never do.' },
  { recipe: 'one\uFEFFtwo', what: 'U+FEFF after the start is text, not a mark: P4. Usually two files were joined.' },
  { recipe: 'a\r\nb\nc\r\n', what: 'More than one kind of line ending: P9, placed on the first line whose ending is not the commonest kind.' },
];

const UTF16_DETECTION = (odd, even) => [
  `Without a mark, the file is taken as this format when, over the window: at least a quarter of the ${odd}-offset bytes are 00; the ${even}-offset bytes hold at most one twentieth as many 00 bytes as the ${odd}-offset ones; and each of the first eight units (fewer if the file is shorter) is at most 00FF (D5).`,
  'That is the shape of Latin-script text, where each character has a zero high byte. Text in CJK scripts has few 00 bytes and is not recognised without a mark (D8): it lands wherever the other rules put it.',
  'A file that starts EF BB BF (the UTF-8 mark) or with the mark of the other byte order is never taken by this parser. A marked UTF-16 file is never turned down by the binary test.',
];

const UTF32_DETECTION = [
  'Without a mark, the window must hold at least one whole unit and every whole unit must be a Unicode scalar value — at most 10FFFF and outside the surrogates D800–DFFF (D4). Random bytes and text in other formats almost never pass this test.',
  'A marked UTF-32 file still has to pass the binary test; if it fails, UTF-16 of the same byte order may take it.',
];

export const DOCS = {
  'utf-8': {
    title: 'UTF-8',
    intro: 'UTF-8 writes each character as one to four bytes. The 128 ASCII characters keep their single byte, so an ASCII file is already UTF-8. It is the usual format of the web, of Unix systems and of source code.',
    unit: 1,
    parts: 'An optional mark (three bytes), then the lines in order, each followed by its ending; the last line may have none. There is no header and no length: the bytes simply follow one another.',
    encoding: 'A character below U+0080 is one byte. Up to U+07FF it takes two bytes (a lead byte C2–DF and a continuation byte 80–BF); up to U+FFFF three (lead E0–EF); above that four (lead F0–F4). Continuation bytes always lie in 80–BF, which is why a decoder can tell where a character starts. Byte order does not matter: the unit is one byte.',
    mark: [
      'UTF-8 needs no byte order mark, but some programs (Windows Notepad of old, Excel CSV exports) write U+FEFF first anyway, as EF BB BF. textscope reports it as the mark: it is not a character, belongs to no line and is not in the preview (B1).',
      'EF BB BF decides UTF-8 whatever follows (D2), and a marked UTF-8 file is never turned down as binary. The same bytes later in a file are the character U+FEFF and a problem (P4).',
    ],
    markSamples: [{ recipe: 'Hi', flags: 3 }],
    lines: 'Lines end with LF (0A), CR LF (0D 0A), CR (0D), NEL (U+0085, two bytes C2 85), LS (U+2028, E2 80 A8) or PS (U+2029, E2 80 A9). VT and FF do not end lines.',
    end: 'A file may stop after the last line\'s ending, or right after its last character (then note N1: no final line ending). If it stops inside a multi-byte character, that cut character is problem P5, not an invalid sequence.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: the note N1.' }, { recipe: 'emoji 😀{cut}', what: 'A four-byte character cut after three bytes: P5.' }],
    problems: [
      { recipe: 'x{u:C0}{u:80}', what: 'An overlong form: C0 80 would spell U+0000 with two bytes. Each maximal subpart is one character and one P7, so this is two.' },
      { recipe: 'x{u:ED}{u:A0}{u:80}', what: 'An encoded surrogate (ED A0 80 would be U+D800): three subparts, three P7, the first with the reason "encoded surrogate".' },
      { recipe: 'x{u:F4}{u:90}{u:80}{u:80}', what: 'Above U+10FFFF: four subparts, four P7.' },
      { recipe: 'x{u:E2}{u:82}A', what: 'A sequence interrupted by an ASCII byte: one P7 for E2 82, then the A.' },
      { recipe: 'x{u:80}y', what: 'A continuation byte with no lead byte: P7, "unexpected continuation byte".' },
      ...COMMON_PROBLEMS,
    ],
    detection: [
      'UTF-8 is tried first (D1). Without a mark it is taken when the window (the first 65,536 bytes) holds no invalid sequence — a sequence cut by the end of the window does not count — or when it holds valid multi-byte sequences and at most one invalid sequence for every ten valid multi-byte ones (D3).',
      'The tolerance is kept low on purpose: legacy CJK code pages produce valid-looking UTF-8 pairs by chance. Pure ASCII is UTF-8, and the report says ascii: true.',
      BINARY,
    ],
    detectSamples: [{ recipe: 'plain ASCII text\n' }, { recipe: 'café crème\n' }, { recipe: 'caf{u:E9} cr{u:E8}me\n' }],
    variants: ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'legacy'],
  },
  'utf-16le': {
    title: 'UTF-16LE',
    intro: 'UTF-16 writes each character as one or two 16-bit units; LE (little-endian) puts the low byte of each unit first. It is what Windows means by "Unicode", and the in-memory string format of Java, JavaScript and .NET.',
    unit: 2,
    parts: 'An optional mark (FF FE), then the lines, each followed by its ending (which is two or four bytes here). Every character, the endings included, takes a whole number of units, so a well-formed file has an even size.',
    encoding: 'A character up to U+FFFF is one unit holding its code point, written low byte first: é (U+00E9) is E9 00. A character above U+FFFF (an emoji, a rare CJK character) is a surrogate pair: subtract 10000, put the top ten bits in D800 + high and the bottom ten in DC00 + low, and write both units low byte first. The UTF-16 inspector shows the derivation step by step.',
    mark: [
      'FF FE at the start is the mark (U+FEFF written low byte first); it decides UTF-16LE (D2).',
      'The ambiguity: FF FE 00 00 is also the UTF-32LE mark. textscope reads it as UTF-32LE unless more than one in ten of the whole units after it (within the window) are not Unicode scalar values; then UTF-16LE takes the file, and the 00 00 after FF FE is the character U+0000 (worked file F6, below).',
    ],
    markSamples: [{ recipe: 'Hi', flags: 3 }, { recipe: '\u0000Hi', flags: 3, what: 'F6: FF FE 00 00 48 00 69 00. As UTF-32 its units after the mark are not scalar values, so UTF-16LE takes it, with a NUL (P2) at offset 2.' }],
    lines: 'The endings are the same characters as everywhere — LF, CR LF, CR, NEL, LS, PS — each written as units: LF is 0A 00, CR LF is 0D 00 0A 00 (as Windows writes it).',
    end: 'A file may end after its last ending or without one (note N1). A last odd byte is half a unit: one character and problem P5. A high surrogate with nothing after it is P1.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: N1.' }, { recipe: 'AB{cut}', what: 'An odd last byte: P5.' }],
    problems: [
      { recipe: '{u:D83D}A', what: 'F4: a high surrogate followed by a non-surrogate: P1 at the high one; it is one character, U+FFFD in the preview.' },
      { recipe: 'x{u:DC00}y', what: 'A low surrogate on its own: P1.' },
      ...COMMON_PROBLEMS,
    ],
    detection: UTF16_DETECTION('odd', 'even').concat([BINARY]),
    detectSamples: [{ recipe: 'Hello, world\r\n' }, { recipe: '中文字符\r\n' }],
    variants: ['utf-16be', 'utf-32le', 'utf-8'],
  },
  'utf-16be': {
    title: 'UTF-16BE',
    intro: 'UTF-16BE is UTF-16 with the high byte of each unit first (big-endian, "network order"). It is rarer than UTF-16LE in files; some Java and older Mac tools write it.',
    unit: 2,
    parts: 'An optional mark (FE FF), then the lines, each followed by its ending. Every character takes one or two whole units, so a well-formed file has an even size.',
    encoding: 'A character up to U+FFFF is one unit, high byte first: é (U+00E9) is 00 E9. Above U+FFFF it is a surrogate pair (D800 + the high ten bits of C − 10000, DC00 + the low ten bits), each unit high byte first.',
    mark: [
      'FE FF at the start is the mark; it decides UTF-16BE (D2). Unlike FF FE, it has no overlap with a UTF-32 mark: the UTF-32BE mark is 00 00 FE FF, which starts with two zero bytes.',
      'A file starting with the mark of the other byte order (FF FE) or with EF BB BF is never taken as UTF-16BE.',
    ],
    markSamples: [{ recipe: 'Hi', flags: 3 }],
    lines: 'LF is 00 0A, CR LF is 00 0D 00 0A; NEL, LS and PS are 00 85, 20 28 and 20 29.',
    end: 'As in UTF-16LE: no final ending gives note N1; an odd last byte is P5; a high surrogate at the very end is P1.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: N1.' }, { recipe: 'AB{cut}', what: 'An odd last byte: P5.' }],
    problems: [
      { recipe: '{u:D83D}A', what: 'A high surrogate followed by a non-surrogate: P1.' },
      { recipe: 'x{u:DC00}y', what: 'A low surrogate on its own: P1.' },
      ...COMMON_PROBLEMS,
    ],
    detection: UTF16_DETECTION('even', 'odd').concat(['UTF-16BE is tried after UTF-16LE (D1).', BINARY]),
    detectSamples: [{ recipe: 'Hello, world\n' }],
    variants: ['utf-16le', 'utf-32be', 'utf-8'],
  },
  'utf-32le': {
    title: 'UTF-32LE',
    intro: 'UTF-32 writes every character as one 32-bit unit holding its code point; LE puts the lowest byte first. Simple and wasteful (four bytes for an A), it is rare in files and common in memory (wchar_t on Unix).',
    unit: 4,
    parts: 'An optional mark (FF FE 00 00), then the lines and their endings, every character exactly four bytes. A well-formed file\'s size is a multiple of four.',
    encoding: 'The unit is the code point itself, lowest byte first: € (U+20AC) is AC 20 00 00, 😀 (U+1F600) is 00 F6 01 00. There are no surrogate pairs: a unit in D800–DFFF is an error.',
    mark: [
      'FF FE 00 00 is the mark. It begins with FF FE, the UTF-16LE mark, followed by what UTF-16LE would read as U+0000. textscope takes UTF-32LE unless more than one in ten of the whole units after the mark (within the window) are not Unicode scalar values; then it is UTF-16LE (D2).',
      'A marked UTF-32 file must still pass the binary test, else UTF-16 of the same byte order may take it.',
    ],
    markSamples: [{ recipe: 'Hi', flags: 3 }, { recipe: 'Café €4\n😀\n', flags: 3, what: 'F3: a marked UTF-32LE file of two lines.' }],
    lines: 'Each ending is one or two units: LF is 0A 00 00 00, CR LF is 0D 00 00 00 0A 00 00 00.',
    end: 'No final ending gives note N1. One to three bytes left at the end are one character and problem P5.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: N1.' }, { recipe: 'AB{cut}', what: 'A unit cut after three bytes: P5.' }],
    problems: [
      { recipe: 'a{u:110000}b', what: 'A unit above 10FFFF is not a code point: P6 (F5).' },
      { recipe: 'a{u:D83D}b', what: 'A surrogate unit (D800–DFFF) in UTF-32: P1 (F5).' },
      ...COMMON_PROBLEMS,
    ],
    detection: UTF32_DETECTION.concat(['UTF-32LE is tried second, right after UTF-8 (D1).', BINARY]),
    detectSamples: [{ recipe: 'Hello\n' }],
    variants: ['utf-32be', 'utf-16le', 'utf-8'],
  },
  'utf-32be': {
    title: 'UTF-32BE',
    intro: 'UTF-32BE is UTF-32 with the highest byte first. Each character is the four bytes of its code point in reading order: 00 00 00 41 is A.',
    unit: 4,
    parts: 'An optional mark (00 00 FE FF), then the lines and their endings, four bytes per character.',
    encoding: 'The unit is the code point, highest byte first: 😀 (U+1F600) is 00 01 F6 00. No surrogate pairs.',
    mark: [
      '00 00 FE FF is the mark. It is accepted as UTF-32BE unless more than one in ten of the whole units after it are not scalar values (D2); such a file then falls to the other parsers.',
    ],
    markSamples: [{ recipe: 'Hi', flags: 3 }],
    lines: 'LF is 00 00 00 0A, CR LF is 00 00 00 0D 00 00 00 0A.',
    end: 'No final ending gives note N1; one to three bytes left over are P5.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: N1.' }, { recipe: 'AB{cut}', what: 'A unit cut after three bytes: P5.' }],
    problems: [
      { recipe: 'a{u:110000}b', what: 'A unit above 10FFFF: P6.' },
      { recipe: 'a{u:DC00}b', what: 'A surrogate unit: P1.' },
      ...COMMON_PROBLEMS,
    ],
    detection: UTF32_DETECTION.concat(['UTF-32BE is tried third, after UTF-32LE (D1).', BINARY]),
    detectSamples: [{ recipe: 'Hello\n' }],
    variants: ['utf-32le', 'utf-16be', 'utf-8'],
  },
  legacy: {
    title: 'Legacy code pages',
    intro: 'Before Unicode, each language region had its own code pages: windows-1252 for Western Europe, Shift_JIS for Japanese, windows-1251 for Cyrillic, and many more. A file does not name its code page, so textscope guesses it and says which (the report\'s encoding). The examples below use windows-1252.',
    unit: 1,
    parts: 'No mark (no code page has one), then the lines and their endings, one byte per character in single-byte code pages, one or two in the CJK ones.',
    encoding: 'Each code page is a table: in windows-1252, é is E9 and € is 80. Characters outside the table cannot be written at all — the examples show which — which is the main reason the world moved to Unicode.',
    mark: [
      'Legacy files have no mark. Bytes that look like a mark (EF BB BF, FF FE …) decide a Unicode format first (D2), so a legacy file never starts with one as far as textscope is concerned.',
    ],
    markSamples: [],
    lines: 'LF is 0A, CR LF is 0D 0A, CR is 0D. NEL, LS and PS exist only where the code page has them (in windows-1252, byte 85 is "…", not NEL).',
    end: 'No final ending gives note N1. In a single-byte code page nothing can be cut short.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: N1.' }],
    problems: [
      { recipe: 'a{u:81}b', what: 'A byte the code page does not map is P8; in the WHATWG version of windows-1252 that encoding_rs follows, 81 maps to the C1 control U+0081, so here it is a control character (P3).' },
      ...COMMON_PROBLEMS,
    ],
    detection: [
      'Legacy is tried last (D1): when no Unicode parser accepted the file. It accepts when the window, as bytes, is not binary: NUL bytes are more than one in a hundred, or the control bytes 01–08, 0B, 0E–1F and 7F are more than one in ten (80–9F are printable in most code pages) (D6).',
      'The code page is then guessed by chardetng, a well-kept detector, and decoded with encoding_rs (U4). If even this parser turns the file down, the verdict is binary.',
    ],
    detectSamples: [{ recipe: 'caf{u:E9} cr{u:E8}me br{u:FB}l{u:E9}e\n', format: 'utf-8' }],
    variants: ['utf-8', 'utf-16le', 'utf-32le'],
  },
};

DOCS.EXAMPLES = EXAMPLES;
