// The inputs of the browser benchmarks (bench.js, bench-wasm.js): one block per kind, repeated
// to the size asked for. The lines are those of scripts/bench-peers.sh, with some variety in
// the log lines.
const LEVELS = ['INFO', 'DEBUG', 'WARN', 'INFO', 'ERROR'];

function logLines(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = String(i % 60).padStart(2, '0');
    out.push(`2026-12-02T11:${String((i >> 6) % 60).padStart(2, '0')}:${s}Z ${LEVELS[i % 5]} server: request handled in ${(i * 7) % 500} ms path=/api/v1/items/${i % 9973} status=${i % 11 ? 200 : 404}\n`);
  }
  return out.join('');
}

const MULTI = 'Grüße aus Köln — naïve café; Привет, мир! 中文文本的一行，日本語のテキスト 😀\n';

/** name, label, the mark (if any), the block, and the format to force when fed in pieces. */
export const FILES = [
  { name: 'utf8-ascii-log.txt', label: 'UTF-8, ASCII-heavy log lines', force: 'utf-8', block: () => Buffer.from(logLines(8192)) },
  { name: 'utf8-multilingual.txt', label: 'UTF-8, multilingual', force: 'utf-8', block: () => Buffer.from(MULTI.repeat(4096)) },
  { name: 'utf16le-bom-crlf.txt', label: 'UTF-16LE + BOM, CRLF log lines', force: 'utf-16le', mark: Buffer.from([0xFF, 0xFE]), block: () => Buffer.from(logLines(8192).replaceAll('\n', '\r\n'), 'utf16le') },
];
