// The return of an order in the Orders tab (spec §4, issue #7 item 2): the pieces sent back, the
// refund the server computed, and the owner's one refund — to store credit (a balance code the
// shopper gets by email) or to the original payment — optionally putting the pieces back into stock.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { PlacedOrder } from '../../../contract/orders.js';
import type { RefundMethod, RefundReturnAnswer, RefundReturnBody } from '../../../contract/refunds.js';
import { Button } from '../../ui/button.js';
import { ApiError } from '../../api/http-api.js';
import { adminApi } from '../admin-api.js';
import { adminKeys } from '../queries/admin-queries.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { formatDateTime } from './admin-form.js';

const dollars = (n: number) => `$${n.toFixed(2)}`;
const pieces = (n: number) => (n === 1 ? '1 piece' : `${n} pieces`);

/** What the owner confirms before the refund goes out. */
export const refundQuestion = (order: PlacedOrder, method: RefundMethod, restock: boolean) =>
  nothingDue(order)
    ? `Close the return of order #${order.id}? It comes to $0.00 (its pieces were paid for by a code), so nothing is refunded and no email is sent.${
        restock ? ' The returned pieces go back into stock.' : ''
      } This cannot be undone.`
    : `Refund ${dollars(order.returnRequest?.total_refund ?? 0)} for order #${order.id} ${
        method === 'store_credit'
          ? `as store credit? It is added to a store credit balance emailed to ${order.email}.`
          : `to ${paidWith(order) || 'the original payment'}?${balancePart(order)}`
      }${dashboardPart(order)}${restock ? ' The returned pieces go back into stock.' : ''} This cannot be undone.`;

/** Issue 29: a refund made in the provider's dashboard caps this one (the server refunds no more than the order's total). */
export function dashboardPart(order: PlacedOrder): string {
  const p = order.providerPayment;
  const r = order.returnRequest;
  if (!p || p.refundedOutside <= 0 || !r) return '';
  const due = Math.round(Math.min(r.total_refund, Math.max(0, order.locals.total - p.refundedOutside)) * 100) / 100;
  return ` ${p.provider} already refunded ${dollars(p.refundedOutside)} of this order in its dashboard, so ${
    due < r.total_refund ? `only ${dollars(due)} goes back` : 'the refund is not capped'
  }.`;
}

/** An order paid partly from a gift card or store credit: the refund beyond what was charged goes back to it. */
function balancePart(order: PlacedOrder): string {
  const paid = order.paidFromBalance;
  if (!paid) return '';
  const charged = Math.max(0, order.locals.total - paid.amount);
  const back = Math.round(Math.max(0, (order.returnRequest?.total_refund ?? 0) - charged) * 100) / 100;
  return back > 0
    ? ` ${dollars(back)} of it goes back to ${paid.code}, the gift card or store credit the order was paid with.`
    : '';
}

/** A return whose refund comes to $0: it is closed, not refunded. */
const nothingDue = (order: PlacedOrder) => (order.returnRequest?.total_refund ?? 0) === 0;

function paidWith(order: PlacedOrder): string {
  const payment = order.shippingInfo.paymentMethodDetails;
  if (!payment || payment.paymentMethod === 'none') return '';
  return payment.paymentMethod === 'paypal'
    ? `PayPal${payment.detail ? ` (${payment.detail})` : ''}`
    : payment.detail || 'the card';
}

/** The refund as it was done, in a sentence. */
function doneText(order: PlacedOrder, answer: RefundReturnAnswer | null): string {
  const r = order.returnRequest!;
  const amount = dollars(answer?.refund ?? r.total_refund);
  const restocked = answer?.restocked ?? r.restocked ?? 0;
  const code = answer?.giftCode ?? r.giftCode;
  const main =
    (answer?.refund ?? r.total_refund) === 0
      ? 'Closed with nothing to refund.'
      : (answer?.method ?? r.refundMethod) === 'store_credit'
        ? `Store credit code ${code ?? ''} for ${amount} sent to ${order.email}.`
        : `Refunded ${amount} to ${paidWith(order) || 'the original payment'}${(answer?.providerRefundId ?? r.providerRefundId) ? ` (${answer?.providerRefundId ?? r.providerRefundId})` : ''}.${
            answer?.balanceRestored
              ? ` ${dollars(answer.balanceRestored)} of it went back to the gift card or store credit ${code ?? ''} the order was paid with.`
              : ''
          }`;
  return `${main}${restocked ? ` ${pieces(restocked)} back in stock.` : ''}`;
}

