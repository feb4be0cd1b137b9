// The UTF-16LE and UTF-16BE pages' prose (SPEC §2–§5: D2, D5, D8, U2, P1, P5), one builder for
// both byte orders. The samples' bytes come from the core when the page loads.
import { BINARY, COMMON_PROBLEMS, utf16Detection } from './common.js';

// The rows of the first-bytes table: a recipe encoded in a format, with flags for ts_sample
// (1 mark, 2 detect); the verdict shown is the core's.
const FIRST_BYTES = [
  { format: 'utf-16le', flags: 3, note: { en: 'the UTF-16LE mark', es: 'la marca de UTF-16LE' } },
  { format: 'utf-16be', flags: 3, note: { en: 'the UTF-16BE mark', es: 'la marca de UTF-16BE' } },
  { format: 'utf-32le', flags: 3, note: { en: 'FF FE then 00 00: the UTF-32LE mark, unless the units after it are not scalar values', es: 'FF FE y después 00 00: la marca de UTF-32LE, salvo que las unidades siguientes no sean valores escalares' } },
  { format: 'utf-32be', flags: 3, note: { en: 'the UTF-32BE mark', es: 'la marca de UTF-32BE' } },
  { format: 'utf-8', flags: 3, note: { en: 'the UTF-8 mark', es: 'la marca de UTF-8' } },
  { format: 'utf-16le', flags: 2, note: { en: 'no mark: zeros at odd offsets, recognised from the bytes', es: 'sin marca: ceros en posiciones impares, reconocido por los bytes' } },
  { format: 'utf-16be', flags: 2, note: { en: 'no mark: zeros at even offsets, recognised from the bytes', es: 'sin marca: ceros en posiciones pares, reconocido por los bytes' } },
];

// Code-point ranges → units (U2); the example's bytes in this format and in UTF-8 come from the core.
const RANGES = [
  { range: 'U+0000–U+007F', example: 'A' },
  { range: 'U+0080–U+07FF', example: 'é' },
  { range: 'U+0800–U+D7FF, U+E000–U+FFFF', example: '中' },
  { range: 'U+D800–U+DFFF', example: null, none: { en: 'surrogates: no character has these code points; their values are the halves of pairs', es: 'sustitutos: ningún carácter tiene estos puntos de código; sus valores son las mitades de los pares' } },
  { range: 'U+10000–U+10FFFF', example: '😀' },
];

