// The UTF-8 page's prose (SPEC §2: D1–D3, U3, B1, P5, P7).
import { BINARY, COMMON_PROBLEMS } from './common.js';


// The first bytes of a file and what the core decides from them (D1, D2, D3).
const FIRST_BYTES = [
  { format: 'utf-8', flags: 3, note: { en: 'the UTF-8 mark: UTF-8 whatever follows', es: 'la marca de UTF-8: UTF-8 siga lo que siga' } },
  { format: 'utf-8', flags: 2, recipe: 'Hi there', note: { en: 'no byte above 7F: ASCII, which is UTF-8', es: 'ningún byte por encima de 7F: ASCII, que es UTF-8' } },
  { format: 'utf-8', flags: 2, recipe: 'café', show: 5, note: { en: 'C3 A9 is a valid two-byte sequence: UTF-8', es: 'C3 A9 es una secuencia de dos bytes válida: UTF-8' } },
  { format: 'utf-16le', flags: 3, note: { en: 'FF FE: the UTF-16LE mark, never UTF-8', es: 'FF FE: la marca de UTF-16LE, nunca UTF-8' } },
  { format: 'utf-8', flags: 2, recipe: 'caf{u:E9} cr{u:E8}me br{u:FB}l{u:E9}e', show: 5, note: { en: 'E9 followed by a space cannot be UTF-8: a code page', es: 'E9 seguido de un espacio no puede ser UTF-8: una página de códigos' } },
];

// Code-point ranges → UTF-8 length (U3); the bytes here and in UTF-16LE come from the core.
const RANGES = [
  { range: 'U+0000–U+007F', example: 'A' },
  { range: 'U+0080–U+07FF', example: 'é' },
  { range: 'U+0800–U+FFFF', example: '中' },
  { range: 'U+D800–U+DFFF', example: null, none: { en: 'surrogates: never encoded in UTF-8 (ED A0 80 and the like are invalid)', es: 'sustitutos: nunca se codifican en UTF-8 (ED A0 80 y similares no son válidos)' } },
  { range: 'U+10000–U+10FFFF', example: '😀' },
];

const shared = {
  compare: 'utf-16le',
  markSamples: [{ recipe: 'Hi', flags: 3 }],
  detectSamples: [{ recipe: 'plain ASCII text\n' }, { recipe: 'café crème\n' }, { recipe: 'caf{u:E9} cr{u:E8}me\n' }],
  variants: ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'legacy'],
};

