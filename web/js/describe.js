// Sentences for the report's problems, notes, findings and detection steps, in the page's
// language, built from their structured fields (kind, code_point, reason, bytes, figures, code),
// never from the English `message` / `reason` the core writes for the CLI.
import { m, count } from './messages.js';
import { num, lang, languageName } from './i18n.js';

const C0 = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'TAB', 'LF', 'VT', 'FF',
  'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB',
  'ESC', 'FS', 'GS', 'RS', 'US'];

/** The short name of a control character (C0 names, DEL, NEL, C1). */
export function controlName(v) {
  if (v < 0x20) return C0[v];
  if (v === 0x7f) return 'DEL';
  if (v === 0x85) return 'NEL';
  return 'C1';
}

const hexBytes = (s) => (s ? s.split(' ').map((h) => parseInt(h, 16)) : []);

/** The value of the first unit of `bytes` in `format` (UTF-16/32), for surrogate messages. */
export function unitOf(bytes, format) {
  const b = hexBytes(bytes);
  if (format === 'utf-16le') return b[0] | (b[1] << 8);
  if (format === 'utf-16be') return (b[0] << 8) | b[1];
  if (format === 'utf-32le') return (b[0] | (b[1] << 8) | (b[2] << 16)) + b[3] * 0x1000000;
  if (format === 'utf-32be') return b[0] * 0x1000000 + ((b[1] << 16) | (b[2] << 8) | b[3]);
  return null;
}

/** The code point of a one-character problem: its `code_point`, else decoded from its bytes. */
export function codePointOf(p, format) {
  if (p.code_point) return parseInt(p.code_point.slice(2), 16);
  const b = hexBytes(p.bytes);
  if (format === 'utf-8') {
    if (b.length === 1) return b[0];
    if (b.length === 2) return ((b[0] & 0x1f) << 6) | (b[1] & 0x3f);
    if (b.length === 3) return ((b[0] & 0x0f) << 12) | ((b[1] & 0x3f) << 6) | (b[2] & 0x3f);
    return null;
  }
  const u = unitOf(p.bytes, format);
  return u ?? (b.length === 1 ? b[0] : null);
}

export const cpLabel = (v) => `U+${v.toString(16).toUpperCase().padStart(4, '0')}`;
const hex4 = (v, w) => v.toString(16).toUpperCase().padStart(w, '0');

const ENDING_BYTES = { '0D 0A': 'CRLF', '0A': 'LF', '0D': 'CR', 'C2 85': 'NEL', '85': 'NEL', 'E2 80 A8': 'LS', 'E2 80 A9': 'PS' };
const ENDING_NAME = { lf: 'LF', crlf: 'CRLF', cr: 'CR', nel: 'NEL', ls: 'LS', ps: 'PS' };

/** The ending a mixed_line_endings problem points at, from its bytes in any format. */
function endingOf(bytes) {
  const b = hexBytes(bytes).filter((x) => x !== 0);
  const key = b.map((x) => hex4(x, 2)).join(' ');
  if (ENDING_BYTES[key]) return ENDING_BYTES[key];
  if (b.length === 2 && b[0] === 0x20 && b[1] === 0x28) return 'LS';
  if (b.length === 2 && b[0] === 0x20 && b[1] === 0x29) return 'PS';
  if (b.length === 2 && b[0] === 0x28 && b[1] === 0x20) return 'LS';
  if (b.length === 2 && b[0] === 0x29 && b[1] === 0x20) return 'PS';
  return key;
}