function en(be) {
  const name = be ? 'UTF-16BE' : 'UTF-16LE';
  const other = be ? 'UTF-16LE' : 'UTF-16BE';
  return {
    title: name,
    intro: be
      ? 'UTF-16BE is UTF-16 with the high byte of each unit first (big-endian, "network order"). It is rarer than UTF-16LE in files; some Java and older Mac tools write it.'
      : 'UTF-16 writes each character as one or two 16-bit units; LE (little-endian) puts the low byte of each unit first. It is what Windows means by "Unicode", and the in-memory string format of Java, JavaScript and .NET.',
    parts: `An optional mark (${be ? 'FE FF' : 'FF FE'}), then the lines, each followed by its ending (two or four bytes here). Every character, the endings included, takes a whole number of units, so a well-formed file has an even size.`,
    encoding: be
      ? 'A character up to U+FFFF is one unit, high byte first: é (U+00E9) is 00 E9. Above U+FFFF it is a surrogate pair (D800 + the high ten bits of C − 10000, DC00 + the low ten bits), each unit high byte first. The UTF-16 inspector shows the derivation step by step.'
      : 'A character up to U+FFFF is one unit holding its code point, written low byte first: é (U+00E9) is E9 00. A character above U+FFFF (an emoji, a rare CJK character) is a surrogate pair: subtract 10000, put the top ten bits in D800 + high and the bottom ten in DC00 + low, and write both units low byte first. The UTF-16 inspector shows the derivation step by step.',
    mark: be
      ? ['FE FF at the start is the mark; it decides UTF-16BE. Unlike FF FE, it has no overlap with a UTF-32 mark: the UTF-32BE mark is 00 00 FE FF, which starts with two zero bytes.',
        'A file starting with the mark of the other byte order (FF FE) or with EF BB BF is never taken as UTF-16BE.']
      : ['FF FE at the start is the mark (U+FEFF written low byte first); it decides UTF-16LE.',
        'The ambiguity: FF FE 00 00 is also the UTF-32LE mark. textscope reads it as UTF-32LE unless more than one in ten of the whole units after it (within the window) are not Unicode scalar values; then UTF-16LE takes the file, and the 00 00 after FF FE is the character U+0000 (the second example below).'],
    markSamples: be ? [{ recipe: 'Hi', flags: 3 }] : [{ recipe: 'Hi', flags: 3 }, { recipe: '\u0000Hi', flags: 3, what: 'FF FE 00 00 48 00 69 00: as UTF-32 its units after the mark are not scalar values, so UTF-16LE takes it, with a NUL at offset 2.' }],
    lines: be ? 'LF is 00 0A, CR LF is 00 0D 00 0A; NEL, LS and PS are 00 85, 20 28 and 20 29.' : 'The endings are the same characters as everywhere — LF, CR LF, CR, NEL, LS, PS — each written as units: LF is 0A 00, CR LF is 0D 00 0A 00 (as Windows writes it).',
    end: 'A file may end after its last ending or without one (then a note says so). A last odd byte is half a unit: one character cut short, a problem. A high surrogate with nothing after it is an unpaired surrogate.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: a note.' }, { recipe: 'AB{cut}', what: 'An odd last byte: a character cut short.' }],
    problems: [
      { recipe: '{u:D83D}A', what: 'A high surrogate followed by a non-surrogate: a problem at the high one; it is one character, U+FFFD in the preview.' },
      { recipe: 'x{u:DC00}y', what: 'A low surrogate on its own.' },
      ...COMMON_PROBLEMS.en,
    ],
    detection: utf16Detection(be).en.concat(be ? ['UTF-16BE is tried after UTF-16LE.', BINARY.en] : [BINARY.en]),
    history: [
      'Unicode 1.0 (1991) planned 65,536 characters, each one 16-bit unit; ISO/IEC 10646 called that form UCS-2. Windows NT, Java and later JavaScript chose 16-bit strings in those years.',
      'Unicode 2.0 (1996) grew the code space to U+10FFFF and set aside D800–DFFF for surrogate pairs, which turned UCS-2 into UTF-16: text of the first 65,536 code points stayed valid, and each character beyond takes two units.',
      'RFC 2781 (2000) registered the labels UTF-16, UTF-16BE and UTF-16LE for the Internet, with the rules for the byte order mark.',
    ],
    unlabelled: [
      `Labelled ${name}, a stream has a fixed byte order, and a leading ${be ? 'FE FF' : 'FF FE'} is not a mark but the character U+FEFF (ZERO WIDTH NO-BREAK SPACE).`,
      'Labelled plain "UTF-16", a leading mark gives the order; with no mark, RFC 2781 says to read the stream as big-endian. Most unmarked UTF-16 files come from Windows and are little-endian, which is why textscope looks at where the zero bytes are instead (below).',
    ],
    firstBytes: FIRST_BYTES.map((r) => ({ ...r, note: r.note.en })),
    ranges: RANGES.map((r) => ({ ...r, none: r.none?.en })),
    units: { 1: '1 unit', 2: '2 units (a pair)', 0: '—' },
    windows: `The 34 bytes Windows Notepad writes for two lines, "Café €4" and "中文 😀", saved as "Unicode"${be ? ', here in big-endian order' : ''}: the mark, CR LF endings and one surrogate pair. The bytes below were encoded and analysed by the core when the page loaded.`,
    properties: [
      { text: `Latin text has a zero in every second byte (the high byte of each unit), at ${be ? 'even' : 'odd'} offsets. A tool that expects ASCII shows "T.e.x.t", and a C string stops at the first 00.`, recipe: 'Text' },
      { text: 'A CJK character takes 2 bytes, against 3 in UTF-8, as does every character from U+0800 to U+FFFF: for such text UTF-16 is the smaller.', recipe: '中文', utf8: true },
      { text: 'Every unit starts at an even offset. A file of odd size has lost a byte, and a shift by one byte misreads everything after it.' },
      { text: 'Pairs are self-synchronising: a high surrogate (D800–DBFF) always comes first and a low one (DC00–DFFF) second, so a reader dropped anywhere can tell which half it sees and find the next character within one unit.', recipe: '😀' },
    ],
    variants: be ? ['utf-16le', 'utf-32be', 'utf-8'] : ['utf-16be', 'utf-32le', 'utf-8'],
    detectSamples: be ? [{ recipe: 'Hello, world\n' }, { recipe: '中文字符\n' }] : [{ recipe: 'Hello, world\r\n' }, { recipe: '中文字符\r\n' }],
    other,
  };
}

