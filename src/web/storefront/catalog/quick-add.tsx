// The tile's quick add (spec §2): the colours of the first product type as swatches, as on the
// product page, and the sizes of the chosen colour that are not sold out, one button each; choosing
// a size adds that selection to the bag. With a mouse the panel shows on hover; by keyboard or touch
// the 'Add to bag' button opens it. A piece sold out in every colour says 'Sold out' instead.
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Item } from '../../../contract/catalog.js';
import { useAddToBag, type Selection } from '../bag/use-add-to-bag.js';
import { bagErrorMessage } from '../bag/use-cart.js';
import { radioKeys } from '../product/option-pickers.js';
import { PlusIcon } from '../../ui/icons.js';

type QuickAddOption = { selection: Selection; label: string };

const inStock = (color: Item['available_products'][number]['colors'][number]) =>
  color.available_sizes.some((size) => !size.sold_out);

/** The colour the quick add starts on: the first with a size on offer (the first colour when none has). */
export function firstColorInStock(item: Item): number {
  const index = item.available_products[0]?.colors.findIndex(inStock) ?? -1;
  return Math.max(index, 0);
}

/**
 * The sizes the quick add offers for one colour of the first product type, and whether that type is
 * sold out in every size of every colour (then there is nothing to add from the tile).
 */
export function quickAddOptions(
  item: Item,
  colorIndex = firstColorInStock(item),
): { options: QuickAddOption[]; soldOut: boolean } {
  const product = item.available_products[0];
  const color = product?.colors[colorIndex];
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
              colorIndex,
              size: size.name,
              sizeIndex,
              isSoldOut: false,
            },
          },
        ],
  );
  return { options, soldOut: !product.colors.some(inStock) };
}

export function QuickAdd({ item, disabled = false }: { item: Item; disabled?: boolean }) {
  const addToBag = useAddToBag();
  const colors = item.available_products[0]?.colors ?? [];
  const [colorIndex, setColorIndex] = useState(() => firstColorInStock(item));
  const { options, soldOut } = quickAddOptions(item, colorIndex);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const inactive = disabled || soldOut;
  const color = colors[colorIndex];

  // While opened by a tap or a key: a press elsewhere or Escape closes it.
  useEffect(() => {
    if (!open) return;
    // Focus the first size (the colours sit just before it, a Shift+Tab away).
    const first =
      root.current?.querySelector<HTMLButtonElement>('.quick-add__size') ??
      root.current?.querySelector<HTMLButtonElement>('.quick-add__swatch[aria-checked="true"]');
    first?.focus({ preventScroll: true });
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

  // Spec §2: the tile's 'Add to bag' is disabled when there is nothing to add; a piece sold out in
  // every colour says so on the tile ('Sold out') rather than offering a strip that does nothing.
  // The accessible name starts with the visible text and names the piece.
  const showSoldOut = soldOut && !disabled;
  const toggleText = showSoldOut ? 'Sold out' : 'Add to bag';
  const toggleName = `${toggleText}: ${item.title}`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closing the strip when the pointer or focus leaves it; the controls inside are buttons
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
        <div id={panelId} className="quick-add__panel" role="group" aria-label={`Add ${item.title} to bag`}>
          {colors.length > 1 ? (
            <div role="radiogroup" aria-label="Colour" className="quick-add__swatches" onKeyDown={radioKeys(true)}>
              {colors.map((c, i) => (
                <button
                  key={c.link || c.color_name}
                  type="button"
                  role="radio"
                  aria-checked={i === colorIndex}
                  aria-label={inStock(c) ? c.color_name : `${c.color_name} (sold out)`}
                  tabIndex={i === colorIndex ? 0 : -1}
                  className="quick-add__swatch"
                  data-sold-out={!inStock(c)}
                  onClick={() => setColorIndex(i)}
                >
                  <span className="quick-add__chip" style={{ background: c.color_code }} />
                </button>
              ))}
            </div>
          ) : null}
          <p className="quick-add__title" aria-hidden="true">
            {colors.length > 1 && color ? color.color_name : 'Add to bag'}
          </p>
          {options.length > 0 ? (
            <ul className="quick-add__sizes" aria-label={color ? `Sizes in ${color.color_name}` : 'Sizes'}>
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
          ) : (
            <p className="quick-add__none">Sold out in this colour</p>
          )}
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
