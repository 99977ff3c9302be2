// Settings → Tax: the owner's combined rates for a state or a ZIP prefix (3 or 5 digits), which come
// before the built-in table (a 5-digit ZIP first, then 3 digits, then the state); the table's
// statewide rates are shown read-only for reference.
import { useState } from 'react';
import { STATE_TAX_RATES } from '../../../../domain/tax-table.js';
import { Button } from '../../../ui/button.js';
import { FormField } from '../../../ui/form-field.js';
import { PanelError } from '../admin-form.js';
import type { SettingsDraft, TaxOverrideDraft } from './settings-draft.js';

type Tax = SettingsDraft['tax'];

const percent = (rate: number) => `${Number((rate * 100).toFixed(3))} %`;

export function TaxSection({
  value,
  onChange,
  errors,
}: {
  value: Tax;
  onChange: (next: Tax) => void;
  errors: Record<string, string>;
}) {
  const [showTable, setShowTable] = useState(false);
  const set = (overrides: TaxOverrideDraft[]) => onChange({ overrides });
  const setRow = (index: number, patch: Partial<TaxOverrideDraft>) =>
    set(value.overrides.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  return (
    <>
      <p className="admin-panel__lede">
        Your own combined rates come first: a 5-digit ZIP, then a 3-digit ZIP prefix, then a state; anywhere else the
        built-in statewide rate applies. Tax is charged on US orders only.
      </p>
      {value.overrides.length === 0 ? (
        <p className="admin-panel__empty">No rates of your own: the built-in table applies everywhere.</p>
      ) : (
        <ul className="admin-settings__overrides" aria-label="Your tax rates">
          {value.overrides.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; its place is edited in it
            <li key={i} className="admin-settings__override">
              <FormField
                label="State or ZIP"
                placeholder="CA, 941 or 94110"
                value={o.place}
                error={errors[`overrides.${i}.place`]}
                onChange={(ev) => setRow(i, { place: ev.target.value })}
              />
              <FormField
                label="Combined rate (%)"
                inputMode="decimal"
                value={o.ratePercent}
                error={errors[`overrides.${i}.ratePercent`]}
                onChange={(ev) => setRow(i, { ratePercent: ev.target.value })}
              />
              <Button
                variant="ghost"
                className="admin-settings__override-remove"
                onClick={() => set(value.overrides.filter((_, j) => j !== i))}
                aria-label={`Remove the rate for ${o.place || `row ${i + 1}`}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PanelError message={errors.overrides ?? errors['']} />
      <div className="admin-settings__row">
        <Button variant="secondary" onClick={() => set([...value.overrides, { place: '', ratePercent: '' }])}>
          Add a rate
        </Button>
        <Button variant="ghost" aria-expanded={showTable} onClick={() => setShowTable((s) => !s)}>
          {showTable ? 'Hide the built-in table' : 'Show the built-in table'}
        </Button>
      </div>
      {showTable && (
        <dl className="admin-settings__table" aria-label="Built-in statewide rates">
          {Object.entries(STATE_TAX_RATES)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([state, rate]) => (
              <div key={state}>
                <dt>{state}</dt>
                <dd>{percent(rate)}</dd>
              </div>
            ))}
        </dl>
      )}
    </>
  );
}
