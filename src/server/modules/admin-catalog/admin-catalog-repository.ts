// The back office's catalog SQL: every item (published or not) with its availability and stock,
// item writes, availability kept in step with the form by natural keys, reviews, categories, and
// back-in-stock requests.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import {
  categories,
  colors,
  items,
  productTypes,
  requestedNotifications,
  reviews,
  sizes,
  subscriptions,
} from '../../db/schema.js';

type Executor = Db | Tx;
export type ItemRow = typeof items.$inferSelect;
export type NewItemRow = typeof items.$inferInsert;
export type ReviewRow = typeof reviews.$inferSelect;

/** Availability as the repository writes it: cents, derived links, sold-out already settled. */
export type AvailabilityInput = {
  type: string;
  name: string;
  priceCents: number;
  /** A set's pieces in order; [] for a single item. */
  pieces: string[];
  colors: {
    colorName: string;
    colorCode: string;
    colorPicture: string | null;
    alt: string;
    link: string;
    /** A set's sizes carry their piece ('' for a single item). */
    sizes: {
      piece: string;
      name: string;
      /** Sold out: asked, or the stock given is 0. */
      soldOut: boolean;
      stock: number | null;
      /** The stock the editor showed and whether the owner asked for sold out: with it, a tracked stock moves by the difference (contract's stock_shown). */
      shown?: { stock: number | null; soldOutAsked: boolean };
    }[];
  }[];
}[];

export type AdminCatalogRows = Awaited<ReturnType<typeof loadItems>>;

type TypeRow = typeof productTypes.$inferSelect;
type ColorRow = typeof colors.$inferSelect;
type SizeRow = typeof sizes.$inferSelect;
type AvailabilityJson = (TypeRow & { colors: (ColorRow & { sizes: SizeRow[] })[] })[];

/**
 * Each item's product types, colours and sizes in display order, as one JSON text with the row
 * sets' own field names: one statement for a page of items instead of one per table (the owner's
 * Existing Items page of 50 took four round trips and twice the time on PGlite).
 */
const availabilityJson = sql<string>`(
  select coalesce(json_agg(json_build_object(
           'id', t.id, 'itemId', t.item_id, 'type', t.type, 'name', t.name, 'priceCents', t.price_cents, 'position', t.position, 'pieces', t.pieces,
           'colors', (select coalesce(json_agg(json_build_object(
                        'id', c.id, 'productTypeId', c.product_type_id, 'colorName', c.color_name, 'colorCode', c.color_code,
                        'colorPicture', c.color_picture, 'alt', c.alt, 'link', c.link, 'position', c.position,
                        'sizes', (select coalesce(json_agg(json_build_object(
                                     'id', z.id, 'colorId', z.color_id, 'piece', z.piece, 'name', z.name, 'soldOut', z.sold_out, 'stock', z.stock, 'position', z.position)
                                   order by z.position, z.id), '[]') from ${sizes} z where z.color_id = c.id))
                      order by c.position, c.id), '[]') from ${colors} c where c.product_type_id = t.id))
         order by t.position, t.id), '[]')::text
    from ${productTypes} t where t.item_id = "items"."id")`;

/** Items matching `where` with their product types, colours and sizes, in display order: one statement. */
async function loadItems(db: Executor, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = db
    .select({ item: items, availability: availabilityJson })
    .from(items)
    .where(where)
    .orderBy(asc(items.position), asc(items.createdAt), asc(items.id));
  const rows = await (page === undefined ? query : query.limit(page.limit).offset(page.offset));
  const itemRows: (typeof items.$inferSelect)[] = [];
  const typeRows: TypeRow[] = [];
  const colorRows: ColorRow[] = [];
  const sizeRows: SizeRow[] = [];
  for (const row of rows) {
    itemRows.push(row.item);
    for (const { colors: colorList, ...type } of JSON.parse(row.availability) as AvailabilityJson) {
      typeRows.push(type);
      for (const { sizes: sizeList, ...color } of colorList) {
        colorRows.push(color);
        sizeRows.push(...sizeList);
      }
    }
  }
  return { itemRows, typeRows, colorRows, sizeRows };
}

type ColorInput = AvailabilityInput[number]['colors'];

