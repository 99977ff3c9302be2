// The shopper's answer from 'Find my size' (issue 27), remembered in this browser per kind (bras,
// panties) and read after hydration, so the server's HTML never depends on it. Small: the product
// page's first load carries it; the finder (which saves, fit-finder-dialog.tsx) loads when opened.
import { useEffect, useState } from 'react';
import type { FitKind } from '../../../domain/fit-finder-kind.js';

export type RememberedFit = { size: string; bandCup?: string | null };

export const fitKey = (kind: FitKind) => `murashki:fit:${kind}`;
/** Sent on `window` when the finder saves an answer, so an open product page preselects it at once. */
export const FIT_SAVED = 'murashki:fit-saved';

/** The remembered fit of `kind`; null when none, storage is blocked, or the value is not one of ours. */
export function readFit(kind: FitKind): RememberedFit | null {
  try {
    const value = JSON.parse(localStorage.getItem(fitKey(kind)) ?? 'null') as RememberedFit | null;
    return value && /^(XS|S|M|L)$/.test(value.size) ? value : null;
  } catch {
    return null;
  }
}

/** The remembered fit of `kind` (null on the server, before hydration, and when none). */
export function useRememberedFit(kind: FitKind | null): RememberedFit | null {
  const [fit, setFit] = useState<RememberedFit | null>(null);
  useEffect(() => {
    const read = () => setFit(kind && readFit(kind));
    read();
    addEventListener(FIT_SAVED, read);
    return () => removeEventListener(FIT_SAVED, read);
  }, [kind]);
  return fit;
}
