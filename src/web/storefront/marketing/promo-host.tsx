// The timed promo popup's clock (spec §4, §9): every second it checks that the popup was never
// declined, that promoTimeout (set on a first visit, entry-client.tsx) has passed and that the window
// is wider than 500 px; then the popup's own code is loaded and shown. Closing it in any way declines.
// Never on the purchase path, returns, order status, the promoter's report or the admin (issue 24
// item 5): there it waits, and may open on the next page.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  marketingQuietOn,
  PROMO_CHECK_MS,
  PROMO_DECLINED_KEY,
  PROMO_TIMEOUT_KEY,
  promoDue,
} from '../../../domain/marketing.js';
import { LoadBoundary } from '../../ui/load-boundary.js';

const PromoPopup = lazy(() => import('./promo-popup.js'));

/** localStorage can throw (storage disabled, private modes): then the popup simply never shows. */
function readStorage(key: string): string | null | undefined {
  try {
    return localStorage.getItem(key);
  } catch {
    return undefined;
  }
}

export function PromoHost() {
  const [state, setState] = useState<'waiting' | 'open' | 'closed'>('waiting');
  const quiet = marketingQuietOn(useLocation().pathname);

  useEffect(() => {
    if (state !== 'waiting' || quiet) return;
    const check = () => {
      const declined = readStorage(PROMO_DECLINED_KEY);
      const timeout = readStorage(PROMO_TIMEOUT_KEY);
      if (declined === undefined || timeout === undefined) return;
      if (promoDue({ declined, timeout, width: window.innerWidth, now: Date.now() })) setState('open');
    };
    const timer = setInterval(check, PROMO_CHECK_MS);
    return () => clearInterval(timer);
  }, [state, quiet]);

  const decline = useCallback(() => {
    try {
      localStorage.setItem(PROMO_DECLINED_KEY, 'true');
    } catch {
      // Nothing to remember it in: it stays closed for this page view.
    }
    setState('closed');
  }, []);

  if (state === 'waiting' || quiet) return null;
  return (
    <LoadBoundary silent>
      <Suspense fallback={null}>
        <PromoPopup open={state === 'open'} onClose={decline} />
      </Suspense>
    </LoadBoundary>
  );
}
