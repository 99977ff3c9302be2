// The product page's side of 'Find my size' (issue 27): the button that opens the finder (loaded
// on first click), the remembered size preselected after hydration, and the 'Your size' hint.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Size } from '../../../contract/catalog.js';
import type { FitKind } from '../../../domain/fit-finder-kind.js';
import { LoadBoundary } from '../../ui/load-boundary.js';
import { type RememberedFit, useRememberedFit } from './fit-memory.js';
import './your-size.css';

const FitFinderDialog = lazy(() => import('./fit-finder-dialog.js'));

/** 'Find my size' and its dialog. `kind` null: the dialog lets the shopper choose (the sizing guide). */
export function FitFinderButton({ kind, className }: { kind: FitKind | null; className?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? 'link-button'}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Find my size
      </button>
      {/* On the body: the opener sits inside the size label (uppercase, a stacking context on desktop). */}
      {loaded &&
        createPortal(
          <LoadBoundary what="Find my size" floating>
            <Suspense fallback={null}>
              <FitFinderDialog open={open} kind={kind} onClose={() => setOpen(false)} />
            </Suspense>
          </LoadBoundary>,
          document.body,
        )}
    </>
  );
}

/**
 * Preselects the remembered size of `kind` among `sizes` when it is on offer (not sold out): once
 * when it is first read or newly found, and again when the sizes change (another colour) while no
 * size is chosen. A size the shopper picks is never overridden. Answers the remembered fit.
 */
export function useYourSize(
  kind: FitKind | null,
  sizes: readonly Size[],
  sizeIndex: number | null,
  select: (index: number) => void,
): RememberedFit | null {
  const fit = useRememberedFit(kind);
  const applied = useRef<{ fit: RememberedFit | null; sizes: readonly Size[] | null }>({ fit: null, sizes: null });
  useEffect(() => {
    if (!fit) return;
    const newFit = applied.current.fit !== fit;
    const newSizes = applied.current.sizes !== sizes;
    applied.current = { fit, sizes };
    if (!newFit && !(newSizes && sizeIndex === null)) return;
    const index = sizes.findIndex((size) => size.name === fit.size && !size.sold_out);
    if (index >= 0 && index !== sizeIndex) select(index);
  }, [fit, sizes, sizeIndex, select]);
  return fit;
}

/** 'Your size: M' under the size choices, or that it is sold out in this style and colour. */
export function YourSizeHint({ fit, sizes }: { fit: RememberedFit; sizes: readonly Size[] }) {
  const size = sizes.find((s) => s.name === fit.size);
  return size ? (
    <p className="your-size">
      {size.sold_out ? 'Your size, ' : 'Your size: '}
      <strong>{fit.size}</strong>
      {size.sold_out ? ', is sold out in this colour' : fit.bandCup ? ` (${fit.bandCup})` : ''}
    </p>
  ) : null;
}
