// The legacy code pages' page (SPEC D6, U4, P8).
import { COMMON_PROBLEMS } from './common.js';

const shared = {
  markSamples: [],
  detectSamples: [{ recipe: 'caf{u:E9} cr{u:E8}me br{u:FB}l{u:E9}e\n' }],
  variants: ['utf-8', 'utf-16le', 'utf-32le'],
};

export const LEGACY = {
  en: {
    ...shared,
    title: 'Legacy code pages',
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
