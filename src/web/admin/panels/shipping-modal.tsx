// The owner ships an order (spec §2 Placed Orders, §5, §8): buy a carrier label from the listed
// rates, or assign tracking from a carrier of their own. Buying is disabled until a rate is chosen;
// custom tracking is disabled while one is (its fields checked by the route's schema first); a
// refused purchase alerts message[0].text and the modal stays open.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AssignCustomTrackingBody, PlacedOrder } from '../../../contract/orders.js';
import type { MarkAsProcessedBody } from '../../../contract/shipping-labels.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { adminApi, messageOf } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useFormCheck } from '../queries/form-check.js';
import { browserAlert, useAdminMutation } from '../queries/use-admin-mutation.js';
import { PanelError } from './admin-form.js';

export function ShippingModal({ order, onClose }: { order: PlacedOrder | null; onClose: () => void }) {
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      title={order ? `Ship order #${order.id}` : 'Ship order'}
      className="admin-shipping"
    >
      {/* Keyed by order: each opening starts with empty tracking fields and no rate chosen but the option's preferred one. */}
      {order && <ShippingChoices key={order.id} order={order} onShipped={onClose} />}
    </Modal>
  );
}

function ShippingChoices({ order, onShipped }: { order: PlacedOrder; onShipped: () => void }) {
  const rates = useQuery(adminQueries.shippingOptions(order.id));
  // Undefined until the owner picks: the carrier service the order's shipping option names in
  // Settings (the rate marked `preferred`) is chosen for them; 'Clear rate' picks none.
  const [picked, setRateId] = useState<string | null | undefined>(undefined);
  const preferred = Array.isArray(rates.data) ? (rates.data.find((r) => r.preferred)?.object_id ?? null) : null;
  const rateId = picked === undefined ? preferred : picked;
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrlLink, setTrackingUrlLink] = useState('');
  const form = useFormCheck();
  // Spec §8: a refused purchase alerts its first message, and the modal stays open.
  const buy = useAdminMutation({
    call: (body: MarkAsProcessedBody) => adminApi.markAsProcessed(body),
    invalidates: (answer) => (answer.status === 'ERROR' ? [] : [adminKeys.orders]),
    onSuccess: (answer) => {
      if (answer.status === 'ERROR') browserAlert(answer.message[0]?.text ?? 'The label could not be bought');
      else onShipped();
    },
    errorIn: 'browser alert',
  });
  const assign = useAdminMutation({
    call: (body: AssignCustomTrackingBody) => adminApi.assignCustomTracking(body),
    invalidates: [adminKeys.orders],
    onSuccess: onShipped,
  });
  const busy = buy.pending || assign.pending;

  const submitTracking = async (event: FormEvent) => {
    event.preventDefault();
    if (rateId) return;
    const body = { orderId: order.id, trackingNumber, trackingUrlLink };
    if (await form.check('assignCustomTracking', body)) await assign.run(body);
  };

  const failed = rates.error
    ? messageOf(rates.error)
    : rates.data && !Array.isArray(rates.data)
      ? (rates.data.message[0]?.text ?? 'No rates')
      : null;
  const rateChosen = rateId !== null;
  return (
    <>
      <ChosenService order={order} />
      <section className="admin-shipping__section" aria-label="Buy a shipping label">
        <p className="admin-panel__lede">
          Buy a label: the order becomes processed and the shopper gets the tracking link by email.
        </p>
        {failed !== null ? (
          <p className="admin-shipping__error" role="alert">
            {failed}
          </p>
        ) : !Array.isArray(rates.data) ? (
          <p className="admin-panel__empty">Loading rates…</p>
        ) : (
          <fieldset className="admin-shipping__rates">
            <legend>Shipping rate</legend>
            {rates.data.map((r) => (
              <label key={r.object_id} className="admin-shipping__rate" data-checked={rateId === r.object_id}>
                <input
                  type="radio"
                  name="shipping-rate"
                  value={r.object_id}
                  checked={rateId === r.object_id}
                  onChange={() => setRateId(r.object_id)}
                />
                {r.provider_image_75 ? (
                  <img src={r.provider_image_75} alt={r.provider} width={75} />
                ) : (
                  <span>{r.provider}</span>
                )}
                <span className="admin-shipping__service">
                  {r.servicelevel.name}
                  {r.preferred && <span className="admin-table__note">Set for this option in Settings</span>}
                  {r.estimated_days !== null && (
                    <span className="admin-table__note admin-shipping__days">
                      {r.estimated_days === 1 ? '1 day' : `${r.estimated_days} days`}
                    </span>
                  )}
                </span>
                <span className="admin-shipping__amount">${r.amount}</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="admin-inline">
          <Button onClick={() => rateId && void buy.run({ orderId: order.id, rateId })} disabled={busy || !rateChosen}>
            Buy label
          </Button>
          {rateChosen && (
            <Button variant="secondary" onClick={() => setRateId(null)} disabled={busy}>
              Clear rate
            </Button>
          )}
        </div>
      </section>
      <form
        className="admin-editor__fields admin-shipping__section"
        onSubmit={(e) => void submitTracking(e)}
        aria-label="Custom tracking"
      >
        <p className="admin-panel__lede">
          Or custom tracking, from a carrier of your own{rateChosen ? ' (clear the rate to use it)' : ''}.
        </p>
        <FormField
          label="Tracking number"
          value={trackingNumber}
          disabled={rateChosen}
          error={form.issueOf('trackingNumber')}
          onChange={(e) => setTrackingNumber(e.target.value)}
        />
        <FormField
          label="Tracking link"
          type="url"
          placeholder="https://"
          value={trackingUrlLink}
          disabled={rateChosen}
          error={form.issueOf('trackingUrlLink')}
          onChange={(e) => setTrackingUrlLink(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={busy || rateChosen || !trackingNumber.trim() || !trackingUrlLink.trim()}
        >
          Assign tracking
        </Button>
        <PanelError message={assign.error ?? form.otherIssue(['trackingNumber', 'trackingUrlLink'])} />
      </form>
    </>
  );
}

/** What the shopper chose and paid at checkout ('Standard (5–7 business days), free'), in the Orders tab's $0.00: the label should match it. */
function ChosenService({ order }: { order: PlacedOrder }) {
  const service = order.shippingInfo.shippingService ?? order.shippingInfo.shippingType;
  const fee = order.locals.shippingFee;
  return (
    <p className="admin-shipping__chosen">
      <span className="admin-order__label">Shopper chose</span>
      <span>
        <strong>{service}</strong>, {fee > 0 ? `$${fee.toFixed(2)}` : 'free'}
      </span>
    </p>
  );
}
