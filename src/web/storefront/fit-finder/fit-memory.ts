// The shopper's answer from 'Find my size' (issue 27), remembered in this browser per kind (bras,
// panties) and read after hydration, so the server's HTML never depends on it. Small: the product
// page's first load carries it; the finder itself loads when opened.
import { useEffect, useState } from 'react';
import type { FitKind } from '../../../domain/fit-finder-kind.js';

export type RememberedFit = { size: string; bandCup: string | null };

const KEY: Record<FitKind, string> = { bra: 'murashki:fit:bra', panties: 'murashki:fit:panties' };
/** Sent on `window` when the finder saves an answer, so an open product page preselects it at once. */
const SAVED = 'murashki:fit-saved';
const SIZES = new Set(['XS', 'S', 'M', 'L']);

export function readFit(kind: FitKind): RememberedFit | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY[kind]) ?? 'null') as Partial<RememberedFit> | null;
    if (!value || typeof value.size !== 'string' || !SIZES.has(value.size)) return null;
    return { size: value.size, bandCup: typeof value.bandCup === 'string' ? value.bandCup : null };
  } catch {
    return null; // storage blocked or a value from elsewhere: nothing remembered
  }
}

export function saveFit(kind: FitKind, fit: RememberedFit) {
  try {
    localStorage.setItem(KEY[kind], JSON.stringify(fit));
  } catch {
    // Private mode with storage off: the answer still shows, it is just not remembered.
  }
  window.dispatchEvent(new CustomEvent(SAVED, { detail: { kind, fit } }));
}

/** The remembered fit of `kind` (null on the server, before hydration, and when none). */
export function useRememberedFit(kind: FitKind | null): RememberedFit | null {
  const [fit, setFit] = useState<RememberedFit | null>(null);
  useEffect(() => {
    if (!kind) {
      setFit(null);
      return;
    }
    const read = () => setFit(readFit(kind));
    read();
    window.addEventListener(SAVED, read);
    window.addEventListener('storage', read);
    return () => {
      window.removeEventListener(SAVED, read);
      window.removeEventListener('storage', read);
    };
  }, [kind]);
  return fit;
}
