// PayPal's webhook events as the shop reads them: verified by PayPal itself (POST
// /v1/notifications/verify-webhook-signature with the transmission headers, the shop's webhook id
// and the event exactly as it arrived), the envelope and the resources the shop uses validated with
// Zod, and each event turned into the facts it states about a payment (payment-state.ts).
import { z } from 'zod';
import { Invalid, Unavailable } from '../../http/errors.js';
import { PaymentError } from '../../providers/payment/payment-provider.js';
import { type PaypalApi, SHOP_REFUND_CUSTOM_ID } from '../../providers/payment/paypal-orders.js';
import type { PaymentFact } from './payment-state.js';
import type { ReceivedEvent } from './received-event.js';

const Id = z.string().min(1).max(255);
const Money = z.object({
  value: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount such as 12.50'),
});
const cents = (money: { value: string }) => Math.round(Number(money.value) * 100);
const Time = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'a time');

const EnvelopeSchema = z.object({
  id: Id,
  event_type: z.string().min(1).max(200),
  create_time: Time,
  resource: z.record(z.string(), z.unknown()),
});

const CaptureSchema = z.object({
  id: Id,
  status: z.string(),
  amount: Money,
  update_time: Time.optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: Id.optional() }).optional() }).optional(),
});
const RefundSchema = z.object({
  id: Id,
  status: z.string(),
  amount: Money,
  custom_id: z.string().max(127).optional(),
  update_time: Time.optional(),
  seller_payable_breakdown: z.object({ total_refunded_amount: Money.optional() }).optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).default([]),
});
const DisputeSchema = z.object({
  dispute_id: Id,
  status: z.string(),
  reason: z.string().max(200).default('OTHER'),
  dispute_amount: Money,
  update_time: Time.optional(),
  seller_response_due_date: Time.optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: Id.optional() })).default([]),
  dispute_outcome: z.object({ outcome_code: z.string() }).optional(),
});

const REFUND_STATUS: Record<string, 'pending' | 'succeeded' | 'failed' | 'canceled'> = {
  PENDING: 'pending',
  COMPLETED: 'succeeded',
  FAILED: 'failed',
  CANCELLED: 'canceled',
};
const OUTCOME: Record<string, 'won' | 'lost'> = { RESOLVED_SELLER_FAVOUR: 'won', RESOLVED_BUYER_FAVOUR: 'lost' };

