// The owner buys a shipping label for an order (issue 7; spec §7 getShippingOptions, markAsProcessed):
// the provider's rates for the order's parcel, then one purchase that marks the order processed and
// emails the shopper the tracking link exactly as custom tracking does (orders-service markShipped).
import type {
  GetShippingOptionsAnswer,
  LabelRate as LabelRateAnswer,
  MarkAsProcessedAnswer,
  ShippingErrorAnswer,
} from '../../../contract/shipping-labels.js';
import { labelPath } from '../../../contract/shipping-labels.js';
import type { ShopSettings } from '../../../contract/settings.js';
import { formatPrice } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { Address } from '../../db/schema.js';
import { NotFound } from '../../http/errors.js';
import {
  ShippingError,
  type LabelOrder,
  type LabelRate,
  type ShippingProvider,
} from '../../providers/shipping/shipping-provider.js';
import { ordersRepository } from '../orders/orders-repository.js';
import { markShipped } from '../orders/orders-service.js';
import type { ShopContactSource } from '../../email/layout.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { shippingLabelsRepository } from './shipping-labels-repository.js';
import type { ReviewInviter } from '../reviews/review-links.js';

type OrderToShip = { id: number; lines: { quantity: number }[]; shippingInfo: Address; email: string };

export function labelOrderOf(order: OrderToShip): LabelOrder {
  const a = order.shippingInfo;
  return {
    id: order.id,
    pieces: order.lines.reduce((n, l) => n + l.quantity, 0),
    shipTo: {
      name: `${a.firstName} ${a.lastName}`.trim(),
      street1: a.address,
      ...(a.address2?.trim() ? { street2: a.address2 } : {}),
      city: a.city,
      state: a.state,
      zip: a.zip,
      country: a.country,
      ...(a.phone?.trim() ? { phone: a.phone } : {}),
      email: a.email?.trim() || order.email,
    },
  };
}

/** Cents to Shippo's dollar strings ("8.50"). */
const amountOf = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const toRateAnswer = (r: LabelRate): LabelRateAnswer => ({
  object_id: r.objectId,
  provider: r.provider,
  provider_image_75: r.providerImage75,
  servicelevel: { name: r.serviceLevel.name, token: r.serviceLevel.token },
  amount: amountOf(r.amountCents),
  currency: r.currency,
  estimated_days: r.estimatedDays,
});

/** '$8.50', or '8.50 CAD' in another currency. */
const priceOf = (cents: number, currency: string) =>
  currency.toUpperCase() === 'USD' ? formatPrice(cents) : `${amountOf(cents)} ${currency}`;

/** How long a call waits for another call's purchase of the same order's label. */
const CLAIM_WAIT_MS = 45_000;

const failure = (text: string): ShippingErrorAnswer => ({ status: 'ERROR', message: [{ text }] });

