// The owner's Subscriptions tab (spec §2): subscribers with their back-in-stock requests, and how
// many shoppers wait for each size, so the owner sees what to reorder. Each answer is one statement.
import { sql } from 'drizzle-orm';
import { SUBSCRIPTIONS_PAGE, type BackInStockDemand, type Subscription } from '../../../contract/marketing.js';
import { rowsOf, type Db } from '../../db/client.js';

export async function listSubscriptions(db: Db, before?: Date): Promise<Subscription[]> {
  const result = await db.execute(sql`
    select s.id, s.email, s.newsletter, s.unsubscribed_at is not null as unsubscribed, s.created_at,
           coalesce((select json_agg(json_build_object('title', i.title, 'url', i.url, 'product_type', r.product_type,
                            'color', r.color, 'size', ltrim(r.piece || ' ' || r.size), 'notified', r.notified_at is not null) order by r.id)
                       from requested_notifications r join items i on i.id = r.item_id
                      where r.subscription_id = s.id), '[]'::json) as requested
      from subscriptions s
     ${before ? sql`where s.created_at < ${before.toISOString()}` : sql``}
     order by s.created_at desc, s.id desc
     limit ${SUBSCRIPTIONS_PAGE}`);
  type Row = {
    id: string;
    email: string;
    newsletter: boolean;
    unsubscribed: boolean;
    created_at: string | Date;
    requested: Subscription['requestedNotifications'];
  };
  return rowsOf<Row>(result).map((r) => ({
    _id: r.id,
    email: r.email,
    newsletter: r.newsletter,
    unsubscribed: r.unsubscribed,
    createdAt: new Date(r.created_at).toISOString(),
    requestedNotifications: r.requested,
  }));
}

export async function backInStockDemand(db: Db): Promise<BackInStockDemand> {
  const result = await db.execute(sql`
    select i.title, i.url, r.product_type, r.color, ltrim(r.piece || ' ' || r.size) as size, count(*)::int as waiting
      from requested_notifications r
      join items i on i.id = r.item_id
      join subscriptions s on s.id = r.subscription_id
     where r.notified_at is null
     group by i.title, i.url, r.product_type, r.color, r.piece, r.size
     order by waiting desc, i.title, r.piece, r.size
     limit 500`);
  return rowsOf<BackInStockDemand[number]>(result);
}
