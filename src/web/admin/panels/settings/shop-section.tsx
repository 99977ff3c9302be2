// The Settings tab's 'Shop' section (shop name, support email, social links). A stub with the agreed
// props until the shop-identity branch brings the real one.
import type { ShopSettings } from '../../../../contract/settings.js';
import { FormField } from '../../../ui/form-field.js';

export function ShopSection({
  value,
  onChange,
  errors,
}: {
  value: ShopSettings['shop'];
  onChange: (next: ShopSettings['shop']) => void;
  errors: Record<string, string>;
}) {
  return (
    <div className="admin-settings__grid">
      <FormField
        label="Shop name"
        value={value.name}
        error={errors.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
    </div>
  );
}
