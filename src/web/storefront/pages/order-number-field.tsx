// The order number a shopper types to find an order (the return form, order status): digits only,
// at most 15, as the confirmation email shows it.
import { FormField } from '../../ui/form-field.js';

/** Digits of what was typed or pasted ('#4821 559031' → '4821559031'), at most 15. */
export const orderDigits = (value: string | null) => (value ?? '').replace(/\D/g, '').slice(0, 15);

export function OrderNumberField(props: { value: string; onChange: (digits: string) => void; className?: string }) {
  return (
    <FormField
      label="Order number"
      name="orderId"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      placeholder="e.g. 4821559031"
      value={props.value}
      onChange={(e) => props.onChange(orderDigits(e.target.value))}
      className={props.className}
      required
    />
  );
}
