// The back office as built by `npm run build`: what the admin chunk loads at start carries no Zod;
// the contract schemas its forms check against come in their own chunk, loaded when a form opens.
import { describe, expect, it } from 'vitest';
import { builtFile, manifest, staticGraph as graph } from './manifest.js';

/** The chunks a chunk loads with it, however deep (the storefront entry, already loaded, left out). */
const staticGraph = (key: string) => graph(key, 'src/web/entry-client.tsx');

const code = (key: string) => builtFile(manifest[key]!.file).toString('utf8');
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
