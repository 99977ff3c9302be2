// Settings → Shipping: the checkout's options in the order shoppers see them (the first is the one
// free shipping makes free), each with its price, the addresses it serves and the carrier service
// its labels are bought with; and the free-shipping thresholds.
import { LABEL_SERVICES, SHIPPING_REGIONS, type ShippingRegion } from '../../../../contract/values/settings.js';
import { Button } from '../../../ui/button.js';
import { FormField } from '../../../ui/form-field.js';
import { PanelError, SelectField } from '../admin-form.js';
import { freeKey, moved, type SettingsDraft, type ShippingOptionDraft } from './settings-draft.js';

type Shipping = SettingsDraft['shipping'];

const REGION_LABEL: Record<ShippingRegion, string> = {
  us: 'US addresses',
  international: 'International addresses',
  both: 'US and international',
};

export function ShippingSection({
  value,
  onChange,
  errors,
}: {
  value: Shipping;
  onChange: (next: Shipping) => void;
  errors: Record<string, string>;
}) {
  const setOptions = (options: ShippingOptionDraft[]) => onChange({ ...value, options });
  const setOption = (index: number, patch: Partial<ShippingOptionDraft>) =>
    setOptions(value.options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const add = () =>
    setOptions([
      ...value.options,
      { type: freeKey(value.options), description: '', price: '', region: 'us', labelService: '' },
    ]);

  return (
    <>
      <ol className="admin-settings__options" aria-label="Shipping options">
        {value.options.map((o, i) => {
          const e = (field: string) => errors[`options.${i}.${field}`];
          const name = o.description.trim() || `option ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; keys are edited in it
            <li key={i} className="admin-settings__option">
              <div className="admin-settings__option-head">
                <span className="admin-settings__option-number">
                  {i + 1}
                  {i === 0 && <span className="admin-tag admin-tag--success">Free-shipping option</span>}
                </span>
                <div className="admin-settings__option-moves">
                  <Button
                    variant="ghost"
                    onClick={() => setOptions(moved(value.options, i, -1))}
                    disabled={i === 0}
                    aria-label={`Move ${name} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setOptions(moved(value.options, i, 1))}
                    disabled={i === value.options.length - 1}
                    aria-label={`Move ${name} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setOptions(value.options.filter((_, j) => j !== i))}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </Button>
                </div>
              </div>
              <div className="admin-settings__option-fields">
                <FormField
                  className="admin-settings__wide"
                  label="Description"
                  value={o.description}
                  error={e('description')}
                  onChange={(ev) => setOption(i, { description: ev.target.value })}
                />
                <FormField
                  label="Price ($)"
                  inputMode="decimal"
                  value={o.price}
                  error={e('price')}
                  onChange={(ev) => setOption(i, { price: ev.target.value })}
                />
                <SelectField
                  label="Serves"
                  value={o.region}
                  error={e('region')}
                  onChange={(ev) => setOption(i, { region: ev.target.value as ShippingRegion })}
                >
                  {SHIPPING_REGIONS.map((r) => (
                    <option key={r} value={r}>
                      {REGION_LABEL[r]}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Labels bought with"
                  value={o.labelService}
                  error={e('labelService')}
                  onChange={(ev) => setOption(i, { labelService: ev.target.value })}
                >
                  <option value="">Choose when buying</option>
                  {LABEL_SERVICES.map((s) => (
                    <option key={s.token} value={s.token}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
                <FormField
                  label="Key"
                  hint="Kept on orders: lowercase letters, digits and hyphens"
                  value={o.type}
                  error={e('type')}
                  onChange={(ev) => setOption(i, { type: ev.target.value })}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <PanelError message={errors.options} />
      <div>
        <Button variant="secondary" onClick={add} disabled={value.options.length >= 12}>
          Add a shipping option
        </Button>
      </div>
      <h3 className="admin-settings__subheading">Free shipping</h3>
      <p className="admin-panel__lede">
        The first option ships free from these amounts (after discounts, gift cards not counted).
      </p>
      <div className="admin-settings__grid">
        <FormField
          label="US addresses, from ($)"
          inputMode="decimal"
          value={value.freeShippingUs}
          error={errors.freeShippingUs}
          onChange={(ev) => onChange({ ...value, freeShippingUs: ev.target.value })}
        />
        <FormField
          label="Any address, from ($)"
          inputMode="decimal"
          value={value.freeShippingElsewhere}
          error={errors.freeShippingElsewhere}
          onChange={(ev) => onChange({ ...value, freeShippingElsewhere: ev.target.value })}
        />
      </div>
    </>
  );
}
