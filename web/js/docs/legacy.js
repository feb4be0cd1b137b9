// The legacy code pages' page (SPEC D6, U4, P8).
import { COMMON_PROBLEMS } from './common.js';


// The first bytes of a file and what the core decides from them (D1, D2, D11, D12).
const FIRST_BYTES = [
  { format: 'utf-8', flags: 3, note: { en: 'EF BB BF: a Unicode mark decides first, so never a code page', es: 'EF BB BF: una marca Unicode decide antes, así que nunca una página de códigos' } },
  { format: 'utf-8', flags: 2, recipe: 'Hi there', note: { en: 'only bytes below 80: ASCII, read as UTF-8', es: 'solo bytes por debajo de 80: ASCII, leído como UTF-8' } },
  { format: 'utf-8', flags: 2, recipe: '{u:1B}$B$3$s$K$A$O{u:1B}(B', show: 6, note: { en: 'ESC $ B: an ISO-2022-JP designation in 7-bit text', es: 'ESC $ B: una designación ISO-2022-JP en texto de 7 bits' } },
  { format: 'legacy', flags: 2, recipe: 'caf{u:E9} cr{u:E8}me br{u:FB}l{u:E9}e, cr{u:E8}me fra{u:EE}che', show: 5, note: { en: 'bytes above 7F that are not UTF-8: a code page, named by its best reading', es: 'bytes por encima de 7F que no son UTF-8: una página de códigos, nombrada por su mejor lectura' } },
];

// What windows-1252 holds (U4): its byte ranges, and the same character in UTF-8 beside it.
const RANGES = [
  { range: '00–7F: U+0000–U+007F', example: 'A' },
  { range: { en: '80–9F: 27 characters such as € and “', es: '80–9F: 27 caracteres como € y “' }, example: '€' },
  { range: 'A0–FF: U+00A0–U+00FF', example: 'é' },
  { range: { en: 'anything else', es: 'cualquier otro' }, example: '中' },
];

const shared = {
  compare: 'utf-8',
  windowsText: 'Café €4\r\nna\u00efve “quotes”\r\n',
  markSamples: [],
  detectSamples: [{ recipe: 'caf{u:E9} cr{u:E8}me br{u:FB}l{u:E9}e\n' }],
  variants: ['utf-8', 'utf-16le', 'utf-32le'],
};

