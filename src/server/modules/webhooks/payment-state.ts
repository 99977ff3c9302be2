// What a provider's events say of an order's payment, merged by the provider's own states and
// times, never by arrival: an event older than what is known, or one already applied, changes
// nothing (a refund's newer state wins; a closed dispute never reopens; a captured or canceled
// payment stays so). Pure: the service reads the state, applies the facts and saves the result.
import type { ProviderDispute, ProviderPaymentState, ProviderRefund } from '../../db/schema.js';

/** One thing an event says, in the shop's words, whatever the provider. */
export type PaymentFact =
  | {
      kind: 'capture';
      status: 'captured' | 'failed' | 'canceled';
      amountCents: number;
      message?: string;
      /** PayPal's capture id (the order's payment reference once captured). */
      captureId?: string;
    }
  | { kind: 'refund'; refundId: string; amountCents: number; status: ProviderRefund['status']; byShop: boolean }
  | { kind: 'refunded'; totalCents: number }
  | {
      kind: 'dispute';
      disputeId: string;
      status: string;
      open: boolean;
      outcome?: ProviderDispute['outcome'];
      reason: string;
      amountCents: number;
      dueBy?: string;
    };

/** What changed, for the Activity record and the owner's email. */
export type PaymentChange =
  | { kind: 'capture-lost'; status: 'failed' | 'canceled'; message?: string }
  | { kind: 'refund'; refundId: string; amountCents: number; status: ProviderRefund['status']; byShop: boolean }
  | { kind: 'dispute-opened'; disputeId: string; dispute: ProviderDispute }
  | { kind: 'dispute-closed'; disputeId: string; dispute: ProviderDispute };

export const emptyPaymentState = (): ProviderPaymentState => ({ refunds: {}, disputes: {} });

const time = (iso: string) => new Date(iso).getTime();

/** A refund's money is out (or on its way) unless it failed or was canceled. */
export const liveRefund = (r: Pick<ProviderRefund, 'status'>) => r.status === 'pending' || r.status === 'succeeded';
const refundFinal = (status: ProviderRefund['status']) => status !== 'pending';

/** Newer wins; at the same time, the state further along wins (then the larger amount). */
function replaces<T extends { at: string }>(next: T, current: T | undefined, further: (a: T, b: T) => number): boolean {
  if (!current) return true;
  const d = time(next.at) - time(current.at);
  return d > 0 || (d === 0 && further(next, current) > 0);
}

function applyFact(
  state: ProviderPaymentState,
  fact: PaymentFact,
  at: string,
  changes: PaymentChange[],
): ProviderPaymentState {
  switch (fact.kind) {
    case 'capture': {
      const current = state.capture;
      const final = (s: string) => s !== 'failed';
      // A captured or canceled payment stays so: a failure reported late changes nothing.
      if (current && final(current.status) && !final(fact.status)) return state;
      if (current && final(current.status) && final(fact.status) && current.status !== fact.status) {
        if (time(at) <= time(current.at)) return state;
      }
      const next = {
        status: fact.status,
        amountCents: fact.amountCents,
        ...(fact.message ? { message: fact.message } : {}),
        at,
      };
      if (!replaces(next, current, (a, b) => Number(final(a.status)) - Number(final(b.status)))) return state;
      if (current?.status !== next.status && next.status !== 'captured') {
        changes.push({ kind: 'capture-lost', status: next.status, ...(fact.message ? { message: fact.message } : {}) });
      }
      return { ...state, capture: next };
    }
    case 'refund': {
      const current = state.refunds[fact.refundId];
      const next: ProviderRefund = {
        amountCents: fact.amountCents,
        status: fact.status,
        byShop: fact.byShop || (current?.byShop ?? false),
        at,
      };
      const further = (a: ProviderRefund, b: ProviderRefund) =>
        Number(refundFinal(a.status)) - Number(refundFinal(b.status)) || a.amountCents - b.amountCents;
      if (!replaces(next, current, further)) return state;
      const wasLive = current ? liveRefund(current) : false;
      if (!current || wasLive !== liveRefund(next) || current.amountCents !== next.amountCents) {
        changes.push({ kind: 'refund', refundId: fact.refundId, ...next });
      }
      return { ...state, refunds: { ...state.refunds, [fact.refundId]: next } };
    }
    case 'refunded': {
      const next = { totalCents: fact.totalCents, at };
      if (!replaces(next, state.refunded, (a, b) => a.totalCents - b.totalCents)) return state;
      return { ...state, refunded: next };
    }
    case 'dispute': {
      const current = state.disputes[fact.disputeId];
      const next: ProviderDispute = {
        status: fact.status,
        open: fact.open,
        ...(fact.outcome ? { outcome: fact.outcome } : {}),
        reason: fact.reason,
        amountCents: fact.amountCents,
        ...(fact.dueBy ? { dueBy: fact.dueBy } : {}),
        at,
      };
      // A closed dispute never reopens: an open state reported late changes nothing.
      if (current && !current.open && next.open) return state;
      const closedFirst = current?.open === true && !next.open;
      if (!closedFirst && !replaces(next, current, (a, b) => Number(!a.open) - Number(!b.open))) return state;
      if (!current)
        changes.push({
          kind: next.open ? 'dispute-opened' : 'dispute-closed',
          disputeId: fact.disputeId,
          dispute: next,
        });
      else if (closedFirst) changes.push({ kind: 'dispute-closed', disputeId: fact.disputeId, dispute: next });
      return { ...state, disputes: { ...state.disputes, [fact.disputeId]: next } };
    }
  }
}

/** The state after these facts (all of one event, at the provider's time `at`), and what changed. */
export function applyPaymentFacts(
  state: ProviderPaymentState,
  facts: PaymentFact[],
  at: Date,
): { state: ProviderPaymentState; changes: PaymentChange[] } {
  const changes: PaymentChange[] = [];
  const iso = at.toISOString();
  const next = facts.reduce((s, fact) => applyFact(s, fact, iso, changes), state);
  return { state: next, changes };
}

/**
 * What the provider refunded on the payment: in all, and outside the shop (in its dashboard). The
 * running total counts refunds whose own events have not arrived yet; what the back office refunded
 * itself is told apart by the tag it puts on its refunds.
 */
export function refundTotals(state: ProviderPaymentState): { totalCents: number; outsideCents: number } {
  let shop = 0;
  let outside = 0;
  for (const refund of Object.values(state.refunds)) {
    if (!liveRefund(refund)) continue;
    if (refund.byShop) shop += refund.amountCents;
    else outside += refund.amountCents;
  }
  const running = state.refunded?.totalCents ?? 0;
  return { totalCents: Math.max(running, shop + outside), outsideCents: Math.max(outside, running - shop) };
}

/** The disputes still open. */
export const openDisputes = (state: ProviderPaymentState) => Object.values(state.disputes).filter((d) => d.open);
