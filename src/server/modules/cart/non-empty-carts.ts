// The owner's Non-Empty Carts tab (spec §2): every bag that holds something, newest first, with the
// order it became. One statement per page, capped (NON_EMPTY_CARTS_PAGE), paged by `before`.
import { sql } from 'drizzle-orm';
import { NON_EMPTY_CARTS_PAGE, type NonEmptyCart } from '../../../contract/cart.js';
import { toDollars } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';

type Row = {
  id: string;
  created_at: string | Date;
  checkout_requested_at: string | Date | null;
  lines: NonEmptyCart['cart'];
  item_count: number;
  order_id: number | string | null;
  total_cents: number | null;
  processed: boolean | null;
};

export async function nonEmptyCarts(db: Db, before?: Date): Promise<NonEmptyCart[]> {
  const result = await db.execute(sql`
    select c.id, c.created_at, c.checkout_requested_at, page.lines, page.item_count, o.id as order_id, o.total_cents, o.processed
      from (
        select c.id from carts c
         where exists (select 1 from cart_lines l where l.cart_id = c.id)
           ${before ? sql`and c.created_at < ${before.toISOString()}` : sql``}
         order by c.created_at desc, c.id desc
         limit ${NON_EMPTY_CARTS_PAGE}
      ) newest
      join carts c on c.id = newest.id
      cross join lateral (
        select json_agg(json_build_object('title', coalesce(i.title, 'failed to load item'), 'url', coalesce(i.url, ''),
                        'product_type', l.product_type, 'color', l.color, 'size', l.size, 'quantity', l.quantity) order by l.id) as lines,
               sum(l.quantity)::int as item_count
          from cart_lines l left join items i on i.id = l.item_id
         where l.cart_id = c.id
      ) page
      left join orders o on o.id = c.order_id
     order by c.created_at desc, c.id desc`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) => ({
    _id: r.id,
    cart: r.lines,
    order:
      r.order_id === null
        ? null
        : { orderId: Number(r.order_id), total: toDollars(r.total_cents ?? 0), processed: Boolean(r.processed) },
    itemCount: r.item_count,
    createdAt: new Date(r.created_at).toISOString(),
    checkoutRequestedAt: r.checkout_requested_at === null ? null : new Date(r.checkout_requested_at).toISOString(),
  }));
}
