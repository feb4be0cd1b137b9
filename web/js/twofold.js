// Files of two encodings and mojibake in the explorer (docs/mojibake.md, "In the explorer"):
// the report's segments and mojibake findings marked in the tree, the preview and the hex view,
// and "Save as UTF-8 (repaired)", made by the core in the worker (textscope::repair) and saved
// through a Blob URL. Methods of Explorer (explorer.js). File content is text, never markup.
import { el } from './dom.js';
import { num, plural, lang } from './i18n.js';
import { m, MESSAGES } from './messages.js';
import { segmentLines, findingText } from './describe.js';

/** A plural string of messages.js ({one, other}) in the page's language. */
function count(key, n) {
  return plural(n, MESSAGES[lang()]?.[key] ?? MESSAGES.en[key]);
}

const pct = (c) => num(Math.round((c || 0) * 100));

export const twofoldMethods = {
  /** The report's segments (two or more) and mojibake runs, indexed for the three views. */
  twofoldIndex(report) {
    const segs = (report.segments || []).length >= 2 ? report.segments : [];
    this.segs = segs;
    this.segIndex = segs.map((s, k) => [s.offset, s.offset + s.length, k]);
    const runs = (report.findings || []).filter((f) => f.kind === 'mojibake' && f.repair);
    this.mojibake = runs;
    this.mojibakeIndex = runs.map((f, k) => [f.offset, f.offset + f.length, k]).sort((a, b) => a[0] - b[0]);
    this.mojibakeByLine = new Map();
    for (const f of runs) {
      if (!this.mojibakeByLine.has(f.line)) this.mojibakeByLine.set(f.line, []);
      this.mojibakeByLine.get(f.line).push(f);
    }
    this.repairBtn.hidden = !this.canRepair(report);
    this.repairSay('');
  },

  /** "Save as UTF-8 (repaired)" is offered: segments, mojibake, or text that is not UTF-8. */
  canRepair(r) {
    if (r.format === 'binary' || r.format === 'empty') return false;
    return this.segs.length >= 2 || this.mojibake.length > 0 || r.format !== 'utf-8';
  },

  /** The entry of sorted ranges `idx` ([start, end, k]) holding byte o, or null. */
  rangeAt(idx, o) {
    let lo = 0;
    let hi = idx.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (idx[mid][0] <= o) lo = mid + 1; else hi = mid;
    }
    const e = idx[lo - 1];
    return e && o < e[1] ? e : null;
  },

  /** The segment holding byte o (its index), or -1. */
  segmentAt(o) {
    const e = this.segs.length ? this.rangeAt(this.segIndex, o) : null;
    return e ? e[2] : -1;
  },

  /** The run of mojibake holding byte o, or null. */
  mojibakeAt(o) {
    const e = this.mojibake.length ? this.rangeAt(this.mojibakeIndex, o) : null;
    return e ? this.mojibake[e[2]] : null;
  },

  /** The segment of line n that is in another encoding than the file's, or null. */
  foreignSegment(n) {
    return this.segs.find((s) => s.encoding !== this.report.encoding && n >= s.first_line && n <= s.last_line) || null;
  },

  segmentTitle(s) {
    return m('seg.foreign', { lines: segmentLines(s), encoding: s.encoding, file: this.report.encoding, c: pct(s.confidence) });
  },

  segmentItem(s, k) {
    return m('seg.item', { k: num(k + 1), lines: segmentLines(s), encoding: s.encoding, c: pct(s.confidence) });
  },

  // ---- the tree: a segments node after the mark ---------------------------------------------

  /** Rows before the first line: the mark, the segments node and one row per segment. */
  segRows() { return this.segs && this.segs.length ? 1 + this.segs.length : 0; },

  segRow(i, k) {
    const base = { role: 'treeitem', dataset: { row: i } };
    if (k < 0) {
      const e = el('div', { ...base, class: 'row segs', dataset: { row: i, kind: 'segs' }, 'aria-level': 1, 'aria-expanded': 'true' },
        el('span', { class: 'twisty' }, '▾'), el('span', { class: 'label' }, m('seg.title')),
        el('span', { class: 'meta' }, num(this.segs.length)));
      e.setAttribute('aria-selected', 'false');
      return e;
    }
    const s = this.segs[k];
    const foreign = s.encoding !== this.report.encoding;
    const e = el('div', {
      ...base, class: `row seg${foreign ? ' foreign' : ''}`, 'aria-level': 2,
      dataset: { row: i, kind: 'seg', seg: k, offset: s.offset, length: s.length, encoding: s.encoding },
    },
    el('span', { class: 'twisty' }),
    el('span', { class: 'label' }, this.segmentItem(s, k)),
    el('span', { class: 'meta' }, m('tree.bytesat', { n: num(s.length), offset: num(s.offset) })));
    e.setAttribute('aria-selected', String(this.sel?.kind === 'seg' && this.sel.seg === k));
    return e;
  },

  /** Badges of a line row: its foreign segment and its runs of mojibake. */
  lineBadges(n) {
    const out = [];
    const s = this.foreignSegment(n);
    if (s) out.push(el('span', { class: 'badge seg', dataset: { kind: 'mixed_encoding' }, title: this.segmentTitle(s) }, s.encoding));
    const runs = this.mojibakeByLine.get(n);
    if (runs) {
      out.push(el('span', { class: 'badge finding', dataset: { kind: 'mojibake' }, title: runs.map((f) => findingText(f, '', this.report)).join('\n') },
        `${m('mojibake.badge')} ×${num(runs.length)}`));
    }
    return out;
  },

  // ---- the preview ------------------------------------------------------------------------

  /** A preview line's text: runs of mojibake in marks with their repair in the title. */
  previewLine(n, text, truncated) {
    const line = el('span', { class: 'text' });
    const runs = this.mojibakeByLine.get(n);
    if (!runs) {
      line.textContent = text + truncated;
      return line;
    }
    const chars = Array.from(text);
    let at = 0;
    for (const f of [...runs].sort((a, b) => a.column - b.column)) {
      const from = f.column - 1;
      const len = Array.from(f.repair.original).length;
      if (from < at || from >= chars.length) continue;
      if (from > at) line.append(chars.slice(at, from).join(''));
      const mark = el('mark', { class: 'mojibake', title: findingText(f, '', this.report), dataset: { offset: f.offset, repaired: f.repair.repaired } });
      mark.textContent = chars.slice(from, from + len).join('');
      line.append(mark);
      at = from + len;
    }
    if (at < chars.length) line.append(chars.slice(at).join(''));
    if (truncated) line.append(truncated);
    return line;
  },

  /** Marks a preview line of a foreign segment. */
  previewSegment(row, n) {
    const s = this.foreignSegment(n);
    if (!s) return;
    row.classList.add('seg-foreign');
    row.title = this.segmentTitle(s);
    row.dataset.encoding = s.encoding;
  },

  // ---- the hex view -----------------------------------------------------------------------

  /** Classes of byte o: in a segment (alternating tints, the foreign ones marked), in a run. */
  hexTwofold(o, cls) {
    if (this.segs.length) {
      const k = this.segmentAt(o);
      if (k >= 0) {
        cls.push(k % 2 ? 'seg-b' : 'seg-a');
        if (this.segs[k].encoding !== this.report.encoding) cls.push('seg-foreign');
      }
    }
    if (this.mojibake.length && this.mojibakeAt(o)) cls.push('moji');
  },

  /** What the inspector says of byte o: its segment and its run of mojibake. */
  inspectorTwofold(o) {
    const out = [];
    const k = this.segmentAt(o);
    if (k >= 0) {
      const s = this.segs[k];
      out.push(el('p', { class: 'in-seg', dataset: { seg: k } }, m('seg.inspector', { k: num(k + 1), lines: segmentLines(s), encoding: s.encoding })));
    }
    const f = this.mojibakeAt(o);
    if (f) {
      out.push(el('p', { class: 'in-mojibake', dataset: { offset: f.offset } },
        m('mojibake.inspector', { original: f.repair.original, repaired: f.repair.repaired })));
    }
    return out;
  },

  // ---- Save as UTF-8 (repaired) -----------------------------------------------------------

  buildRepair() {
    this.repairBtn = el('button', { type: 'button', id: 'save-repaired', hidden: true, onclick: () => this.saveRepaired() });
    this.repairNote = el('p', { id: 'repair-note', class: 'repair-note', role: 'status', 'aria-live': 'polite', hidden: true });
    this.renderRepair();
    return [this.repairBtn, this.repairNote];
  },

  renderRepair() {
    this.repairBtn.textContent = m('repair.button');
    if (this.repairDone) this.repairSay(this.repairText(this.repairDone));
  },

  /** The line under the button: what the last repair did (hidden when it says nothing). */
  repairSay(text) {
    this.repairNote.textContent = text;
    this.repairNote.hidden = !text;
  },

  repairName() {
    const base = (this.file.name || 'file').replace(/[\\/:*?"<>|]+/g, '_');
    const dot = base.lastIndexOf('.');
    return dot > 0 ? `${base.slice(0, dot)}.utf-8${base.slice(dot)}` : `${base}.utf-8.txt`;
  },

  repairText(d) {
    let s = m('repair.done', { name: d.name, runs: count('repair.runs', d.repaired), segs: count('repair.segs', d.segments) });
    if (d.ambiguous) s += count('repair.ambiguous', d.ambiguous);
    if (d.over_cap) s += m('repair.overcap', { n: num(d.over_cap) });
    if (d.replaced) s += count('repair.replaced', d.replaced);
    return s;
  },

  /** Has the worker make the repaired file (nothing leaves the browser) and saves it. */
  async saveRepaired() {
    if (!this.report) return;
    this.repairBtn.disabled = true;
    this.repairDone = null;
    this.repairSay(m('repair.working'));
    try {
      const msg = await this.request({ type: 'repair' });
      const name = this.repairName();
      this.repairDone = { ...msg.summary, name };
      this.root.dataset.repair = JSON.stringify(msg.summary);
      const a = el('a', { href: URL.createObjectURL(msg.blob), download: name, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
      this.repairSay(this.repairText(this.repairDone));
    } catch (e) {
      this.repairSay(m('repair.failed', { message: String(e && e.message || e) }));
    } finally {
      this.repairBtn.disabled = false;
    }
  },
};
