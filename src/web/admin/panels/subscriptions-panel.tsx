// Subscriptions (spec §2): who waits for which size (what to reorder), and every subscriber with their
// back-in-stock requests, newest first.
import { useCallback, useEffect, useState } from 'react';
import type { BackInStockDemand, Subscription } from '../../../contract/marketing.js';
import { SUBSCRIPTIONS_PAGE } from '../../../contract/values/admin.js';
import { Button } from '../../ui/button.js';
import { adminApi, messageOf } from '../admin-api.js';
import { AdminTable, formatDateTime } from './admin-form.js';

export default function SubscriptionsPanel() {
  const [demand, setDemand] = useState<BackInStockDemand | null>(null);
  const [subscribers, setSubscribers] = useState<Subscription[] | null>(null);
  const [more, setMore] = useState(false);

  const loadSubscribers = useCallback(async (before?: string) => {
    try {
      const page = await adminApi.getAllSubscriptions(before);
      setSubscribers((current) => (before ? [...(current ?? []), ...page] : page));
      setMore(page.length === SUBSCRIPTIONS_PAGE);
    } catch (err) {
      window.alert(messageOf(err));
    }
  }, []);
  useEffect(() => {
    void loadSubscribers();
    adminApi.getBackInStockDemand().then(setDemand, (err: unknown) => window.alert(messageOf(err)));
  }, [loadSubscribers]);

  return (
    <div className="admin-panel">
      <section className="admin-panel" aria-labelledby="demand-title">
        <h2 id="demand-title" className="admin-editor__title">
          Waiting for a restock
        </h2>
        {demand === null ? (
          <p className="admin-panel__empty">Loading…</p>
        ) : demand.length === 0 ? (
          <p className="admin-panel__empty">Nobody is waiting for a sold-out size.</p>
        ) : (
          <AdminTable columns={['Item', 'Style', 'Colour', 'Size', 'Waiting']}>
            {demand.map((d) => (
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
      </section>

      <section className="admin-panel" aria-labelledby="subscribers-title">
        <h2 id="subscribers-title" className="admin-editor__title">
          Subscribers
        </h2>
        {subscribers === null ? (
          <p className="admin-panel__empty">Loading…</p>
        ) : subscribers.length === 0 ? (
          <p className="admin-panel__empty">No subscribers yet.</p>
        ) : (
          <AdminTable columns={['Email', 'Newsletter', 'Back-in-stock requests', 'Since']}>
            {subscribers.map((s) => (
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
                      {s.requestedNotifications.map((r, i) => (
                        <li key={i}>
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
        {more && (
          <Button variant="secondary" onClick={() => void loadSubscribers(subscribers?.at(-1)?.createdAt)}>
            Show older subscribers
          </Button>
        )}
      </section>
    </div>
  );
}
