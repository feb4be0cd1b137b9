// The UTF-8 page's prose (SPEC §2: D1–D3, U3, B1, P5, P7).
import { BINARY, COMMON_PROBLEMS } from './common.js';

const shared = {
  markSamples: [{ recipe: 'Hi', flags: 3 }],
  detectSamples: [{ recipe: 'plain ASCII text\n' }, { recipe: 'café crème\n' }, { recipe: 'caf{u:E9} cr{u:E8}me\n' }],
  variants: ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', 'legacy'],
};

export const UTF8 = {
  en: {
    ...shared,
    title: 'UTF-8',
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
