// The ShopApi for components: the server render passes its direct-service implementation, the browser the HTTP one.
import { createContext, useContext, type ReactNode } from 'react';
import type { ShopApi } from './shop-api.js';

const ApiContext = createContext<ShopApi | null>(null);

export function ApiProvider({ api, children }: { api: ShopApi; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useShopApi(): ShopApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useShopApi needs an <ApiProvider> above it');
  return api;
}
