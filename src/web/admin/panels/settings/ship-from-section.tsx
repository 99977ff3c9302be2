// Settings → Ship from: the sender on shipping labels, and where returns go once saved.
import type { ShopSettings } from '../../../../contract/settings.js';
import { FormField } from '../../../ui/form-field.js';

type ShipFrom = ShopSettings['shipFrom'];

const FIELDS: { key: keyof ShipFrom; label: string; wide?: boolean; type?: string; autoComplete?: string }[] = [
  { key: 'name', label: 'Sender name', autoComplete: 'name' },
  { key: 'company', label: 'Company (optional)', autoComplete: 'organization' },
  { key: 'street1', label: 'Street', wide: true, autoComplete: 'address-line1' },
  { key: 'street2', label: 'Apartment, suite (optional)', wide: true, autoComplete: 'address-line2' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zip', label: 'ZIP or postal code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country (two letters)', autoComplete: 'country' },
  { key: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'Email (optional)', type: 'email', autoComplete: 'email' },
];

export function ShipFromSection({
  value,
  onChange,
  errors,
}: {
  value: ShipFrom;
  onChange: (next: ShipFrom) => void;
  errors: Record<string, string>;
}) {
  return (
    <div className="admin-settings__grid">
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          className={f.wide ? 'admin-settings__wide' : undefined}
          label={f.label}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          value={value[f.key]}
          error={errors[f.key]}
          onChange={(ev) => onChange({ ...value, [f.key]: ev.target.value })}
        />
      ))}
    </div>
  );
}
