// One size's stock set in place (issue 28 #3, the Demand tab): only that size's row is written, and
// only while its stock is what the owner saw, so an order placed between reading and saving is never
// overwritten (the item editor's whole-availability save has that window; this one has none). A
// stock above 0 also lifts the size's sold-out mark, 0 sets it. Activity records who did it.
import { sql } from 'drizzle-orm';
import type { SetStockBody } from '../../../contract/demand.js';
import { rowsOf, type Db } from '../../db/client.js';
import { Conflict, NotFound } from '../../http/errors.js';
import type { ReadModel } from '../../read-model.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { quoted } from '../activity/changes.js';

type SizeRow = { id: number; stock: number | null; title: string };

export async function setStock(
  db: Db,
  readModel: ReadModel,
  actor: Actor,
  body: SetStockBody,
): Promise<{ stock: number; soldOut: boolean }> {
  const label = [body.product_type, body.color, body.piece ? `${body.piece} ${body.name}` : body.name].join(', ');
  const done = await db.transaction(async (tx) => {
    const [size] = rowsOf<SizeRow>(
      await tx.execute(sql`
        select z.id, z.stock, i.title
          from sizes z
          join colors c on c.id = z.color_id
          join product_types pt on pt.id = c.product_type_id
          join items i on i.id = pt.item_id
         where i.id = ${body.itemId} and pt.type = ${body.product_type} and c.color_name = ${body.color}
           and z.piece = ${body.piece} and z.name = ${body.name}
         for update of z`),
    );
    if (!size) throw new NotFound('This size is no longer offered');
    if (size.stock !== body.expected)
      throw new Conflict(
        `The stock of ${label} changed to ${size.stock === null ? 'not counted' : size.stock} while you were editing (an order, or someone else). Check it and save again.`,
      );
    await tx.execute(sql`update sizes set stock = ${body.stock}, sold_out = ${body.stock === 0} where id = ${size.id}`);
    await recordActivity(tx, actor, {
      kind: 'stock.set',
      summary: `Set the stock of ${quoted(size.title)} (${label}) to ${body.stock}`,
      detail: { itemId: body.itemId, size: label, before: size.stock, after: body.stock },
    });
    return { stock: body.stock, soldOut: body.stock === 0 };
  });
  await readModel.invalidate();
  return done;
}
