// Browser entry: hydrate the server's document with the same state, then open the shopper session.
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { fetchToken, httpApi } from './api/http-api.js';
import { createQueryClient, ShopApp } from './app.js';
import { ENTRY_HYDRATING_EVENT } from './hydration-events.js';
import { preloadPagesOf } from './lazy-page.js';
import { routes } from './routes.js';
import { asServedNow, SHOP_STATE_ID, type ShopState } from './shop-state.js';
import { DEFAULT_SHOP_INFO } from '../contract/values/shop-info.js';
import { PROMO_TIMEOUT_KEY, promoDelayMs } from '../domain/marketing.js';
import { embeddedShopInfo } from './storefront/shell/use-shop-info.js';

const stateJson = document.getElementById(SHOP_STATE_ID)?.textContent ?? '';
const state = asServedNow(JSON.parse(stateJson) as ShopState);
const queryClient = createQueryClient('browser');

// The entry loader stops holding taps from here on: React replays those it sees while hydrating.
// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// holding the main thread for the whole document (one long task was most of the Total Blocking Time).
// A page in a chunk of its own (lazy-page.tsx) is loaded first, so it hydrates with the document.
function hydrate() {
  document.dispatchEvent(new Event(ENTRY_HYDRATING_EVENT));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <BrowserRouter>
          <ShopApp api={httpApi()} queryClient={queryClient} state={state} stateJson={stateJson} />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
void preloadPagesOf(matchRoutes(routes, window.location) ?? []).then(hydrate);

// Spec §4/§7/§9: a visit without a session cookie schedules the promo popup the settings' delay from
// now, a minute by default (also over an old schedule left in the browser's storage).
const popupDelaySeconds = (embeddedShopInfo(state.queries) ?? DEFAULT_SHOP_INFO).popupDelaySeconds;
fetchToken()
  .then(({ newSession }) => {
    if (newSession) localStorage.setItem(PROMO_TIMEOUT_KEY, String(Date.now() + promoDelayMs(popupDelaySeconds)));
  })
  .catch((err: unknown) => console.warn('Could not start the shopper session', err));
