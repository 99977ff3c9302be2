// Shipping stage (spec §2): the summary with Change links, the option list, 'Continue to payment'.
import type { FormEvent } from 'react';
import type { ShippingInfoInput, ShippingOption } from '../../api/http-api.js';
import { Button } from '../../ui/button.js';
import { optionPrice, ReviewSummary } from './review-summary.js';

type Props = {
  info: ShippingInfoInput;
  options: readonly ShippingOption[];
  selected: string | null;
  onSelect: (type: string) => void;
  onBack: () => void;
  onContinue: () => void;
  pending: boolean;
  error: string | null;
};

export function ShippingStage({ info, options, selected, onSelect, onBack, onContinue, pending, error }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected && !pending) onContinue();
  };
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <ReviewSummary info={info} onChangeContact={onBack} />
      <fieldset className="checkout-fieldset">
        <legend className="checkout-fieldset__legend">Shipping method</legend>
        {options.length === 0 ? (
          <p className="checkout-muted">No shipping options for this address.</p>
        ) : (
          <div className="ship-options">
            {options.map((option) => (
              <label key={option.type} className="ship-option" data-checked={option.type === selected}>
                <input
                  type="radio"
                  name="shipping-option"
                  value={option.type}
                  checked={option.type === selected}
                  onChange={() => onSelect(option.type)}
                  disabled={pending}
                  className="ship-option__radio"
                />
                <span className="ship-option__description">{option.description}</span>
                <span className="ship-option__price">{option.amt === 0 ? 'Free' : optionPrice(option)}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {error && (
        <p className="checkout-inline-error" role="alert">
          {error}
        </p>
      )}
      <div className="checkout-actions">
        <Button
          type="submit"
          disabled={!selected || pending}
          aria-busy={pending || undefined}
          className="checkout-actions__primary"
        >
          {pending ? 'Just a moment…' : 'Continue to payment'}
        </Button>
        <button type="button" className="checkout-link checkout-actions__back" onClick={onBack}>
          Return to contact
        </button>
      </div>
    </form>
  );
}
