// Choosing 1 to 5 stars: a radio group (arrow keys move, each star named '3 stars'), drawn as stars
// that fill up to the one chosen (or, with a mouse, the one pointed at).
import { useId } from 'react';

const STAR = 'M12 3.2l2.6 5.4 5.9.8-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z';
const VALUES = [1, 2, 3, 4, 5] as const;

export function StarRatingInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset
      className={`star-input${error ? ' star-input--invalid' : ''}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="field__label">Your rating</legend>
      <div className="star-input__row">
        {VALUES.map((n) => (
          <label key={n} className="star-input__star" data-on={n <= value || undefined}>
            <input
              type="radio"
              className="star-input__radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        <span className="star-input__value" aria-hidden="true">
          {value ? `${value} of 5` : ''}
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
