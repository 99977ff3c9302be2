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
