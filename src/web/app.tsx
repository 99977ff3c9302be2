// The app as both entries render it: providers, then the document, then the routed page.
// The router itself (static on the server, browser in the client) wraps this from outside.
import '@fontsource-variable/cormorant-garamond/wght.css';
import '@fontsource-variable/cormorant-garamond/wght-italic.css';
import '@fontsource-variable/jost/wght.css';
import './styles/fonts.css';
import './styles/global.css';
import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRoutes } from 'react-router';
import { ApiProvider } from './api/api-context.js';
import type { ShopApi } from './api/shop-api.js';
import { Document } from './document.js';
import { SiteProvider } from './page-meta.js';
import { routes } from './routes.js';
import type { ShopState } from './shop-state.js';

export function createQueryClient(side: 'server' | 'browser') {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // What the server rendered stays fresh long enough that hydration does not refetch it at once.
        staleTime: 60_000,
        retry: side === 'browser' ? 1 : false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

function AppRoutes() {
  return useRoutes(routes);
}

type ShopAppProps = { api: ShopApi; queryClient: QueryClient; state: ShopState; stateJson: string };

export function ShopApp({ api, queryClient, state, stateJson }: ShopAppProps) {
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={state.queries}>
          <SiteProvider publicUrl={state.publicUrl}>
            <Document state={state} stateJson={stateJson}>
              <AppRoutes />
            </Document>
          </SiteProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </ApiProvider>
  );
}