function es(be) {
  const name = be ? 'UTF-16BE' : 'UTF-16LE';
  return {
    title: name,
    intro: be
      ? 'UTF-16BE es UTF-16 con el byte alto de cada unidad primero (big-endian, el «orden de red»). En archivos es menos frecuente que UTF-16LE; lo escriben algunas herramientas de Java y del Mac antiguo.'
      : 'UTF-16 escribe cada carácter con una o dos unidades de código de 16 bits; LE (little-endian) pone primero el byte bajo de cada unidad. Es lo que Windows llama «Unicode» y el formato de las cadenas en memoria de Java, JavaScript y .NET.',
    parts: `Una marca opcional (${be ? 'FE FF' : 'FF FE'}) y, a continuación, las líneas, cada una seguida de su final (aquí de dos o cuatro bytes). Cada carácter, finales incluidos, ocupa un número entero de unidades, así que un archivo bien formado tiene un tamaño par.`,
    encoding: be
      ? 'Un carácter hasta U+FFFF es una unidad, con el byte alto primero: é (U+00E9) es 00 E9. Por encima de U+FFFF es un par sustituto (D800 + los diez bits altos de C − 10000, DC00 + los diez bajos), cada unidad con el byte alto primero. El inspector UTF-16 muestra la derivación paso a paso.'
      : 'Un carácter hasta U+FFFF es una unidad que contiene su punto de código, escrita con el byte bajo primero: é (U+00E9) es E9 00. Un carácter por encima de U+FFFF (un emoji, un ideograma CJK poco común) es un par sustituto: se resta 10000, los diez bits altos van en D800 + alto y los diez bajos en DC00 + bajo, y ambas unidades se escriben con el byte bajo primero. El inspector UTF-16 muestra la derivación paso a paso.',
    mark: be
      ? ['FE FF al principio es la marca; decide UTF-16BE. A diferencia de FF FE, no se confunde con ninguna marca de UTF-32: la de UTF-32BE es 00 00 FE FF, que empieza por dos bytes a cero.',
        'Un archivo que empieza por la marca del otro orden de bytes (FF FE) o por EF BB BF nunca se toma por UTF-16BE.']
      : ['FF FE al principio es la marca (U+FEFF escrito con el byte bajo primero); decide UTF-16LE.',
        'La ambigüedad: FF FE 00 00 es también la marca de UTF-32LE. textscope lo lee como UTF-32LE salvo que más de una de cada diez unidades completas que la siguen (dentro de la ventana) no sean valores escalares Unicode; entonces el archivo es UTF-16LE, y el 00 00 tras FF FE es el carácter U+0000 (el segundo ejemplo).'],
    markSamples: be ? [{ recipe: 'Hi', flags: 3 }] : [{ recipe: 'Hi', flags: 3 }, { recipe: '\u0000Hi', flags: 3, what: 'FF FE 00 00 48 00 69 00: leído como UTF-32, sus unidades tras la marca no son valores escalares, así que lo toma UTF-16LE, con un NUL en la posición 2.' }],
    lines: be ? 'LF es 00 0A, CR LF es 00 0D 00 0A; NEL, LS y PS son 00 85, 20 28 y 20 29.' : 'Los finales son los mismos caracteres de siempre —LF, CR LF, CR, NEL, LS, PS—, escritos como unidades: LF es 0A 00 y CR LF es 0D 00 0A 00 (como lo escribe Windows).',
    end: 'Un archivo puede acabar tras su último final de línea o sin él (una nota lo indica). Un último byte impar es media unidad: un carácter truncado, un problema. Un sustituto alto sin nada detrás es un sustituto desemparejado.',
    endSamples: [{ recipe: 'last line', what: 'Sin final de línea al terminar: una nota.' }, { recipe: 'AB{cut}', what: 'Un último byte impar: un carácter truncado.' }],
    problems: [
      { recipe: '{u:D83D}A', what: 'Un sustituto alto seguido de algo que no es un sustituto: un problema en el alto; cuenta como un carácter, U+FFFD en la vista previa.' },
      { recipe: 'x{u:DC00}y', what: 'Un sustituto bajo aislado.' },
      ...COMMON_PROBLEMS.es,
    ],
    detection: utf16Detection(be).es.concat(be ? ['UTF-16BE se prueba después de UTF-16LE.', BINARY.es] : [BINARY.es]),
    history: [
      'Unicode 1.0 (1991) preveía 65 536 caracteres, cada uno en una unidad de 16 bits; la norma ISO/IEC 10646 llamó UCS-2 a esa forma. Windows NT, Java y más tarde JavaScript eligieron cadenas de 16 bits en esos años.',
      'Unicode 2.0 (1996) amplió el espacio de códigos hasta U+10FFFF y reservó D800–DFFF para los pares sustitutos, lo que convirtió UCS-2 en UTF-16: el texto de los primeros 65 536 puntos de código siguió siendo válido, y cada carácter posterior ocupa dos unidades.',
      'El RFC 2781 (2000) registró las etiquetas UTF-16, UTF-16BE y UTF-16LE para Internet, con las reglas de la marca de orden de bytes.',
    ],
    unlabelled: [
      `Con la etiqueta ${name}, el orden de bytes es fijo, y un ${be ? 'FE FF' : 'FF FE'} inicial no es una marca sino el carácter U+FEFF (ZERO WIDTH NO-BREAK SPACE).`,
      'Con la etiqueta «UTF-16» a secas, una marca inicial indica el orden; sin marca, el RFC 2781 manda leer el flujo como big-endian. La mayoría de los archivos UTF-16 sin marca vienen de Windows y son little-endian; por eso textscope mira dónde están los bytes a cero (más abajo).',
    ],
    firstBytes: FIRST_BYTES.map((r) => ({ ...r, note: r.note.es })),
    ranges: RANGES.map((r) => ({ ...r, none: r.none?.es })),
    units: { 1: '1 unidad', 2: '2 unidades (un par)', 0: '—' },
    windows: `Los 34 bytes que escribe el Bloc de notas de Windows para dos líneas, «Café €4» y «中文 😀», guardadas como «Unicode»${be ? ', aquí en orden big-endian' : ''}: la marca, finales CR LF y un par sustituto. El núcleo codificó y analizó estos bytes al cargarse la página.`,
    properties: [
      { text: `Un texto latino tiene un cero en cada segundo byte (el byte alto de cada unidad), en las posiciones ${be ? 'pares' : 'impares'}. Una herramienta que espera ASCII muestra «T.e.x.t.o», y una cadena de C se detiene en el primer 00.`, recipe: 'Texto' },
      { text: 'Un carácter CJK ocupa 2 bytes, frente a 3 en UTF-8, igual que cualquier carácter de U+0800 a U+FFFF: para ese texto UTF-16 es más compacto.', recipe: '中文', utf8: true },
      { text: 'Cada unidad empieza en una posición par. Un archivo de tamaño impar ha perdido un byte, y un desplazamiento de un byte estropea la lectura de todo lo que sigue.' },
      { text: 'Los pares se autosincronizan: el sustituto alto (D800–DBFF) va siempre primero y el bajo (DC00–DFFF) después, así que un lector que empiece en cualquier punto sabe qué mitad tiene delante y encuentra el siguiente carácter en una unidad como mucho.', recipe: '😀' },
    ],
    variants: be ? ['utf-16le', 'utf-32be', 'utf-8'] : ['utf-16be', 'utf-32le', 'utf-8'],
    detectSamples: be ? [{ recipe: 'Hello, world\n' }, { recipe: '中文字符\n' }] : [{ recipe: 'Hello, world\r\n' }, { recipe: '中文字符\r\n' }],
  };
}

export const UTF16LE = { en: en(false), es: es(false) };
export const UTF16BE = { en: en(true), es: es(true) };
