// The Demand tab (issue 28 #3): open back-in-stock requests grouped by item × colour × (piece ×) size,
// and the sizes whose tracked stock is at or under the owner's low-stock threshold. Each list is one
// grouped statement over a partial index (migration 0025_demand-and-orders-to-act), capped, with its
// total counted in the same statement; nothing is read per row from the application.
import { type SQL, sql } from 'drizzle-orm';
import {
  DEMAND_LIST_LIMIT,
  type DemandAnswer,
  type DemandQuery,
  type SetStockBody,
  type LowStockRow,
  type WaitingRow,
} from '../../../contract/demand.js';
import { rowsOf, type Db } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import type { Actor } from '../activity/activity-log.js';
import { setStock } from './set-stock.js';

type Row<T> = T & { total: number };

/** One page of a list, and the items whose title contains the search (any case). */
export type ListOptions = { search?: string | undefined; page?: number | undefined; limit?: number };
const titleHas = (search: string | undefined) =>
  search ? sql`and strpos(lower(i.title), lower(${search})) > 0` : sql``;
const pageOf = ({ page = 0, limit = DEMAND_LIST_LIMIT }: ListOptions) => sql`limit ${limit} offset ${page * limit}`;

/** A page's rows and the list's total (counted in the same statement; a page past the end asks again for it). */
async function pageWithTotal<T>(options: ListOptions, query: (page: SQL) => Promise<unknown>) {
  const rows = rowsOf<Row<T>>(await query(pageOf(options)));
  if (rows.length > 0 || !options.page) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = rowsOf<Row<T>>(await query(pageOf({ limit: 1 })));
  return { rows, total: first?.total ?? 0 };
}

/** The shop's name of a size: a set's piece before it, 'Brief M' (issue 27 item 4). */
const sizeName = (piece: string, name: string) => (piece ? `${piece} ${name}` : name);

export async function waitingForSizes(db: Db, options: ListOptions = {}): Promise<DemandAnswer['waiting']> {
  const { rows, total } = await pageWithTotal<Omit<WaitingRow, 'size'> & { name: string }>(options, (page) =>
    db.execute(sql`
    with pending as (
      select r.item_id, r.product_type, r.color, r.piece, r.size, count(*)::int as waiting
        from requested_notifications r
        join subscriptions s on s.id = r.subscription_id
       where r.notified_at is null and s.unsubscribed_at is null
       group by r.item_id, r.product_type, r.color, r.piece, r.size
    )
    select p.item_id as "itemId", i.title, i.url,
           coalesce(c.color_picture, i.pictures->>0) as picture,
           p.product_type, coalesce(pt.name, p.product_type) as product_name,
           p.color, p.piece, p.size as name, z.stock,
           z.id is not null as offered,
           coalesce(z.sold_out or z.stock = 0, true) as "soldOut",
           p.waiting, count(*) over ()::int as total
      from pending p
      join items i on i.id = p.item_id ${titleHas(options.search)}
      left join product_types pt on pt.item_id = p.item_id and pt.type = p.product_type
      left join colors c on c.product_type_id = pt.id and c.color_name = p.color
      left join sizes z on z.color_id = c.id and z.piece = p.piece and z.name = p.size
     order by (z.id is not null and (z.sold_out or z.stock = 0)) desc, p.waiting desc, i.title, p.item_id,
              p.product_type, p.color, p.piece, p.size
     ${page}`),
  );
  return {
    total,
    rows: rows.map(({ total: _total, name, ...r }) => ({ ...r, size: sizeName(r.piece, name) })),
  };
}

export async function lowStock(
  db: Db,
  threshold: number,
  options: ListOptions = {},
): Promise<DemandAnswer['lowStock']> {
  const { rows, total } = await pageWithTotal<Omit<LowStockRow, 'size'> & { name: string }>(options, (page) =>
    db.execute(sql`
    select i.id as "itemId", i.title, i.url,
           coalesce(c.color_picture, i.pictures->>0) as picture,
           pt.type as product_type, pt.name as product_name, c.color_name as color,
           z.piece, z.name, z.stock, (z.sold_out or z.stock = 0) as "soldOut",
           (select count(*)::int
              from requested_notifications r
              join subscriptions s on s.id = r.subscription_id
             where r.notified_at is null and s.unsubscribed_at is null
               and r.item_id = i.id and r.product_type = pt.type and r.color = c.color_name
               and r.piece = z.piece and r.size = z.name) as waiting,
           count(*) over ()::int as total
      from sizes z
      join colors c on c.id = z.color_id
      join product_types pt on pt.id = c.product_type_id
      join items i on i.id = pt.item_id
     where z.stock is not null and z.stock <= ${threshold} and i.published ${titleHas(options.search)}
     order by z.stock, i.title, i.id, pt.position, c.position, z.piece, z.position
     ${page}`),
  );
  return {
    threshold,
    total,
    rows: rows.map(({ total: _total, name, ...r }) => ({ ...r, size: sizeName(r.piece, name) })),
  };
}

export function demandService({
  db,
  readModel,
  lowStockThreshold,
}: {
  db: Db;
  readModel: ReadModel;
  lowStockThreshold: () => Promise<number>;
}) {
  return {
    /** One size's stock, only while it is still what the owner saw (set-stock.ts). */
    setStock: (actor: Actor, body: SetStockBody) => setStock(db, readModel, actor, body),
    async read(query: DemandQuery = {}): Promise<DemandAnswer> {
      const { search, waitingPage, lowPage } = query;
      const [waiting, low] = await Promise.all([
        waitingForSizes(db, { search, page: waitingPage }),
        lowStock(db, await lowStockThreshold(), { search, page: lowPage }),
      ]);
      return { waiting, lowStock: low };
    },
  };
}
export type DemandService = ReturnType<typeof demandService>;
