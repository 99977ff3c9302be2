// The owner's Orders tab (spec §2): the newest orders, or the matches of an order number or a
// shipping last name (case-insensitive), 10 at most, newest first — found by the database's indexes.
import { giftCardSentence } from '../../../contract/cart.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PLACED_ORDERS_LIMIT, type PlacedOrder } from '../../../contract/orders.js';
import { isUsCountry } from '../../../domain/geo.js';
import { toDollars } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import { items, orders } from '../../db/schema.js';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider.js';
import type { OrderFilter } from '../../../contract/orders-to-act.js';
import { orderFilterWhere } from './orders-to-act.js';
// Issue 29 (payment webhooks): what the providers reported of each order's payment.
import { providerPaymentNotes } from '../webhooks/provider-payments.js';

type OrderRow = typeof orders.$inferSelect;

function matching(search: string | undefined) {
  const term = search?.trim();
  if (!term) return undefined;
  // The Orders tab shows numbers as '#5219889308'; the owner may paste them as shown.
  const number = /^#?\s*(\d{1,15})$/.exec(term)?.[1];
  if (number) return eq(orders.id, Number(number));
  return sql`lower(${orders.shippingInfo}->>'lastName') = lower(${term})`;
}

/** A service's name from its stored type when the shop no longer offers it: 'international-express' → 'International Express'. */
const nameOfType = (type: string) => type.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** The checkout's name of each order's shipping service (the type stored on the order), by destination. */
async function serviceNames(
  rows: OrderRow[],
  shipping: Pick<ShippingProvider, 'checkoutOptions'>,
): Promise<(o: OrderRow) => string> {
  const byDestination = new Map<boolean, Map<string, string>>();
  for (const us of new Set(rows.map((o) => isUsCountry(o.shippingInfo.country)))) {
    // A carrier that cannot answer must not hide the orders: the stored type still names the service.
    const options = await shipping.checkoutOptions({ country: us ? 'US' : 'FR', state: '', zip: '' }).catch(() => []);
    byDestination.set(us, new Map(options.map((option) => [option.type, option.description])));
  }
  // A gift-card-only order has nothing to ship: its one option is 'By email' (checkout-service BY_EMAIL).
  return (o) =>
    o.shippingType === 'email'
      ? 'Sent by email'
      : (byDestination.get(isUsCountry(o.shippingInfo.country))?.get(o.shippingType) ?? nameOfType(o.shippingType));
}

function toAnswer(
  o: OrderRow,
  liveItems: Set<string>,
  serviceOf: (o: OrderRow) => string,
  providerPayment?: PlacedOrder['providerPayment'],
): PlacedOrder {
  const r = o.returnRequest;
  return {
    id: o.id,
    createdAt: o.createdAt.toISOString(),
    email: o.email,
    cart: o.lines.map((l) => ({
      title: l.title || 'failed to load item',
      ...(l.giftCard
        ? { gift_card: giftCardSentence(l.giftCard) }
        : liveItems.has(l.itemId)
          ? {}
          : { item_removed: true }),
      url: l.url,
      product_type: l.productType,
      product_name: l.productName,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      price: toDollars(l.unitPriceCents),
      picture: l.picture,
    })),
    shippingInfo: {
      ...o.shippingInfo,
      shippingType: o.shippingType,
      shippingService: serviceOf(o),
      paymentMethodDetails: o.paymentMethodDetails ?? null,
    },
    billingInfo: o.billingInfo ?? null,
    promo: o.promo ?? null,
    locals: {
      subtotal: toDollars(o.subtotalCents),
      discount: toDollars(o.discountCents),
      shippingFee: toDollars(o.shippingCents),
      tax: toDollars(o.taxCents),
      total: toDollars(o.totalCents),
    },
    ...(o.balanceCents > 0
      ? { paidFromBalance: { code: o.balanceCode ?? '', amount: toDollars(o.balanceCents) } }
      : {}),
    processed: o.processed,
    trackingNumber: o.trackingNumber,
    trackingInfo: { label_url: o.labelUrl, tracking_url: o.trackingUrl },
    returnRequest: r
      ? {
          creditSelected: r.creditSelected,
          items: r.items,
          subtotal: toDollars(r.subtotalCents),
          discount: toDollars(r.discountCents),
          tax: toDollars(r.taxCents),
          total_refund: toDollars(r.totalRefundCents),
          tracking_number: r.trackingNumber ?? null,
          tracking_url_provider: r.trackingUrlProvider ?? null,
          international: r.international,
          requestedAt: r.requestedAt,
          ...(r.refundedAt ? { refundedAt: r.refundedAt } : {}),
          ...(r.refundMethod ? { refundMethod: r.refundMethod } : {}),
          ...(r.giftCode ? { giftCode: r.giftCode } : {}),
          ...(r.providerRefundId ? { providerRefundId: r.providerRefundId } : {}),
          ...(r.restocked !== undefined ? { restocked: r.restocked } : {}),
          ...(r.refundPendingAt && !r.refundedAt ? { refundPending: true } : {}),
          ...(r.providerRefundedCents && r.refundedAt ? { providerRefunded: toDollars(r.providerRefundedCents) } : {}),
        }
      : null,
    ...(providerPayment ? { providerPayment } : {}),
  };
}

export async function placedOrders(
  db: Db,
  shipping: Pick<ShippingProvider, 'checkoutOptions'>,
  search?: string,
  // Issue 28 #6: the Orders tab's filter ('To ship', 'Returns to handle') and page of 10 (0-based).
  { filter, page = 0 }: { filter?: OrderFilter; page?: number } = {},
): Promise<PlacedOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(matching(search), orderFilterWhere(filter)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PLACED_ORDERS_LIMIT)
    .offset(page * PLACED_ORDERS_LIMIT);
  const itemIds = [...new Set(rows.flatMap((o) => o.lines.map((l) => l.itemId)))];
  const live = itemIds.length ? await db.select({ id: items.id }).from(items).where(inArray(items.id, itemIds)) : [];
  const liveItems = new Set(live.map((i) => i.id));
  const serviceOf = await serviceNames(rows, shipping);
  const notes = await providerPaymentNotes(db, rows);
  return rows.map((o) => toAnswer(o, liveItems, serviceOf, notes.get(o.id)));
}
