// The demo shop tells one story about delivery (issue 24 #23): the Shipping & Returns page, the FAQ
// and the checkout's shipping options (the table provider's default rates) give the same times.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RATES } from '../../providers/shipping/table-shipping.js';
import { DEMO_INFO_PAGES } from './demo-catalog.js';

const options = [...DEFAULT_SHIPPING_RATES.domestic, ...DEFAULT_SHIPPING_RATES.international].map((o) => {
  const [, name, time] = /^(.+?) \((.+)\)$/.exec(o.description) ?? [];
  return { name: name!, time: time! };
});
/** Orders leave the studio within this; delivery times are counted from then. */
const DISPATCH = '1–2 business days';
const DURATION = /\d+–\d+ business days|next business day/g;

const page = (name: string) => DEMO_INFO_PAGES.find((p) => p.pageName === name)!.text;
const shippingSection = page('shipping-returns').split('## Returns')[0]!;
const faqAnswer = /\*\*How long does shipping take\?\*\*\n(.+)/.exec(page('faq'))![1]!;

describe('delivery times in the demo content (issue 24 #23)', () => {
  it('describe every checkout option as "Name (time)"', () => {
    expect(options.map((o) => o.name)).toEqual([
      'Standard',
      'Express',
      'Overnight',
      'International',
      'International Express',
    ]);
    for (const o of options) expect(o.time).toMatch(DURATION);
  });

  it('the Shipping & Returns page gives each option the time the checkout shows', () => {
    for (const { name, time } of options) {
      const line = shippingSection.split('\n').find((l) => l.startsWith(`- **${name}**`));
      expect(line, name).toBeDefined();
      expect(line, name).toContain(time === 'next business day' ? 'the next business day' : time);
    }
    expect(shippingSection).toContain(`within ${DISPATCH}`);
  });

  it('the FAQ names no delivery time the checkout does not offer', () => {
    const times = new Set([...options.map((o) => o.time), DISPATCH]);
    const said = faqAnswer.match(DURATION) ?? [];
    expect(said.length).toBeGreaterThanOrEqual(options.length);
    for (const time of said) expect(times, time).toContain(time);
    for (const { name, time } of options) expect(faqAnswer, name).toContain(time);
  });

  it('the pages and the checkout agree on the free shipping thresholds', () => {
    expect(shippingSection).toContain('Free on orders of $100 or more');
    expect(shippingSection).toContain('Free on orders of $300 or more');
    expect(faqAnswer).toContain('US shipping is free on orders of $100 or more');
    expect(faqAnswer).toContain('international shipping is free on orders of $300 or more');
  });
});