export function shippingLabelsService(deps: {
  db: Db;
  shipping: ShippingProvider;
  shop: ShopContactSource;
  /** The owner's Settings: the carrier service each shipping option's labels are bought with. */
  settings?: { read(): Promise<ShopSettings> };
  /** Issue 27 #6: the tracking email's 'Write a review' links. */
  reviewInvites?: ReviewInviter;
}) {
  const { db, shipping, shop } = deps;

  /** The label service (a rate token) the owner chose for this shipping option, '' for none. */
  async function labelServiceOf(shippingType: string): Promise<string> {
    if (!deps.settings) return '';
    const { shipping: owner } = await deps.settings.read();
    return owner.options.find((o) => o.type === shippingType)?.labelService ?? '';
  }
  const labels = shippingLabelsRepository();
  const orders = ordersRepository();

  /** The carrier is called with the claim held; a refusal releases it so another rate can be chosen. */
  async function buyClaimed(actor: Actor, order: LabelOrder, rateId: string): Promise<MarkAsProcessedAnswer> {
    let bought: Awaited<ReturnType<typeof shipping.buyLabel>>;
    try {
      bought = await shipping.buyLabel(order, rateId);
    } catch (err) {
      await labels.releaseClaim(db, order.id);
      throw err;
    }
    const tracking = {
      trackingNumber: bought.trackingNumber,
      trackingUrl: bought.trackingUrl,
      labelUrl: labelPath(order.id),
    };
    const contact = await shop();
    await db.transaction(async (tx) => {
      const locked = await orders.lockForShipping(tx, order.id);
      if (!locked) throw new NotFound(`There is no order #${order.id}`);
      await labels.complete(tx, order.id, {
        rate: bought.rate
          ? {
              provider: bought.rate.provider,
              service: bought.rate.serviceLevel.name,
              amountCents: bought.rate.amountCents,
              currency: bought.rate.currency,
            }
          : null,
        trackingNumber: bought.trackingNumber,
        trackingUrl: bought.trackingUrl,
        pdf: bought.label.kind === 'pdf' ? bought.label.bytes : null,
        remoteUrl: bought.label.kind === 'url' ? bought.label.url : null,
      });
      await markShipped(tx, locked, tracking, contact, deps.reviewInvites);
      const rate = bought.rate;
      const what = rate ? `a ${rate.provider} ${rate.serviceLevel.name} label` : 'a label';
      await recordActivity(tx, actor, {
        kind: 'label.bought',
        summary: `Bought ${what} for order ${order.id}${rate ? ` (${priceOf(rate.amountCents, rate.currency)})` : ''}`,
        detail: {
          orderId: order.id,
          carrier: rate?.provider ?? shipping.name,
          service: rate?.serviceLevel.name ?? null,
          amount: rate ? amountOf(rate.amountCents) : null,
          currency: rate?.currency ?? null,
          trackingNumber: bought.trackingNumber,
        },
      });
    });
    return {
      status: 'SUCCESS',
      orderId: order.id,
      processed: true,
      ...tracking,
      alreadyProcessed: false,
      emailed: true,
    };
  }

  return {
    /** POST /admin/api/getShippingOptions: the rates for the order's parcel, cheapest first. */
    async shippingOptions(orderId: number): Promise<GetShippingOptionsAnswer> {
      const order = await labels.orderToShip(db, orderId);
      if (!order) throw new NotFound(`There is no order #${orderId}`);
      try {
        const [rates, preferred] = await Promise.all([
          shipping.labelRates(labelOrderOf(order)),
          labelServiceOf(order.shippingType),
        ]);
        return rates.map((r) => ({
          ...toRateAnswer(r),
          ...(preferred && r.serviceLevel.token === preferred ? { preferred: true } : {}),
        }));
      } catch (err) {
        if (err instanceof ShippingError) return failure(err.message);
        throw err;
      }
    },

    /**
     * POST /admin/api/markAsProcessed: buys the label of `rateId` once per order. The order's label
     * row is claimed first (its key makes two clicks, or two admins, one purchase), the carrier is
     * called outside any transaction, and the label, the processed order and the shopper's email
     * are then written together. A call that finds a purchase under way waits for it.
     */
    async markAsProcessed(actor: Actor, input: { orderId: number; rateId: string }): Promise<MarkAsProcessedAnswer> {
      const deadline = Date.now() + CLAIM_WAIT_MS;
      try {
        for (;;) {
          const step = await db.transaction(async (tx) => {
            const order = await orders.lockForShipping(tx, input.orderId);
            if (!order) throw new NotFound(`There is no order #${input.orderId}`);
            const existing = await labels.labelOf(tx, order.id);
            const claim = { orderId: order.id, provider: shipping.name, rateId: input.rateId };
            if (existing?.status === 'bought') return { kind: 'bought' as const, label: existing };
            if (existing)
              return (await labels.takeOverStaleClaim(tx, claim))
                ? { kind: 'claimed' as const, order }
                : { kind: 'busy' as const };
            if (order.processed) {
              const tracking = order.trackingNumber ? ` with tracking ${order.trackingNumber}` : '';
              throw new ShippingError(`Order #${order.id} is already processed${tracking}; no label was bought`);
            }
            await labels.claim(tx, claim);
            return { kind: 'claimed' as const, order };
          });
          if (step.kind === 'bought') {
            return {
              status: 'SUCCESS',
              orderId: input.orderId,
              processed: true,
              trackingNumber: step.label.trackingNumber ?? '',
              trackingUrl: step.label.trackingUrl ?? '',
              labelUrl: labelPath(input.orderId),
              alreadyProcessed: true,
              emailed: false,
            };
          }
          if (step.kind === 'busy') {
            if (Date.now() > deadline)
              throw new ShippingError(
                `A label for order #${input.orderId} is being bought right now; please reload the orders in a minute`,
              );
            await new Promise((resolve) => setTimeout(resolve, 200));
            continue;
          }
          return await buyClaimed(actor, labelOrderOf(step.order), input.rateId);
        }
      } catch (err) {
        if (err instanceof ShippingError) return failure(err.message);
        throw err;
      }
    },

    /** The label for GET /admin/api/label/{orderId}.pdf: our PDF, or the carrier's address of it. */
    async label(orderId: number): Promise<{ pdf: Uint8Array } | { url: string }> {
      const label = await labels.labelOf(db, orderId);
      if (label?.status === 'bought' && label.pdf) return { pdf: label.pdf };
      if (label?.status === 'bought' && label.remoteUrl) return { url: label.remoteUrl };
      throw new NotFound(`Order #${orderId} has no shipping label`);
    },
  };
}
export type ShippingLabelsService = ReturnType<typeof shippingLabelsService>;
