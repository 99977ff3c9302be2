// Back-in-stock from the owner's side: who asked for a size, and the notice to each one chosen.
// The notice is written to the outbox in the same transaction that marks the request notified, so
// a double click sends one email and an SMTP outage loses none.
import type { z } from 'zod';
import type {
  GetItemSubscriptionsAnswerSchema,
  GetItemSubscriptionsBodySchema,
  SendBackInStockBodySchema,
} from '../../../contract/admin-catalog.js';
import type { Db } from '../../db/client.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { quoted } from '../activity/changes.js';
import { adminCatalogRepository } from './admin-catalog-repository.js';
import type { ShopContactSource } from '../../email/layout.js';
import { backInStockEmail } from './back-in-stock-email.js';

type SubscriptionsQuery = z.output<typeof GetItemSubscriptionsBodySchema>;
type SubscriptionsAnswer = z.input<typeof GetItemSubscriptionsAnswerSchema>;
type SendBody = z.output<typeof SendBackInStockBodySchema>;

export function backInStockService({ db, shop }: { db: Db; shop: ShopContactSource }) {
  const repo = adminCatalogRepository(db);

  return {
    async itemSubscriptions(query: SubscriptionsQuery): Promise<SubscriptionsAnswer> {
      const item = await repo.itemByUrl(db, query.url);
      if (!item) throw new NotFound('Item not found');
      const requests = await repo.requestsOfItem(item.id);
      type Entry = SubscriptionsAnswer['allSubscriptions'][number];
      const bySubscriber = new Map<string, Entry>();
      const pending = new Set<string>();
      for (const r of requests) {
        let entry = bySubscriber.get(r.subscriptionId);
        if (!entry) {
          entry = {
            _id: r.subscriptionId,
            email: r.email,
            unsubscribed: r.unsubscribedAt !== null,
            requestedNotifications: [],
          };
          bySubscriber.set(r.subscriptionId, entry);
        }
        // A set's request names its piece with the size: 'Brief M' (issue 27 item 4).
        const sizeName = r.piece ? `${r.piece} ${r.size}` : r.size;
        entry.requestedNotifications.push({
          product_type: r.productType,
          color: r.color,
          size: sizeName,
          notified_at: r.notifiedAt ? r.notifiedAt.toISOString() : null,
        });
        const matches =
          sizeName === query.sizeName &&
          (query.product_type === undefined || r.productType === query.product_type) &&
          (query.color === undefined || r.color === query.color);
        if (matches && r.notifiedAt === null && r.unsubscribedAt === null) pending.add(r.subscriptionId);
      }
      const allSubscriptions = [...bySubscriber.values()];
      return { filteredSubscriptions: allSubscriptions.filter((s) => pending.has(s._id)), allSubscriptions };
    },

    async send(actor: Actor, body: SendBody): Promise<void> {
      const item = await repo.itemByUrl(db, body.url);
      if (!item) throw new NotFound('Item not found');
      const subscriber = await repo.subscriptionByEmail(body.email);
      if (!subscriber) throw new NotFound('No subscriber with this email');
      if (subscriber.unsubscribedAt) throw new Conflict('This subscriber has unsubscribed');
      const size = await repo.sizeOnOffer(item.id, body.product_type, body.color, body.size);
      if (!size) throw new NotFound('This item has no such product type, colour and size');
      if (size.soldOut || size.stock === 0) throw new Conflict('This size is still sold out');

      const email = backInStockEmail(
        {
          title: item.title,
          url: item.url,
          productName: size.productName,
          color: body.color,
          size: body.size,
          priceCents: size.priceCents,
          picture: size.colorPicture ?? item.pictures[0] ?? null,
        },
        subscriber.id,
        await shop(),
      );
      await db.transaction(async (tx) => {
        const marked = await repo.markNotified(tx, {
          subscriptionId: subscriber.id,
          itemId: item.id,
          productType: body.product_type,
          color: body.color,
          piece: size.piece,
          size: size.name,
        });
        if (marked === 0) throw new Conflict('This subscriber has no pending request for this size');
        await enqueueEmail(tx, { to: subscriber.email, ...email, kind: 'back_in_stock' });
        await recordActivity(tx, actor, {
          kind: 'backInStock.sent',
          summary: `Sent a back-in-stock notice for ${quoted(item.title)} (${[size.productName, body.color, body.size].join(', ')}) to ${subscriber.email}`,
          detail: {
            itemId: item.id,
            title: item.title,
            email: subscriber.email,
            productType: body.product_type,
            color: body.color,
            size: body.size,
          },
        });
      });
    },
  };
}
export type BackInStockService = ReturnType<typeof backInStockService>;
