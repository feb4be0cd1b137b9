// The reader: a worker of the analysis worker's own (js/worker.js) that reads slices of the
// file and hands each over as a transferred ArrayBuffer (no copy). In Chromium a blob read is
// finished on the thread that asked for it, so reads asked by the analysis worker wait while
// the core holds that thread; asked here, they go on while the core works.
// Messages: {type:'file', file}, then {type:'read', id, start, end} → {id, buf} or {id, error}.
let file = null;

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'file') {
    file = m.file;
    return;
  }
  if (m.type !== 'read') return;
  file.slice(m.start, m.end).arrayBuffer().then(
    (buf) => self.postMessage({ id: m.id, buf }, [buf]),
    (err) => self.postMessage({ id: m.id, error: String(err && err.message || err) }),
  );
};