export const UTF8 = {
  en: {
    ...shared,
    title: 'UTF-8',
    history: [
      'Ken Thompson and Rob Pike designed UTF-8 in September 1992, on a placemat in a New Jersey diner, for the Plan 9 operating system: a way to write the 31-bit code of ISO/IEC 10646 that kept ASCII as it was and never put a byte of ASCII inside another character.',
      'RFC 2279 (1998) registered it for the Internet; RFC 3629 (2003) cut it to four bytes and U+10FFFF, the reach of UTF-16, and made overlong forms and encoded surrogates invalid. Since 2008 it has been the commonest encoding on the web, and today nearly every page uses it.',
    ],
    firstBytes: FIRST_BYTES.map((r) => ({ ...r, note: r.note.en })),
    rangesIntro: 'How many bytes each range of code points takes, with the same character in UTF-16LE beside it.',
    ranges: RANGES.map((r) => ({ ...r, none: r.none?.en })),
    units: { 1: '1 byte', 2: '2 bytes', 3: '3 bytes', 4: '4 bytes' },
    windows: 'The two lines "Café €4" and "中文 😀" as Windows Notepad saved UTF-8 until 2019: the mark EF BB BF first, CR LF endings, é in two bytes, € and each CJK character in three, the emoji in four. The bytes below were encoded and analysed by the core when the page loaded.',
    properties: [
      { text: 'ASCII stays ASCII: every byte below 80 is the character it is in ASCII, and no byte of a multi-byte character is below 80. So searching for "/" or a newline in UTF-8 bytes never finds half a character.', recipe: 'a/b' },
      { text: 'Self-synchronising: a lead byte (C2–F4) and a continuation byte (80–BF) never look alike, so a reader dropped anywhere finds the next character within three bytes.', recipe: '€', compare: 'utf-16le' },
      { text: 'No byte order: the bytes are the same on every machine, so no mark is needed, and the bytes C0, C1 and F5–FF never appear at all.' },
      { text: 'Sorting UTF-8 bytes sorts by code point, as UTF-32 does (UTF-16 does not, because of the surrogates).' },
    ],
    intro: 'UTF-8 writes each character as one to four bytes. The 128 ASCII characters keep their single byte, so an ASCII file is already UTF-8. It is the usual format of the web, of Unix systems and of source code.',
    parts: 'An optional mark (three bytes), then the lines in order, each followed by its ending; the last line may have none. There is no header and no length: the bytes simply follow one another.',
    encoding: 'A character below U+0080 is one byte. Up to U+07FF it takes two bytes (a lead byte C2–DF and a continuation byte 80–BF); up to U+FFFF three (lead E0–EF); above that four (lead F0–F4). Continuation bytes always lie in 80–BF, which is why a decoder can tell where a character starts. Byte order does not matter: the unit is one byte.',
    mark: [
      'UTF-8 needs no byte order mark, but some programs (Windows Notepad of old, Excel CSV exports) write U+FEFF first anyway, as EF BB BF. textscope reports it as the mark: it is not a character, belongs to no line and is not in the preview.',
      'EF BB BF decides UTF-8 whatever follows, and a marked UTF-8 file is never turned down as binary. The same bytes later in a file are the character U+FEFF, and a problem.',
    ],
    lines: 'Lines end with LF (0A), CR LF (0D 0A), CR (0D), NEL (U+0085, two bytes C2 85), LS (U+2028, E2 80 A8) or PS (U+2029, E2 80 A9). VT and FF do not end lines.',
    end: 'A file may stop after the last line\'s ending, or right after its last character (then a note says the last line has no ending). If it stops inside a multi-byte character, that cut character is a problem of its own, not an invalid sequence.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: a note.' }, { recipe: 'emoji 😀{cut}', what: 'A four-byte character cut after three bytes.' }],
    problems: [
      { recipe: 'x{u:C0}{u:80}', what: 'An overlong form: C0 80 would spell U+0000 with two bytes. Each maximal subpart is one character and one problem, so this is two.' },
      { recipe: 'x{u:ED}{u:A0}{u:80}', what: 'An encoded surrogate (ED A0 80 would be U+D800): three subparts, three problems, the first with the reason "encoded surrogate".' },
      { recipe: 'x{u:F4}{u:90}{u:80}{u:80}', what: 'Above U+10FFFF: four subparts, four problems.' },
      { recipe: 'x{u:E2}{u:82}A', what: 'A sequence interrupted by an ASCII byte: one problem for E2 82, then the A.' },
      { recipe: 'x{u:80}y', what: 'A continuation byte with no lead byte: "unexpected continuation byte".' },
      ...COMMON_PROBLEMS.en,
    ],
    detection: [
      'UTF-8 is tried first. Without a mark it is taken when the window (the first 65,536 bytes) holds no invalid sequence — a sequence cut by the end of the window does not count — or when it holds valid multi-byte sequences and at most one invalid sequence for every ten valid multi-byte ones.',
      'The tolerance is kept low on purpose: legacy CJK code pages produce valid-looking UTF-8 pairs by chance. Pure ASCII is UTF-8, and the report says ascii: true.',
      BINARY.en,
    ],
  },
  es: {
    ...shared,
    title: 'UTF-8',
    history: [
      'Ken Thompson y Rob Pike diseñaron UTF-8 en septiembre de 1992, sobre un mantel de papel de una cafetería de Nueva Jersey, para el sistema operativo Plan 9: una forma de escribir el código de 31 bits de ISO/IEC 10646 que dejaba el ASCII tal cual y nunca ponía un byte ASCII dentro de otro carácter.',
      'El RFC 2279 (1998) lo registró para Internet; el RFC 3629 (2003) lo limitó a cuatro bytes y a U+10FFFF, el alcance de UTF-16, y declaró no válidas las formas sobrelargas y los sustitutos codificados. Desde 2008 es la codificación más común de la web, y hoy la usan casi todas las páginas.',
    ],
    firstBytes: FIRST_BYTES.map((r) => ({ ...r, note: r.note.es })),
    rangesIntro: 'Cuántos bytes ocupa cada rango de puntos de código, con el mismo carácter en UTF-16LE al lado.',
    ranges: RANGES.map((r) => ({ ...r, none: r.none?.es })),
    units: { 1: '1 byte', 2: '2 bytes', 3: '3 bytes', 4: '4 bytes' },
    windows: 'Las dos líneas «Café €4» y «中文 😀» tal como el Bloc de notas de Windows guardaba UTF-8 hasta 2019: primero la marca EF BB BF, finales CR LF, é en dos bytes, € y cada carácter CJK en tres, el emoji en cuatro. El núcleo codificó y analizó estos bytes al cargar la página.',
    properties: [
      { text: 'El ASCII sigue siendo ASCII: cada byte por debajo de 80 es el mismo carácter que en ASCII, y ningún byte de un carácter multibyte está por debajo de 80. Así, buscar «/» o un salto de línea en los bytes UTF-8 nunca encuentra medio carácter.', recipe: 'a/b' },
      { text: 'Autosincronizable: un byte inicial (C2–F4) y uno de continuación (80–BF) nunca se parecen, así que un lector que empiece en cualquier punto encuentra el carácter siguiente en tres bytes como mucho.', recipe: '€', compare: 'utf-16le' },
      { text: 'Sin orden de bytes: los bytes son los mismos en cualquier máquina, así que no hace falta marca, y los bytes C0, C1 y F5–FF no aparecen nunca.' },
      { text: 'Ordenar bytes UTF-8 ordena por punto de código, igual que UTF-32 (UTF-16 no, por los sustitutos).' },
    ],
    intro: 'UTF-8 escribe cada carácter con uno a cuatro bytes. Los 128 caracteres ASCII conservan su único byte, así que un archivo ASCII ya es UTF-8. Es el formato habitual de la web, de los sistemas Unix y del código fuente.',
    parts: 'Una marca opcional (tres bytes) y, a continuación, las líneas en orden, cada una seguida de su final; la última puede no tenerlo. No hay cabecera ni longitud: los bytes simplemente se suceden.',
    encoding: 'Un carácter por debajo de U+0080 ocupa un byte. Hasta U+07FF ocupa dos (un byte inicial C2–DF y un byte de continuación 80–BF); hasta U+FFFF, tres (inicial E0–EF); por encima, cuatro (inicial F0–F4). Los bytes de continuación están siempre en 80–BF, y por eso un decodificador sabe dónde empieza cada carácter. El orden de bytes no importa: la unidad es un byte.',
    mark: [
      'UTF-8 no necesita marca de orden de bytes, pero algunos programas (el antiguo Bloc de notas de Windows, las exportaciones CSV de Excel) escriben de todos modos U+FEFF al principio, como EF BB BF. textscope la presenta como la marca: no es un carácter, no pertenece a ninguna línea y no aparece en la vista previa.',
      'EF BB BF decide UTF-8 sea cual sea el resto, y un archivo UTF-8 con marca nunca se rechaza como binario. Los mismos bytes más adelante son el carácter U+FEFF, y un problema.',
    ],
    lines: 'Las líneas terminan en LF (0A), CR LF (0D 0A), CR (0D), NEL (U+0085, dos bytes C2 85), LS (U+2028, E2 80 A8) o PS (U+2029, E2 80 A9). VT y FF no terminan líneas.',
    end: 'Un archivo puede acabar tras el final de su última línea o justo después de su último carácter (una nota indica entonces que la última línea no tiene final). Si acaba en medio de un carácter multibyte, ese carácter truncado es un problema propio, no una secuencia no válida.',
    endSamples: [{ recipe: 'last line', what: 'Sin final de línea al terminar: una nota.' }, { recipe: 'emoji 😀{cut}', what: 'Un carácter de cuatro bytes cortado tras el tercero.' }],
    problems: [
      { recipe: 'x{u:C0}{u:80}', what: 'Una forma sobrelarga: C0 80 escribiría U+0000 con dos bytes. Cada subparte maximal es un carácter y un problema, así que aquí hay dos.' },
      { recipe: 'x{u:ED}{u:A0}{u:80}', what: 'Un sustituto codificado (ED A0 80 sería U+D800): tres subpartes, tres problemas; el primero con el motivo «sustituto codificado».' },
      { recipe: 'x{u:F4}{u:90}{u:80}{u:80}', what: 'Por encima de U+10FFFF: cuatro subpartes, cuatro problemas.' },
      { recipe: 'x{u:E2}{u:82}A', what: 'Una secuencia interrumpida por un byte ASCII: un problema para E2 82 y después la A.' },
      { recipe: 'x{u:80}y', what: 'Un byte de continuación sin byte inicial: «byte de continuación inesperado».' },
      ...COMMON_PROBLEMS.es,
    ],
    detection: [
      'UTF-8 se prueba en primer lugar. Sin marca, se acepta cuando la ventana (los primeros 65 536 bytes) no contiene ninguna secuencia no válida —una secuencia cortada por el final de la ventana no cuenta— o cuando contiene secuencias multibyte válidas y como mucho una no válida por cada diez multibyte válidas.',
      'La tolerancia es baja a propósito: las páginas de códigos CJK heredadas producen por azar pares que parecen UTF-8 válido. El ASCII puro es UTF-8, y el informe lo indica con ascii: true.',
      BINARY.es,
    ],
  },
};
