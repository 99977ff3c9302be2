// The merge of a provider's events into what the shop knows of a payment: by the provider's own
// states and times, so the order of arrival never matters and nothing is counted twice.
import { describe, expect, it } from 'vitest';
import { applyPaymentFacts, emptyPaymentState, type PaymentFact, refundTotals } from './payment-state.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, s));
const refund = (status: 'pending' | 'succeeded' | 'failed', amountCents = 3000, byShop = false): PaymentFact => ({
  kind: 'refund',
  refundId: 're_1',
  amountCents,
  status,
  byShop,
});
const dispute = (open: boolean, outcome?: 'won' | 'lost'): PaymentFact => ({
  kind: 'dispute',
  disputeId: 'du_1',
  status: open ? 'needs_response' : (outcome ?? 'warning_closed'),
  open,
  ...(outcome ? { outcome } : {}),
  reason: 'fraudulent',
  amountCents: 9800,
});

/** Applies [fact, time] pairs in turn; answers the last state and every change. */
function run(steps: [PaymentFact, number][]) {
  let state = emptyPaymentState();
  const changes = [];
  for (const [fact, second] of steps) {
    const next = applyPaymentFacts(state, [fact], at(second));
    state = next.state;
    changes.push(...next.changes);
  }
  return { state, changes };
}

describe('applyPaymentFacts', () => {
  it("keeps a refund's newer state whichever arrives first, and reports the refund once", () => {
    const inOrder = run([
      [refund('pending'), 0],
      [refund('succeeded'), 5],
    ]);
    const late = run([
      [refund('succeeded'), 5],
      [refund('pending'), 0],
    ]);
    expect(inOrder.state).toEqual(late.state);
    expect(late.state.refunds.re_1).toMatchObject({ status: 'succeeded', amountCents: 3000 });
    expect(late.changes).toHaveLength(1);
  });

  it('at the same second, takes the state further along', () => {
    expect(
      run([
        [refund('succeeded'), 0],
        [refund('pending'), 0],
      ]).state.refunds.re_1?.status,
    ).toBe('succeeded');
  });

  it('reports a refund that failed after it went out', () => {
    const { state, changes } = run([
      [refund('succeeded'), 0],
      [refund('failed'), 9],
    ]);
    expect(state.refunds.re_1?.status).toBe('failed');
    expect(changes.map((c) => c.kind === 'refund' && c.status)).toEqual(['succeeded', 'failed']);
    expect(refundTotals(state)).toEqual({ totalCents: 0, outsideCents: 0 });
  });

  it('never reopens a closed dispute, and reports its opening and closing once each', () => {
    const inOrder = run([
      [dispute(true), 0],
      [dispute(false, 'lost'), 60],
    ]);
    expect(inOrder.changes.map((c) => c.kind)).toEqual(['dispute-opened', 'dispute-closed']);
    const closedFirst = run([
      [dispute(false, 'won'), 60],
      [dispute(true), 0],
      [dispute(true), 120],
    ]);
    expect(closedFirst.state.disputes.du_1).toMatchObject({ open: false, outcome: 'won' });
    expect(closedFirst.changes.map((c) => c.kind)).toEqual(['dispute-closed']);
  });

  it('keeps a payment captured when a failure is reported late, and reports a lost authorisation', () => {
    const captured: PaymentFact = { kind: 'capture', status: 'captured', amountCents: 9800 };
    const failed: PaymentFact = { kind: 'capture', status: 'failed', amountCents: 9800, message: 'declined' };
    expect(
      run([
        [captured, 0],
        [failed, 30],
      ]).state.capture?.status,
    ).toBe('captured');
    const lost = run([[{ kind: 'capture', status: 'canceled', amountCents: 9800, message: 'expired' }, 0]]);
    expect(lost.changes).toEqual([{ kind: 'capture-lost', status: 'canceled', message: 'expired' }]);
  });

  it("keeps the provider's newest running total of refunds", () => {
    const { state } = run([
      [{ kind: 'refunded', totalCents: 5000 }, 10],
      [{ kind: 'refunded', totalCents: 2000 }, 0],
    ]);
    expect(state.refunded?.totalCents).toBe(5000);
  });
});

describe('refundTotals', () => {
  it("tells the dashboard's refunds from the shop's own, counting a total whose refunds have not arrived", () => {
    const shopOnly = run([
      [refund('succeeded', 4000, true), 0],
      [{ kind: 'refunded', totalCents: 4000 }, 0],
    ]).state;
    expect(refundTotals(shopOnly)).toEqual({ totalCents: 4000, outsideCents: 0 });

    // The dashboard's $20 is known only from Stripe's running total so far.
    const both = run([
      [refund('succeeded', 4000, true), 0],
      [{ kind: 'refunded', totalCents: 6000 }, 5],
    ]).state;
    expect(refundTotals(both)).toEqual({ totalCents: 6000, outsideCents: 2000 });
  });
});
