// A number the owner types (a percent, dollars, seconds): the text is kept as typed ('12.' on the way
// to '12.5'); the section gets the number, or NaN while the box is empty or not a number, which the
// settings' check answers with the field's message.
import { useState, type ReactNode } from 'react';
import { FormField } from '../../../ui/form-field.js';

const asText = (n: number) => (Number.isFinite(n) ? String(n) : '');

export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  step = 'any',
  min = 0,
}: {
  label: string;
  value: number;
  onChange(next: number): void;
  error?: string | undefined;
  hint?: ReactNode;
  step?: string;
  min?: number;
}) {
  const [text, setText] = useState(() => asText(value));
  // A value set from outside (the saved settings arrive, a reset) replaces what was typed.
  const parsed = text.trim() === '' ? Number.NaN : Number(text);
  if (!Object.is(parsed, value) && !(Number.isNaN(parsed) && Number.isNaN(value))) setText(asText(value));
  return (
    <FormField
      label={label}
      type="number"
      inputMode="decimal"
      min={min}
      step={step}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value.trim() === '' ? Number.NaN : Number(e.target.value));
      }}
      error={error}
      hint={hint}
    />
  );
}
