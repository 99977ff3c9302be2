// The tile's quick add (spec §2): the sizes of the first product type's first colour that are not
// sold out, one button each; choosing one adds that selection to the bag. With a mouse the sizes
// show on hover; by keyboard or touch the 'Add to bag' button opens them.
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Item } from '../../../contract/catalog.js';
import { useAddToBag, type Selection } from '../bag/use-add-to-bag.js';
import { bagErrorMessage } from '../bag/use-cart.js';
import { PlusIcon } from '../../ui/icons.js';

type QuickAddOption = { selection: Selection; label: string };

/** The sizes the quick add offers, and whether the first colour is sold out in every size. */
export function quickAddOptions(item: Item): { options: QuickAddOption[]; soldOut: boolean } {
  const product = item.available_products[0];
  const color = product?.colors[0];
  if (!product || !color) return { options: [], soldOut: true };
  const options = color.available_sizes.flatMap((size, sizeIndex) =>
    size.sold_out
      ? []
      : [
          {
            label: size.name,
            selection: {
              url: item.url,
              product_type: product.type,
              product_name: product.name,
              color: color.color_name,
              colorIndex: 0,
              size: size.name,
              sizeIndex,
              isSoldOut: false,
            },
          },
        ],
  );
  return { options, soldOut: options.length === 0 };
}

export function QuickAdd({ item, disabled = false }: { item: Item; disabled?: boolean }) {
  const addToBag = useAddToBag();
  const { options, soldOut } = quickAddOptions(item);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const inactive = disabled || soldOut;

  // While opened by a tap or a key: a press elsewhere or Escape closes it.
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('.quick-add__size')?.focus({ preventScroll: true });
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Render the toggle visible again before focusing it.
      flushSync(() => setOpen(false));
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const choose = async (selection: Selection) => {
    setPending(true);
    setError(null);
    // Close first and hand focus to the toggle: the bag panel that opens gives focus back there.
    flushSync(() => setOpen(false));
    toggle.current?.focus({ preventScroll: true });
    try {
      await addToBag(selection);
    } catch (err) {
      setError(bagErrorMessage(err));
      setTimeout(() => setError(null), 5000);
    } finally {
      setPending(false);
    }
  };

  // Spec §2: the tile's 'Add to bag', disabled when every size of the first colour is sold out.
  // The accessible name starts with the visible text and names the piece (and why it is disabled).
  const showSoldOut = soldOut && !disabled;
  const toggleText = 'Add to bag';
  const toggleName = showSoldOut ? `Add to bag, sold out: ${item.title}` : `Add to bag: ${item.title}`;
  return (
    <div
      ref={root}
      className="quick-add"
      data-open={open}
      data-inactive={inactive}
      data-sold-out={showSoldOut}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="quick-add__toggle"
        aria-label={toggleName}
        aria-expanded={inactive ? undefined : open}
        aria-controls={inactive ? undefined : panelId}
        disabled={inactive}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="quick-add__icon">
          <PlusIcon />
        </span>
        <span className="quick-add__text">{toggleText}</span>
      </button>
      {!inactive && (
        <div id={panelId} className="quick-add__panel" role="group" aria-label={`Add ${item.title} to bag: choose a size`}>
          <p className="quick-add__title" aria-hidden="true">
            Add to bag
          </p>
          <ul className="quick-add__sizes">
            {options.map(({ label, selection }) => (
              <li key={label}>
                <button
                  type="button"
                  className="quick-add__size"
                  aria-label={`Add size ${label} to bag`}
                  disabled={pending}
                  onClick={() => void choose(selection)}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="quick-add__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
