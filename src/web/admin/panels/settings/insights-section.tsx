// Settings › Reports and reminders (issue 28): the time zone the Overview counts days in, the stock
// level the Demand tab calls low, and when a checkout counts as abandoned and whether shoppers who
// asked for it get a reminder. The Settings tab holds the value and the errors and saves it whole.
import './settings-sections.css';
import type { ShopSettings } from '../../../../contract/settings.js';
import { SelectField, SwitchField } from '../admin-form.js';
import { NumberField } from './number-field.js';

type Insights = ShopSettings['insights'];

/** The zones the browser knows, UTC first; the saved one is kept even if this browser lacks it. */
function timeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', saved, ...known])];
}

export function InsightsSection(props: {
  value: Insights;
  onChange(next: Insights): void;
  errors: Record<string, string>;
}) {
  const { value, onChange, errors } = props;
  const set = (patch: Partial<Insights>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="admin-group settings-section" aria-labelledby="settings-insights-title">
      <h3 id="settings-insights-title" className="settings-section__title">
        Reports and reminders
      </h3>
      <p className="settings-section__lede">How the Overview counts days, and what the Demand tab calls low stock.</p>
      <div className="admin-grid admin-grid--2">
        <SelectField
          label="Time zone of the reports"
          value={value.timeZone}
          error={errors.timeZone}
          onChange={(e) => set({ timeZone: e.target.value })}
        >
          {timeZones(value.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <NumberField
          label="Low stock at or under (pieces)"
          value={value.lowStockThreshold}
          onChange={(n) => set({ lowStockThreshold: n })}
          step="1"
          error={errors.lowStockThreshold}
          hint="A size with tracked stock at or under this is listed under Low stock."
        />
        <NumberField
          label="A checkout is abandoned after (minutes)"
          value={value.abandonAfterMinutes}
          onChange={(n) => set({ abandonAfterMinutes: n })}
          step="1"
          min={15}
          error={errors.abandonAfterMinutes}
          hint="Counted from the moment the shopper gave an email, when no order was placed."
        />
      </div>
      <SwitchField
        className="admin-check"
        checked={value.checkoutReminders}
        onChange={(checkoutReminders) => set({ checkoutReminders })}
      >
        Email one reminder to shoppers who asked for it ('Email me a reminder if I don't finish')
      </SwitchField>
      {errors.checkoutReminders && <p className="field__error">{errors.checkoutReminders}</p>}
    </fieldset>
  );
}
