// A route's page in a chunk of its own, so its code is not in every page's first load. The server
// still renders it in full: the route's prefetch awaits `preload()` before the render. In the browser
// hydration keeps the server's HTML until the chunk is in; on a client-side visit the fallback shows
// while it loads.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadBoundary } from './ui/load-boundary.js';

export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>, fallback: ReactNode): LazyPage {
  const Lazy = lazy(load);
  let loaded: ComponentType | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module load, never during a render
  function Page() {
    // The browser always renders the lazy one: switching types later would remount the page.
    const Component = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <LoadBoundary what="This page">
        <Suspense fallback={fallback}>
          <Component />
        </Suspense>
      </LoadBoundary>
    );
  }
  Page.preload = async () => {
    loaded = (await load()).default;
  };
  return Page;
}
