// The explorer's sentences against the report contract the core is moving to (issue 16): every
// detection code, problems with `code_point` / `count`, the summary's language, confidence and
// runners-up. Synthetic reports, rendered by the page's own modules, in English and Spanish.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage } from './harness.js';

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

const CODES = ['bom', 'bom_but_binary', 'forced', 'ascii', 'valid_multibyte', 'invalid_within_tolerance',
  'too_many_invalid', 'nul_share', 'control_share', 'all_scalar_values', 'non_scalar_units', 'no_whole_unit',
  'zero_share_too_low', 'zeros_on_wrong_side', 'first_units_not_latin', 'zero_pattern', 'legacy_not_binary',
  'legacy_binary_bytes', 'iso2022_escapes', 'utf16_plausible', 'utf16_less_plausible', 'utf16_ill_formed', 'legacy_scored'];

/** Every code's sentence, and an unknown code's, in a language, from the page's describe.js. */
function sentences(lang) {
  return page.evaluate(async ({ lang, codes }) => {
    const { setLang } = await import(new URL('js/i18n.js', location.href).href);
    const d = await import(new URL('js/describe.js', location.href).href);
    setLang(lang);
    const report = { format: 'utf-16le', encoding: 'Shift_JIS', endings: { lf: 3, crlf: 1, cr: 0, nel: 0, ls: 0, ps: 0 } };
    const figures = { characters: 1200, nul: 31, control_characters: 140, units: 600, non_scalar_units: 77, valid_multibyte: 40, invalid_sequences: 9,
      high_bytes: 500, high_zero_bytes: 420, low_zero_bytes: 13, bytes: 2400, nul_bytes: 31, control_bytes: 260 };
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

test('every detection code has a sentence of its own, with its figures, in both languages', async () => {
  const en = await sentences('en');
  const es = await sentences('es');
  for (const code of CODES) {
    assert.ok(en.steps[code] && !/figures|English/.test(en.steps[code]), `${code}: ${en.steps[code]}`);
    assert.ok(es.steps[code] && !/cifras|English/.test(es.steps[code]), `${code}: ${es.steps[code]}`);
    assert.notEqual(es.steps[code], en.steps[code], code);
  }
  assert.equal(en.steps.non_scalar_units, '77 of 600 units are not Unicode scalar values (12 %)');
  assert.equal(es.steps.non_scalar_units, '77 de 600 unidades no son valores escalares Unicode (12 %)');
  assert.equal(en.steps.zero_pattern, '84 % of the odd-offset bytes are 00, 13 at even offsets; the first units are ≤ 00FF');
  assert.equal(es.steps.too_many_invalid, '9 secuencias mal formadas frente a 40 multibyte válidas (se tolera como mucho una de cada diez)');
  assert.equal(en.steps.legacy_scored, 'the code page whose reading scores best: Shift_JIS');
  // An unknown code: a sentence in the page's language from the figures, never the English reason.
  assert.equal(en.steps.unknown, 'see the figures: bytes 2,400');
  assert.equal(es.steps.unknown, 'véanse las cifras: bytes 2400');
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
        steps: [{ format: 'legacy', accepted: true, reason: 'English reason', code: 'legacy_scored', figures: { bytes: 10 } }] },
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
    assert.equal(shown.language, 'ru');
    assert.equal(shown.confidence, '87 %');
    assert.equal(shown.candidates, lang === 'en' ? 'KOI8-R (ru) 0.41; IBM866 0.2 = x-mac-cyrillic' : 'KOI8-R (ru) 0,41; IBM866 0,2 = x-mac-cyrillic');
    assert.equal(shown.reason, lang === 'en' ? 'the code page whose reading scores best: windows-1251' : 'la página de códigos cuya lectura puntúa mejor: windows-1251');
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
    hintNew: 'try reading it as utf-16le', nuls: '4,096 NULs', other: '3 in a row', force: 'windows-1252 utf-8',
  });
  assert.deepEqual(es, {
    png: 'imagen PNG', zip: 'archivo comprimido ZIP', epub: 'documento EPUB', elf: 'programa ELF', odd: 'archivo XYZ',
    sgr: 'color o estilo del texto', clip: 'escribe en el portapapeles: peligrosa, un terminal que muestre el archivo la ejecuta',
    unknown: 'otra secuencia de control',
    hint: 'se descartó como utf-16le por cifras muy cerca del límite; pruebe a leerlo como utf-16le',
    hintNew: 'pruebe a leerlo como utf-16le', nuls: '4096 caracteres NUL', other: '3 seguidos', force: 'windows-1252 utf-8',
  });
  assert.deepEqual(errors, []);
});
