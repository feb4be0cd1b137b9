// The one catalogue of interface strings, English and Spanish. Elements carry
// data-i18n="key" (text) or data-i18n-attr="attr:key[,attr:key]"; code calls t(key, vars).
// The choice is kept in localStorage and applied to every page.

export const CATALOGUE = {
  en: {
    'site.title': 'textscope',
    'site.tagline': 'What a text file is and what is wrong with it, to the byte.',
    'nav.home': 'Explorer',
    'nav.formats': 'Formats',
    'nav.utf16': 'UTF-16 inspector',
    'nav.language': 'Language',
    'open.button': 'Open a file…',
    'open.drop': 'Drop a file anywhere on the page, or open one with the button. It is read here, in your browser, and sent nowhere.',
    'open.dropping': 'Drop the file to analyse it',
    'explorer.title': 'Explorer',
    'explorer.close': 'Close the explorer',
    'explorer.analysing': 'Analysing {name}…',
    'explorer.progress': '{done} of {total}',
    'explorer.cancel': 'Cancel',
    'explorer.cancelled': 'Analysis cancelled.',
    'explorer.done': 'Analysed {size} in {ms} ms.',
    'explorer.error': 'Error: {message}',
    'summary.title': 'Summary',
    'summary.file': 'File',
    'summary.format': 'Format',
    'summary.encoding': 'Encoding / code page',
    'summary.bom': 'Byte order mark',
    'summary.size': 'Size',
    'summary.lines': 'Lines',
    'summary.characters': 'Characters',
    'summary.endings': 'Line endings',
    'summary.longest': 'Longest line',
    'summary.problems': 'Problems',
    'summary.ascii': 'ASCII only',
    'summary.none': 'none',
    'summary.yes': 'yes',
    'summary.no': 'no',
    'summary.bytes': '{n} bytes',
    'summary.bomvalue': '{bytes} ({n} bytes at offset 0)',
    'summary.longestvalue': 'line {line} ({n} characters)',
    'detection.title': 'Why this format',
    'detection.accepted': 'accepted',
    'detection.rejected': 'turned down',
    'detection.forced': 'forced by the user',
    'detection.window': 'Detection looked at the first {n} bytes.',
    'problems.title': 'Problems and notes',
    'problems.none': 'No problems, no notes.',
    'problems.at': 'line {line}, column {column}, offset {offset}',
    'problems.omitted': '{n} more problems are counted but not listed.',
    'notes.at': 'line {line}, offset {offset}',
    'tree.title': 'Structure',
    'tree.mark': 'Byte order mark',
    'tree.line': 'Line {n}',
    'tree.chars': '{n} chars',
    'tree.bytesat': '{n} bytes at {offset}',
    'tree.noending': 'no ending',
    'tree.loading': 'loading…',
    'tree.more': '{n} more characters not listed',
    'tree.units': 'units',
    'tree.bad': 'bad unit',
    'hex.title': 'Bytes',
    'preview.title': 'Text preview',
    'preview.help': 'The lines in view in the structure; U+FFFD marks bad units, control characters are shown as symbols.',
    'preview.truncated': '… (cut)',
    'json.title': 'Report (JSON, as textscope --json prints it)',
    'formats.title': 'The formats',
    'formats.intro': 'textscope tells six text formats apart. Each page explains one: its parts, its bytes, its mark, its lines, its problems and how detection recognises it.',
    'fmt.parts': 'The parts of the file',
    'fmt.encoding': 'How characters become bytes',
    'fmt.mark': 'The mark and its ambiguities',
    'fmt.lines': 'Lines and endings',
    'fmt.end': 'The end of the file',
    'fmt.problems': 'Problems that can occur',
    'fmt.detection': 'How detection recognises it',
    'fmt.variants': 'Variants',
    'fmt.char': 'Character',
    'fmt.cp': 'Code point',
    'fmt.bytes': 'Bytes',
    'fmt.units': 'Units',
    'fmt.notmapped': 'not in the code page',
    'fmt.sample': 'Sample',
    'fmt.verdict': 'Verdict',
    'fmt.problem': 'Problem',
    'fmt.where': 'Where',
    'fmt.generated': 'Every byte on this page was produced by the textscope core from real bytes when the page loaded.',
    'insp.title': 'UTF-16 inspector and validator',
    'insp.text': 'Text',
    'insp.presets': 'Presets',
    'insp.order': 'Byte order',
    'insp.totals': '{cp} code points, {units} UTF-16 units, {bytes} bytes, {graphemes} graphemes',
    'insp.plane': 'Plane',
    'insp.derivation': 'Surrogate derivation',
    'insp.validate': 'Validate hex units',
    'insp.units': 'Units (hex, e.g. D83D DE00)',
    'insp.valid': 'Well-formed UTF-16.',
    'insp.first': 'First error: {class} at unit {pos}',
    'insp.all': 'Every error',
    'insp.position': 'Position',
    'insp.class': 'Class',
  },
  es: {
    'site.title': 'textscope',
    'site.tagline': 'Qué es un archivo de texto y qué tiene de malo, hasta el byte.',
    'nav.home': 'Explorador',
    'nav.formats': 'Formatos',
    'nav.utf16': 'Inspector UTF-16',
    'nav.language': 'Idioma',
    'open.button': 'Abrir un archivo…',
    'open.drop': 'Suelte un archivo en cualquier parte de la página o ábralo con el botón. Se lee aquí, en su navegador, y no se envía a ninguna parte.',
    'open.dropping': 'Suelte el archivo para analizarlo',
    'explorer.title': 'Explorador',
    'explorer.close': 'Cerrar el explorador',
    'explorer.analysing': 'Analizando {name}…',
    'explorer.progress': '{done} de {total}',
    'explorer.cancel': 'Cancelar',
    'explorer.cancelled': 'Análisis cancelado.',
    'explorer.done': 'Analizados {size} en {ms} ms.',
    'explorer.error': 'Error: {message}',
    'summary.title': 'Resumen',
    'summary.file': 'Archivo',
    'summary.format': 'Formato',
    'summary.encoding': 'Codificación / página de códigos',
    'summary.bom': 'Marca de orden de bytes',
    'summary.size': 'Tamaño',
    'summary.lines': 'Líneas',
    'summary.characters': 'Caracteres',
    'summary.endings': 'Finales de línea',
    'summary.longest': 'Línea más larga',
    'summary.problems': 'Problemas',
    'summary.ascii': 'Solo ASCII',
    'summary.none': 'ninguna',
    'summary.yes': 'sí',
    'summary.no': 'no',
    'summary.bytes': '{n} bytes',
    'summary.bomvalue': '{bytes} ({n} bytes en la posición 0)',
    'summary.longestvalue': 'línea {line} ({n} caracteres)',
    'detection.title': 'Por qué este formato',
    'detection.accepted': 'aceptado',
    'detection.rejected': 'rechazado',
    'detection.forced': 'forzado por el usuario',
    'detection.window': 'La detección examinó los primeros {n} bytes.',
    'problems.title': 'Problemas y notas',
    'problems.none': 'Ningún problema, ninguna nota.',
    'problems.at': 'línea {line}, columna {column}, posición {offset}',
    'problems.omitted': 'Hay {n} problemas más contados pero no listados.',
    'notes.at': 'línea {line}, posición {offset}',
    'tree.title': 'Estructura',
    'tree.mark': 'Marca de orden de bytes',
    'tree.line': 'Línea {n}',
    'tree.chars': '{n} caract.',
    'tree.bytesat': '{n} bytes en {offset}',
    'tree.noending': 'sin final',
    'tree.loading': 'cargando…',
    'tree.more': '{n} caracteres más sin listar',
    'tree.units': 'unidades',
    'tree.bad': 'unidad errónea',
    'hex.title': 'Bytes',
    'preview.title': 'Vista previa del texto',
    'preview.help': 'Las líneas visibles en la estructura; U+FFFD señala unidades erróneas, los caracteres de control se muestran como símbolos.',
    'preview.truncated': '… (cortado)',
    'json.title': 'Informe (JSON, tal como lo imprime textscope --json)',
    'formats.title': 'Los formatos',
    'formats.intro': 'textscope distingue seis formatos de texto. Cada página explica uno: sus partes, sus bytes, su marca, sus líneas, sus problemas y cómo lo reconoce la detección.',
    'fmt.parts': 'Las partes del archivo',
    'fmt.encoding': 'Cómo los caracteres se vuelven bytes',
    'fmt.mark': 'La marca y sus ambigüedades',
    'fmt.lines': 'Líneas y finales',
    'fmt.end': 'El final del archivo',
    'fmt.problems': 'Problemas que pueden aparecer',
    'fmt.detection': 'Cómo lo reconoce la detección',
    'fmt.variants': 'Variantes',
    'fmt.char': 'Carácter',
    'fmt.cp': 'Punto de código',
    'fmt.bytes': 'Bytes',
    'fmt.units': 'Unidades',
    'fmt.notmapped': 'no está en la página de códigos',
    'fmt.sample': 'Muestra',
    'fmt.verdict': 'Veredicto',
    'fmt.problem': 'Problema',
    'fmt.where': 'Dónde',
    'fmt.generated': 'Cada byte de esta página lo produjo el núcleo de textscope a partir de bytes reales al cargarse la página.',
    'insp.title': 'Inspector y validador UTF-16',
    'insp.text': 'Texto',
    'insp.presets': 'Ejemplos',
    'insp.order': 'Orden de bytes',
    'insp.totals': '{cp} puntos de código, {units} unidades UTF-16, {bytes} bytes, {graphemes} grafemas',
    'insp.plane': 'Plano',
    'insp.derivation': 'Derivación de los sustitutos',
    'insp.validate': 'Validar unidades hexadecimales',
    'insp.units': 'Unidades (hex, p. ej. D83D DE00)',
    'insp.valid': 'UTF-16 bien formado.',
    'insp.first': 'Primer error: {class} en la unidad {pos}',
    'insp.all': 'Todos los errores',
    'insp.position': 'Posición',
    'insp.class': 'Clase',
  },
};

const KEY = 'textscope-lang';
const listeners = [];

export function lang() {
  let l = null;
  try { l = localStorage.getItem(KEY); } catch { /* storage may be off */ }
  if (l && CATALOGUE[l]) return l;
  return (navigator.language || 'en').toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The string for key in the current language, {name} replaced from vars. */
export function t(key, vars = {}) {
  const s = CATALOGUE[lang()][key] ?? CATALOGUE.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** Sets every data-i18n text and attribute under root. */
export function apply(root = document) {
  document.documentElement.lang = lang();
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(',')) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

export function setLang(l) {
  if (!CATALOGUE[l]) return;
  try { localStorage.setItem(KEY, l); } catch { /* ignore */ }
  apply();
  for (const f of listeners) f(l);
}

/** Calls f after every language change (to re-render what code wrote). */
export function onChange(f) { listeners.push(f); }

/** A number in the current language's digits grouping. */
export function num(n) { return Number(n).toLocaleString(lang() === 'es' ? 'es-ES' : 'en-US'); }
