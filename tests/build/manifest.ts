// The web build's manifest (`npm run build`), read by the tests of what each page loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { webRoot } from '../../src/server/ssr/storefront-renderer.js';

export type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export const manifest = JSON.parse(
  readFileSync(path.join(webRoot, 'client', '.vite', 'manifest.json'), 'utf8'),
) as Record<string, Chunk>;

/** The chunks `key` loads with it, however deep, leaving out `skip` (and what only it loads). */
export function staticGraph(key: string, skip?: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || key === skip) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticGraph(next, skip, seen);
  return seen;
}

/** A built file's bytes (`file` as the manifest names it). */
export const builtFile = (file: string) => readFileSync(path.join(webRoot, 'client', file));
