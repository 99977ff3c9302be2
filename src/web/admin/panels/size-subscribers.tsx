// The size editor's subscriber list (spec §2 modals, §5): who waits for this size, with a checkbox
// each; 'Send' emails each chosen one (one call per email) and is disabled while the size is sold
// out or nobody is chosen. Sold out means as saved: the server checks the stored stock, not the form.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { Button } from '../../ui/button.js';
import { adminApi, messageOf } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { PanelError, PanelStatus } from './admin-form.js';

export const NOTIFICATION_SENT = 'Successfuly sent notification';

export type SizeRef = { productType: string; color: string; size: string };

/** The saved size (and its product and colour) of an item, or null when it is not saved yet. */
export function savedSize(item: AdminItem, ref: SizeRef) {
  const product = item.available_products.find((p) => p.type === ref.productType);
  const color = product?.colors.find((c) => c.color_name === ref.color);
  const size = color?.available_sizes.find((s) => s.name === ref.size);
  return product && color && size ? { product, color, size, soldOut: size.sold_out || size.stock === 0 } : null;
}

export function SizeSubscribers({ item, sizeRef, unsaved }: { item: AdminItem; sizeRef: SizeRef; unsaved: boolean }) {
  const subscriptions = useQuery({
    ...adminQueries.itemSubscriptions({
      url: item.url,
      sizeName: sizeRef.size,
      product_type: sizeRef.productType,
      color: sizeRef.color,
    }),
    select: (answer) => ({
      waiting: answer.filteredSubscriptions,
      others: answer.allSubscriptions.length - answer.filteredSubscriptions.length,
    }),
  });
  const waiting = subscriptions.data?.waiting ?? null;
  const others = subscriptions.data?.others ?? 0;
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<string | null>(null);
  /** The emails a send could not reach, each with why. */
  const [failures, setFailures] = useState<string | null>(null);
  const listId = useId();
  const saved = savedSize(item, sizeRef);
  const soldOut = !saved || saved.soldOut;
  const label = `${sizeRef.size} (${sizeRef.color})`;

  const toggle = (email: string, on: boolean) =>
    setChosen((set) => {
      const next = new Set(set);
      if (on) next.add(email);
      else next.delete(email);
      return next;
    });

  /** One call per email; each failure is kept with its reason, and the others still go. */
  const send = useAdminMutation({
    call: async (emails: string[]) => {
      if (!saved) return { failed: [], sent: 0 };
      const failed: string[] = [];
      for (const email of emails) {
        try {
          await adminApi.sendBackInStockNotification({
            url: item.url,
            email,
            size: sizeRef.size,
            product_type: sizeRef.productType,
            product_name: saved.product.name,
            color: sizeRef.color,
            price: saved.product.price,
            ...((saved.color.color_picture ?? item.pictures[0])
              ? { picture: saved.color.color_picture ?? item.pictures[0] }
              : {}),
          });
        } catch (err) {
          failed.push(`${email}: ${messageOf(err)}`);
        }
      }
      return { failed, sent: emails.length - failed.length };
    },
    invalidates: [adminKeys.itemSubscriptions],
    onSuccess: ({ failed, sent }) => {
      setChosen(new Set());
      if (failed.length > 0) setFailures(failed.join('\n'));
      if (sent > 0) setStatus(NOTIFICATION_SENT);
    },
  });
  const sending = send.pending;
  const startSend = () => {
    setStatus(null);
    setFailures(null);
    void send.run([...chosen]);
  };

  const all = waiting !== null && waiting.length > 0 && chosen.size === waiting.length;

  return (
    <fieldset className="admin-group admin-subscribers" aria-label={`Subscribers of ${label}`}>
      <div className="admin-subscribers__head">
        <span className="admin-item__section-title">Waiting for {label}</span>
        {soldOut && <span className="admin-tag admin-tag--warning">{saved ? 'Sold out' : 'Not saved yet'}</span>}
      </div>
      <QueryState
        query={{ data: waiting ?? undefined, error: subscriptions.error }}
        empty="Nobody is waiting for this size."
      >
        {(list) => (
          <>
            <label className="admin-check admin-subscribers__all">
              <input
                type="checkbox"
                checked={all}
                onChange={(e) => setChosen(e.target.checked ? new Set(list.map((s) => s.email)) : new Set())}
              />
              <span>Select all ({list.length})</span>
            </label>
            <ul id={listId} className="admin-subscribers__list">
              {list.map((s) => (
                <li key={s._id}>
                  <label className="admin-check">
                    <input
                      type="checkbox"
                      checked={chosen.has(s.email)}
                      onChange={(e) => toggle(s.email, e.target.checked)}
                    />
                    <span>{s.email}</span>
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {others > 0 && (
        <p className="admin-table__note">
          {others === 1 ? '1 other subscriber asked' : `${others} other subscribers asked`} about other sizes or were
          already notified.
        </p>
      )}
      {(unsaved || (soldOut && waiting !== null && waiting.length > 0)) && (
        <p className="admin-table__note">
          {unsaved
            ? 'Save availability first: the email goes out only for a size saved as available.'
            : 'Mark the size available and save before sending.'}
        </p>
      )}
      <div className="admin-inline">
        <Button disabled={soldOut || chosen.size === 0 || sending} aria-controls={listId} onClick={startSend}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
        <PanelStatus message={status} />
      </div>
      <PanelError message={send.error ?? failures} className="admin-subscribers__error" />
    </fieldset>
  );
}
