// The back office as built by `npm run build`: its chunks carry no Zod (the forms' schemas, when a
// form checks input in the browser, load on their own when the form opens).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webRoot } from '../../src/server/ssr/storefront-renderer.js';

type Chunk = { file: string; imports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(webRoot, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

function staticGraph(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticGraph(next, seen);
  return seen;
}

/** Marks Zod's code leaves in a bundle, whatever the minifier renames. */
const ZOD_MARKS = /ZodError|\$ZodType/;

describe('the admin page', () => {
  it('loads no Zod with its chunks', () => {
    const admin = Object.keys(manifest).find((k) => k.endsWith('src/web/admin/admin-app.tsx'));
    expect(admin).toBeDefined();
    const withZod = [...staticGraph(admin!)]
      .map((k) => manifest[k]!.file)
      .filter((file) => ZOD_MARKS.test(readFileSync(path.join(webRoot, 'client', file), 'utf8')));
    expect(withZod).toEqual([]);
  });

  it('is told apart from a chunk with Zod (a guard against marks that match nothing)', () => {
    const files = Object.values(manifest).map((c) => c.file);
    const withZod = files.filter(
      (file) => file.endsWith('.js') && ZOD_MARKS.test(readFileSync(path.join(webRoot, 'client', file), 'utf8')),
    );
    // The gift card page checks its form with the contract's schema: Zod is in the build, elsewhere.
    expect(withZod.length).toBeGreaterThan(0);
  });
});