async function replaceColors(tx: Tx, productTypeId: number, list: ColorInput) {
  const existing = await tx
    .select({ id: colors.id, link: colors.link })
    .from(colors)
    .where(eq(colors.productTypeId, productTypeId));
  const idByLink = new Map(existing.map((c) => [c.link, c.id]));
  const kept = new Set(list.map((c) => idByLink.get(c.link)).filter((id): id is number => id !== undefined));
  const gone = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (gone.length) await tx.delete(colors).where(inArray(colors.id, gone));
  for (const [position, c] of list.entries()) {
    const values = {
      colorName: c.colorName,
      colorCode: c.colorCode,
      colorPicture: c.colorPicture,
      alt: c.alt,
      link: c.link,
      position,
    };
    let colorId = idByLink.get(c.link);
    if (colorId === undefined) {
      const [row] = await tx
        .insert(colors)
        .values({ productTypeId, ...values })
        .returning({ id: colors.id });
      colorId = row!.id;
    } else {
      await tx.update(colors).set(values).where(eq(colors.id, colorId));
    }
    await replaceSizes(tx, colorId, c.sizes);
  }
}

async function replaceSizes(tx: Tx, colorId: number, list: ColorInput[number]['sizes']) {
  const existing = await tx
    .select({ id: sizes.id, piece: sizes.piece, name: sizes.name })
    .from(sizes)
    .where(eq(sizes.colorId, colorId));
  const keyOf = (s: { piece: string; name: string }) => `${s.piece}\u0000${s.name}`;
  const idByName = new Map(existing.map((s) => [keyOf(s), s.id]));
  const keep = new Set(list.map(keyOf));
  const gone = existing.filter((s) => !keep.has(keyOf(s))).map((s) => s.id);
  if (gone.length) await tx.delete(sizes).where(inArray(sizes.id, gone));
  for (const [position, s] of list.entries()) {
    const id = idByName.get(keyOf(s));
    if (id === undefined)
      await tx
        .insert(sizes)
        .values({ colorId, piece: s.piece, name: s.name, soldOut: s.soldOut, stock: s.stock, position });
    else if (s.shown && s.shown.stock !== null && s.stock !== null) {
      // Moved by what the owner changed, not set to it: an order that took pieces since the editor
      // was opened keeps them taken (a size at 0 is sold out).
      const stock = sql`case when ${sizes.stock} is null then ${s.stock}::int
        else greatest(0, ${sizes.stock} + ${s.stock - s.shown.stock}::int) end`;
      await tx
        .update(sizes)
        .set({ stock, soldOut: sql`${s.shown.soldOutAsked}::boolean or (${stock}) = 0`, position })
        .where(eq(sizes.id, id));
    } else await tx.update(sizes).set({ soldOut: s.soldOut, stock: s.stock, position }).where(eq(sizes.id, id));
  }
}

