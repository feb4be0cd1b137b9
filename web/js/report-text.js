// A report's problems, notes, findings and detection steps in the page's language, for the
// format pages' example tables, from the report's structured fields through describe.js's
// sentences (the explorer's own), never from its English `message` / `reason` strings, which
// stay the CLI's and --json's.
import { el } from './dom.js';
import { t, num } from './i18n.js';
import { m } from './messages.js';
import { problemText, noteText, stepText, stepParser, ansiText, runText, cpLabel } from './describe.js';

export const gen = (text) => el('code', { class: 'gen' }, text);

/** A report's format: the format's name, or the verdict binary / empty in words. */
export function formatName(f) { return f === 'binary' || f === 'empty' ? t(`verdict.${f}`) : f; }

const where = (x) => t('problems.at', { line: num(x.line), column: num(x.column), offset: num(x.offset) });

/** One problem: its sentence (which names its kind; how many in a row, for a run), where it is, its bytes. */
export function problemItem(x, report) {
  const run = x.count > 1 ? ` (${runText(x)})` : '';
  return el('div', { class: 'pitem', dataset: { kind: x.kind, offset: x.offset } },
    el('strong', {}, problemText(x, report)), `${run}; ${where(x)}: `, gen(x.bytes));
}

/** One note (N1). */
export function noteItem(n) {
  return el('div', { class: 'pitem note', dataset: { kind: n.kind, offset: n.offset } },
    el('strong', {}, m('kind.notes')), ` — ${noteText(n)}; ${t('notes.at', { line: num(n.line), offset: num(n.offset) })}`);
}

/**
 * One finding (a bidi control, an invisible character, a terminal escape): valid text, so
 * not a problem, but shown beside the problems in an example meant to show it.
 */
export function findingItem(f) {
  const what = f.kind === 'ansi_escape' ? ansiText(f) : (f.code_point || (f.code_point === 0 ? cpLabel(0) : ''));
  return el('div', { class: 'pitem finding', dataset: { kind: f.kind, offset: f.offset } },
    el('strong', {}, t(`finding.${f.kind}`)), ` — ${what}; ${where(f)}: `, gen(f.kind === 'ansi_escape' && f.sequence ? f.sequence : f.bytes));
}

/**
 * The problems, findings and notes of a sample's report, or the words for none: "No problems,
 * no notes." only when there is truly nothing (no finding either).
 */
export function problemCell(report, notes = true) {
  const items = report.problems.map((x) => problemItem(x, report));
  for (const f of report.findings || []) items.push(findingItem(f));
  if (notes) for (const n of report.notes) items.push(noteItem(n));
  return items.length ? items : [t('problems.none')];
}

/** One detection step: the parser, its verdict and why, in the page's language. */
export function stepItem(st, report) {
  const verdict = t(st.accepted ? 'detection.accepted' : 'detection.rejected');
  return el('li', { class: st.accepted ? 'ok' : 'no', dataset: { format: st.format, accepted: st.accepted, code: st.code || '' } },
    el('strong', {}, stepParser(st)), `: ${verdict} — ${stepText(st, report)}`);
}
