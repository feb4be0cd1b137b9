// The explorer's sentences against the report contract the core is moving to (issue 16): every
// detection code, problems with `code_point` / `count`, the summary's language, confidence and
// runners-up. Synthetic reports, rendered by the page's own modules, in English and Spanish.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, newPage, ROOT } from './harness.js';

let server;
let context;
let page;
const errors = [];

before(async () => {
  server = await startServer();
  context = await launch();
  page = await newPage(context, errors);
  await page.goto(server.url);
});
after(async () => { await context?.close(); server?.stop(); });

/**
 * Every detection step code the core can emit, read from its source (crates/textscope/src's
 * detect/, front/ and analyzer/, tests left out): the code of an `Outcome::new`, a `code: "…".to_string()`, or a
 * ("code", reason) pair — a literal followed by its sentence (`format!`, a string, `reason`).
 * A code added to the core without a sentence here makes the test below fail.
 */
function coreCodes() {
  const root = path.join(ROOT, 'crates/textscope/src');
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith('.rs') && !/tests?\.rs$/.test(e.name)) files.push(f);
    }
  };
  // Steps are made by the detector and the front end (verdicts, the closest reading, forced).
  for (const d of ['detect', 'front', 'analyzer']) walk(path.join(root, d));
  const codes = new Set();
  const patterns = [
    /Outcome::new\(\s*\w+,\s*"([a-z][a-z0-9_]*)"/g,
    /\bcode:\s*"([a-z][a-z0-9_]*)"\.(?:to_string|into)\(\)/g,
    /\(\s*"([a-z][a-z0-9_]*)",\s*(?:format!\(|"(?:[^"\\]|\\.)*"\.(?:into|to_string)\(\))/g,
    /\bstep\(\s*[\w:]+,\s*(?:true|false),\s*"([a-z][a-z0-9_]*)"/g,
  ];
  for (const f of files) {
    let src = fs.readFileSync(f, 'utf8');
    // An inline test module ends the file's own code.
    const cut = src.search(/#\[cfg\(test\)\]\s*mod \w+\s*\{/);
    if (cut >= 0) src = src.slice(0, cut);
    for (const re of patterns) for (const m of src.matchAll(re)) codes.add(m[1]);
  }
  // Hints have a code of their own ("try_encoding"), not a step's.
  codes.delete('try_encoding');
  return [...codes].sort();
}
const CODES = coreCodes();

/** Every code's sentence, and an unknown code's, in a language, from the page's describe.js. */
function sentences(lang) {
  return page.evaluate(async ({ lang, codes }) => {
    const { setLang } = await import(new URL('js/i18n.js', location.href).href);
    const d = await import(new URL('js/describe.js', location.href).href);
    setLang(lang);
    const report = { format: 'utf-16le', encoding: 'Shift_JIS', language: 'ja', endings: { lf: 3, crlf: 1, cr: 0, nel: 0, ls: 0, ps: 0 },
      detection: { candidates: [{ encoding: 'Shift_JIS', score: -0.4 }, { encoding: 'EUC-JP', score: -1.2 }] } };
    const figures = { characters: 1200, nul: 31, control_characters: 140, units: 600, non_scalar_units: 77, valid_multibyte: 40, invalid_sequences: 9,
      high_bytes: 500, high_zero_bytes: 420, low_zero_bytes: 13, bytes: 2400, nul_bytes: 31, control_bytes: 260,
      unpaired_surrogates: 1, unusual_units: 9, cost_milli: 412, max_cost_milli: 450, legacy_cost_milli: 388, ascii_pair_units: 20,
      candidates: 40, winner_cost_milli: 388, runner_up_cost_milli: 1204, confidence_percent: 93, escapes: 2, shifts: 1, unmapped: 0 };
    const steps = Object.fromEntries(codes.map((code) => [code, d.stepText({ format: 'utf-16le', accepted: false, reason: 'English reason', code, figures }, report)]));
    steps.unknown = d.stepText({ format: 'legacy', accepted: true, reason: 'English reason', code: 'brand_new', figures: { bytes: 2400 } }, report);
    const p = (kind, extra) => d.problemText({ kind, offset: 0, length: 2, line: 1, column: 1, bytes: '3D D8', message: 'English message', ...extra }, report);
    const problems = {
      high: p('unpaired_surrogate', {}),
      highCp: p('unpaired_surrogate', { code_point: 'U+D83D', bytes: '00 00' }),
      control: p('control_character', { code_point: 'U+001B', bytes: '1B 00' }),
      controlBytes: p('control_character', { bytes: '1B 00' }),
      utf8: d.problemText({ kind: 'invalid_utf8', reason: 'overlong', bytes: 'C0 80', message: 'x' }, { ...report, format: 'utf-8' }),
      mixed: p('mixed_line_endings', { bytes: '0D 00 0A 00' }),
      bom: p('bom_in_text', { code_point: 'U+FEFF' }),
    };
    return { steps, problems };
  }, { lang, codes: CODES });
}

test('the list of codes comes from the core, and holds the codes the CLI emits', () => {
  for (const c of ['bom', 'forced', 'ascii', 'nul_share', 'utf16_unusual_units', 'legacy_scored', 'legacy_not_text', 'closest_reading', 'iso2022_escapes', 'bom_but_binary'])
    assert.ok(CODES.includes(c), `${c} not found in the core's source: ${CODES.join(' ')}`);
  // No figure name was taken for a code.
  for (const f of ['high_bytes', 'cost_milli', 'units', 'characters']) assert.ok(!CODES.includes(f), f);
  assert.ok(CODES.length >= 25, CODES.join(' '));
});

test('every detection code the core emits has a sentence of its own, with its figures, in both languages', async () => {
  const en = await sentences('en');
  const es = await sentences('es');
  const raw = /\b(?:step|fig|hint|kind|count)\.[a-z_]+|\b[a-z]+_[a-z_]+=|\{[a-z]+\}|undefined|NaN/;
  for (const code of CODES) {
    assert.ok(en.steps[code] && !/see the figures|English/.test(en.steps[code]) && !raw.test(en.steps[code]), `${code}: ${en.steps[code]}`);
    assert.ok(es.steps[code] && !/véanse las cifras|English/.test(es.steps[code]) && !raw.test(es.steps[code]), `${code}: ${es.steps[code]}`);
    assert.notEqual(es.steps[code], en.steps[code], code);
  }
  assert.equal(en.steps.non_scalar_units, '77 of 600 units are not Unicode scalar values (12 %)');
  assert.equal(es.steps.non_scalar_units, '77 de 600 unidades no son valores escalares Unicode (12 %)');
  assert.equal(en.steps.zero_pattern, '84 % of the odd-offset bytes are 00, 13 at even offsets; the first units are ≤ 00FF');
  assert.equal(es.steps.too_many_invalid, '9 secuencias mal formadas frente a 40 secuencias multibyte válidas (se tolera como mucho una de cada diez)');
  // D8's second look says "beyond Latin", with its figures; the costs as the CLI writes them.
  assert.equal(en.steps.utf16_unusual_units, 'beyond Latin: 1 % of the units are private use or noncharacters (9 of 600; at most one in a hundred)');
  assert.equal(es.steps.utf16_ill_formed, 'más allá del latín: 1 sustituto desemparejado en 600 unidades');
  assert.equal(en.steps.utf16_plausible, 'beyond Latin: well-formed, and more plausible as text than the best code page reading: cost 0.412 against 0.388');
  assert.equal(es.steps.utf16_less_plausible, 'más allá del latín: bien formado, pero menos verosímil como texto que la lectura en la página de códigos Shift_JIS: coste 0,412 frente a 0,388');
  assert.equal(en.steps.legacy_scored, 'not binary; code page Shift_JIS (Japanese): cost 0.388 per byte above 7F against 1.204 for EUC-JP (confidence 93 %)');
  assert.equal(es.steps.legacy_scored, 'no es binario; página de códigos Shift_JIS (japonés): coste 0,388 por byte por encima de 7F frente a 1,204 de EUC-JP (confianza 93 %)');
  // An unknown code: a sentence in the page's language from the figures, never the English reason.
  assert.equal(en.steps.unknown, 'see the figures: bytes 2,400');
  assert.equal(es.steps.unknown, 'véanse las cifras: bytes 2400');
});

test('counts follow each language\'s plural rules', async () => {
  const got = await page.evaluate(async () => {
    const { setLang } = await import(new URL('js/i18n.js', location.href).href);
    const { count, m } = await import(new URL('js/messages.js', location.href).href);
    const { t, num } = await import(new URL('js/i18n.js', location.href).href);
    const out = {};
    for (const l of ['en', 'es']) {
      setLang(l);
      out[l] = [count('code_point', 1), count('code_point', 2), count('ansi_escape', 960), count('ansi_escape', 1), count('code_point', 0), count('byte', 1234),
        t('summary.bytes', { n: num(1) }), t('summary.bytes', { n: num(1234) }), m('summary.readingvalue', { enc: 'UTF-8', lines: num(1), problems: num(2) }),
        m('tools.noline', { n: num(1) }), t('summary.longestvalue', { line: num(3), n: num(1) })];
    }
    return out;
  });
  assert.deepEqual(got.en, ['1 code point', '2 code points', '960 terminal escape sequences', '1 terminal escape sequence', '0 code points', '1,234 bytes',
    '1 byte', '1,234 bytes', 'UTF-8: 1 line, 2 problems', 'The file has 1 line.', 'line 3 (1 character)']);
  assert.deepEqual(got.es, ['1 punto de código', '2 puntos de código', '960 secuencias de escape de terminal', '1 secuencia de escape de terminal', '0 puntos de código', '1234 bytes',
    '1 byte', '1234 bytes', 'UTF-8: 1 línea, 2 problemas', 'El archivo tiene 1 línea.', 'línea 3 (1 carácter)']);
});

test('problems are worded from their fields, the code point derived from the bytes when absent', async () => {
  const en = (await sentences('en')).problems;
  const es = (await sentences('es')).problems;
  assert.equal(en.high, 'high surrogate D83D is not followed by a low surrogate');
  assert.equal(en.highCp, en.high);
  assert.equal(es.high, 'el sustituto alto D83D no va seguido de un sustituto bajo');
  assert.equal(en.control, 'control character U+001B (ESC)');
  assert.equal(en.controlBytes, en.control);
  assert.equal(es.control, 'carácter de control U+001B (ESC)');
  assert.equal(en.utf8, 'invalid UTF-8: an overlong form (a longer encoding than the character needs)');
  assert.equal(en.mixed, 'this line ends with CRLF; most lines end with LF (LF 3, CRLF 1)');
  assert.equal(es.mixed, 'esta línea termina en CRLF; la mayoría, en LF (LF 3, CRLF 1)');
  for (const k of Object.keys(en)) assert.doesNotMatch(es[k], /English/);
});

test('the summary shows language, confidence and runners-up; a run is one item', async () => {
  for (const lang of ['en', 'es']) {
    const shown = await page.evaluate(async (lang) => {
      const { setLang } = await import(new URL('js/i18n.js', location.href).href);
      const { Explorer } = await import(new URL('js/explorer.js', location.href).href);
      setLang(lang);
      const root = document.createElement('div');
      root.id = 'synthetic';
      document.body.append(root);
      const ex = new Explorer(root);
      ex.file = { name: 'x.txt' };
      ex.blocks = new Map(); ex.details = new Map(); ex.expanded = []; ex.hexBlocks = new Map();
      const counts = { unpaired_surrogate: 0, nul: 5, control_character: 0, bom_in_text: 0, truncated_character: 0, invalid_code_point: 0, invalid_utf8: 0, unmapped_byte: 0, mixed_line_endings: 0 };
      ex.onReport({
        schema: 2, size: 0, format: 'legacy', encoding: 'windows-1251', language: 'ru', ascii: false, bom: null,
        detection: { forced: false, window: 0, confidence: 0.87, candidates: [
          { encoding: 'windows-1251', score: 0.87, language: 'ru' }, { encoding: 'KOI8-R', score: 0.41, language: 'ru' },
          { encoding: 'IBM866', score: 0.2, language: null, also: ['x-mac-cyrillic'] }],
        steps: [{ format: 'legacy', accepted: true, reason: 'English reason', code: 'legacy_scored',
          figures: { bytes: 10, high_bytes: 40, candidates: 3, winner_cost_milli: 350, runner_up_cost_milli: 900, confidence_percent: 87 } }] },
        lines: 0, characters: 0, endings: { lf: 0, crlf: 0, cr: 0, nel: 0, ls: 0, ps: 0 }, longest_line: null,
        problem_counts: counts, problems: [{ kind: 'nul', offset: 4, length: 5, line: 1, column: 5, bytes: '00 00 00 00 00', code_point: 'U+0000', count: 5, message: 'English' }],
        problems_omitted: 0, notes: [], finding_counts: { bidi_control: 0, invisible_character: 0 }, findings: [], findings_omitted: 0,
      }, 1);
      const dd = (f) => root.querySelector(`#summary dd[data-field="${f}"]`)?.textContent;
      const out = {
        language: dd('language'), confidence: dd('confidence'), candidates: dd('candidates'),
        reason: root.querySelector('#detection .reason').textContent,
        items: root.querySelectorAll('#problems a.problem').length, run: root.querySelector('#problems a.problem .run')?.textContent,
        count: root.querySelector('#problems a.problem').dataset.count,
      };
      root.remove();
      return out;
    }, lang);
    // A language by its name, runners-up as chances (never raw scores), the step in words.
    assert.equal(shown.language, lang === 'en' ? 'Russian' : 'ruso');
    assert.equal(shown.confidence, '87 %');
    assert.equal(shown.candidates, lang === 'en' ? 'KOI8-R (Russian): 13 %; IBM866 = x-mac-cyrillic: under 1 %' : 'KOI8-R (ruso): 13 %; IBM866 = x-mac-cyrillic: menos del 1 %');
    assert.doesNotMatch(shown.candidates, /0[.,]41|0[.,]2\b/);
    assert.equal(shown.reason, lang === 'en'
      ? 'not binary; code page windows-1251 (Russian): cost 0.350 per byte above 7F against 0.900 for KOI8-R (confidence 87 %)'
      : 'no es binario; página de códigos windows-1251 (ruso): coste 0,350 por byte por encima de 7F frente a 0,900 de KOI8-R (confianza 87 %)');
    assert.equal(shown.items, 1);
    assert.equal(shown.count, '5');
    assert.equal(shown.run.trim(), lang === 'en' ? '5 NULs' : '5 caracteres NUL');
  }
  assert.deepEqual(errors, []);
});

test('containers, escape sequences, hints and runs are worded in both languages', async () => {
  const words = async (lang) => page.evaluate(async (lang) => {
    const { setLang } = await import(new URL('js/i18n.js', location.href).href);
    const d = await import(new URL('js/describe.js', location.href).href);
    setLang(lang);
    return {
      png: d.containerWhat({ name: 'PNG', mime: 'image/png', extension: 'png' }),
      zip: d.containerWhat({ name: 'ZIP', mime: 'application/zip', extension: 'zip' }),
      epub: d.containerWhat({ name: 'EPUB', mime: 'application/epub+zip', extension: 'epub' }),
      elf: d.containerWhat({ name: 'ELF', mime: 'application/x-executable', extension: 'elf' }),
      odd: d.containerWhat({ name: 'XYZ', mime: 'application/x-unheard-of', extension: 'xyz' }),
      sgr: d.ansiText({ kind: 'ansi_escape', effect: 'sgr', dangerous: false }),
      clip: d.ansiText({ kind: 'ansi_escape', effect: 'clipboard', dangerous: true }),
      unknown: d.ansiText({ kind: 'ansi_escape', effect: 'brand_new', dangerous: false }),
      hint: d.hintText({ encoding: 'utf-16le', reason: 'near_bar' }),
      near: d.hintText({ encoding: 'utf-16le', reason: 'near_bar' }, { detection: { steps: [{ format: 'utf-16le', accepted: false, code: 'zero_share_too_low',
        figures: { characters: 100, nul: 0, control_characters: 0, units: 100, high_bytes: 100, high_zero_bytes: 20, low_zero_bytes: 0 } }] } }),
      binary: d.hintText({ encoding: 'utf-16le', reason: 'binary_only', figures: 'nul_share=0.05 control_share=0.00' },
        { text_reading: { problem_counts: { nul: 4096, control_character: 1 } } }),
      hintNew: d.hintText({ encoding: 'utf-16le', reason: 'brand_new' }),
      nuls: d.runText({ kind: 'nul', count: 4096 }),
      other: d.runText({ kind: 'brand_new', count: 3 }),
      force: d.forceName({ format: 'legacy', encoding: 'windows-1252' }) + ' ' + d.forceName({ format: 'utf-8', encoding: 'UTF-8' }),
    };
  }, lang);
  const en = await words('en');
  const es = await words('es');
  assert.deepEqual(en, {
    png: 'PNG image', zip: 'ZIP archive', epub: 'EPUB document', elf: 'ELF program', odd: 'XYZ file',
    sgr: 'colour or text style', clip: 'writes to the clipboard: dangerous, a terminal that shows the file does it',
    unknown: 'another control sequence',
    hint: 'it was turned down as utf-16le by figures close to the limit; try reading it as utf-16le',
    near: 'the bytes nearly fit utf-16le without a byte order mark: only 20 % of the odd-offset bytes are 00 (at least 25 % needed); try reading it as utf-16le',
    binary: 'read as utf-16le, its only problems are its 4,096 NULs and 1 control character, which is why it was taken for binary data; try reading it as utf-16le',
    hintNew: 'try reading it as utf-16le', nuls: '4,096 NULs', other: '3 in a row', force: 'windows-1252 utf-8',
  });
  assert.deepEqual(es, {
    png: 'imagen PNG', zip: 'archivo comprimido ZIP', epub: 'documento EPUB', elf: 'programa ELF', odd: 'archivo XYZ',
    sgr: 'color o estilo del texto', clip: 'escribe en el portapapeles: peligrosa, un terminal que muestre el archivo la ejecuta',
    unknown: 'otra secuencia de control',
    hint: 'se descartó como utf-16le por cifras muy cerca del límite; pruebe a leerlo como utf-16le',
    near: 'los bytes casi encajan en utf-16le sin marca de orden de bytes: solo el 20 % de los bytes en posición impar son 00 (hace falta al menos el 25 %); pruebe a leerlo como utf-16le',
    binary: 'leído como utf-16le, sus únicos problemas son sus 4096 caracteres NUL y 1 carácter de control, y por eso se tomó por datos binarios; pruebe a leerlo como utf-16le',
    hintNew: 'pruebe a leerlo como utf-16le', nuls: '4096 caracteres NUL', other: '3 seguidos', force: 'windows-1252 utf-8',
  });
  assert.deepEqual(errors, []);
});