export const LEGACY = {
  en: {
    ...shared,
    title: 'Legacy code pages',
    history: [
      'ASCII (1963) fixed 128 characters in 7 bits. The eighth bit of a byte then gave room for 128 more, and every region filled it differently: IBM\'s DOS code pages (437, 850, 866 …), ISO-8859-1 to -16, the KOI8 pages for Russian, Apple\'s Mac pages, and Microsoft\'s windows-125x, which put printable characters such as € and curly quotes where ISO-8859 has controls.',
      'For Chinese, Japanese and Korean one byte is not enough: Shift_JIS, EUC-JP, GBK, Big5 and EUC-KR use one or two bytes per character, and the ISO-2022 encodings switch sets with escape sequences. None of them marks itself in the file, which is why a file\'s code page has to be guessed, and why Unicode replaced them all.',
    ],
    firstBytes: FIRST_BYTES.map((r) => ({ ...r, note: r.note.en })),
    rangesIntro: 'What windows-1252 holds, by byte range, with the same character in UTF-8 beside it. A character outside the table cannot be written at all.',
    ranges: RANGES.map((r) => ({ ...r, range: r.range.en ?? r.range })),
    units: { 1: '1 byte', 2: '2 bytes' },
    windows: 'Two lines as a Western European Windows program writes them in its "ANSI" code page, windows-1252: one byte per character, € as 80, the curly quotes as 93 and 94, CR LF endings, no mark. The bytes below were encoded and analysed by the core when the page loaded.',
    properties: [
      { text: 'One byte per character in the single-byte pages: the file size is the character count, and any byte sequence decodes to something, so a wrong guess shows wrong letters instead of errors (mojibake).', recipe: 'é', compare: 'utf-8' },
      { text: 'The bytes below 80 are ASCII in nearly every page (not in EBCDIC, nor in the ISO-2022 pages\' other sets), so English text reads the same in all of them: only the bytes above 7F tell pages apart.' },
      { text: 'No mark and no label inside the file: the code page is known only from outside (an HTTP header, a program\'s setting) or guessed from the bytes, as textscope does.' },
      { text: 'Not every character can be written: windows-1252 has no 中 and no emoji, and converting such text to it loses them.' },
    ],
    intro: 'Before Unicode, each language region had its own code pages: windows-1252 for Western Europe, Shift_JIS for Japanese, windows-1251 for Cyrillic, and many more. A file does not name its code page, so textscope guesses it and says which (the report\'s encoding). The examples below use windows-1252.',
    parts: 'No mark (no code page has one), then the lines and their endings, one byte per character in single-byte code pages, one or two in the CJK ones.',
    encoding: 'Each code page is a table: in windows-1252, é is E9 and € is 80. Characters outside the table cannot be written at all — the examples show which — which is the main reason the world moved to Unicode.',
    mark: ['Legacy files have no mark. Bytes that look like a mark (EF BB BF, FF FE …) decide a Unicode format first, so a legacy file never starts with one as far as textscope is concerned.'],
    lines: 'LF is 0A, CR LF is 0D 0A, CR is 0D. NEL, LS and PS exist only where the code page has them (in windows-1252, byte 85 is "…", not NEL).',
    end: 'A file may end without a final line ending (a note says so). In a single-byte code page nothing can be cut short.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: a note.' }],
    problems: [
      { recipe: 'a{u:81}b', what: 'A byte the code page does not map is a problem of its own; in the WHATWG version of windows-1252 that encoding_rs follows, 81 maps to the C1 control U+0081, so here it is a control character.' },
      ...COMMON_PROBLEMS.en.filter((x) => !x.recipe.includes('\uFEFF')),
    ],
    detection: [
      'Legacy is tried last: when no Unicode parser accepted the file. First, text whose bytes are all below 80 and that holds ISO-2022 escape sequences (ESC $ B and the like) is read in that ISO-2022 encoding, before anything else is tried. Otherwise the window, as bytes, must not be binary: NUL bytes at most one in a hundred, and the control bytes 01–08, 0B, 0E–1F and 7F at most one in ten (80–9F are printable in most code pages).',
      'Then textscope names the code page itself: every code page it can decode — the Windows, ISO-8859, DOS, Mac, KOI8, EBCDIC and CJK families — reads the window, and each reading is priced by models of the byte pairs of real text in each language and script. The cost is counted per byte above 7F, where the pages differ; the cheapest reading wins, and readings that give the same text are one answer, named by the commonest page. The report names the language whose model fitted, a confidence (calibrated: of the files named with 80 %, about four in five are right) and the runners-up.',
      'A reading must also be text in absolute terms, not just the least unlikely: when even the cheapest costs more than real text of its script ever does, as with compressed or random bytes, the verdict is binary, and that reading is offered as the closest text reading. Bytes are decoded with encoding_rs where it has the page, else with the project\'s own tables.',
    ],
  },
  es: {
    ...shared,
    title: 'Páginas de códigos heredadas',
    history: [
      'ASCII (1963) fijó 128 caracteres en 7 bits. El octavo bit del byte dejó sitio para otros 128, y cada región lo llenó a su manera: las páginas de códigos de DOS de IBM (437, 850, 866…), ISO-8859-1 a -16, las páginas KOI8 para el ruso, las páginas Mac de Apple y las windows-125x de Microsoft, que pusieron caracteres imprimibles como € y las comillas tipográficas donde ISO-8859 tiene controles.',
      'Para el chino, el japonés y el coreano no basta un byte: Shift_JIS, EUC-JP, GBK, Big5 y EUC-KR usan uno o dos bytes por carácter, y las codificaciones ISO-2022 cambian de juego con secuencias de escape. Ninguna se identifica en el archivo; por eso hay que adivinar la página de códigos de un archivo, y por eso Unicode las sustituyó a todas.',
    ],
    firstBytes: FIRST_BYTES.map((r) => ({ ...r, note: r.note.es })),
    rangesIntro: 'Lo que contiene windows-1252, por rangos de bytes, con el mismo carácter en UTF-8 al lado. Un carácter que no está en la tabla no puede escribirse.',
    ranges: RANGES.map((r) => ({ ...r, range: r.range.es ?? r.range })),
    units: { 1: '1 byte', 2: '2 bytes' },
    windows: 'Dos líneas tal como las escribe un programa de Windows de Europa occidental en su página de códigos «ANSI», windows-1252: un byte por carácter, € como 80, las comillas tipográficas como 93 y 94, finales CR LF y sin marca. El núcleo codificó y analizó estos bytes al cargar la página.',
    properties: [
      { text: 'Un byte por carácter en las páginas de un byte: el tamaño del archivo es el número de caracteres, y cualquier secuencia de bytes se descodifica en algo, así que una suposición equivocada muestra letras equivocadas en lugar de errores (mojibake).', recipe: 'é', compare: 'utf-8' },
      { text: 'Los bytes por debajo de 80 son ASCII en casi todas las páginas (no en EBCDIC ni en los otros juegos de las páginas ISO-2022), así que un texto en inglés se lee igual en todas: solo los bytes por encima de 7F distinguen unas páginas de otras.' },
      { text: 'Sin marca ni etiqueta dentro del archivo: la página de códigos solo se conoce desde fuera (una cabecera HTTP, un ajuste del programa) o se adivina por los bytes, como hace textscope.' },
      { text: 'No todos los caracteres pueden escribirse: windows-1252 no tiene 中 ni emojis, y al convertir un texto así se pierden.' },
    ],
    intro: 'Antes de Unicode, cada región lingüística tenía sus propias páginas de códigos: windows-1252 para Europa occidental, Shift_JIS para el japonés, windows-1251 para el cirílico y muchas más. Un archivo no dice cuál es la suya, así que textscope la deduce y dice cuál (la codificación del informe). Los ejemplos usan windows-1252.',
    parts: 'Sin marca (ninguna página de códigos la tiene) y, a continuación, las líneas y sus finales: un byte por carácter en las páginas de un byte, uno o dos en las CJK.',
    encoding: 'Cada página de códigos es una tabla: en windows-1252, é es E9 y € es 80. Los caracteres que no están en la tabla no pueden escribirse —los ejemplos muestran cuáles—, y esa es la razón principal por la que el mundo pasó a Unicode.',
    mark: ['Los archivos heredados no tienen marca. Los bytes que parecen una marca (EF BB BF, FF FE…) deciden antes un formato Unicode, así que, para textscope, un archivo heredado nunca empieza por una.'],
    lines: 'LF es 0A, CR LF es 0D 0A y CR es 0D. NEL, LS y PS solo existen si la página de códigos los tiene (en windows-1252 el byte 85 es «…», no NEL).',
    end: 'Un archivo puede acabar sin final de línea (una nota lo indica). En una página de un byte nada puede quedar truncado.',
    endSamples: [{ recipe: 'last line', what: 'Sin final de línea al terminar: una nota.' }],
    problems: [
      { recipe: 'a{u:81}b', what: 'Un byte que la página de códigos no asigna es un problema propio; en la versión WHATWG de windows-1252 que sigue encoding_rs, el 81 corresponde al control C1 U+0081, así que aquí es un carácter de control.' },
      ...COMMON_PROBLEMS.es.filter((x) => !x.recipe.includes('\uFEFF')),
    ],
    detection: [
      'Las páginas heredadas se prueban en último lugar, cuando ningún analizador Unicode aceptó el archivo. Antes de nada, un texto cuyos bytes están todos por debajo de 80 y que contiene secuencias de escape ISO-2022 (ESC $ B y similares) se lee en esa codificación ISO-2022. Si no, la ventana, como bytes, no debe ser binaria: bytes NUL como mucho uno de cada cien, y los bytes de control 01–08, 0B, 0E–1F y 7F como mucho uno de cada diez (80–9F son imprimibles en la mayoría de las páginas).',
      'Después textscope nombra la página de códigos por sí mismo: cada página que sabe descodificar —las familias Windows, ISO-8859, DOS, Mac, KOI8, EBCDIC y CJK— lee la ventana, y cada lectura se valora con modelos de los pares de bytes de textos reales de cada idioma y escritura. El coste se cuenta por byte por encima de 7F, donde las páginas difieren; gana la lectura más barata, y las lecturas que dan el mismo texto son una sola respuesta, con el nombre de la página más común. El informe da el idioma cuyo modelo encajó, una confianza (calibrada: de los archivos nombrados con un 80 %, aciertan unos cuatro de cada cinco) y las otras candidatas.',
      'Además, la lectura tiene que ser texto en términos absolutos, no solo la menos improbable: cuando incluso la más barata cuesta más de lo que cuesta nunca un texto real de su escritura, como con bytes comprimidos o aleatorios, el veredicto es binario, y esa lectura se ofrece como la lectura de texto más cercana. Los bytes se descodifican con encoding_rs cuando tiene la página y, si no, con tablas propias del proyecto.',
    ],
  },
};
