// Prose shared by several format pages, in English and Spanish. Written from the facts of
// SPEC.md in our own words; rule ids stay in these comments, never in the text.

// D7.
export const BINARY = {
  en: 'Every parser also applies the binary test to the characters it decoded from the window: the file is binary when U+0000 is more than one character in a hundred, or when control characters are more than one in ten.',
  es: 'Cada analizador aplica además la prueba de binario a los caracteres que decodificó en la ventana: el archivo es binario cuando U+0000 supera uno de cada cien caracteres, o cuando los caracteres de control superan uno de cada diez.',
};

// P2, P3, P4, P9.
export const COMMON_PROBLEMS = {
  en: [
    { recipe: 'a\u0000b', what: 'U+0000 (NUL) in the text. Often a sign that the file is in another format, or binary.' },
    { recipe: 'ding\u0007', what: 'A control character such as BEL. VT, DEL, a lone ESC and the C1 controls count too; TAB, LF, FF and CR never do.' },
    { recipe: 'red: \u001b[31m', what: 'ESC [ 31 m is a whole terminal escape sequence (here: red text): not a problem but a finding, listed beside the problems, since a terminal that shows the file acts on it.' },
    { recipe: 'one\uFEFFtwo', what: 'U+FEFF after the start is text, not a mark. Usually two files were joined.' },
    { recipe: 'a\r\nb\nc\r\n', what: 'More than one kind of line ending, placed on the first line whose ending is not the commonest kind.' },
  ],
  es: [
    { recipe: 'a\u0000b', what: 'U+0000 (NUL) en el texto. Suele indicar que el archivo está en otro formato, o que es binario.' },
    { recipe: 'ding\u0007', what: 'Un carácter de control como BEL. También cuentan VT, DEL, un ESC suelto y los controles C1; TAB, LF, FF y CR nunca.' },
    { recipe: 'red: \u001b[31m', what: 'ESC [ 31 m es una secuencia de escape de terminal completa (aquí: texto en rojo): no es un problema sino un hallazgo, que aparece junto a los problemas, porque un terminal que muestre el archivo la ejecuta.' },
    { recipe: 'one\uFEFFtwo', what: 'U+FEFF después del principio es texto, no una marca. Casi siempre se unieron dos archivos.' },
    { recipe: 'a\r\nb\nc\r\n', what: 'Más de un tipo de final de línea; se sitúa en la primera línea cuyo final no es del tipo más frecuente.' },
  ],
};

// D5, D8.
export function utf16Detection(be) {
  const [odd, even] = be ? ['even', 'odd'] : ['odd', 'even'];
  const [impar, par] = be ? ['par', 'impar'] : ['impar', 'par'];
  return {
    en: [
      `Without a mark, the file is taken as this format when, over the window: at least a quarter of the ${odd}-offset bytes are 00; the ${even}-offset bytes hold at most one twentieth as many 00 bytes as the ${odd}-offset ones; and each of the first eight units (fewer if the file is shorter) is at most 00FF.`,
      'That is the shape of Latin-script text, where each character has a zero high byte. Text in CJK and other non-Latin scripts has few 00 bytes and fails this test, so it gets a second look: after both byte orders have been tried this way, and before the code pages, a reading in each byte order is accepted when its units are well-formed UTF-16 (no unpaired surrogate; a pair cut by the end of the window does not count), at most one unit in a hundred is private use, unassigned or a noncharacter, the text is not binary, and it reads as more plausible text than every code page reading of the same bytes. The explanation gives both costs. The Chinese and Japanese example below, which has no mark, is recognised that way.',
      'A file that starts EF BB BF (the UTF-8 mark) or with the mark of the other byte order is never taken by this parser. A marked UTF-16 file is never turned down by the binary test.',
    ],
    es: [
      `Sin marca, el archivo se toma por este formato cuando, en la ventana: al menos una cuarta parte de los bytes en posición ${impar} valen 00; los bytes en posición ${par} contienen como mucho la vigésima parte de bytes 00 que los de posición ${impar}; y cada una de las ocho primeras unidades (menos si el archivo es más corto) vale como mucho 00FF.`,
      'Esa es la forma de un texto en escritura latina, en el que cada carácter tiene a cero su byte alto. Un texto en escrituras CJK y otras no latinas tiene pocos bytes 00 y no supera esta prueba, así que recibe una segunda mirada: tras probar así los dos órdenes de bytes, y antes de las páginas de códigos, se acepta una lectura en cada orden cuando sus unidades son UTF-16 bien formado (ningún sustituto desemparejado; un par cortado por el final de la ventana no cuenta), como mucho una unidad de cada cien es de uso privado, sin asignar o no carácter, el texto no es binario y resulta un texto más verosímil que cualquier lectura en una página de códigos de los mismos bytes. La explicación da los dos costes. El ejemplo en chino y japonés de abajo, que no tiene marca, se reconoce así.',
      'Este analizador nunca toma un archivo que empieza por EF BB BF (la marca de UTF-8) o por la marca del otro orden de bytes. Un archivo UTF-16 con marca nunca se rechaza por la prueba de binario.',
    ],
  };
}

// D4, D2.
export const UTF32_DETECTION = {
  en: [
    'Without a mark, the window must hold at least one whole unit and every whole unit must be a Unicode scalar value — at most 10FFFF and outside the surrogates D800–DFFF. Random bytes and text in other formats almost never pass this test.',
    'A marked UTF-32 file still has to pass the binary test; if it fails, UTF-16 of the same byte order may take it.',
  ],
  es: [
    'Sin marca, la ventana debe contener al menos una unidad completa, y cada unidad completa debe ser un valor escalar Unicode: como mucho 10FFFF y fuera de los sustitutos D800–DFFF. Bytes aleatorios o texto en otro formato casi nunca superan esta prueba.',
    'Un archivo UTF-32 con marca también tiene que superar la prueba de binario; si no la supera, puede tomarlo UTF-16 del mismo orden de bytes.',
  ],
};

// Where each line ending comes from (L1): the same for every format.
export const ENDING_USE = {
  en: {
    LF: 'Unix, Linux, macOS since 2001, most source code and the web',
    'CR LF': 'Windows (Notepad, most Windows programs), HTTP, SMTP and CSV by RFC 4180',
    CR: 'classic Mac OS up to version 9; today mostly in damaged or joined files',
    NEL: 'IBM mainframes (EBCDIC text converted to Unicode)',
    LS: 'rare: some word processors and JavaScript strings; a line break within a paragraph',
    PS: 'rare: a paragraph break in some editors and exports',
  },
  es: {
    LF: 'Unix, Linux, macOS desde 2001, casi todo el código fuente y la web',
    'CR LF': 'Windows (el Bloc de notas y la mayoría de sus programas), HTTP, SMTP y CSV según el RFC 4180',
    CR: 'el Mac OS clásico hasta la versión 9; hoy sobre todo en archivos dañados o unidos',
    NEL: 'los mainframes de IBM (texto EBCDIC convertido a Unicode)',
    LS: 'poco frecuente: algunos procesadores de textos y cadenas de JavaScript; un salto de línea dentro de un párrafo',
    PS: 'poco frecuente: un salto de párrafo en algunos editores y exportaciones',
  },
};

// The 34-byte file of SPEC §9 (F2) as Windows writes it: mark, CR LF, a pair.
export const WINDOWS_TEXT = 'Café €4\r\n中文 😀\r\n';
