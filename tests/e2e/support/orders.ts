// Orders placed through the shop's own calls from a browser context's session (bag → promo →
// shipping → sandbox card 4242… → placeOrder), for journeys that start from an existing order.
import type { APIRequestContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../../src/server/db/seed/demo-catalog.js';

export type Shopper = { firstName: string; lastName: string; phone: string; email: string; address: string; address2: string; country: string; city: string; state: string; zip: string };

/** A selection of the demo item's first colour in its roomiest size (demo stock), as the product page sends it. */
export function roomiestSelection(url: string) {
  const item = DEMO_ITEMS.find((i) => i.url === url)!;
  const product = item.products[0]!;
  const color = product.colors[0]!;
  const sizes = ['XS', 'S', 'M', 'L'];
  const size = [...sizes].sort((a, b) => demoStock(item, product.type, color, b) - demoStock(item, product.type, color, a))[0]!;
  return { url, product_type: product.type, product_name: product.name, color, colorIndex: 0, size, sizeIndex: sizes.indexOf(size), isSoldOut: false };
}

export async function placeOrderThroughCalls(request: APIRequestContext, options: { url: string; shopper: Shopper; promo?: string }): Promise<{ orderId: number }> {
  const shopUrl = inject('shopUrl');
  const { shopper } = options;
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`${shopUrl}${path}`, { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  await request.get(`${shopUrl}/token`);
  await post('/addToCart', [roomiestSelection(options.url)]);
  if (options.promo) expect((await post('/applyPromo', { promo: options.promo })).success).toBe(true);
  const [option] = await post('/order/getShippingOptions', { shippingInfo: shopper });
  const { taxRate } = await post('/getTaxRate', { zipCode: shopper.zip });
  const secret: string = await post('/api/getClientSecret', { taxRate, shippingFee: option.amt, shippingType: option.type });
  const name = `${shopper.firstName} ${shopper.lastName}`;
  await post('/sandbox/card/confirm', { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name });
  const { orderId } = await post('/placeOrder', {
    shippingInfo: shopper,
    billingInfo: { cardholderName: name },
    shippingType: option.type,
    promo: null,
    additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
  });
  return { orderId };
}
