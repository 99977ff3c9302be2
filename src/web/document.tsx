// The whole HTML document, rendered by React on the server and hydrated as-is in the browser.
// Both sides render it from the same ShopState, so <head> matches byte for byte.
import { useEffect, type ReactNode } from 'react';
import faviconUrl from './assets/favicon.svg?no-inline';
import { ENTRY_LOADER } from './entry-loader.js';
import { SHOP_STATE_ID, type ShopState } from './shop-state.js';

export const THEME_COLOR = '#7b2d3b';

export function Document({ state, stateJson, children }: { state: ShopState; stateJson: string; children: ReactNode }) {
  const { assets } = state;
  // Marks the page interactive (`html[data-hydrated]`): the entry loader then clicks again what was
  // tapped before, and journeys wait for it. Every page, storefront and back office, renders this.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" type="image/svg+xml" href={faviconUrl} />
        {/* Requested while the document streams in, so text is laid out once in its own face
            instead of once in a fallback and again as each font arrives. */}
        {assets.fonts?.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        <script
          id={SHOP_STATE_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the dehydrated state, JSON serialised with `<` escaped (shop-state.ts)
          dangerouslySetInnerHTML={{ __html: stateJson }}
        />
        {/* The app is asked for once the first pictures are painted (entry-loader.ts). */}
        <script
          data-entry={assets.entry}
          data-preload={assets.preload.join(' ')}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own loader, a constant built into the server
          dangerouslySetInnerHTML={{ __html: ENTRY_LOADER }}
        />
      </body>
    </html>
  );
}
