// The back office as built by `npm run build`: what the admin chunk loads at start carries no Zod;
// the contract schemas its forms check against come in their own chunk, loaded when a form opens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webRoot } from '../../src/server/ssr/storefront-renderer.js';

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(webRoot, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

/** The chunks a chunk loads with it, however deep (the storefront entry, already loaded, left out). */
function staticGraph(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || key === 'src/web/entry-client.tsx') return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticGraph(next, seen);
  return seen;
}

const code = (key: string) => readFileSync(path.join(webRoot, 'client', manifest[key]!.file), 'utf8');
/** Zod 4 names its classes with strings that survive minifying. */
const carriesZod = (key: string) => code(key).includes('$ZodType');

describe('the back office chunk', () => {
  const admin = 'src/web/admin/admin-app.tsx';
  const schemas = 'src/web/admin/queries/admin-schemas.ts';

  it('loads no Zod at start', () => {
    const start = [...staticGraph(admin)];
    expect(start.length).toBeGreaterThan(0);
    expect(start.filter(carriesZod)).toEqual([]);
  });

  it('loads the contract schemas lazily, when a form first checks', () => {
    expect(manifest[admin]?.dynamicImports).toContain(schemas);
    expect([...staticGraph(schemas)].some(carriesZod)).toBe(true);
  });
});
