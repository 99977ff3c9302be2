// The owner ships an order (spec §2 Placed Orders, §5, §8): buy a carrier label from the listed
// rates, or assign tracking from a carrier of their own. Buying is disabled until a rate is chosen;
// custom tracking is disabled while one is; a refused purchase alerts message[0].text and the modal
// stays open.
import { useEffect, useState, type FormEvent } from 'react';
import type { PlacedOrder } from '../../../contract/orders.js';
import type { LabelRate } from '../../../contract/shipping-labels.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { adminApi, messageOf } from '../admin-api.js';

type Rates = { state: 'loading' } | { state: 'loaded'; rates: LabelRate[] } | { state: 'failed'; text: string };

export function ShippingModal({
  order,
  onClose,
  onShipped,
}: {
  order: PlacedOrder | null;
  onClose: () => void;
  onShipped: () => Promise<void>;
}) {
  const [rates, setRates] = useState<Rates>({ state: 'loading' });
  const [rateId, setRateId] = useState<string | null>(null);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrlLink, setTrackingUrlLink] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setRateId(null);
    setTrackingNumber('');
    setTrackingUrlLink('');
    if (!order) return;
    let current = true;
    setRates({ state: 'loading' });
    adminApi
      .getShippingOptions(order.id)
      .then((answer) => {
        if (!current) return;
        setRates(
          Array.isArray(answer)
            ? { state: 'loaded', rates: answer }
            : { state: 'failed', text: answer.message[0]?.text ?? 'No rates' },
        );
      })
      .catch((err: unknown) => current && setRates({ state: 'failed', text: messageOf(err) }));
    return () => {
      current = false;
    };
  }, [order]);

  const buy = async () => {
    if (!order || !rateId) return;
    setBusy(true);
    try {
      const answer = await adminApi.markAsProcessed({ orderId: order.id, rateId });
      if (answer.status === 'ERROR') {
        window.alert(answer.message[0]?.text ?? 'The label could not be bought');
        return;
      }
      await onShipped();
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    if (!order || rateId) return;
    setBusy(true);
    try {
      await adminApi.assignCustomTracking({ orderId: order.id, trackingNumber, trackingUrlLink });
      await onShipped();
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const rateChosen = rateId !== null;
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      title={order ? `Ship order #${order.id}` : 'Ship order'}
      className="admin-shipping"
    >
      {order && <ChosenService order={order} />}
      <section className="admin-shipping__section" aria-label="Buy a shipping label">
        <p className="admin-panel__lede">
          Buy a label: the order becomes processed and the shopper gets the tracking link by email.
        </p>
        {rates.state === 'loading' ? (
          <p className="admin-panel__empty">Loading rates…</p>
        ) : rates.state === 'failed' ? (
          <p className="admin-shipping__error" role="alert">
            {rates.text}
          </p>
        ) : (
          <fieldset className="admin-shipping__rates">
            <legend>Shipping rate</legend>
            {rates.rates.map((r) => (
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
          <Button onClick={() => void buy()} disabled={busy || !rateChosen}>
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
        onSubmit={(e) => void assign(e)}
        aria-label="Custom tracking"
      >
        <p className="admin-panel__lede">
          Or custom tracking, from a carrier of your own{rateChosen ? ' (clear the rate to use it)' : ''}.
        </p>
        <FormField
          label="Tracking number"
          value={trackingNumber}
          disabled={rateChosen}
          onChange={(e) => setTrackingNumber(e.target.value)}
        />
        <FormField
          label="Tracking link"
          type="url"
          placeholder="https://"
          value={trackingUrlLink}
          disabled={rateChosen}
          onChange={(e) => setTrackingUrlLink(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={busy || rateChosen || !trackingNumber.trim() || !trackingUrlLink.trim()}
        >
          Assign tracking
        </Button>
      </form>
    </Modal>
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
