// The code pages the core decodes, from the core itself (crates/textscope-wasm's
// ts_code_pages: its registry, commonest first, each with its family), for "Read as": the page
// never keeps a list of its own, so it offers exactly what the CLI's --encoding reads.
import { load } from './textscope.js';

let list = null;
let loading = null;

/** The core's code pages, [{name, family}], once loaded; null before. */
export function codePages() { return list; }

/** Loads the list once (the wasm module the page already uses); resolves to it. */
export function loadCodePages() {
  if (!loading) {
    loading = load().then((ts) => {
      const h = ts.x.ts_code_pages();
      if (!h) throw new Error('textscope wasm: no code page list');
      const json = ts.result(h);
      ts.x.ts_free(h);
      list = JSON.parse(json);
      return list;
    });
  }
  return loading;
}

/** The pages grouped by family, in the order the families first come: [[family, [name…]]]. */
export function byFamily(pages) {
  const groups = new Map();
  for (const p of pages) {
    if (!groups.has(p.family)) groups.set(p.family, []);
    groups.get(p.family).push(p.name);
  }
  return [...groups];
}
