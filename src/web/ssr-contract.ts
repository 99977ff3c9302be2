// The seam between the server and the web app's server-side render (src/web/entry-server.tsx).
import type { ShopApi } from './api/shop-api.js';

export type RenderAssets = {
  /** The client entry module, e.g. /assets/entry-client-abc123.js */
  entry: string;
  /** Chunks the entry imports statically: emitted as <link rel="modulepreload">. */
  preload: string[];
  /** Stylesheets of the entry. */
  styles: string[];
  /** The Latin web fonts every page uses: emitted as <link rel="preload" as="font">. */
  fonts?: string[];
};

export type RenderInput = {
  /** Path and query of the request, e.g. /categories/?category=bras */
  url: string;
  /** Data for the page, served by the same services as the JSON calls (no HTTP round trip). */
  api: ShopApi;
  assets: RenderAssets;
  /** Absolute origin for canonical URLs and Open Graph, e.g. https://shop.example.com */
  publicUrl: string;
};

export type RenderResult = {
  status: number;
  /** When set, the server answers a redirect (301 or 302 by status) instead of html. */
  redirect?: string;
  /** The whole document, starting with <!DOCTYPE html>. */
  html: string;
};

export type RenderFn = (input: RenderInput) => Promise<RenderResult>;