/** A problem's sentence in the page's language. */
export function problemText(p, report) {
  const f = report.format;
  switch (p.kind) {
    case 'unpaired_surrogate': {
      const u = codePointOf(p, f);
      if (f.startsWith('utf-32')) return m('msg.surrogate32', { u: hex4(u, 8) });
      return m(u >= 0xd800 && u < 0xdc00 ? 'msg.high' : 'msg.low', { u: hex4(u, 4) });
    }
    case 'nul': return m('msg.nul');
    case 'control_character': {
      const v = codePointOf(p, f);
      return v === null ? m('kind.control_character') : m('msg.control', { cp: cpLabel(v), name: controlName(v) });
    }
    case 'bom_in_text': return m('msg.bom');
    case 'truncated_character': return m('msg.truncated', { n: hexBytes(p.bytes).length });
    case 'invalid_code_point': {
      const u = codePointOf(p, f);
      return m('msg.above', { u: hex4(u ?? 0, 8) });
    }
    case 'invalid_utf8':
      return m('msg.utf8', { reason: p.reason ? m(`reason.${p.reason}`) : p.bytes });
    case 'unmapped_byte': return m('msg.unmapped');
    case 'mixed_line_endings': {
      const counts = Object.entries(report.endings).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
      const common = counts.length ? ENDING_NAME[counts[0][0]] : '';
      return m('msg.mixed', {
        ending: endingOf(p.bytes), common,
        counts: counts.map(([k, n]) => `${ENDING_NAME[k]} ${num(n)}`).join(', '),
      });
    }
    default: return m(`kind.${p.kind}`);
  }
}

export function noteText(n) {
  if (n.kind === 'no_final_line_ending') return m('msg.nofinal', { line: num(n.line) });
  return m(`kind.${n.kind}`);
}

/** "lines 10–13", "line 4" (a segment's lines). */
export function segmentLines(s) {
  return s.first_line === s.last_line
    ? m('seg.line', { a: num(s.first_line) })
    : m('seg.lines', { a: num(s.first_line), b: num(s.last_line) });
}

/** The segments of another format than `utf8` (true: the UTF-8 ones), as a step lists them. */
function segmentList(report, utf8) {
  return (report.segments || [])
    .filter((s) => (s.format === 'utf-8') === utf8)
    .map((s) => `${segmentLines(s)} (${s.encoding})`)
    .join(', ');
}

/** A finding's sentence: its code point, the character's Unicode name, its kind. */
export function findingText(f, name, report) {
  if (f.kind === 'mojibake' && f.repair) {
    const pages = f.repair.chain.filter((_, i) => i % 2 === 1);
    const how = m('finding.mojibake.how', { pages: pages.join(m('finding.mojibake.then')) });
    return m('finding.mojibake.msg', { original: f.repair.original, repaired: f.repair.repaired, how })
      + (f.repair.ambiguous ? m('finding.mojibake.ambiguous') : '');
  }
  if (f.kind === 'mixed_encoding') {
    const s = (report?.segments || []).find((x) => x.offset === f.offset);
    if (s) return m('finding.mixed_encoding.msg', { lines: segmentLines(s), encoding: s.encoding, file: report.encoding });
    return f.message;
  }
  const why = m(`finding.why.${f.kind}`);
  return m('finding.msg', { cp: f.code_point, name: name || '', kind: m(`finding.${f.kind}`), why: why.startsWith('finding.') ? '' : why })
    .replace('  ', ' ').replace('; )', ')');
}

/** "48 %", "0.4 %", like the core's figures (detect.rs). */
export function pct(part, whole) {
  if (!whole) return '0 %';
  const p = (part * 100) / whole;
  const s = p >= 1 || p === 0 ? String(Math.floor(p)) : p.toFixed(1);
  return `${lang() === 'es' ? s.replace('.', ',') : s} %`;
}

const MARKS = { 'utf-8': 'EF BB BF', 'utf-16le': 'FF FE', 'utf-16be': 'FE FF', 'utf-32le': 'FF FE 00 00', 'utf-32be': '00 00 FE FF' };

/**
 * Today's reports carry no `code`: it is recognised from the core's English reason, so that
 * a Spanish page says the same thing in Spanish. Unknown reasons stay without a code.
 */
