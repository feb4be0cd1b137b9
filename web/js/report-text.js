// A report's problems, notes and detection steps in the page's language, from the report's
// structured fields (kind, reason, line, column, offset, bytes, figures), never from its
// English `message` strings, which stay the CLI's and --json's.
import { el } from './dom.js';
import { t, lang } from './i18n.js';

export const gen = (text) => el('code', { class: 'gen' }, text);

/** A report's format: the format's name, or the verdict binary / empty in words. */
export function formatName(f) { return f === 'binary' || f === 'empty' ? t(`verdict.${f}`) : f; }

/** One problem: its kind in words (and how many in a row, for a run), where it is, its bytes. */
export function problemItem(x) {
  const kind = t(`kind.${x.kind}`) + (x.reason ? ` (${t(`reason.${x.reason}`)})` : '')
    + (x.count > 1 ? `, ${t('problems.inarow', { n: x.count })}` : '');
  return el('div', { class: 'pitem', dataset: { kind: x.kind, offset: x.offset } },
    el('strong', {}, kind), ` — ${t('problems.at', { line: x.line, column: x.column, offset: x.offset })}: `, gen(x.bytes));
}

/** One note (N1). */
export function noteItem(n) {
  return el('div', { class: 'pitem', dataset: { kind: n.kind, offset: n.offset } },
    el('strong', {}, t(`kind.${n.kind}`)), ` — ${t('notes.at', { line: n.line, offset: n.offset })}`);
}

/** The problems (and notes) of a sample's report, or the words for none. */
export function problemCell(report, notes = true) {
  const items = report.problems.map(problemItem);
  if (notes) for (const n of report.notes) items.push(noteItem(n));
  return items.length ? items : [t('problems.none')];
}

/**
 * One detection step. English shows the core's reason (the CLI's words); other languages
 * say the verdict and the step's figures, or the mark when the mark decided.
 */
export function stepItem(st, report) {
  const verdict = t(st.accepted ? 'detection.accepted' : 'detection.rejected');
  let why;
  if (lang() === 'en') why = st.reason;
  else {
    const figs = Object.entries(st.figures || {});
    if (figs.length) why = figs.map(([k, v]) => `${t(`fig.${k}`)} ${v}`).join(' · ');
    else why = st.accepted && report.bom ? t('det.mark', { bytes: report.bom.bytes }) : '';
  }
  return el('li', { class: st.accepted ? 'ok' : 'no', dataset: { format: st.format, accepted: st.accepted } },
    el('strong', {}, st.format), `: ${verdict}${why ? ` — ${why}` : ''}`);
}
