// A route's page in a chunk of its own, so its code is not in every page's first load. The server
// still renders it in full: the route's prefetch awaits `preload()` before the render. In the browser
// the entry loads the page's chunk before it hydrates (preloadPagesOf), so the page hydrates with the
// rest of the document: hydrated later, its fields would lose what was typed into them meanwhile, and
// html[data-hydrated] would be set before it answers. On a client-side visit the fallback shows while
// the chunk loads.
import { isValidElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { LoadBoundary } from './ui/load-boundary.js';

export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>, fallback: ReactNode): LazyPage {
  const Lazy = lazy(load);
  let loaded: ComponentType | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module load, never during a render
  function Page() {
    // The module itself once it is loaded (the server's render, and the browser's hydration, which the
    // entry waits for: a lazy boundary hydrated later would reset what was typed into it meanwhile),
    // else the lazy one. Chosen once per mount: switching types later would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
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

/**
 * The lazy pages among a location's matched routes, loaded (the browser's entry waits for this before
 * it hydrates). A chunk that fails to load is left to the page's LoadBoundary.
 */
export function preloadPagesOf(matches: readonly { route: { element?: ReactNode } }[]): Promise<unknown> {
  return Promise.all(
    matches.map(({ route }) => {
      const type = isValidElement(route.element) ? route.element.type : undefined;
      return typeof type === 'function' && 'preload' in type ? (type as LazyPage).preload().catch(() => {}) : undefined;
    }),
  );
}