export function inferCode(s) {
  const r = s.reason || '';
  const rules = [
    [/^forced/, 'forced'],
    [/^byte order mark .*the 00 00 after it/, 'bom16'],
    [/^byte order mark .* but .* not Unicode scalar values/, 'bom_non_scalar'],
    [/^byte order mark .*, but binary/, 'bom_but_binary'],
    [/^byte order mark/, 'bom'],
    [/^no byte above 7F/, 'ascii'],
    [/valid multi-byte sequences, none invalid/, 'valid_multibyte'],
    [/within one in ten/, 'invalid_within_tolerance'],
    [/at most one in ten is tolerated/, 'too_many_invalid'],
    [/^binary: (U\+0000|byte 00)/, 'nul_share'],
    [/^binary: control/, 'control_share'],
    [/^all \d+ units are Unicode scalar values/, 'all_scalar_values'],
    [/units are not Unicode scalar values/, 'non_scalar_units'],
    [/no whole unit/, 'no_whole_unit'],
    [/at least 25 % needed/, 'zero_share_too_low'],
    [/at most one in twenty/, 'zeros_on_wrong_side'],
    [/first eight units is above 00FF/, 'first_units_not_latin'],
    [/the first units are ≤ 00FF/, 'zero_pattern'],
    [/^not binary; code page/, 'legacy_not_binary'],
  ];
  for (const [re, code] of rules) if (re.test(r)) return code;
  return null;
}

function binaryWhy(fg) {
  if ('nul_bytes' in fg && !('characters' in fg)) {
    if (fg.nul_bytes * 100 > fg.bytes) return m('step.nul_share_bytes', { p: pct(fg.nul_bytes, fg.bytes), n: num(fg.nul_bytes), of: num(fg.bytes) });
    return m('step.control_share_bytes', { p: pct(fg.control_bytes, fg.bytes), n: num(fg.control_bytes), of: num(fg.bytes) });
  }
  if ((fg.nul || 0) * 100 > (fg.characters || 0)) return m('step.nul_share', { p: pct(fg.nul, fg.characters), n: num(fg.nul), of: num(fg.characters) });
  return m('step.control_share', { p: pct(fg.control_characters || 0, fg.characters), n: num(fg.control_characters || 0), of: num(fg.characters || 0) });
}

/** A cost in thousandths per byte (`cost_milli`) as the CLI writes it: "0.412". */
function cost(milli) {
  const s = (Number(milli || 0) / 1000).toFixed(3);
  return lang() === 'es' ? s.replace('.', ',') : s;
}

/** A D8 step (UTF-16 "beyond Latin", decision 82): its codes, or the figures only D8 gives. */
export function beyondLatin(s) {
  const fg = s.figures || {};
  return (s.format === 'utf-16le' || s.format === 'utf-16be')
    && ((s.code || '').startsWith('utf16_') || ('unpaired_surrogates' in fg && !('high_zero_bytes' in fg)));
}

/** The sentence of each utf16_less_plausible case, told apart by its figures (unicode.rs). */
function lessPlausible(fg, report) {
  const units = fg.units || 0;
  if ((fg.ascii_pair_units || 0) * 10 > units * 6) {
    return m('step.utf16_ascii_pairs', { p: pct(fg.ascii_pair_units, units), n: num(fg.ascii_pair_units), units: num(units) });
  }
  if ((fg.cost_milli || 0) > (fg.max_cost_milli ?? Infinity)) {
    return m('step.utf16_noise', { cost: cost(fg.cost_milli), max: cost(fg.max_cost_milli) });
  }
  if (!('legacy_cost_milli' in fg)) return m('step.utf16_too_short', { cost: cost(fg.cost_milli) });
  const page = report.detection?.candidates?.[0]?.encoding || (report.format === 'legacy' ? report.encoding : '');
  return m(page ? 'step.utf16_less_than_page' : 'step.utf16_less_than_legacy',
    { page, cost: cost(fg.cost_milli), other: cost(fg.legacy_cost_milli) });
}

/** The ranking's part of a legacy_scored or legacy_not_text sentence, when it read a prefix. */
function rankedPart(fg) {
  return 'ranked_bytes' in fg ? m('step.ranked_part', { n: num(fg.ranked_bytes) }) : '';
}

