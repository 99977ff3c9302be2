// Settings › Shop (issue 26 #3): the shop's name (header, page titles, the emails' sender and
// logo), its support address and its social links. The Settings tab holds the value and the errors
// (keys are paths inside the section: 'name', 'social.instagram') and saves it with the rest.
import './settings-sections.css';
import type { ShopSettings } from '../../../../contract/settings.js';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../../../contract/values/settings.js';
import { FormField } from '../../../ui/form-field.js';

type Shop = ShopSettings['shop'];

const NETWORKS: Record<SocialNetwork, { label: string; example: string }> = {
  instagram: { label: 'Instagram', example: 'https://www.instagram.com/yourshop' },
  facebook: { label: 'Facebook', example: 'https://www.facebook.com/yourshop' },
  pinterest: { label: 'Pinterest', example: 'https://www.pinterest.com/yourshop' },
  tiktok: { label: 'TikTok', example: 'https://www.tiktok.com/@yourshop' },
};

export function ShopSection(props: { value: Shop; onChange(next: Shop): void; errors: Record<string, string> }) {
  const { value, onChange, errors } = props;
  const set = (patch: Partial<Shop>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="admin-group settings-section" aria-labelledby="settings-shop-title">
      <h3 id="settings-shop-title" className="settings-section__title">
        Shop
      </h3>
      <p className="settings-section__lede">How the shop names itself to shoppers, on every page and in every email.</p>
      <div className="admin-grid admin-grid--2">
        <FormField
          label="Shop name"
          name="shop.name"
          maxLength={60}
          autoComplete="organization"
          value={value.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          hint="The logo text in the header and footer, the end of every page title, and the sender's name and logo of the emails."
        />
        <FormField
          label="Support email"
          name="shop.supportEmail"
          type="email"
          autoComplete="email"
          placeholder="The address the shop was started with"
          value={value.supportEmail}
          onChange={(e) => set({ supportEmail: e.target.value })}
          error={errors.supportEmail}
          hint="Where shoppers write to: the footer, the return pages and every email. Leave empty to keep the address the shop was started with."
        />
      </div>
      <fieldset className="admin-group settings-section__group">
        <legend className="settings-section__legend">Social links</legend>
        <p className="field__hint">
          An icon for each link in the footer and a link in the emails' footer; leave a network empty to show none.
        </p>
        <div className="admin-grid admin-grid--2">
          {SOCIAL_NETWORKS.map((network) => (
            <FormField
              key={network}
              label={NETWORKS[network].label}
              name={`shop.social.${network}`}
              type="url"
              inputMode="url"
              placeholder={NETWORKS[network].example}
              value={value.social[network]}
              onChange={(e) => set({ social: { ...value.social, [network]: e.target.value } })}
              error={errors[`social.${network}`]}
            />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
