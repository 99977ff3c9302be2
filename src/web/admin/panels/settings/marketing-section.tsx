// The Settings tab's 'Marketing' section (newsletter discount, referral amounts, popup delay). A stub
// with the agreed props until the shop-identity branch brings the real one.
import type { ShopSettings } from '../../../../contract/settings.js';

export function MarketingSection({
  value,
}: {
  value: ShopSettings['marketing'];
  onChange: (next: ShopSettings['marketing']) => void;
  errors: Record<string, string>;
}) {
  return (
    <p className="admin-panel__lede">
      Newsletter discount {value.newsletterDiscountPercent} %, referral ${value.referralFriend} / $
      {value.referralReferrer}, popup after {value.popupDelaySeconds} s.
    </p>
  );
}
