// The whole HTML document, rendered by React on the server and hydrated as-is in the browser.
// Both sides render it from the same ShopState, so <head> matches byte for byte.
import type { ReactNode } from 'react';
import serifFont from '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url';
import sansFont from '@fontsource-variable/jost/files/jost-latin-wght-normal.woff2?url';
import faviconUrl from './assets/favicon.svg?no-inline';
import { SHOP_STATE_ID, type ShopState } from './shop-state.js';

export const THEME_COLOR = '#7b2d3b';

export function Document({ state, stateJson, children }: { state: ShopState; stateJson: string; children: ReactNode }) {
  const { assets } = state;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" type="image/svg+xml" href={faviconUrl} />
        <link rel="preload" href={serifFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="preload" href={sansFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        {children}
        <script id={SHOP_STATE_ID} type="application/json" dangerouslySetInnerHTML={{ __html: stateJson }} />
        <script type="module" src={assets.entry} />
      </body>
    </html>
  );
}
