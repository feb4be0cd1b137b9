// What each format page says, in English and Spanish, in our own words from the facts of
// SPEC.md; one module per page under docs/. Every byte the pages show comes from the core at
// load time (format-page.js runs the recipes through ts_sample: text, {u:XXXX} for a raw unit,
// {cut} to drop the last byte).
import { UTF8 } from './docs/utf8.js';
import { UTF16LE, UTF16BE } from './docs/utf16.js';
import { UTF32LE, UTF32BE } from './docs/utf32.js';
import { LEGACY } from './docs/legacy.js';

export const EXAMPLES = ['A', 'é', '€', '中', '😀'];

/** Each page's prose as {en, es}. */
export const DOCS = {
  'utf-8': UTF8,
  'utf-16le': UTF16LE,
  'utf-16be': UTF16BE,
  'utf-32le': UTF32LE,
  'utf-32be': UTF32BE,
  legacy: LEGACY,
};
