// Places a real order through the shop's own calls (bag → shipping → card in the sandbox → placeOrder),
// as tests/api/checkout.test.ts does, for tests that need orders to work on (returns, promo report, tracking).
import type { FastifyInstance } from 'fastify';
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { cookieFrom } from './test-app.js';
import { US_SHOPPER } from './shoppers.js';

type Shopper = typeof US_SHOPPER;

/** The first size on offer of `url`'s product type (its first one by default), as the product page sends it. */
export function selectionOf(items: Item[], url: string, productType?: string): Selection {
  const item = items.find((i) => i.url === url);
  if (!item) throw new Error(`no item ${url}`);
  const product = productType
    ? item.available_products.find((p) => p.type === productType)
    : item.available_products[0];
  for (const [colorIndex, color] of (product?.colors ?? []).entries()) {
    const sizeIndex = color.available_sizes.findIndex((s) => !s.sold_out);
    if (product && sizeIndex >= 0) {
      const size = color.available_sizes[sizeIndex]!;
      return {
        url,
        product_type: product.type,
        product_name: product.name,
        color: color.color_name,
        colorIndex,
        size: size.name,
        sizeIndex,
        isSoldOut: false,
      };
    }
  }
  throw new Error(`nothing on offer for ${url}`);
}

/** One order of these pieces (a selection listed twice is a line of quantity 2); answers its number. */
export async function placeOrder(
  app: FastifyInstance,
  options: { pieces: Selection[]; shopper?: Shopper; promo?: string },
): Promise<number> {
  const shopper = options.shopper ?? US_SHOPPER;
  const post = async (url: string, payload: unknown, cookie: string) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as unknown;
  };
  const cookie = cookieFrom(await app.inject({ method: 'GET', url: '/token' }), 'sid')!;
  for (const piece of options.pieces) await post('/addToCart', [piece], cookie);
  if (options.promo) {
    const applied = (await post('/applyPromo', { promo: options.promo }, cookie)) as { success: boolean };
    if (!applied.success) throw new Error(`promo ${options.promo} refused`);
  }
  const [option] = (await post('/order/getShippingOptions', { shippingInfo: shopper }, cookie)) as {
    type: string;
    amt: number;
  }[];
  const { taxRate } = (await post('/getTaxRate', { zipCode: shopper.zip }, cookie)) as { taxRate: number };
  const us = ['us', 'usa', 'united states', 'united states of america'].includes(shopper.country.toLowerCase());
  const secret = (await post(
    '/api/getClientSecret',
    { taxRate: us ? taxRate : 0, shippingFee: option!.amt, shippingType: option!.type },
    cookie,
  )) as string;
  let additionalInfo = {};
  if (secret !== 'SKIP_PAYMENT') {
    await post(
      '/sandbox/card/confirm',
      {
        clientSecret: secret,
        cardNumber: '4242 4242 4242 4242',
        exp: '12/40',
        cvc: '123',
        name: `${shopper.firstName} ${shopper.lastName}`,
      },
      cookie,
    );
    additionalInfo = { paymentIntentId: secret.split('_secret_')[0] };
  }
  const placed = (await post(
    '/placeOrder',
    {
      shippingInfo: shopper,
      billingInfo: { cardholderName: shopper.firstName },
      shippingType: option!.type,
      promo: null,
      additionalInfo,
    },
    cookie,
  )) as { orderId: number };
  return placed.orderId;
}
