// Packing slips (issue 28 #6): one order's, or every order to ship's (oldest first, read SLIP_PAGE
// orders at a time), as a PDF the owner or staff prints.
import { sql, type SQL } from 'drizzle-orm';
import type { ShopSettings } from '../../../contract/settings.js';
import { type Db, rowsOf } from '../../db/client.js';
import type { Address, OrderLine } from '../../db/schema.js';
import { NotFound } from '../../http/errors.js';
import { toShipWhere } from '../orders/orders-to-act.js';
import { afterOrder, ORDER_KEY } from './order-keyset.js';
import { packingSlipsPdf, type PictureSource, type SlipOrder } from './packing-slip-pdf.js';

/** Orders read per query for the slips of every order to ship. */
export const SLIP_PAGE = 100;

type Row = {
  key: string;
  id: string;
  placed_on: string;
  shipping_info: Address;
  email: string;
  shipping_type: string;
  shipping_cents: number;
  lines: OrderLine[];
  tracking: string | null;
  label_service: string | null;
};

export function packingSlipsService(deps: {
  db: Db;
  settings: { read(): Promise<ShopSettings> };
  picture: PictureSource;
  clock: () => Date;
}) {
  const { db } = deps;

  async function rows(where: SQL, timeZone: string, afterKey?: string): Promise<Row[]> {
    return rowsOf<Row>(
      await db.execute(sql`
        select ${ORDER_KEY} as key, o.id::text as id, to_char(o.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as placed_on,
               o.shipping_info, o.email, o.shipping_type, o.shipping_cents, o.lines,
               o.tracking_number as tracking,
               case when l.status = 'bought' then trim(concat_ws(' ', l.rate->>'provider', l.rate->>'service')) end as label_service
          from orders o
          left join shipping_labels l on l.order_id = o.id
         where ${where}
           ${afterKey === undefined ? sql`` : afterOrder(afterKey)}
         order by o.created_at, o.id
         limit ${SLIP_PAGE}`),
    );
  }

  const slipOf =
    (s: ShopSettings) =>
    (r: Row): SlipOrder => ({
      id: r.id,
      placedOn: r.placed_on,
      shipTo: r.shipping_info,
      email: r.email,
      service: s.shipping.options.find((o) => o.type === r.shipping_type)?.description ?? r.shipping_type,
      shippingCents: r.shipping_cents,
      label: r.label_service || null,
      tracking: r.tracking,
      lines: r.lines,
    });

  const pdf = (s: ShopSettings, title: string, orders: AsyncIterable<SlipOrder>) =>
    packingSlipsPdf({ shopName: s.shop.name, title, orders, picture: deps.picture, date: deps.clock() });

  return {
    /** GET /admin/api/packingSlip?orderId=: the order's slip (404 for no such order). */
    async one(orderId: number) {
      const s = await deps.settings.read();
      const [row] = await rows(sql`o.id = ${orderId}`, s.insights.timeZone);
      if (!row) throw new NotFound(`There is no order #${orderId}`);
      const slip = slipOf(s)(row);
      return {
        fileName: `packing-slip-${row.id}.pdf`,
        pdf: pdf(
          s,
          `Packing slip for order #${row.id}`,
          (async function* () {
            yield slip;
          })(),
        ),
      };
    },

    /** GET /admin/api/packingSlips: a slip for every order to ship, oldest first. */
    async toShip() {
      const s = await deps.settings.read();
      const toSlip = slipOf(s);
      const orders = async function* () {
        let afterKey: string | undefined;
        for (;;) {
          const page = await rows(toShipWhere('o'), s.insights.timeZone, afterKey);
          for (const row of page) yield toSlip(row);
          if (page.length < SLIP_PAGE) return;
          afterKey = page.at(-1)!.key;
        }
      };
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: s.insights.timeZone }).format(deps.clock());
      return { fileName: `packing-slips-${today}.pdf`, pdf: pdf(s, 'Packing slips for orders to ship', orders()) };
    },
  };
}
export type PackingSlipsService = ReturnType<typeof packingSlipsService>;
