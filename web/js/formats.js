// The six formats the site has a page for. Its own module so that app.js, home.js and
// format-page.js can all import it without importing one another.
export const FORMATS = [
  { id: 'utf-8', name: 'UTF-8', page: 'utf-8.html', unit: 1 },
  { id: 'utf-16le', name: 'UTF-16LE', page: 'utf-16le.html', unit: 2 },
  { id: 'utf-16be', name: 'UTF-16BE', page: 'utf-16be.html', unit: 2 },
  { id: 'utf-32le', name: 'UTF-32LE', page: 'utf-32le.html', unit: 4 },
  { id: 'utf-32be', name: 'UTF-32BE', page: 'utf-32be.html', unit: 4 },
  // The legacy page's name is a catalogue key: it is words, not a label.
  { id: 'legacy', nameKey: 'nav.legacy', page: 'legacy.html', unit: 1 },
];
