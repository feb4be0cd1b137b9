// The UTF-32LE and UTF-32BE pages' prose (SPEC D2, D4, P1, P5, P6), one builder for both byte
// orders. Every byte and offset shown comes from the core when the page loads.
import { BINARY, COMMON_PROBLEMS, UTF32_DETECTION } from './common.js';

// The characters of the unit-bytes table.
export const UNIT_CHARS = ['A', 'é', '€', '中', '😀', '\u{10FFFD}'];

function en(be) {
  const name = be ? 'UTF-32BE' : 'UTF-32LE';
  return {
    title: name,
    intro: be
      ? 'UTF-32BE is UTF-32 with the highest byte first. Each character is the four bytes of its code point in reading order: 00 00 00 41 is A.'
      : 'UTF-32 writes every character as one 32-bit unit holding its code point; LE puts the lowest byte first. Simple and wasteful (four bytes for an A), it is rare in files and common in memory (wchar_t on Unix).',
    parts: `An optional mark (${be ? '00 00 FE FF' : 'FF FE 00 00'}), then the lines and their endings, every character exactly four bytes. A well-formed file's size is a multiple of four.`,
    encoding: be
      ? 'The unit is the code point, highest byte first: 😀 (U+1F600) is 00 01 F6 00. No surrogate pairs: a unit in D800–DFFF is an error.'
      : 'The unit is the code point itself, lowest byte first: € (U+20AC) is AC 20 00 00, 😀 (U+1F600) is 00 F6 01 00. There are no surrogate pairs: a unit in D800–DFFF is an error.',
    mark: be
      ? ['00 00 FE FF is the mark. It is accepted as UTF-32BE unless more than one in ten of the whole units after it are not scalar values; such a file then falls to the other parsers.']
      : ['FF FE 00 00 is the mark. It begins with FF FE, the UTF-16LE mark, followed by what UTF-16LE would read as U+0000. textscope takes UTF-32LE unless more than one in ten of the whole units after the mark (within the window) are not Unicode scalar values; then it is UTF-16LE.',
        'A marked UTF-32 file must still pass the binary test, else UTF-16 of the same byte order may take it.'],
    markSamples: be ? [{ recipe: 'Hi', flags: 3 }] : [{ recipe: 'Hi', flags: 3 }, { recipe: 'Café €4\n😀\n', flags: 3, what: 'A marked UTF-32LE file of two lines.' }],
    lines: be ? 'LF is 00 00 00 0A, CR LF is 00 00 00 0D 00 00 00 0A.' : 'Each ending is one or two units: LF is 0A 00 00 00, CR LF is 0D 00 00 00 0A 00 00 00.',
    end: 'A file may end without a final line ending (a note says so). One to three bytes left at the end are one character cut short: a problem.',
    endSamples: [{ recipe: 'last line', what: 'No final ending: a note.' }, { recipe: 'AB{cut}', what: 'A unit cut after three bytes.' }],
    problems: [
      { recipe: 'a{u:110000}b', what: 'A unit above 10FFFF is not a code point.' },
      { recipe: be ? 'a{u:DC00}b' : 'a{u:D83D}b', what: 'A surrogate unit (D800–DFFF) in UTF-32.' },
      ...COMMON_PROBLEMS.en,
    ],
    detection: UTF32_DETECTION.en.concat([be ? 'UTF-32BE is tried third, after UTF-32LE.' : 'UTF-32LE is tried second, right after UTF-8.', BINARY.en]),
    history: [
      'ISO/IEC 10646 (1993) defined UCS-4: every character as four bytes, room for 2³¹ code points.',
      'Unicode Standard Annex #19 (Unicode 3.1, 2001) defined UTF-32: the same four bytes, but only for the Unicode code space, at most 10FFFF and without the surrogates. Unicode 4.0 (2003) took UTF-32 into the Standard itself, beside UTF-8 and UTF-16.',
    ],
    arithmetic: 'Every character is one unit, so the nth character starts at byte 4 × (n − 1), or 4 × n after a mark: no need to read what comes before it. The core, given 99 letters and then é, puts the 100th character at:',
    arithmeticRows: ['without a mark', 'after a mark'],
    arithmeticNote: 'A "character" here is a code point: what a reader sees as one letter (a grapheme cluster such as e + ◌́ or 👩‍💻) may still be several units.',
    browsers: [
      'Browsers decode only the encodings of the WHATWG Encoding Standard: UTF-8, UTF-16LE, UTF-16BE and the legacy ones. UTF-32 is not in that list, and the HTML standard tells browsers not to support it, so that a page cannot be misread as UTF-32 (FF FE 00 00 is also UTF-16LE with a U+0000).',
      'So new TextDecoder("utf-32") throws in JavaScript. This page and the explorer read UTF-32 all the same because the textscope core decodes the bytes itself, in WebAssembly.',
    ],
    unlabelled: [
      `Labelled ${name}, the byte order is fixed, and a leading ${be ? '00 00 FE FF' : 'FF FE 00 00'} is the character U+FEFF, not a mark.`,
      'Labelled plain "UTF-32", a mark gives the byte order; with none, the Unicode Standard says to read it as big-endian. textscope does not need the rule: without a mark, only one byte order gives units that are all scalar values.',
    ],
    unitBytes: be
      ? 'Code points stop at 10FFFF, 21 bits, so in every unit the first byte is 00 and the second is 00 to 10. A unit with anything else there is not a character: that is what makes unmarked UTF-32 easy to recognise.'
      : 'Code points stop at 10FFFF, 21 bits, so in every unit the fourth byte is 00 and the third is 00 to 10. A unit with anything else there is not a character: that is what makes unmarked UTF-32 easy to recognise.',
    variants: be ? ['utf-32le', 'utf-16be', 'utf-8'] : ['utf-32be', 'utf-16le', 'utf-8'],
    detectSamples: [{ recipe: 'Hello\n' }],
  };
}

