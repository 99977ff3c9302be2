// The Settings tab's Shop and Marketing sections (issue 26 #3): every field shows its value, its
// help text, and the error the tab hands it under the field's path.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../contract/values/settings.js';
import { MarketingSection } from './marketing-section.js';
import { ShopSection } from './shop-section.js';

const shop = {
  ...DEFAULT_SETTINGS.shop,
  social: { ...DEFAULT_SETTINGS.shop.social, instagram: 'https://x.example/a' },
};
const marketing = { ...DEFAULT_SETTINGS.marketing };
const noop = () => {};

/** The error paragraph that follows the input named `name`. */
const errorAfter = (html: string, name: string) =>
  new RegExp(`name="${name.replace('.', '\\.')}"[^>]*/>\\s*<p[^>]*class="field__error"[^>]*>([^<]*)</p>`).exec(
    html,
  )?.[1];

describe('ShopSection', () => {
  it('shows the name, support email and each network, with help text, and each error next to its field', () => {
    const html = renderToStaticMarkup(
      <ShopSection
        value={shop}
        onChange={noop}
        errors={{
          name: 'The shop name is required',
          'social.instagram': 'The instagram link must be an https:// address',
        }}
      />,
    );
    expect(html).toContain('value="Murashki"');
    expect(html).toContain('value="https://x.example/a"');
    for (const label of ['Shop name', 'Support email', 'Instagram', 'Facebook', 'Pinterest', 'TikTok']) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html).toContain('Leave empty to keep the address the shop was started with.');
    expect(errorAfter(html, 'shop.name')).toBe('The shop name is required');
    expect(errorAfter(html, 'shop.social.instagram')).toBe('The instagram link must be an https:// address');
    expect(html).not.toContain('aria-invalid="true" name="shop.supportEmail"');
  });
});

describe('MarketingSection', () => {
  it('shows the four numbers with help text, and an error next to its field', () => {
    const html = renderToStaticMarkup(
      <MarketingSection
        value={marketing}
        onChange={noop}
        errors={{ referralFriend: "The friend's gift has at most two decimals" }}
      />,
    );
    expect(html).toContain('Newsletter first-order discount (%)');
    expect(html).toContain('value="15"');
    expect(html).toContain('value="60"');
    expect(html.match(/value="20"/g)).toHaveLength(2);
    expect(html).toContain('How long after a first visit the newsletter popup opens');
    expect(html).toContain('The friend&#x27;s gift has at most two decimals');
    expect(html.match(/class="field__error"/g)).toHaveLength(1);
  });
});
