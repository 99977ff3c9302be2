// What the server render hands to the browser in <script id="__SHOP_STATE__">: enough to render
// the very same document again on hydration (assets, origin) plus the prefetched query cache.
import type { DehydratedState } from '@tanstack/react-query';
import type { RenderAssets } from './ssr-contract.js';

export type ShopState = {
  assets: RenderAssets;
  publicUrl: string;
  queries: DehydratedState;
};

export const SHOP_STATE_ID = '__SHOP_STATE__';

/** JSON safe inside a <script> element: `<` can never close it. */
export function serializeShopState(state: ShopState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * The server keeps a rendered page until the catalog or content changes, so the data it hands over
 * is current when the page is served, however long ago it was rendered. The browser counts it as
 * fetched now; otherwise every page kept longer than a query's staleTime would refetch it at once.
 */
export function asServedNow(state: ShopState, now = Date.now()): ShopState {
  for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
  return state;
}
