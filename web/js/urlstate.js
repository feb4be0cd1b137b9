// The explorer's state in the address: `as` (read as), `at` (selected byte offset), `sample`
// (the sample file open). Other parameters (the page's `lang`) and the path stay as they are;
// replaceState, so that moving around a file does not fill the history.

const KEYS = ['as', 'at', 'sample'];

/** The explorer's parameters of the current address. */
export function readState() {
  const q = new URLSearchParams(location.search);
  const at = q.get('at');
  return {
    as: q.get('as') || '',
    at: at !== null && /^\d+$/.test(at) ? Number(at) : null,
    sample: q.get('sample') || '',
  };
}

/** Sets (or, with '' / null, removes) some of the explorer's parameters. */
export function writeState(patch) {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(patch)) {
    if (!KEYS.includes(k)) continue;
    if (v === null || v === undefined || v === '') q.delete(k);
    else q.set(k, String(v));
  }
  const s = q.toString();
  const url = `${location.pathname}${s ? `?${s}` : ''}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
}
