// Unicode names (from the core: the UTF-16 inspector's `label`, crates/textscope/src/utf16) and
// general categories (the browser's Unicode property escapes) of the characters a tree row shows.
import { load } from './textscope.js';
import { m } from './messages.js';

const GC = ['Lu', 'Ll', 'Lt', 'Lm', 'Lo', 'Mn', 'Mc', 'Me', 'Nd', 'Nl', 'No', 'Pc', 'Pd', 'Ps', 'Pe',
  'Pi', 'Pf', 'Po', 'Sm', 'Sc', 'Sk', 'So', 'Zs', 'Zl', 'Zp', 'Cc', 'Cf', 'Co', 'Cs'];
const RE = GC.map((g) => [g, new RegExp(`^\\p{gc=${g}}$`, 'u')]);

/** The two-letter general category of a code point ('Cn' when none matches: unassigned). */
export function category(cp) {
  const s = String.fromCodePoint(cp);
  for (const [g, re] of RE) if (re.test(s)) return g;
  return 'Cn';
}

export const categoryName = (g) => m(`gc.${g}`);

let ts = null;
/** The core's names for a list of code points (numbers), in order; null until loaded. */
export async function names(cps) {
  if (!ts) ts = await load();
  if (!cps.length) return [];
  const r = ts.inspect(String.fromCodePoint(...cps));
  return r.code_points.map((c) => c.label);
}
