// Route-level data for the server render. Each route may declare `handle.prefetch`; the server runs
// those of every matched route before rendering, so the first HTML already holds the page's data.
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { ShopApi } from './api/shop-api.js';

export type PrefetchContext = {
  api: ShopApi;
  queryClient: QueryClient;
  params: Params;
  searchParams: URLSearchParams;
};

/** A prefetch may decide the answer: a status such as 404, or a redirect (answered with 302). */
// biome-ignore lint/suspicious/noConfusingVoidType: lets a prefetch that decides nothing simply not return
export type PrefetchOutcome = { status?: number; redirect?: string } | undefined | void;

export type RouteHandle = {
  prefetch?: (ctx: PrefetchContext) => Promise<PrefetchOutcome> | PrefetchOutcome;
};

export async function prefetchRoutes(
  routes: RouteObject[],
  url: string,
  ctx: Omit<PrefetchContext, 'params' | 'searchParams'>,
): Promise<{ status: number; redirect?: string }> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, pathname) ?? [];
  const outcomes = await Promise.all(
    matches.map((match) =>
      (match.route.handle as RouteHandle | undefined)?.prefetch?.({ ...ctx, params: match.params, searchParams }),
    ),
  );
  let status = 200;
  for (const outcome of outcomes) {
    if (!outcome) continue;
    if (outcome.redirect) return { status: 302, redirect: outcome.redirect };
    if (outcome.status && outcome.status > status) status = outcome.status;
  }
  return { status };
}
