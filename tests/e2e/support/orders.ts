// Orders placed through the shop's own calls from a browser context's session (bag → promo →
// shipping → sandbox card 4242… → placeOrder), for journeys that start from an existing order; and
// the checkout opened from a product page as a shopper does, for journeys that place one by hand.
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DEMO_ITEMS, demoStock } from '../../../src/server/db/seed/demo-catalog.js';

export type Shopper = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  address2: string;
  country: string;
  city: string;
  state: string;
  zip: string;
};

/** A shopper at a New York address (350 Fifth Avenue, 10001, no phone); `who` may override any field. */
export function shopperInNewYork(who: Pick<Shopper, 'firstName' | 'lastName' | 'email'> & Partial<Shopper>): Shopper {
  return {
    phone: '',
    address: '350 Fifth Avenue',
    address2: '',
    country: 'US',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    ...who,
  };
}

/**
 * The demo piece with the most stock in its first style and colour, and that size (not the checkout
 * journeys' bra): orders of it never sell it out.
 */
export function mostStockedPiece(): { url: string; size: string; stock: number } {
  let best: { url: string; size: string; stock: number } | undefined;
  for (const item of DEMO_ITEMS) {
    if (item.published === false || item.soldOut || item.url === 'silk-balconette-bra') continue;
    const product = item.products[0]!;
    for (const size of ['XS', 'S', 'M', 'L']) {
      const stock = demoStock(item, product.type, product.colors[0]!, size);
      if (!best || stock > best.stock) best = { url: item.url, size, stock };
    }
  }
  return best!;
}

/**
 * Product page of `piece` → its size → ADD TO BAG → Proceed to Checkout → CHECKOUT: the checkout
 * section, at the contact form. `shopUrl`: a journey's own shop instead of the shared one.
 */
export async function openCheckout(
  page: Page,
  piece: { url: string; size: string },
  shopUrl: string = inject('shopUrl'),
): Promise<Locator> {
  const cartRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/getCart');
  await page.goto(`${shopUrl}/product/${piece.url}`);
  await cartRead;
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: piece.size, exact: true }).click();
  await page.getByRole('button', { name: 'ADD TO BAG', exact: true }).click();
  const bag = page.getByRole('dialog', { name: 'Shopping bag' });
  await bag.getByTestId('line-quantity').waitFor();
  await bag.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/cart\/checkout$/);
  const main = page.locator('main');
  await main.getByRole('button', { name: 'CHECKOUT', exact: true }).click();
  const checkout = main.locator('#checkout-stage');
  await checkout.getByRole('heading', { level: 3, name: 'Your details' }).waitFor();
  return checkout;
}

/** A selection of the demo item's first colour in its roomiest size (demo stock), as the product page sends it. */
export function roomiestSelection(url: string) {
  const item = DEMO_ITEMS.find((i) => i.url === url)!;
  const product = item.products[0]!;
  const color = product.colors[0]!;
  const sizes = ['XS', 'S', 'M', 'L'];
  const size = [...sizes].sort(
    (a, b) => demoStock(item, product.type, color, b) - demoStock(item, product.type, color, a),
  )[0]!;
  return {
    url,
    product_type: product.type,
    product_name: product.name,
    color,
    colorIndex: 0,
    size,
    sizeIndex: sizes.indexOf(size),
    isSoldOut: false,
  };
}

/** Places an order of one piece: `selection`, or the demo item's roomiest size. */
export async function placeOrderThroughCalls(
  request: APIRequestContext,
  options: { url: string; shopper: Shopper; promo?: string; selection?: ReturnType<typeof roomiestSelection> },
): Promise<{ orderId: number }> {
  const shopUrl = inject('shopUrl');
  const { shopper } = options;
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`${shopUrl}${path}`, { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  await request.get(`${shopUrl}/token`);
  await post('/addToCart', [options.selection ?? roomiestSelection(options.url)]);
  if (options.promo) expect((await post('/applyPromo', { promo: options.promo })).success).toBe(true);
  const [option] = await post('/order/getShippingOptions', { shippingInfo: shopper });
  const { taxRate } = await post('/getTaxRate', { zipCode: shopper.zip });
  const secret: string = await post('/api/getClientSecret', {
    taxRate,
    shippingFee: option.amt,
    shippingType: option.type,
  });
  const name = `${shopper.firstName} ${shopper.lastName}`;
  await post('/sandbox/card/confirm', {
    clientSecret: secret,
    cardNumber: '4242 4242 4242 4242',
    exp: '12/40',
    cvc: '123',
    name,
  });
  const { orderId } = await post('/placeOrder', {
    shippingInfo: shopper,
    billingInfo: { cardholderName: name },
    shippingType: option.type,
    promo: null,
    additionalInfo: { paymentIntentId: secret.split('_secret_')[0] },
  });
  return { orderId };
}

/** The checkout's contact form for `who` at a New York address, then shipping's first method: at the Payment stage. */
export async function fillContactAndShipping(
  checkout: Locator,
  who: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await checkout.getByLabel('First name', { exact: true }).fill(who.firstName);
  await checkout.getByLabel('Last name', { exact: true }).fill(who.lastName);
  await checkout.getByLabel('Email', { exact: true }).fill(who.email);
  await checkout.getByLabel('Confirm email', { exact: true }).fill(who.email);
  await checkout.getByLabel('Country', { exact: true }).selectOption('US');
  await checkout.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
  await checkout.getByLabel('City', { exact: true }).fill('New York');
  await checkout.getByLabel('State', { exact: true }).selectOption('NY');
  await checkout.getByLabel('Zip', { exact: true }).fill('10001');
  await checkout.getByRole('button', { name: 'Continue to shipping', exact: true }).click();
  await checkout.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().check();
  await checkout.getByRole('button', { name: 'Continue to payment', exact: true }).click();
  await checkout.getByRole('heading', { level: 3, name: 'Payment' }).waitFor();
}

/** At the Payment stage: the sandbox card 4242… (and a cardholder name when given) → PLACE ORDER → the order number. */
export async function payByCard(page: Page, checkout: Locator, cardholder?: string): Promise<string> {
  await checkout.getByLabel('Card number', { exact: true }).fill('4242424242424242');
  await checkout.getByLabel('MM / YY', { exact: true }).fill('12 / 34');
  await checkout.getByLabel('CVC', { exact: true }).fill('123');
  if (cardholder) await checkout.getByLabel('Cardholder name', { exact: true }).fill(cardholder);
  await checkout.getByRole('button', { name: 'PLACE ORDER', exact: true }).click();
  await page.waitForURL(/\/cart\/success$/);
  await expect.poll(() => page.getByTestId('order-number').textContent({ timeout: 10_000 })).toMatch(/^#\d+$/);
  return (await page.getByTestId('order-number').textContent())!.slice(1);
}

/** The open bag → Proceed to Checkout → CHECKOUT → contact and shipping for `who` → card → the order number. */
export async function checkOutBag(
  page: Page,
  who: { firstName: string; lastName: string; email: string },
): Promise<string> {
  await page.getByRole('dialog', { name: 'Shopping bag' }).getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/cart\/checkout$/);
  await page.locator('main').getByRole('button', { name: 'CHECKOUT', exact: true }).click();
  const checkout = page.locator('#checkout-stage');
  await checkout.getByRole('heading', { level: 3, name: 'Your details' }).waitFor();
  await fillContactAndShipping(checkout, who);
  return payByCard(page, checkout);
}
