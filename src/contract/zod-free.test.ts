// The parts of the contract the browser loads at run time (the route tables and the values) import
// no schema library: the back office's chunk and the storefront's first load carry no Zod for them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;
const ZOD_FREE = ['routes.ts', 'admin-routes.ts', ...readdirSync(path.join(HERE, 'values')).map((f) => `values/${f}`)]
  .filter((f) => !f.endsWith('.test.ts'))
  .map((f) => path.join(HERE, f));

/** The modules a file loads at run time (`import type` and `export type` left out). */
const runtimeImports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gms)].map((m) => m[1]!);

describe('the Zod-free contract modules', () => {
  it('are the route tables and every values module', () => {
    expect(ZOD_FREE.map((f) => path.relative(HERE, f))).toEqual(
      expect.arrayContaining(['routes.ts', 'admin-routes.ts', 'values/checkout.ts', 'values/errors.ts']),
    );
  });

  it('load nothing at run time but one another', () => {
    const outside = ZOD_FREE.flatMap((file) =>
      runtimeImports(file)
        .filter((spec) => !ZOD_FREE.includes(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'))))
        .map((spec) => `${path.relative(HERE, file)} imports ${spec}`),
    );
    expect(outside).toEqual([]);
  });
});
