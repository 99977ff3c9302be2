// Non-Empty Carts (spec §2): Cart / Order / Items in Cart Count / Created, newest first, 100 a page.
import { useCallback, useEffect, useState } from 'react';
import type { NonEmptyCart } from '../../../contract/cart.js';
import { NON_EMPTY_CARTS_PAGE } from '../../../contract/values/cart.js';
import { formatPrice } from '../../../domain/money.js';
import { Button } from '../../ui/button.js';
import { adminApi, messageOf } from '../admin-api.js';
import { AdminTable, formatDateTime } from './admin-form.js';

export default function NonEmptyCartsPanel() {
  const [carts, setCarts] = useState<NonEmptyCart[] | null>(null);
  const [more, setMore] = useState(false);

  const load = useCallback(async (before?: string) => {
    try {
      const page = await adminApi.getNonEmptyCarts(before);
      setCarts((current) => (before ? [...(current ?? []), ...page] : page));
      setMore(page.length === NON_EMPTY_CARTS_PAGE);
    } catch (err) {
      window.alert(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  if (carts === null) return <p className="admin-panel__empty">Loading…</p>;
  if (carts.length === 0) return <p className="admin-panel__empty">No bag holds anything yet.</p>;
  return (
    <div className="admin-panel">
      <AdminTable columns={['Cart', 'Order', 'Items in Cart Count', 'Created']}>
        {carts.map((c) => (
          <tr key={c._id}>
            <td>
              <ul className="admin-lines">
                {c.cart.map((line, i) => (
                  <li key={i}>
                    <a href={`/product/${line.url}`} target="_blank" rel="noreferrer">
                      {line.title}
                    </a>{' '}
                    <span className="admin-table__note">
                      {line.product_type} · {line.color} · {line.size} × {line.quantity}
                    </span>
                  </li>
                ))}
              </ul>
            </td>
            <td>
              {c.order
                ? `#${c.order.orderId} · ${formatPrice(Math.round(c.order.total * 100))}${c.order.processed ? ' · shipped' : ''}`
                : '—'}
              {!c.order && c.checkoutRequestedAt && (
                <span className="admin-table__note"> · went to checkout {formatDateTime(c.checkoutRequestedAt)}</span>
              )}
            </td>
            <td>{c.itemCount}</td>
            <td>{formatDateTime(c.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      {more && (
        <Button variant="secondary" onClick={() => void load(carts.at(-1)?.createdAt)}>
          Show older carts
        </Button>
      )}
    </div>
  );
}