/** The words of one step, without the "beyond Latin" of D8 (stepText adds it). */
function stepWords(s, report, code) {
  const fg = s.figures || {};
  const be = s.format === 'utf-16be';
  const sides = { hi: m(be ? 'side.even' : 'side.odd'), lo: m(be ? 'side.odd' : 'side.even') };
  const enc = s.accepted ? report.encoding : (s.encoding || report.encoding);
  const mark = MARKS[s.format] || '';
  const cands = report.detection?.candidates || [];
  switch (code) {
    case 'bom': return m('step.bom', { mark });
    case 'bom16': return m('step.bom16');
    case 'bom_non_scalar':
      return m('step.bom_non_scalar', { mark, bad: num(fg.non_scalar_units), units: num(fg.units), p: pct(fg.non_scalar_units, fg.units) });
    case 'bom_but_binary': return m('step.bom_but_binary', { mark, why: binaryWhy(fg) });
    case 'forced': return m('step.forced');
    case 'ascii': return m('step.ascii');
    case 'valid_multibyte': return m('step.valid_multibyte', { valid: count('valid_multibyte', fg.valid_multibyte) });
    case 'utf8_with_segments': return m('step.utf8_with_segments', { list: segmentList(report, false) });
    case 'legacy_without_utf8_lines':
      return m('step.legacy_without_utf8_lines', { encoding: enc, list: segmentList(report, true) });
    case 'joined_layouts':
      return m('step.joined_layouts', {
        list: (report.segments || []).map((s) => `${segmentLines(s)} (${s.encoding})`).join(', '),
      });
    case 'invalid_within_tolerance':
    case 'too_many_invalid':
      return m(`step.${code}`, { valid: count('valid_multibyte', fg.valid_multibyte), invalid: count('invalid_sequence', fg.invalid_sequences) });
    case 'nul_share': case 'control_share': case 'legacy_binary_bytes':
      // binaryWhy's sentence already starts "binary:".
      return binaryWhy(fg);
    case 'all_scalar_values': return m('step.all_scalar_values', { units: num(fg.units) });
    case 'non_scalar_units':
      if (s.reason && /^byte order mark/.test(s.reason)) return stepWords(s, report, 'bom_non_scalar');
      return m('step.non_scalar_units', { bad: num(fg.non_scalar_units), units: num(fg.units), p: pct(fg.non_scalar_units, fg.units) });
    case 'no_whole_unit': return m('step.no_whole_unit');
    case 'zero_share_too_low': return m('step.zero_share_too_low', { p: pct(fg.high_zero_bytes, fg.high_bytes), ...sides });
    case 'zeros_on_wrong_side':
      return m('step.zeros_on_wrong_side', { low: num(fg.low_zero_bytes), high: num(fg.high_zero_bytes), ...sides });
    case 'first_units_not_latin': return m('step.first_units_not_latin');
    case 'zero_pattern':
      return m('step.zero_pattern', { p: pct(fg.high_zero_bytes, fg.high_bytes), low: num(fg.low_zero_bytes), ...sides });
    case 'legacy_not_binary': return m('step.legacy_not_binary', { encoding: enc });
    case 'hz_shifts':
      return m('step.hz_shifts', { encoding: enc, runs: count('hz_run', fg.shifts || 0) });
    case 'iso2022_escapes':
      return m('step.iso2022_escapes', { encoding: enc, escapes: count('escape', fg.escapes || 0), shifts: count('shift', fg.shifts || 0) });
    case 'legacy_scored': {
      const lng = report.language ? m('step.language', { language: languageName(report.language) }) : '';
      const second = cands.find((c) => c.encoding !== enc);
      const vars = { encoding: enc, lang: lng, cost: cost(fg.winner_cost_milli), ranked: rankedPart(fg) };
      if (!('runner_up_cost_milli' in fg)) return m('step.legacy_scored_alone', vars);
      return m('step.legacy_scored', {
        ...vars, other: cost(fg.runner_up_cost_milli), second: second ? second.encoding : m('step.another_page'),
        p: `${num(fg.confidence_percent ?? 0)} %`,
      });
    }
    case 'legacy_not_text':
      return m('step.legacy_not_text', {
        encoding: cands[0]?.encoding || report.text_reading?.encoding || enc, cost: cost(fg.winner_cost_milli),
        max: cost(fg.max_cost_milli), p: pct(fg.high_bytes, fg.ranked_bytes || fg.bytes), ranked: rankedPart(fg),
      });
    case 'utf16_ill_formed':
      return m('step.utf16_ill_formed', { bad: count('unpaired_surrogate', fg.unpaired_surrogates || 0), units: num(fg.units) });
    case 'utf16_unusual_units':
      return m('step.utf16_unusual_units', { p: pct(fg.unusual_units, fg.units), n: num(fg.unusual_units), units: num(fg.units) });
    case 'utf16_less_plausible': return lessPlausible(fg, report);
    case 'utf16_plausible':
      if (!('legacy_cost_milli' in fg)) return m('step.utf16_plausible_alone');
      return m('step.utf16_plausible', { cost: cost(fg.cost_milli), other: cost(fg.legacy_cost_milli) });
    case 'closest_reading': return m('step.closest_reading', { encoding: report.encoding });
    default: {
      // A code this page does not know yet: its figures, each named in words where the
      // catalogue has the name; never the core's English reason.
      const parts = Object.entries(fg).map(([k, v]) => `${m(`fig.${k}`) === `fig.${k}` ? k.replace(/_/g, ' ') : m(`fig.${k}`)} ${num(v)}`);
      return parts.length ? m('step.generic', { figures: parts.join(', ') }) : m('step.generic_none');
    }
  }
}

