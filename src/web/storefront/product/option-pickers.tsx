// Style, colour and size choices: radio groups of buttons. Arrow keys move between options (and
// choose, for style and colour); the size can also be un-chosen, so there arrows only move focus.
import type { KeyboardEvent, ReactNode } from 'react';
import type { AvailableProduct, Color, Size } from '../../../contract/catalog.js';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Arrow keys, Home and End move between the radios of a group (and choose, when `choose`). */
export const radioKeys = (choose: boolean) => (event: KeyboardEvent<HTMLElement>) => {
  const radios = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
  const current = radios.indexOf(document.activeElement as HTMLElement);
  const step = STEPS[event.key];
  let next: number;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = radios.length - 1;
  else if (step !== undefined) next = (current + step + radios.length) % radios.length;
  else return;
  event.preventDefault();
  radios[next]?.focus();
  if (choose) radios[next]?.click();
};

type RadioProps = {
  checked: boolean;
  tabbable: boolean;
  onClick: () => void;
  className: string;
  children: ReactNode;
  label?: string;
};

function Radio({ checked, tabbable, onClick, className, children, label }: RadioProps) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      className={className}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function StylePicker({
  types,
  selected,
  onSelect,
}: {
  types: readonly AvailableProduct[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <div className="option">
      <p className="option__label" aria-hidden="true">
        Style
      </p>
      <div role="radiogroup" aria-label="Style" className="option__choices" onKeyDown={radioKeys(true)}>
        {types.map((type, i) => (
          <Radio
            key={type.type}
            className="choice"
            checked={i === selected}
            tabbable={i === selected}
            onClick={() => onSelect(i)}
          >
            {type.name}
          </Radio>
        ))}
      </div>
    </div>
  );
}

export function ColourPicker({
  colors,
  selected,
  onSelect,
}: {
  colors: readonly Color[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <div className="option">
      <p className="option__label" aria-hidden="true">
        Colour <span className="option__value">{colors[selected]?.color_name}</span>
      </p>
      <div role="radiogroup" aria-label="Colour" className="option__choices" onKeyDown={radioKeys(true)}>
        {colors.map((color, i) => (
          <Radio
            key={color.link || color.color_name}
            className="swatch"
            label={color.color_name}
            checked={i === selected}
            tabbable={i === selected}
            onClick={() => onSelect(i)}
          >
            <span className="swatch__chip" style={{ background: color.color_code }} />
          </Radio>
        ))}
      </div>
    </div>
  );
}

type SizePickerProps = {
  sizes: readonly Size[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** Id of the 'Please fill out the size' message while it shows. */
  errorId?: string;
  guide: ReactNode;
  /** The group's name: 'Size', or a set's piece ('Bra size', issue 27 item 4). */
  label?: string;
};

export function SizePicker({ sizes, selected, onSelect, errorId, guide, label = 'Size' }: SizePickerProps) {
  return (
    <div className="option">
      <div className="option__label">
        <span aria-hidden="true">{label}</span>
        {guide}
      </div>
      <div
        role="radiogroup"
        aria-label={label}
        aria-describedby={errorId}
        className="option__choices"
        onKeyDown={radioKeys(false)}
      >
        {sizes.map((size, i) => (
          <Radio
            key={size.name}
            className="choice choice--size"
            checked={i === selected}
            tabbable={selected === null ? i === 0 : i === selected}
            onClick={() => onSelect(i)}
          >
            <span className={size.sold_out ? 'choice__sold-out' : undefined}>{size.name}</span>
            {size.sold_out && <span className="visually-hidden"> (sold out)</span>}
          </Radio>
        ))}
      </div>
    </div>
  );
}
