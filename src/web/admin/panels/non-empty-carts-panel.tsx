// Non-Empty Carts (spec §2): Cart / Order / Items in Cart Count / Created, newest first, 100 a page.
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatPrice } from '../../../domain/money.js';
import { adminQueries } from '../queries/admin-queries.js';
import { NextPageButton, QueryState } from '../queries/query-state.js';
import { AdminTable, formatDateTime } from './admin-form.js';

export default function NonEmptyCartsPanel() {
  const carts = useInfiniteQuery({ ...adminQueries.carts(), select: (data) => data.pages.flat() });
  return (
    <QueryState query={carts} empty="No bag holds anything yet.">
      {(list) => (
        <div className="admin-panel">
          <AdminTable columns={['Cart', 'Order', 'Items in Cart Count', 'Created']}>
            {list.map((c) => (
              <tr key={c._id}>
                <td>
                  <ul className="admin-lines">
                    {c.cart.map((line, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a stored bag's lines, shown as they are and never reordered
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
                    <span className="admin-table__note">
                      {' '}
                      · went to checkout {formatDateTime(c.checkoutRequestedAt)}
                    </span>
                  )}
                </td>
                <td>{c.itemCount}</td>
                <td>{formatDateTime(c.createdAt)}</td>
              </tr>
            ))}
          </AdminTable>
          <NextPageButton query={carts}>Show older carts</NextPageButton>
        </div>
      )}
    </QueryState>
  );
}
