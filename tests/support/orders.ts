// Placing a real order in API tests, through the shop's own calls (bag → shipping options → tax →
// card intent → sandbox confirm with 4242… → placeOrder), as a browser would.
import type { Selection } from '../../src/contract/cart.js';
import type { Item } from '../../src/contract/catalog.js';
import { US_SHOPPER } from './shoppers.js';
import type { TestApp } from './test-app.js';

type Shopper = typeof US_SHOPPER;

/** The first size on offer of the item's first product type and colour. */
export function firstOnOffer(item: Item): Selection {
  const product = item.available_products[0]!;
  const color = product.colors[0]!;
  const sizeIndex = color.available_sizes.findIndex((s) => !s.sold_out);
  const size = color.available_sizes[sizeIndex]!;
  return { url: item.url, product_type: product.type, product_name: product.name, color: color.color_name, colorIndex: 0, size: size.name, sizeIndex, isSoldOut: false };
}

export async function placeTestOrder(
  t: TestApp,
  selections: Selection[],
  options: { shopper?: Shopper; promo?: string; cookie?: string } = {},
): Promise<{ orderId: number; cookie: string }> {
  const info = options.shopper ?? US_SHOPPER;
  const post = async (url: string, payload: unknown, cookie?: string) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  let cookie = options.cookie;
  for (const selection of selections) {
    const res = await post('/addToCart', [selection], cookie);
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (sid) cookie = `sid=${sid.value}`;
  }
  if (!cookie) throw new Error('no selections to order');
  if (options.promo) {
    // The promo is checked against the shopper's email, which the shipping step records first.
    await post('/order/getShippingOptions', { shippingInfo: info }, cookie);
    const applied = (await post('/applyPromo', { promo: options.promo }, cookie)).json() as { success: boolean; message?: string };
    if (!applied.success) throw new Error(`promo ${options.promo} refused: ${applied.message ?? ''}`);
  }
  const options_ = (await post('/order/getShippingOptions', { shippingInfo: info }, cookie)).json() as { type: string; amt: number }[];
  const isUs = info.country === 'US';
  const { taxRate } = isUs ? ((await post('/getTaxRate', { zipCode: info.zip }, cookie)).json() as { taxRate: number }) : { taxRate: 0 };
  const secret = (await post('/api/getClientSecret', { taxRate, shippingFee: options_[0]!.amt, shippingType: options_[0]!.type }, cookie)).json() as string;
  let additionalInfo: object = {};
  if (secret !== 'SKIP_PAYMENT') {
    await post('/sandbox/card/confirm', { clientSecret: secret, cardNumber: '4242 4242 4242 4242', exp: '12/40', cvc: '123', name: `${info.firstName} ${info.lastName}` });
    additionalInfo = { paymentIntentId: secret.split('_secret_')[0] };
  }
  const placed = await post(
    '/placeOrder',
    { shippingInfo: info, billingInfo: { cardholderName: `${info.firstName} ${info.lastName}` }, shippingType: options_[0]!.type, promo: null, additionalInfo },
    cookie,
  );
  return { orderId: (placed.json() as { orderId: number }).orderId, cookie };
}