/** A detection step's sentence in the page's language, from `code` and `figures`. */
export function stepText(s, report) {
  const code = s.code || inferCode(s);
  const words = stepWords(s, report, code);
  return beyondLatin({ ...s, code }) ? m('step.beyond_latin', { words }) : words;
}

/**
 * A step's parser as the CLI names it: the format. D8's second look at a UTF-16 byte order is
 * told from the first by its sentence, which starts "beyond Latin" as the CLI's reason does.
 */
export function stepParser(s) { return s.format; }

/**
 * The runners-up of the legacy stage as chances (decision 83): the winner keeps the core's
 * confidence; what is left is shared among the others by their likelihood over the bytes
 * above 7F (score: minus nats per byte above 7F). [{encoding, language, also, chance}].
 */
export function runnersUp(report) {
  const d = report.detection || {};
  const cands = Array.isArray(d.candidates) ? d.candidates : [];
  const others = cands.filter((c) => c.encoding !== report.encoding);
  if (!others.length) return [];
  const legacy = [...(d.steps || [])].reverse().find((s) => s.format === 'legacy');
  const h = Math.max(1, legacy?.figures?.high_bytes || 1);
  const left = typeof d.confidence === 'number' ? Math.max(0, 1 - d.confidence) : 1;
  const best = Math.max(...others.map((c) => c.score));
  const w = others.map((c) => Math.exp(Math.max(-700, (c.score - best) * h)));
  const sum = w.reduce((a, b) => a + b, 0) || 1;
  return others.map((c, i) => ({ encoding: c.encoding, language: c.language || null, also: c.also || [], chance: (left * w[i]) / sum }));
}

/** "12 %", "< 1 %": a chance in whole percent. */
export function chanceText(p) {
  const n = Math.round(p * 100);
  return n < 1 ? m('summary.underone') : `${num(n)} %`;
}

/** The runners-up row: "windows-1250 (Hungarian) 12 %; ISO-8859-2 = … < 1 %". */
export function runnersUpText(report, max = 4) {
  return runnersUp(report).slice(0, max).map((c) => `${c.encoding}${c.language ? ` (${languageName(c.language)})` : ''}${c.also.length ? ` = ${c.also.join(', ')}` : ''}: ${chanceText(c.chance)}`).join('; ');
}

/** The name "Read as" and the worker take for a report's format: a code page by its name. */
export function forceName(r) { return r.format === 'legacy' ? r.encoding : r.format; }

