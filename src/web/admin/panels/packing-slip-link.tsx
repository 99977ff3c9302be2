// An order's 'Packing slip' (issue 28 #6): its PDF in a new tab, to print, for an order that ships in
// a parcel (a gift-card-only order is sent by email). Sits in the order card's head, beside 'Ship'.
import './packing-slip-link.css';
import type { PlacedOrder } from '../../../contract/orders.js';
import { packingSlipUrl } from '../../../contract/values/exports.js';

export function PackingSlipLink({ order }: { order: PlacedOrder }) {
  if (order.shippingInfo.shippingType === 'email') return null;
  return (
    <a
      className="button button--ghost packing-slip-link"
      href={packingSlipUrl(order.id)}
      target="_blank"
      rel="noopener"
    >
      Packing slip
    </a>
  );
}
