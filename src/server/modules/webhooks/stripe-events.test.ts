// Reading Stripe's events: the signature checked by Stripe's SDK over the exact bytes, and each
// handled event turned into what it says of a payment.
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '../../../../tests/support/fakes/stripe-fake.js';
import { readStripeEvent } from './stripe-events.js';

const SECRET = `whsec_${'ab'.repeat(16)}`;
const event = (type: string, object: object) =>
  JSON.stringify({ id: 'evt_1', object: 'event', type, created: 1_790_000_000, data: { object } }, null, 2);
const read = (payload: string, header = stripeSignatureHeader(payload, SECRET)) =>
  readStripeEvent(payload, header, SECRET);

describe('readStripeEvent', () => {
  it('refuses a missing, wrong or stale signature, and bytes other than those signed', () => {
    const payload = event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(() => readStripeEvent(payload, undefined, SECRET)).toThrow(/no Stripe-Signature header/);
    expect(() => read(payload, stripeSignatureHeader(payload, `whsec_${'cd'.repeat(16)}`))).toThrow(/does not match/);
    const stale = stripeSignatureHeader(payload, SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => read(payload, stale)).toThrow(/does not match/);
    // Re-serialised (the pretty-printing lost), the event is not what Stripe signed.
    expect(() => read(JSON.stringify(JSON.parse(payload)), stripeSignatureHeader(payload, SECRET))).toThrow();
    expect(read(payload)).toMatchObject({ provider: 'stripe', id: 'evt_1', objectId: 'cus_1' });
    expect(read(payload).facts).toBeUndefined();
  });

  it("turns refunds, running totals and disputes into facts, telling the shop's own refunds apart", () => {
    const refund = (metadata: object) =>
      read(
        event('refund.created', {
          id: 're_1',
          object: 'refund',
          amount: 2000,
          status: 'succeeded',
          payment_intent: 'pi_1',
          metadata,
        }),
      );
    expect(refund({})).toMatchObject({
      paymentIds: ['pi_1'],
      facts: [{ kind: 'refund', refundId: 're_1', amountCents: 2000, status: 'succeeded', byShop: false }],
    });
    expect(refund({ refunded_by: 'shop' }).facts).toEqual([expect.objectContaining({ byShop: true })]);
    expect(
      read(
        event('charge.refunded', {
          id: 'ch_1',
          object: 'charge',
          payment_intent: 'pi_1',
          amount: 9800,
          amount_captured: 9800,
          amount_refunded: 9800,
          refunded: true,
        }),
      ).facts,
    ).toEqual([{ kind: 'refunded', totalCents: 9800 }]);
    const dispute = read(
      event('charge.dispute.closed', {
        id: 'du_1',
        object: 'dispute',
        amount: 9800,
        status: 'lost',
        reason: 'product_not_received',
        payment_intent: 'pi_1',
      }),
    );
    expect(dispute.facts).toEqual([
      expect.objectContaining({ kind: 'dispute', open: false, outcome: 'lost', reason: 'product not received' }),
    ]);
  });

  it('refuses a handled event whose object the shop cannot read', () => {
    expect(() => read(event('refund.created', { id: 're_1', object: 'refund' }))).toThrow(/refund.created/);
  });
});
