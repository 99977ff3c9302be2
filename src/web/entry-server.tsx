// Server render of one storefront request: match the route, prefetch its data through the server's
// ShopApi, render the complete document, and embed the query cache for hydration.
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createQueryClient, ShopApp } from './app.js';
import { prefetchRoutes } from './prefetch.js';
import { routes } from './routes.js';
import { serializeShopState, type ShopState } from './shop-state.js';
import type { RenderFn } from './ssr-contract.js';

export const render: RenderFn = async ({ url, api, assets, publicUrl }) => {
  const queryClient = createQueryClient('server');
  const outcome = await prefetchRoutes(routes, url, { api, queryClient });
  if (outcome.redirect) return { status: outcome.status, redirect: outcome.redirect, html: '' };

  const state: ShopState = { assets, publicUrl, queries: dehydrate(queryClient) };
  const stateJson = serializeShopState(state);
  const html = renderToString(
    <StaticRouter location={url}>
      <ShopApp api={api} queryClient={queryClient} state={state} stateJson={stateJson} />
    </StaticRouter>,
  );
  queryClient.clear();
  return { status: outcome.status, html: `<!DOCTYPE html>${html}` };
};
