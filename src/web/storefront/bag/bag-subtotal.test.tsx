// The shopping-bag view's Subtotal (spec §2) as rendered: crossed out beside the discounted subtotal
// when a promo applies (spec §9: a dollar promo subtracts, a percentage one multiplies), else alone.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../contract/cart.js';
import { BagSubtotal, bagSubtotals } from './bag-subtotal.js';

const line = (price: number, quantity: number, index = 0) =>
  ({
    index,
    title: 'Silk Bra',
    url: 'silk-bra',
    size: 'S',
    color: 'Ivory',
    product_type: 'bra',
    product_name: 'Bra',
    pictures: [],
    available_products: [],
    sizeIndex: 1,
    colorIndex: 0,
    quantity,
    price,
  }) as CartLine;

const WELCOME10 = { code: 'WELCOME10', type: 'percentage', discount: 0.9 } as const;
const TWENTY_OFF = { code: 'GIFT20', type: 'dollarAmount', discount: 20 } as const;

describe('bagSubtotals', () => {
  it('multiplies by a percentage promo and subtracts a dollar promo, never below zero', () => {
    const lines = [line(74.5, 3), line(98, 1, 1)]; // $321.50
    expect(bagSubtotals(lines, null)).toEqual({ subtotalCents: 321_50, discountedSubtotalCents: 321_50 });
    expect(bagSubtotals(lines, WELCOME10)).toEqual({ subtotalCents: 321_50, discountedSubtotalCents: 289_35 });
    expect(bagSubtotals(lines, TWENTY_OFF)).toEqual({ subtotalCents: 321_50, discountedSubtotalCents: 301_50 });
    expect(bagSubtotals([line(12, 1)], TWENTY_OFF).discountedSubtotalCents).toBe(0);
  });
});

describe('BagSubtotal', () => {
  it('without a promo shows the subtotal alone, nothing crossed out', () => {
    const html = renderToStaticMarkup(<BagSubtotal lines={[line(98, 2)]} promo={null} />);
    expect(html).toBe('<span class="cart-summary__amount" data-testid="cart-subtotal">$196</span>');
  });

  it('with a promo crosses the subtotal out and shows the discounted one, both named for screen readers', () => {
    const html = renderToStaticMarkup(<BagSubtotal lines={[line(98, 2)]} promo={WELCOME10} />);
    expect(html).toContain('<s class="cart-summary__was" data-testid="cart-subtotal">$196</s>');
    expect(html).toContain('data-testid="cart-discounted-subtotal">$176.40</span>');
    expect(html).toMatch(/<span class="visually-hidden">Original price <\/span><s /);
    expect(html).toMatch(/<span class="visually-hidden">, discounted price <\/span><span [^>]*>\$176.40/);
    expect(html).toContain('WELCOME10 applied');
  });

  it('with a dollar promo subtracts it', () => {
    const html = renderToStaticMarkup(<BagSubtotal lines={[line(98, 2)]} promo={TWENTY_OFF} />);
    expect(html).toContain('>$196</s>');
    expect(html).toContain('data-testid="cart-discounted-subtotal">$176</span>');
  });
});