function read<T extends z.ZodType>(schema: T, value: unknown, type: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new Invalid(`This ${type} event's resource could not be read: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

type Translated = { paymentIds: string[]; objectId: string; facts: PaymentFact[]; at?: string | undefined };

function translate(type: string, resource: unknown): Translated | undefined {
  switch (type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED': {
      const capture = read(CaptureSchema, resource, type);
      const orderId = capture.supplementary_data?.related_ids?.order_id;
      const completed = type === 'PAYMENT.CAPTURE.COMPLETED';
      return {
        paymentIds: [capture.id, ...(orderId ? [orderId] : [])],
        objectId: capture.id,
        at: capture.update_time,
        facts: [
          completed
            ? { kind: 'capture', status: 'captured', amountCents: cents(capture.amount), captureId: capture.id }
            : {
                kind: 'capture',
                status: 'failed',
                amountCents: cents(capture.amount),
                message: 'PayPal denied the capture',
              },
        ],
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const refund = read(RefundSchema, resource, type);
      // The capture it refunds is its 'up' link: …/v2/payments/captures/{id}.
      const up = refund.links.find((l) => l.rel === 'up')?.href ?? '';
      const captureId = /\/v2\/payments\/captures\/([^/?#]+)/.exec(up)?.[1];
      const total = refund.seller_payable_breakdown?.total_refunded_amount;
      return {
        paymentIds: captureId ? [decodeURIComponent(captureId)] : [],
        objectId: refund.id,
        at: refund.update_time,
        facts: [
          {
            kind: 'refund',
            refundId: refund.id,
            amountCents: cents(refund.amount),
            status: REFUND_STATUS[refund.status] ?? 'pending',
            byShop: refund.custom_id === SHOP_REFUND_CUSTOM_ID,
          },
          ...(total ? [{ kind: 'refunded' as const, totalCents: cents(total) }] : []),
        ],
      };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const dispute = read(DisputeSchema, resource, type);
      const open = dispute.status !== 'RESOLVED' && type !== 'CUSTOMER.DISPUTE.RESOLVED';
      const outcome = open ? undefined : (OUTCOME[dispute.dispute_outcome?.outcome_code ?? ''] ?? 'closed');
      return {
        paymentIds: dispute.disputed_transactions.flatMap((t) =>
          t.seller_transaction_id ? [t.seller_transaction_id] : [],
        ),
        objectId: dispute.dispute_id,
        at: dispute.update_time,
        facts: [
          {
            kind: 'dispute',
            disputeId: dispute.dispute_id,
            status: dispute.status,
            open,
            ...(outcome ? { outcome } : {}),
            reason: dispute.reason.toLowerCase().replaceAll('_', ' '),
            amountCents: cents(dispute.dispute_amount),
            ...(dispute.seller_response_due_date
              ? { dueBy: new Date(dispute.seller_response_due_date).toISOString() }
              : {}),
          },
        ],
      };
    }
    default:
      return undefined;
  }
}

/** The transmission headers PayPal sends with each event. */
const HEADERS = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const;

export type PaypalVerifier = (input: {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}) => Promise<void>;

/**
 * PayPal's own check of an event: the transmission headers, the shop's webhook id and the event as
 * it arrived (spliced in raw, so no re-serialising can change what was signed). SUCCESS, or 400.
 */
export function paypalVerifier(api: PaypalApi, webhookId: string): PaypalVerifier {
  return async ({ headers, rawBody }) => {
    const h = Object.fromEntries(
      Object.entries(HEADERS).map(([name, header]) => {
        const value = headers[header];
        return [name, typeof value === 'string' ? value : undefined];
      }),
    ) as Record<keyof typeof HEADERS, string | undefined>;
    const missing = Object.entries(h).find(([, v]) => !v);
    if (missing)
      throw new Invalid(
        `This request has no ${HEADERS[missing[0] as keyof typeof HEADERS]} header: only PayPal may post here`,
      );
    const body = `{"auth_algo":${JSON.stringify(h.authAlgo)},"cert_url":${JSON.stringify(h.certUrl)},"transmission_id":${JSON.stringify(h.transmissionId)},"transmission_sig":${JSON.stringify(h.transmissionSig)},"transmission_time":${JSON.stringify(h.transmissionTime)},"webhook_id":${JSON.stringify(webhookId)},"webhook_event":${rawBody}}`;
    let answer: { verification_status?: string };
    try {
      answer = await api.rawCall<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        body,
      );
    } catch (err) {
      // Headers PayPal finds malformed: 400. PayPal could not say (down, or refused our credentials):
      // 503, and PayPal delivers the event again later.
      if (err instanceof PaymentError && /VALIDATION|INVALID|MISSING/.test(err.code))
        throw new Invalid(`PayPal refused to check this event: ${err.message}`);
      throw new Unavailable(
        `PayPal could not verify this event now; it will be delivered again (${err instanceof Error ? err.message : String(err)})`,
      );
    }
    if (answer.verification_status !== 'SUCCESS')
      throw new Invalid("PayPal did not confirm this event's signature; check PAYPAL_WEBHOOK_ID");
  };
}

/** Reads a PayPal event the verifier accepted. */
export function readPaypalEvent(rawBody: string): ReceivedEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new Invalid('This is not a PayPal event the shop can read');
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new Invalid('This is not a PayPal event the shop can read');
  const { id, event_type: type, create_time, resource } = envelope.data;
  const translated = translate(type, resource);
  const at = new Date(translated?.at ?? create_time);
  return {
    provider: 'paypal',
    id,
    type,
    at,
    ...(translated
      ? { objectId: translated.objectId, paymentIds: translated.paymentIds, facts: translated.facts }
      : {
          objectId:
            typeof resource.id === 'string'
              ? resource.id.slice(0, 255)
              : typeof resource.dispute_id === 'string'
                ? resource.dispute_id.slice(0, 255)
                : undefined,
        }),
  };
}

/** A body that is JSON at all, before PayPal is asked about it (its verify call needs the event as JSON). */
export function assertJson(rawBody: string) {
  try {
    JSON.parse(rawBody);
  } catch {
    throw new Invalid('This is not a PayPal event the shop can read');
  }
}