export function adminCatalogRepository(db: Db) {
  return {
    loadItems: (where?: SQL, executor: Executor = db) => loadItems(executor, where),
    /** Every item, or one page in position order, whose title contains `search` (any case). */
    allItems: (search?: string, page?: { limit: number; offset: number }) =>
      loadItems(db, search ? sql`strpos(lower(${items.title}), lower(${search})) > 0` : undefined, page),
    itemRows: (ids: string[], executor: Executor = db) => loadItems(executor, inArray(items.id, ids)),

    async itemById(executor: Executor, id: string) {
      const [row] = await executor.select().from(items).where(eq(items.id, id)).limit(1);
      return row;
    },
    async itemByUrl(executor: Executor, url: string) {
      const [row] = await executor.select().from(items).where(eq(items.url, url)).limit(1);
      return row;
    },
    async urlTaken(executor: Executor, url: string, exceptId?: string) {
      const [row] = await executor
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.url, url), exceptId ? ne(items.id, exceptId) : undefined))
        .limit(1);
      return row !== undefined;
    },
    /** Urls starting with `base`, to pick the next free `base-2`, `base-3`… */
    async urlsLike(executor: Executor, base: string) {
      const rows = await executor
        .select({ url: items.url })
        .from(items)
        .where(sql`${items.url} = ${base} or ${items.url} like ${`${base}-%`}`);
      return new Set(rows.map((r) => r.url));
    },
    async titlesOf(executor: Executor, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await executor
        .select({ id: items.id, title: items.title })
        .from(items)
        .where(inArray(items.id, ids));
      return new Map(rows.map((r) => [r.id, r.title]));
    },
    async categoryKeys(executor: Executor = db) {
      const rows = await executor.select({ key: categories.key }).from(categories);
      return new Set(rows.map((r) => r.key));
    },

    insertItem: (tx: Tx, row: NewItemRow) => tx.insert(items).values(row),
    updateItem: (tx: Tx, id: string, set: Partial<NewItemRow>) =>
      tx
        .update(items)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(items.id, id)),
    async deleteItem(tx: Tx, id: string) {
      const deleted = await tx.delete(items).where(eq(items.id, id)).returning({ id: items.id });
      return deleted.length > 0;
    },
    /** Drops references to a deleted item from every other item's related items. */
    async removeRelatedRefs(tx: Tx, id: string) {
      const without = (list: string) => sql`coalesce((
        select jsonb_agg(e) from jsonb_array_elements(${items.relatedItems}->${list}) e where e->>'value' <> ${id}
      ), '[]'::jsonb)`;
      await tx
        .update(items)
        .set({
          relatedItems: sql`jsonb_build_object('completeSet', ${without('completeSet')}, 'similarItems', ${without('similarItems')})`,
        })
        .where(sql`${items.relatedItems}::text like ${`%${id}%`}`);
    },
    /** Keeps the labels of references to `id` in step with its new title. */
    async relabelRelatedRefs(tx: Tx, id: string, title: string) {
      const relabel = (list: string) => sql`coalesce((
        select jsonb_agg(case when e->>'value' = ${id} then jsonb_set(e, '{label}', to_jsonb(${title}::text)) else e end)
          from jsonb_array_elements(${items.relatedItems}->${list}) e
      ), '[]'::jsonb)`;
      await tx
        .update(items)
        .set({
          relatedItems: sql`jsonb_build_object('completeSet', ${relabel('completeSet')}, 'similarItems', ${relabel('similarItems')})`,
        })
        .where(sql`${items.relatedItems}::text like ${`%${id}%`}`);
    },

    /**
     * Makes the item's product types, colours and sizes exactly `products`, matching what exists by
     * natural key (type; colour link; size name) so kept rows keep their ids and orders in flight
     * still find them. Rows not in `products` are removed.
     */
    async replaceAvailability(tx: Tx, itemId: string, products: AvailabilityInput) {
      const existingTypes = await tx
        .select({ id: productTypes.id, type: productTypes.type })
        .from(productTypes)
        .where(eq(productTypes.itemId, itemId));
      const typeIdByKey = new Map(existingTypes.map((t) => [t.type, t.id]));
      const keptTypes: number[] = [];
      for (const [position, p] of products.entries()) {
        let typeId = typeIdByKey.get(p.type);
        if (typeId === undefined) {
          const [row] = await tx
            .insert(productTypes)
            .values({ itemId, type: p.type, name: p.name, priceCents: p.priceCents, pieces: p.pieces, position })
            .returning({ id: productTypes.id });
          typeId = row!.id;
        } else {
          await tx
            .update(productTypes)
            .set({ name: p.name, priceCents: p.priceCents, pieces: p.pieces, position })
            .where(eq(productTypes.id, typeId));
        }
        keptTypes.push(typeId);
        await replaceColors(tx, typeId, p.colors);
      }
      const gone = existingTypes.filter((t) => !keptTypes.includes(t.id)).map((t) => t.id);
      if (gone.length) await tx.delete(productTypes).where(inArray(productTypes.id, gone));
    },

    /** Product types of these items by `${itemId}|${type}`, for the bulk editor's prices. */
    async typesOf(executor: Executor, itemIds: string[]) {
      if (itemIds.length === 0) return new Map<string, number>();
      const rows = await executor
        .select({ id: productTypes.id, itemId: productTypes.itemId, type: productTypes.type })
        .from(productTypes)
        .where(inArray(productTypes.itemId, itemIds));
      return new Map(rows.map((r) => [`${r.itemId}|${r.type}`, r.id]));
    },
    setTypePrice: (tx: Tx, typeId: number, priceCents: number) =>
      tx.update(productTypes).set({ priceCents }).where(eq(productTypes.id, typeId)),

    // ---------- reviews ----------

    /** The item's reviews as shoppers see them: shoppers' pending and rejected ones are in the Reviews tab (issue 27). */
    reviewsOf: (itemId: string) =>
      db
        .select()
        .from(reviews)
        .where(and(eq(reviews.itemId, itemId), eq(reviews.status, 'approved')))
        .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    /** Inserts the review; undefined when a review with its id already exists. */
    async insertReview(row: typeof reviews.$inferInsert, executor: Executor = db) {
      const [created] = await executor
        .insert(reviews)
        .values(row)
        .onConflictDoNothing({ target: reviews.id })
        .returning();
      return created;
    },
    async reviewOf(id: string, itemId: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, id), eq(reviews.itemId, itemId)));
      return row;
    },
    async updateReview(id: string, itemId: string, set: Partial<typeof reviews.$inferInsert>, executor: Executor = db) {
      const [updated] = await executor
        .update(reviews)
        .set(set)
        .where(and(eq(reviews.id, id), eq(reviews.itemId, itemId)))
        .returning();
      return updated;
    },
    async deleteReview(id: string, executor: Executor = db) {
      const deleted = await executor
        .delete(reviews)
        .where(eq(reviews.id, id))
        .returning({ itemId: reviews.itemId, title: reviews.title, authorName: reviews.authorName });
      return deleted[0];
    },

    // ---------- categories ----------

    /** Inserts unless the key exists; true when inserted. */
    async insertCategory(key: string, title: string, executor: Executor = db) {
      const inserted = await executor
        .insert(categories)
        .values({ key, title, position: sql`coalesce((select max(${categories.position}) + 1 from ${categories}), 0)` })
        .onConflictDoNothing({ target: categories.key })
        .returning({ key: categories.key });
      return inserted.length > 0;
    },
    /** Items of the category fall back to no category (foreign key ON DELETE SET NULL); answers the deleted one. */
    async deleteCategory(key: string, executor: Executor = db) {
      const deleted = await executor
        .delete(categories)
        .where(eq(categories.key, key))
        .returning({ key: categories.key, title: categories.title });
      return deleted[0];
    },

    // ---------- back-in-stock ----------

    /** Every request for this item with its subscriber, oldest first. */
    requestsOfItem: (itemId: string) =>
      db
        .select({
          subscriptionId: subscriptions.id,
          email: subscriptions.email,
          unsubscribedAt: subscriptions.unsubscribedAt,
          productType: requestedNotifications.productType,
          color: requestedNotifications.color,
          piece: requestedNotifications.piece,
          size: requestedNotifications.size,
          notifiedAt: requestedNotifications.notifiedAt,
        })
        .from(requestedNotifications)
        .innerJoin(subscriptions, eq(subscriptions.id, requestedNotifications.subscriptionId))
        .where(eq(requestedNotifications.itemId, itemId))
        .orderBy(asc(requestedNotifications.createdAt), asc(requestedNotifications.id)),

    async subscriptionByEmail(email: string) {
      const [row] = await db
        .select({ id: subscriptions.id, email: subscriptions.email, unsubscribedAt: subscriptions.unsubscribedAt })
        .from(subscriptions)
        .where(sql`lower(${subscriptions.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** The size as the shop sells it now (not the catalog snapshot). */
    async sizeOnOffer(itemId: string, productType: string, color: string, size: string) {
      const [row] = await db
        .select({
          soldOut: sizes.soldOut,
          stock: sizes.stock,
          productName: productTypes.name,
          priceCents: productTypes.priceCents,
          colorPicture: colors.colorPicture,
          piece: sizes.piece,
          name: sizes.name,
        })
        .from(sizes)
        .innerJoin(colors, eq(sizes.colorId, colors.id))
        .innerJoin(productTypes, eq(colors.productTypeId, productTypes.id))
        .where(
          and(
            eq(productTypes.itemId, itemId),
            eq(productTypes.type, productType),
            eq(colors.colorName, color),
            // A set's size is named with its piece, 'Brief M' (issue 27 item 4).
            sql`(case when ${sizes.piece} = '' then ${sizes.name} else ${sizes.piece} || ' ' || ${sizes.name} end) = ${size}`,
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks the pending requests notified; only one caller wins each request. Returns how many it marked. */
    async markNotified(
      tx: Tx,
      key: { subscriptionId: string; itemId: string; productType: string; color: string; piece?: string; size: string },
    ) {
      const result = await tx.execute<{ id: number }>(sql`
        update ${requestedNotifications} set notified_at = now()
         where subscription_id = ${key.subscriptionId} and item_id = ${key.itemId}
           and product_type = ${key.productType} and color = ${key.color} and piece = ${key.piece ?? ''} and size = ${key.size}
           and notified_at is null
        returning id`);
      return rowsOf<{ id: number }>(result).length;
    },
  };
}
export type AdminCatalogRepository = ReturnType<typeof adminCatalogRepository>;