export function ReturnPanel({ order }: { order: PlacedOrder }) {
  const r = order.returnRequest;
  const canRefundPayment = paidWith(order) !== '' && order.locals.total > 0;
  const [method, setMethod] = useState<RefundMethod>('store_credit');
  const [restock, setRestock] = useState(false);
  const [answer, setAnswer] = useState<RefundReturnAnswer | null>(null);
  const headingId = useId();
  const client = useQueryClient();
  const refund = useAdminMutation({
    call: (body: RefundReturnBody) => adminApi.refundReturn(body),
    invalidates: [adminKeys.orders],
    onSuccess: setAnswer,
    // Show the return as it is now, with its new amount, for the owner to confirm again.
    onError: (err) =>
      err instanceof ApiError && err.code === 'conflict' && client.invalidateQueries({ queryKey: adminKeys.orders }),
  });
  if (!r) return null;
  const returned = r.items.flatMap(({ index, quantity }) => {
    const line = order.cart[index];
    return line ? [{ line, quantity, index }] : [];
  });
  const refunded = Boolean(r.refundedAt) || answer !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm(refundQuestion(order, method, restock))) return;
    // The amount the owner confirmed: if the return changed meanwhile, the server refunds nothing and says so.
    void refund.run({ orderId: order.id, method, restock, amount: r.total_refund });
  };

  return (
    <section className="admin-return" aria-labelledby={headingId}>
      <header className="admin-return__head">
        <h3 id={headingId} className="admin-return__title">
          Return
        </h3>
        <span className="admin-table__note">
          requested {formatDateTime(r.requestedAt)}
          {r.international ? ' · international' : ''}
        </span>
      </header>
      <div className="admin-return__grid">
        <div>
          <p className="admin-order__label">Returned pieces</p>
          <ul className="admin-lines">
            {returned.map(({ line, quantity, index }) => (
              <li key={index}>
                {line.title}{' '}
                <span className="admin-table__note">{`${line.product_name} · ${line.color} · ${line.size} × ${quantity} · ${dollars(line.price)}`}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="admin-order__label">Refund</p>
          <p>
            Items {dollars(r.subtotal)}
            {r.discount ? ` · discount −${dollars(r.discount)}` : ''}
            {r.tax ? ` · tax ${dollars(r.tax)}` : ''}
            <br />
            <strong>Refund {dollars(r.total_refund)}</strong>
            <br />
            <span className="admin-table__note">Shipping is not refunded.</span>
          </p>
        </div>
        <div>
          {refunded ? (
            <p className="admin-return__done" role="status">
              <strong>Refunded</strong>
              {r.refundedAt ? ` ${formatDateTime(r.refundedAt)}` : ''}. {doneText(order, answer)}
            </p>
          ) : r.refundPending ? (
            <p className="admin-return__error" role="alert">
              A refund to the original payment was started and is not confirmed yet. Check the payment provider before
              doing anything else.
            </p>
          ) : (
            <form className="admin-return__form" onSubmit={submit}>
              <fieldset className="admin-return__methods">
                <legend className="admin-order__label">Refund to</legend>
                <label className="admin-return__choice">
                  <input
                    type="radio"
                    name={`refund-method-${order.id}`}
                    value="store_credit"
                    checked={method === 'store_credit'}
                    onChange={() => setMethod('store_credit')}
                  />
                  Store credit <span className="admin-table__note">(a balance code by email)</span>
                </label>
                <label className="admin-return__choice">
                  <input
                    type="radio"
                    name={`refund-method-${order.id}`}
                    value="original_payment"
                    checked={method === 'original_payment'}
                    disabled={!canRefundPayment}
                    onChange={() => setMethod('original_payment')}
                  />
                  Original payment{' '}
                  {canRefundPayment ? (
                    <span className="admin-table__note">({paidWith(order)})</span>
                  ) : (
                    <span className="admin-table__note">(not paid)</span>
                  )}
                </label>
              </fieldset>
              <label className="admin-return__choice">
                <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
                Put the returned pieces back into stock
              </label>
              <Button type="submit" disabled={refund.pending}>
                {refund.pending
                  ? 'Refunding…'
                  : nothingDue(order)
                    ? 'Close the return ($0.00)'
                    : `Refund ${dollars(r.total_refund)}`}
              </Button>
              {refund.error && (
                <p className="admin-return__error" role="alert">
                  {refund.error}
                </p>
              )}
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
