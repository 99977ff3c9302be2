// What an order card says of what Stripe or PayPal reported (issue 29): its tag and its lines.
import { describe, expect, it } from 'vitest';
import { providerPaymentLines, providerPaymentTag } from './provider-payment-note.js';
import { dashboardPart } from './return-panel.js';

const base = { provider: 'Stripe' as const, refundedOutside: 0, fullyRefunded: false, disputes: [] };
const open = { id: 'du_1', status: 'needs_response', open: true, reason: 'fraudulent', amount: 98 };

describe('provider payment note', () => {
  it('tags a disputed order first, then one not paid, then a refund at the provider', () => {
    expect(providerPaymentTag(undefined)).toBeNull();
    expect(providerPaymentTag({ ...base, refundedOutside: 20, disputes: [open] })).toEqual({
      text: 'Disputed',
      tone: 'warning',
    });
    expect(providerPaymentTag({ ...base, notCaptured: { status: 'canceled', message: 'expired' } })?.text).toBe(
      'Not paid',
    );
    expect(providerPaymentTag({ ...base, refundedOutside: 98, fullyRefunded: true })?.text).toBe('Refunded at Stripe');
    expect(providerPaymentTag({ ...base, refundedOutside: 20 })?.text).toBe('Part refunded at Stripe');
    expect(providerPaymentTag({ ...base, disputes: [{ ...open, open: false, outcome: 'won' }] })).toBeNull();
  });

  it('says what was refunded in the dashboard and each dispute with its outcome', () => {
    expect(
      providerPaymentLines({
        ...base,
        provider: 'PayPal',
        refundedOutside: 98,
        fullyRefunded: true,
        disputes: [{ ...open, open: false, outcome: 'lost', status: 'RESOLVED', reason: 'item not received' }],
      }),
    ).toEqual([
      'Refunded in full $98.00 in PayPal’s dashboard: nothing more can be refunded here',
      'Dispute closed at PayPal: $98.00, item not received · lost',
    ]);
    expect(providerPaymentLines({ ...base, refundedOutside: 20 })).toEqual(['Refunded $20.00 in Stripe’s dashboard']);
  });
});

describe("the refund question with a dashboard's refund", () => {
  it('says how much of the return still goes back', () => {
    const order = {
      id: 1,
      locals: { subtotal: 98, discount: 0, shippingFee: 10, tax: 0, total: 108 },
      returnRequest: { total_refund: 98 },
      providerPayment: { ...base, refundedOutside: 98 },
    } as unknown as Parameters<typeof dashboardPart>[0];
    expect(dashboardPart(order)).toBe(
      ' Stripe already refunded $98.00 of this order in its dashboard, so only $10.00 goes back.',
    );
    expect(dashboardPart({ ...order, providerPayment: undefined })).toBe('');
  });
});