function es(be) {
  const name = be ? 'UTF-32BE' : 'UTF-32LE';
  return {
    title: name,
    intro: be
      ? 'UTF-32BE es UTF-32 con el byte más alto primero. Cada carácter son los cuatro bytes de su punto de código en orden de lectura: 00 00 00 41 es la A.'
      : 'UTF-32 escribe cada carácter como una unidad de 32 bits que contiene su punto de código; LE pone primero el byte más bajo. Sencillo y derrochador (cuatro bytes para una A), es raro en archivos y frecuente en memoria (wchar_t en Unix).',
    parts: `Una marca opcional (${be ? '00 00 FE FF' : 'FF FE 00 00'}) y, a continuación, las líneas y sus finales, cada carácter exactamente cuatro bytes. El tamaño de un archivo bien formado es múltiplo de cuatro.`,
    encoding: be
      ? 'La unidad es el punto de código, con el byte más alto primero: 😀 (U+1F600) es 00 01 F6 00. No hay pares sustitutos: una unidad en D800–DFFF es un error.'
      : 'La unidad es el propio punto de código, con el byte más bajo primero: € (U+20AC) es AC 20 00 00 y 😀 (U+1F600) es 00 F6 01 00. No hay pares sustitutos: una unidad en D800–DFFF es un error.',
    mark: be
      ? ['00 00 FE FF es la marca. Se acepta como UTF-32BE salvo que más de una de cada diez unidades completas que la siguen no sean valores escalares; entonces el archivo pasa a los demás analizadores.']
      : ['FF FE 00 00 es la marca. Empieza por FF FE, la marca de UTF-16LE, seguida de lo que UTF-16LE leería como U+0000. textscope elige UTF-32LE salvo que más de una de cada diez unidades completas tras la marca (dentro de la ventana) no sean valores escalares Unicode; entonces es UTF-16LE.',
        'Un archivo UTF-32 con marca tiene que superar igualmente la prueba de binario; si no, puede tomarlo UTF-16 del mismo orden de bytes.'],
    markSamples: be ? [{ recipe: 'Hi', flags: 3 }] : [{ recipe: 'Hi', flags: 3 }, { recipe: 'Café €4\n😀\n', flags: 3, what: 'Un archivo UTF-32LE con marca y dos líneas.' }],
    lines: be ? 'LF es 00 00 00 0A, CR LF es 00 00 00 0D 00 00 00 0A.' : 'Cada final ocupa una o dos unidades: LF es 0A 00 00 00 y CR LF es 0D 00 00 00 0A 00 00 00.',
    end: 'Un archivo puede acabar sin final de línea (una nota lo indica). De uno a tres bytes sobrantes al final son un carácter truncado: un problema.',
    endSamples: [{ recipe: 'last line', what: 'Sin final de línea al terminar: una nota.' }, { recipe: 'AB{cut}', what: 'Una unidad cortada tras tres bytes.' }],
    problems: [
      { recipe: 'a{u:110000}b', what: 'Una unidad mayor que 10FFFF no es un punto de código.' },
      { recipe: be ? 'a{u:DC00}b' : 'a{u:D83D}b', what: 'Una unidad sustituta (D800–DFFF) en UTF-32.' },
      ...COMMON_PROBLEMS.es,
    ],
    detection: UTF32_DETECTION.es.concat([be ? 'UTF-32BE se prueba en tercer lugar, después de UTF-32LE.' : 'UTF-32LE se prueba en segundo lugar, justo después de UTF-8.', BINARY.es]),
    history: [
      'La norma ISO/IEC 10646 (1993) definió UCS-4: cada carácter en cuatro bytes, con sitio para 2³¹ puntos de código.',
      'El anexo n.º 19 del estándar Unicode (UAX #19, Unicode 3.1, 2001) definió UTF-32: los mismos cuatro bytes, pero solo para el espacio de códigos de Unicode, hasta 10FFFF y sin los sustitutos. Unicode 4.0 (2003) incorporó UTF-32 al propio estándar, junto a UTF-8 y UTF-16.',
    ],
    arithmetic: 'Cada carácter es una unidad, así que el carácter n.º n empieza en el byte 4 × (n − 1), o 4 × n tras una marca: no hace falta leer lo anterior. El núcleo, con 99 letras y después una é, sitúa el carácter n.º 100 en:',
    arithmeticRows: ['sin marca', 'tras una marca'],
    arithmeticNote: 'Aquí «carácter» es un punto de código: lo que un lector ve como una sola letra (un grupo de grafemas como e + ◌́ o 👩‍💻) puede ocupar varias unidades.',
    browsers: [
      'Los navegadores solo decodifican las codificaciones del estándar Encoding del WHATWG: UTF-8, UTF-16LE, UTF-16BE y las heredadas. UTF-32 no está en esa lista, y el estándar HTML pide a los navegadores que no lo admitan, para que ninguna página pueda leerse por error como UTF-32 (FF FE 00 00 también es UTF-16LE con un U+0000).',
      'Por eso new TextDecoder("utf-32") lanza una excepción en JavaScript. Esta página y el explorador leen UTF-32 de todos modos porque el núcleo de textscope decodifica los bytes por sí mismo, en WebAssembly.',
    ],
    unlabelled: [
      `Con la etiqueta ${name}, el orden de bytes es fijo, y un ${be ? '00 00 FE FF' : 'FF FE 00 00'} inicial es el carácter U+FEFF, no una marca.`,
      'Con la etiqueta «UTF-32» a secas, la marca indica el orden de bytes; sin ella, el estándar Unicode manda leerlo como big-endian. textscope no necesita esa regla: sin marca, solo uno de los dos órdenes da unidades que sean todas valores escalares.',
    ],
    unitBytes: be
      ? 'Los puntos de código acaban en 10FFFF, 21 bits, así que en toda unidad el primer byte es 00 y el segundo va de 00 a 10. Una unidad con otra cosa ahí no es un carácter: por eso es fácil reconocer UTF-32 sin marca.'
      : 'Los puntos de código acaban en 10FFFF, 21 bits, así que en toda unidad el cuarto byte es 00 y el tercero va de 00 a 10. Una unidad con otra cosa ahí no es un carácter: por eso es fácil reconocer UTF-32 sin marca.',
    variants: be ? ['utf-32le', 'utf-16be', 'utf-8'] : ['utf-32be', 'utf-16le', 'utf-8'],
    detectSamples: [{ recipe: 'Hello\n' }],
  };
}

export const UTF32LE = { en: en(false), es: es(false) };
export const UTF32BE = { en: en(true), es: es(true) };
