// After `vite build`: write .br and .gz next to each text asset, so @fastify/static serves them
// precompressed (preCompressed: true) instead of compressing on every request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from '../tests/support/paths.js';

const dir = path.join(ROOT, 'dist', 'client', 'assets');
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
  const raw = readFileSync(path.join(dir, name));
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(path.join(dir, `${name}.br`), br);
  writeFileSync(path.join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
  before += raw.length;
  after += br.length;
}
console.log(`compressed assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`);
