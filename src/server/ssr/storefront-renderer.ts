// Loads the web app's server bundle and the client manifest built by Vite (npm run build).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderAssets, RenderFn, RenderInput } from '../../web/ssr-contract.js';
import { runtimeFiles } from '../runtime-files.js';

export const webRoot = runtimeFiles.web;

type ManifestChunk = { file: string; css?: string[]; assets?: string[]; imports?: string[]; isEntry?: boolean };

/** The core subset of each web font face (src/web/styles/fonts.css, named `{family}-core-wght-{style}`). */
export const PRELOADED_FONT = /-core-wght-(normal|italic)-[\w-]+\.woff2$/;

export function readAssets(root = webRoot): RenderAssets {
  const manifestPath = path.join(root, 'client', '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`The web app is not built (${manifestPath} is missing): run "npm run build".`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/web/entry-client.tsx'];
  if (!entry) throw new Error('The client manifest has no src/web/entry-client.tsx entry');
  const preload = new Set<string>();
  const styles = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entry.imports?.forEach(visit);
  const url = (file: string) => `/${file}`;
  const fonts = (entry.assets ?? []).filter((file) => PRELOADED_FONT.test(file)).map(url);
  return { entry: url(entry.file), preload: [...preload].map(url), styles: [...styles].map(url), fonts };
}

export type StorefrontRenderer = { render(input: Omit<RenderInput, 'assets'>): ReturnType<RenderFn> };

/** Stylesheets up to this size are inlined: one render-blocking request less on a slow phone. */
export const INLINE_CSS_MAX_BYTES = 96 * 1024;

/**
 * The entry's CSS as one <style> block, or undefined when it is too large to inline. The page is
 * then rendered without stylesheet links; React 19 leaves the extra <style> in <head> alone when
 * it hydrates.
 */
export function inlineStyles(assets: RenderAssets, root = webRoot): string | undefined {
  const css = assets.styles.map((href) => readFileSync(path.join(root, 'client', href), 'utf8')).join('\n');
  if (Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES) return undefined;
  return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}

/** The bundle is loaded on first use, so the API works (and its tests run) without a web build. */
export function storefrontRenderer(root = webRoot): StorefrontRenderer {
  let loaded: Promise<{ render: RenderFn; assets: RenderAssets; style: string | undefined }> | undefined;
  const load = async () => {
    const built = readAssets(root);
    const style = inlineStyles(built, root);
    const assets = style ? { ...built, styles: [] } : built;
    const mod = (await import(pathToFileURL(path.join(root, 'server', 'entry-server.js')).href)) as {
      render: RenderFn;
    };
    return { render: mod.render, assets, style };
  };
  return {
    async render(input) {
      loaded ??= load().catch((err: unknown) => {
        loaded = undefined;
        throw err;
      });
      const { render, assets, style } = await loaded;
      const result = await render({ ...input, assets });
      if (!style || !result.html) return result;
      const at = result.html.indexOf('</head>');
      return at === -1 ? result : { ...result, html: result.html.slice(0, at) + style + result.html.slice(at) };
    },
  };
}
