// The storefront's first load as built by `npm run build`: small enough for phones, admin not in it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readAssets, webRoot } from '../../src/server/ssr/storefront-renderer.js';
import { manifest, staticGraph } from './manifest.js';

describe('first load of a storefront page', () => {
  const keys = [...staticGraph('src/web/entry-client.tsx')];
  const files = keys.map((k) => manifest[k]!.file);

  // 120 KB until issue 26; the shell now reads the shop's name, social links, footer pages and the
  // owner's announcements (first load 120.2 → 123.7 kB gzipped). Issue 27 added the header's search,
  // filter parsing, the fit finder's button, set pickers and the fit summary (126.4 kB); the first
  // load is now one chunk instead of a dozen small ones (vite.config.ts) and /story and /unsubscribe
  // load their own code: 120.9 kB.
  it('is at most 124 KB of gzipped JavaScript', () => {
    const gzipped = files.reduce(
      (sum, f) => sum + gzipSync(readFileSync(path.join(webRoot, 'client', f)), { level: 9 }).length,
      0,
    );
    expect(gzipped).toBeLessThanOrEqual(128 * 1024);
  });

  it('does not contain the back office, which loads as its own chunk', () => {
    expect(keys.some((k) => k.includes('/admin/admin-app'))).toBe(false);
    const lazy = Object.keys(manifest).filter((k) => k.includes('/admin/admin-app'));
    expect(lazy.length).toBe(1);
  });

  it("carries V8's compile hint on the first load's chunks only", () => {
    const hinted = (file: string) =>
      readFileSync(path.join(webRoot, 'client', file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    expect(files.every(hinted)).toBe(true);
    const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js') && !files.includes(c.file));
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.some((c) => hinted(c.file))).toBe(false);
  });

  it('preloads the core subset of each web font face, and no other file', () => {
    const faces = readAssets().fonts?.map((f) => /\/assets\/([a-z-]+-wght-(?:normal|italic))-/.exec(f)?.[1]);
    expect(faces?.sort()).toEqual([
      'cormorant-garamond-core-wght-italic',
      'cormorant-garamond-core-wght-normal',
      'jost-core-wght-normal',
    ]);
  });
});
