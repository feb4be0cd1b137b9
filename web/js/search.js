// Searching a file: bytes (File.slice, 1 MiB at a time, in this thread) and text (the decoded
// lines, from the worker through the sparse index). Both stop at CAP matches.

export const CAP = 1000;
const PIECE = 1024 * 1024;
const TEXT_LINES = 64; // lines per structure request while searching text
const TEXT_MAX = 100000; // characters of each line searched

/** Parses "E2 80 AE", "e280ae", "0xE2 0x80": the bytes, or null if it is not hex pairs. */
export function parseHex(s) {
  const h = s.replace(/0x/gi, '').replace(/[\s,]+/g, '');
  if (!h || h.length % 2 || /[^0-9a-f]/i.test(h)) return null;
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Every offset of `needle` in `file` (up to CAP); `alive()` false stops the search. */
export async function findBytes(file, needle, alive) {
  const hits = [];
  const n = needle.length;
  for (let pos = 0; pos < file.size && hits.length < CAP; pos += PIECE) {
    const end = Math.min(file.size, pos + PIECE + n - 1);
    const b = new Uint8Array(await file.slice(pos, end).arrayBuffer());
    if (!alive()) return null;
    const first = needle[0];
    for (let i = b.indexOf(first); i >= 0 && i + n <= b.length; i = b.indexOf(first, i + 1)) {
      let k = 1;
      while (k < n && b[i + k] === needle[k]) k++;
      if (k === n && i < PIECE) {
        hits.push({ offset: pos + i, length: n });
        if (hits.length >= CAP) break;
      }
    }
  }
  return hits;
}

/**
 * Every occurrence of `q` in the decoded lines (up to CAP): {line, index} with `index` the
 * position in the line's text in UTF-16 units; `request` asks the worker for lines.
 */
export async function findText(request, lines, q, alive) {
  const hits = [];
  for (let first = 1; first <= lines && hits.length < CAP; first += TEXT_LINES) {
    const last = Math.min(lines, first + TEXT_LINES - 1);
    const msg = await request({ type: 'lines', first, last, maxChars: 0, maxText: TEXT_MAX });
    if (!alive()) return null;
    for (const info of msg.structure.lines) {
      for (let i = info.text.indexOf(q); i >= 0; i = info.text.indexOf(q, i + q.length)) {
        hits.push({ line: info.number ?? info.line, index: i, text: info.text });
        if (hits.length >= CAP) break;
      }
      if (hits.length >= CAP) break;
    }
  }
  return hits;
}