// What a container is, from its MIME type: image, archive, document … (documents before
// archives: an EPUB's type ends in +zip).
const CONTAINER_KIND = [
  [/^image\//, 'image'], [/^audio\//, 'audio'], [/^video\//, 'video'], [/^font\/|font/, 'font'],
  [/pdf|msword|officedocument|opendocument|rtf|epub|postscript|ms-excel|powerpoint/, 'document'],
  [/zip|tar|gzip|bzip|xz|7z|rar|zstd|compress|archive|lz|cab|arj|deb|rpm/, 'archive'],
  [/executable|elf|mach|msdownload|dex|wasm|sharedlib|java/, 'program'],
  [/sqlite|database/, 'database'],
];

/** "PNG image", "ZIP archive" (in the page's language) from the report's `container`. */
export function containerWhat(c) {
  const mime = (c.mime || '').toLowerCase();
  const hit = CONTAINER_KIND.find(([re]) => re.test(mime));
  return m(`container.${hit ? hit[1] : 'file'}`, { name: c.name });
}

/**
 * A hint's sentence: which encoding to try, and why, in words from the report (the step that
 * nearly accepted the format, or the closest reading's problem counts); never the core's
 * `figures` string, which is for scripts.
 */
export function hintText(h, report = {}) {
  const enc = h.encoding;
  if (h.reason === 'near_bar') {
    const st = (report.detection?.steps || []).find((s) => s.format === enc && !s.accepted && !beyondLatin(s));
    if (st) return m('hint.near_bar_why', { enc, why: stepWords(st, report, st.code || inferCode(st)) });
  }
  if (h.reason === 'binary_only') {
    const c = report.text_reading?.problem_counts;
    if (c) {
      const what = [c.nul ? count('nul', c.nul) : '', c.control_character ? count('control_character', c.control_character) : '']
        .filter(Boolean).join(m('hint.and'));
      if (what) return m('hint.binary_only_why', { enc, what });
    }
  }
  const key = `hint.${h.reason}`;
  const s = m(key, { enc });
  return s === key ? m('hint.generic', { enc }) : s;
}

const ENDING_KEYS = { lf: 'LF', crlf: 'CRLF', cr: 'CR', nel: 'NEL', ls: 'LS', ps: 'PS' };

/**
 * The rows of a text reading's summary: [field, label key, text, the report's JSON value], so
 * that a test can compare each with `textscope --json`'s `text_reading`.
 */
export function readingSummary(r) {
  const counts = r.problem_counts || {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const kinds = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => count(k, n));
  const fc = r.finding_counts || {};
  const found = Object.values(fc).reduce((a, b) => a + b, 0);
  const fkinds = Object.entries(fc).filter(([, n]) => n > 0).map(([k, n]) => count(k, n));
  const endings = Object.entries(r.endings || {}).filter(([, n]) => n > 0).map(([k, n]) => `${ENDING_KEYS[k]} ${num(n)}`).join(', ');
  return [
    ['format', 'summary.format', r.format, r.format],
    ['encoding', 'summary.encoding', r.encoding, r.encoding],
    ['lines', 'summary.lines', num(r.lines), r.lines],
    ['characters', 'summary.characters', num(r.characters), r.characters],
    ['endings', 'summary.endings', endings || m('summary.none'), r.endings],
    ['longest_line', 'summary.longest', r.longest_line
      ? m('summary.longestvalue', { line: num(r.longest_line.line), n: num(r.longest_line.characters) }) : m('summary.none'), r.longest_line],
    ['problem_counts', 'summary.problems', total ? `${num(total)}: ${kinds.join(', ')}` : num(0), counts],
    ['finding_counts', 'summary.findings', found ? `${num(found)}: ${fkinds.join(', ')}` : num(0), fc],
  ];
}

/** What a run's count says: "4,096 NULs"; a kind with no word of its own, "5 in a row". */
export function runText(x, kind = x.kind) {
  const key = `run.${kind}`;
  const s = m(key, { n: num(x.count) });
  return s === key ? m('problems.run', { n: num(x.count) }) : s;
}

/** An escape sequence finding's sentence: what it does, and whether that is dangerous. */
export function ansiText(f) {
  const key = `effect.${f.effect}`;
  const effect = m(key) === key ? m('effect.other_csi') : m(key);
  return f.dangerous ? m('ansi.dangerousmsg', { effect }) : effect;
}

/** The findings row of a summary: "962: 960 terminal escape sequences, 2 bidi controls". */
export function findingsText(fc = {}) {
  const found = Object.values(fc).reduce((a, b) => a + b, 0);
  const kinds = Object.entries(fc).filter(([, n]) => n > 0).map(([k, n]) => count(k, n));
  return found ? `${num(found)} (${kinds.join(', ')})` : num(0);
}
