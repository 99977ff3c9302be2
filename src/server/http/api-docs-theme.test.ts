import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtFontFaces, SHOP_FAVICON_SVG, SHOP_TOKENS } from './api-docs-theme.js';

const web = (file: string) => readFileSync(new URL(`../../web/${file}`, import.meta.url), 'utf8');

/** The custom properties declared in the storefront's first `:root` block. */
function rootTokens(css: string): Map<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const withoutComments = block.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map([...withoutComments.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe("the API page's look", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("takes every colour and font from the storefront's tokens, as global.css declares them", () => {
    const storefront = rootTokens(web('styles/global.css'));
    expect(storefront.get('--accent')).toBe('#7b2d3b'); // the reader understands the file
    const differing = Object.entries(SHOP_TOKENS)
      .filter(([name, value]) => storefront.get(name) !== value)
      .map(([name, value]) => `${name}: ${value} here, ${storefront.get(name) ?? 'absent'} in global.css`);
    expect(differing).toEqual([]);
  });

  it("shows the storefront's favicon", () => {
    expect(SHOP_FAVICON_SVG).toBe(web('assets/favicon.svg').trim());
  });

  it("loads the storefront's own font files: the @font-face rules of the web build's entry stylesheet", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'api-docs-theme-'));
    folders.push(root);
    expect(builtFontFaces(root)).toBe(''); // no web build (the API tests may run without one)

    mkdirSync(path.join(root, 'client', '.vite'), { recursive: true });
    mkdirSync(path.join(root, 'client', 'assets'));
    const face =
      "@font-face{font-family:Jost Core;font-style:normal;font-weight:100 900;src:url(/assets/jost-core-wght-normal-X1.woff2)format('woff2-variations')}";
    writeFileSync(
      path.join(root, 'client', 'assets', 'entry-client-A.css'),
      `:root{--accent:#7b2d3b}${face}body{margin:0}`,
    );
    writeFileSync(
      path.join(root, 'client', '.vite', 'manifest.json'),
      JSON.stringify({
        'src/web/entry-client.tsx': { file: 'assets/entry-client-A.js', css: ['assets/entry-client-A.css'] },
      }),
    );
    expect(builtFontFaces(root)).toBe(face);
  });
});
