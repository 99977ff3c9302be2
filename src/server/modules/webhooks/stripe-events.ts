// Stripe's events as the shop reads them: the signature checked by Stripe's own SDK on the raw body
// (tolerance: Stripe's default 300 s), the envelope and the objects the shop uses validated with
// Zod, and each event turned into the facts it states about a payment (payment-state.ts).
import Stripe from 'stripe';
import { z } from 'zod';
import { Invalid } from '../../http/errors.js';
import { SHOP_REFUND_METADATA } from '../../providers/payment/stripe-card.js';
import type { PaymentFact } from './payment-state.js';
import type { ReceivedEvent } from './received-event.js';

const Id = z.string().min(1).max(255);
const Cents = z.number().int().min(0);

const EnvelopeSchema = z.object({
  id: Id,
  object: z.literal('event'),
  type: z.string().min(1).max(200),
  created: z.number().int().positive(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const PaymentIntentSchema = z.object({
  id: Id,
  object: z.literal('payment_intent'),
  status: z.string(),
  amount: Cents,
  amount_received: Cents.default(0),
  last_payment_error: z.object({ message: z.string().max(2000).optional() }).nullish(),
  cancellation_reason: z.string().max(200).nullish(),
});
const ChargeSchema = z.object({
  id: Id,
  object: z.literal('charge'),
  payment_intent: Id.nullish(),
  amount: Cents,
  amount_captured: Cents.default(0),
  amount_refunded: Cents,
  refunded: z.boolean(),
});
const RefundSchema = z.object({
  id: Id,
  object: z.literal('refund'),
  amount: Cents,
  status: z.string().nullish(),
  payment_intent: Id.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const DisputeSchema = z.object({
  id: Id,
  object: z.literal('dispute'),
  amount: Cents,
  status: z.string(),
  reason: z.string().max(200),
  payment_intent: Id.nullish(),
  evidence_details: z.object({ due_by: z.number().int().nullish() }).nullish(),
});

const REFUND_STATUSES = new Set(['pending', 'succeeded', 'failed', 'canceled']);
/** Stripe's closed dispute states, and what they mean for the shop. */
const DISPUTE_CLOSED: Record<string, 'won' | 'lost' | 'closed'> = {
  won: 'won',
  lost: 'lost',
  warning_closed: 'closed',
  prevented: 'closed',
};

const refundStatusOf = (status: string | null | undefined) =>
  // requires_action (the customer must give details for the refund to go out) is still on its way.
  (REFUND_STATUSES.has(status ?? '') ? status : 'pending') as 'pending' | 'succeeded' | 'failed' | 'canceled';

/** A handled event whose object is not what the shop expects: 400, so Stripe keeps it and retries. */
function read<T extends z.ZodType>(schema: T, value: unknown, type: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Invalid(`This ${type} event's object could not be read: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The facts of one event about the payment intent `paymentIntent`; undefined: a kind of event the shop does not use. */
function translate(
  type: string,
  object: unknown,
): { paymentId: string | undefined; objectId: string; facts: PaymentFact[] } | undefined {
  switch (type) {
    case 'payment_intent.succeeded': {
      const pi = read(PaymentIntentSchema, object, type);
      return {
        paymentId: pi.id,
        objectId: pi.id,
        facts: [{ kind: 'capture', status: 'captured', amountCents: pi.amount_received }],
      };
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const pi = read(PaymentIntentSchema, object, type);
      const canceled = type === 'payment_intent.canceled';
      const message = canceled
        ? `canceled${pi.cancellation_reason ? ` (${pi.cancellation_reason})` : ''}`
        : (pi.last_payment_error?.message ?? 'the payment failed');
      return {
        paymentId: pi.id,
        objectId: pi.id,
        facts: [{ kind: 'capture', status: canceled ? 'canceled' : 'failed', amountCents: pi.amount, message }],
      };
    }
    case 'charge.captured': {
      const charge = read(ChargeSchema, object, type);
      return {
        paymentId: charge.payment_intent ?? undefined,
        objectId: charge.id,
        facts: [{ kind: 'capture', status: 'captured', amountCents: charge.amount_captured }],
      };
    }
    case 'charge.refunded': {
      const charge = read(ChargeSchema, object, type);
      return {
        paymentId: charge.payment_intent ?? undefined,
        objectId: charge.id,
        facts: [{ kind: 'refunded', totalCents: charge.amount_refunded }],
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refund = read(RefundSchema, object, type);
      return {
        paymentId: refund.payment_intent ?? undefined,
        objectId: refund.id,
        facts: [
          {
            kind: 'refund',
            refundId: refund.id,
            amountCents: refund.amount,
            status: type === 'refund.failed' ? 'failed' : refundStatusOf(refund.status),
            byShop: refund.metadata?.refunded_by === SHOP_REFUND_METADATA.refunded_by,
          },
        ],
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = read(DisputeSchema, object, type);
      const outcome = DISPUTE_CLOSED[dispute.status];
      const dueBy = dispute.evidence_details?.due_by;
      return {
        paymentId: dispute.payment_intent ?? undefined,
        objectId: dispute.id,
        facts: [
          {
            kind: 'dispute',
            disputeId: dispute.id,
            status: dispute.status,
            open: outcome === undefined,
            ...(outcome ? { outcome } : {}),
            reason: dispute.reason.replaceAll('_', ' '),
            amountCents: dispute.amount,
            ...(dueBy ? { dueBy: new Date(dueBy * 1000).toISOString() } : {}),
          },
        ],
      };
    }
    default:
      return undefined;
  }
}

/**
 * Checks the Stripe-Signature header over the raw body with the endpoint's secret (Stripe's SDK,
 * `webhooks.constructEvent`), then reads the event. A missing or wrong signature, or one older than
 * 300 s, answers 400 and nothing is stored.
 */
export function readStripeEvent(rawBody: string, signature: string | undefined, secret: string): ReceivedEvent {
  if (!signature) throw new Invalid('This request has no Stripe-Signature header: only Stripe may post here');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, Stripe.webhooks.DEFAULT_TOLERANCE);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new Invalid(
        'The Stripe-Signature header does not match this event (or is older than 5 minutes); check STRIPE_WEBHOOK_SECRET',
      );
    throw new Invalid('This is not a Stripe event the shop can read');
  }
  const envelope = EnvelopeSchema.safeParse(event);
  if (!envelope.success) throw new Invalid('This is not a Stripe event the shop can read');
  const { id, type, created, data } = envelope.data;
  const translated = translate(type, data.object);
  return {
    provider: 'stripe',
    id,
    type,
    at: new Date(created * 1000),
    ...(translated
      ? {
          objectId: translated.objectId,
          paymentIds: translated.paymentId ? [translated.paymentId] : [],
          facts: translated.facts,
        }
      : { objectId: typeof data.object.id === 'string' ? data.object.id.slice(0, 255) : undefined }),
  };
}
