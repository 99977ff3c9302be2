// Settings › Marketing (issue 26 #3): the newsletter's first-order discount, the referral amounts and
// the promo popup's delay. Spec §9's values are the defaults (15 %, $20 and $20, 60 s). The Settings
// tab holds the value and the errors (keys are paths inside the section) and saves it with the rest.
import './settings-sections.css';
import type { ShopSettings } from '../../../../contract/settings.js';
import { NumberField } from './number-field.js';

type Marketing = ShopSettings['marketing'];

export function MarketingSection(props: {
  value: Marketing;
  onChange(next: Marketing): void;
  errors: Record<string, string>;
}) {
  const { value, onChange, errors } = props;
  const set = (patch: Partial<Marketing>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="admin-group settings-section" aria-labelledby="settings-marketing-title">
      <h3 id="settings-marketing-title" className="settings-section__title">
        Marketing
      </h3>
      <p className="settings-section__lede">
        The offers shoppers are told about. A change applies to codes issued from now on; codes already sent keep their
        amount.
      </p>
      <div className="admin-grid admin-grid--2">
        <NumberField
          label="Newsletter first-order discount (%)"
          value={value.newsletterDiscountPercent}
          onChange={(n) => set({ newsletterDiscountPercent: n })}
          step="1"
          min={1}
          error={errors.newsletterDiscountPercent}
          hint="The code a new subscriber is emailed takes this much off their first order; the sign-up popup, the footer and the welcome email say it."
        />
        <NumberField
          label="Promo popup delay (seconds)"
          value={value.popupDelaySeconds}
          onChange={(n) => set({ popupDelaySeconds: n })}
          step="1"
          error={errors.popupDelaySeconds}
          hint="How long after a first visit the newsletter popup opens (on screens wider than 500 px)."
        />
        <NumberField
          label="Referral: the friend's gift ($)"
          value={value.referralFriend}
          onChange={(n) => set({ referralFriend: n })}
          step="0.01"
          error={errors.referralFriend}
          hint="The gift card a shopper sends a friend with 'Give … Get …', for the friend's next order."
        />
        <NumberField
          label="Referral: the referrer's reward ($)"
          value={value.referralReferrer}
          onChange={(n) => set({ referralReferrer: n })}
          step="0.01"
          error={errors.referralReferrer}
          hint="The code the shopper who sent the gift card gets once their friend's order is placed."
        />
      </div>
    </fieldset>
  );
}
