// Subscriptions (spec §2): who waits for which size (what to reorder), and every subscriber with their
// back-in-stock requests, newest first.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminQueries } from '../queries/admin-queries.js';
import { NextPageButton, QueryState } from '../queries/query-state.js';
import { AdminTable, formatDateTime } from './admin-form.js';

export default function SubscriptionsPanel() {
  const demand = useQuery(adminQueries.restockDemand());
  const subscribers = useInfiniteQuery({ ...adminQueries.subscriptions(), select: (data) => data.pages.flat() });

  return (
    <div className="admin-panel">
      <section className="admin-panel" aria-labelledby="demand-title">
        <h2 id="demand-title" className="admin-editor__title">
          Waiting for a restock
        </h2>
        <QueryState query={demand} empty="Nobody is waiting for a sold-out size.">
          {(list) => (
            <AdminTable columns={['Item', 'Style', 'Colour', 'Size', 'Waiting']}>
              {list.map((d) => (
                <tr key={`${d.url}/${d.product_type}/${d.color}/${d.size}`}>
                  <th scope="row" className="admin-table__strong">
                    <a href={`/product/${d.url}`} target="_blank" rel="noreferrer">
                      {d.title}
                    </a>
                  </th>
                  <td>{d.product_type}</td>
                  <td>{d.color}</td>
                  <td>{d.size}</td>
                  <td>{d.waiting}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </QueryState>
      </section>

      <section className="admin-panel" aria-labelledby="subscribers-title">
        <h2 id="subscribers-title" className="admin-editor__title">
          Subscribers
        </h2>
        <QueryState query={subscribers} empty="No subscribers yet.">
          {(list) => (
            <AdminTable columns={['Email', 'Newsletter', 'Back-in-stock requests', 'Since']}>
              {list.map((s) => (
                <tr key={s._id}>
                  <th scope="row" className="admin-table__strong">
                    {s.email}
                  </th>
                  <td>
                    {s.newsletter ? (
                      <span className="admin-tag admin-tag--success">Subscribed</span>
                    ) : s.unsubscribed ? (
                      <span className="admin-tag admin-tag--warning">Unsubscribed</span>
                    ) : s.requestedNotifications.length > 0 ? (
                      <span className="admin-tag admin-tag--info">Restocks only</span>
                    ) : (
                      <span className="admin-tag">Not subscribed</span>
                    )}
                  </td>
                  <td>
                    {s.requestedNotifications.length === 0 ? (
                      '—'
                    ) : (
                      <ul className="admin-lines">
                        {s.requestedNotifications.map((r) => (
                          <li key={`${r.url}/${r.product_type}/${r.color}/${r.size}`}>
                            {r.title}{' '}
                            <span className="admin-table__note">{`${r.product_type} · ${r.color} · ${r.size}${r.notified ? ' · notified' : ''}`}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{formatDateTime(s.createdAt)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </QueryState>
        <NextPageButton query={subscribers}>Show older subscribers</NextPageButton>
      </section>
    </div>
  );
}
