// The back office's catalog (issue 6): items with their availability and stock, landing tiles,
// reviews and categories. Each write is one transaction, and after it the catalog read model is
// invalidated so the storefront (this copy and the others) shows the change at once.
import { sql } from 'drizzle-orm';
import type {
  AdminItem,
  AdminItemSchema,
  ItemInput,
  ItemPatch,
  LandingInputSchema,
} from '../../../contract/admin-catalog.js';
import { EXISTING_ITEMS_LIMIT } from '../../../contract/admin-catalog.js';
import type { Review } from '../../../contract/catalog.js';
import type { Category } from '../../../contract/content.js';
import {
  camelKey,
  categoryKeyOf,
  DEFAULT_REVIEW_RATING,
  snakeLink,
  urlFromTitle,
} from '../../../domain/catalog-names.js';
import { toCents } from '../../../domain/money.js';
import { assembleItems } from '../catalog/item-rows.js';
import { piecesProblem } from '../../../domain/sets.js';
import { noteRemovedLines } from '../cart/cart-repository.js';
import type { Db, Tx } from '../../db/client.js';
import { hexId } from '../../db/ids.js';
import type { RelatedItems } from '../../db/schema.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import type { ReadModel } from '../../read-model.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { fieldChanges, itemChanges, listed, quoted } from '../activity/changes.js';
import {
  adminCatalogRepository,
  type AdminCatalogRows,
  type AvailabilityInput,
  type NewItemRow,
  type ReviewRow,
} from './admin-catalog-repository.js';
import type { z } from 'zod';

type Landing = z.output<typeof LandingInputSchema>;
type AvailableProductsInput = ItemInput['available_products'];

export const toAdminItems = (rows: AdminCatalogRows): AdminItem[] =>
  assembleItems(rows, (s) => ({ name: s.name, sold_out: s.soldOut, stock: s.stock }), 'per piece') satisfies z.input<
    typeof AdminItemSchema
  >[];

export const toReview = (r: ReviewRow): Review => ({
  _id: r.id,
  productId: r.itemId,
  title: r.title,
  description: r.description,
  rating: r.rating,
  authorName: r.authorName,
});

/**
 * The form's availability as stored: prices in cents, colour links derived when not given, and a
 * tracked size at 0 sold out. Names must be unique where the shop tells pieces apart by them (the
 * bag and orders keep product type, colour name and size name).
 */
export function availabilityOf(products: AvailableProductsInput): AvailabilityInput {
  const problems: string[] = [];
  const seenTypes = new Set<string>();
  const result = products.map((p) => {
    if (seenTypes.has(p.type)) problems.push(`product type "${p.type}" appears twice`);
    seenTypes.add(p.type);
    const pieces = p.pieces ?? [];
    const piecesWrong = piecesProblem(pieces);
    if (piecesWrong) problems.push(`"${p.type}": ${piecesWrong}`);
    const names = new Set<string>();
    const links = new Set<string>();
    return {
      type: p.type,
      name: p.name,
      priceCents: toCents(p.price),
      pieces,
      colors: p.colors.map((c) => {
        const link = c.link || snakeLink(c.color_name);
        if (link === '') problems.push(`colour "${c.color_name}" of "${p.type}" needs a letter or digit in its name`);
        if (names.has(c.color_name.toLowerCase()))
          problems.push(`colour "${c.color_name}" appears twice in "${p.type}"`);
        else if (links.has(link)) problems.push(`colour link "${link}" appears twice in "${p.type}"`);
        names.add(c.color_name.toLowerCase());
        links.add(link);
        return {
          colorName: c.color_name,
          colorCode: c.color_code.toLowerCase(),
          colorPicture: c.color_picture,
          alt: c.alt,
          link,
          sizes: sizesOfColor(p.type, pieces, c, problems),
        };
      }),
    };
  });
  if (problems.length) throw new Invalid(`available_products: ${problems.join('; ')}`);
  return result;
}

type ColorInput = AvailableProductsInput[number]['colors'][number];

/**
 * A colour's sizes as rows: a single item's list (piece ''), or a set's sizes piece by piece in the
 * set's order (issue 27 item 4). Problems name the piece: 'the Brief in "Black" needs at least one size'.
 */
function sizesOfColor(type: string, pieces: string[], c: ColorInput, problems: string[]) {
  const lists =
    pieces.length === 0
      ? [{ piece: '', sizes: c.available_sizes }]
      : pieces.map((piece) => ({ piece, sizes: c.pieces?.find((q) => q.name === piece)?.available_sizes ?? [] }));
  for (const extra of c.pieces ?? [])
    if (!pieces.includes(extra.name))
      problems.push(`"${c.color_name}" of "${type}" has sizes for "${extra.name}", which is not a piece of the set`);
  return lists.flatMap(({ piece, sizes }) => {
    const where = piece ? `the ${piece} in "${c.color_name}"` : `"${type}" / "${c.color_name}"`;
    if (piece && sizes.length === 0) problems.push(`${where} needs at least one size`);
    const sizeNames = new Set<string>();
    return sizes.map((s) => {
      if (sizeNames.has(s.name)) problems.push(`size "${s.name}" appears twice in ${where}`);
      if (piece && s.name.includes('·')) problems.push(`size "${s.name}" of ${where} may not contain "·"`);
      sizeNames.add(s.name);
      return {
        piece,
        name: s.name,
        soldOut: s.sold_out || s.stock === 0,
        stock: s.stock ?? null,
        ...(s.stock_shown !== undefined ? { shown: { stock: s.stock_shown, soldOutAsked: s.sold_out } } : {}),
      };
    });
  });
}

/**
 * An edit may not say 'not sold out' of a size whose tracked stock is 0: the size would stay sold
 * out (stock 0 is sold out), so the owner is asked for the new stock, or an empty stock (not tracked).
 */
function refuseUnsoldWithoutStock(products: NonNullable<ItemPatch['available_products']>) {
  const sizes = products.flatMap((p) =>
    p.colors.flatMap((c) => [
      ...(p.pieces?.length ? [] : c.available_sizes)
        .filter((s) => !s.sold_out && s.stock === 0)
        .map((s) => `${s.name} (${c.color_name})`),
      // A set's sizes, piece by piece (issue 27 item 4).
      ...(p.pieces?.length ? (c.pieces ?? []) : []).flatMap((q) =>
        q.available_sizes
          .filter((s) => !s.sold_out && s.stock === 0)
          .map((s) => `${q.name} ${s.name} (${c.color_name})`),
      ),
    ]),
  );
  if (sizes.length === 0) return;
  throw new Invalid(
    `${sizes.join(', ')}: the stock is 0, so the size stays sold out. To sell it again, enter the new stock, or leave stock empty to sell it without counting.`,
  );
}

/** Description blocks keyed by the camelCase of their titles; two blocks may not share a key. */
export function descriptionOf(blocks: ItemInput['description']) {
  const keys = new Set<string>();
  return blocks.map((b) => {
    const key = camelKey(b.title);
    if (keys.has(key)) throw new Invalid(`description: two blocks have the key "${key}" (titles must differ)`);
    keys.add(key);
    return { key, title: b.title, text: b.text };
  });
}

/** PostgreSQL's unique_violation, through Drizzle's wrapping. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

export type AdminCatalogDeps = { db: Db; readModel: ReadModel };

export function adminCatalogService({ db, readModel }: AdminCatalogDeps) {
  const repo = adminCatalogRepository(db);

  async function loadOne(id: string, executor: Db | Tx = db): Promise<AdminItem> {
    const [item] = toAdminItems(await repo.itemRows([id], executor));
    if (!item) throw new NotFound('Item not found');
    return item;
  }

  async function checkCategory(tx: Tx, category: string | null) {
    if (category !== null && !(await repo.categoryKeys(tx)).has(category))
      throw new Invalid(`category: unknown category "${category}"`);
  }

  /** Related refs to other existing items, once each, labelled with their titles. */
  async function relatedOf(tx: Tx, related: ItemInput['related_items'], selfId: string): Promise<RelatedItems> {
    const ids = [...related.completeSet, ...related.similarItems].map((r) => r.value);
    const titles = await repo.titlesOf(tx, [...new Set(ids)]);
    const clean = (list: { value: string }[], name: string) => {
      const seen = new Set<string>();
      return list.flatMap((ref) => {
        if (ref.value === selfId) throw new Invalid(`related_items.${name}: an item cannot be related to itself`);
        const title = titles.get(ref.value);
        if (title === undefined) throw new Invalid(`related_items.${name}: no item with id ${ref.value}`);
        if (seen.has(ref.value)) return [];
        seen.add(ref.value);
        return [{ label: title, value: ref.value }];
      });
    };
    return {
      completeSet: clean(related.completeSet, 'completeSet'),
      similarItems: clean(related.similarItems, 'similarItems'),
    };
  }

  /** The sent url (must be free) or one derived from the title (made free with -2, -3…). */
  async function urlFor(tx: Tx, sent: string | undefined, title: string, selfId: string): Promise<string> {
    if (sent) {
      if (await repo.urlTaken(tx, sent, selfId)) throw new Conflict(`Another item already uses the url "${sent}"`);
      return sent;
    }
    const base = urlFromTitle(title) || 'item';
    const taken = await repo.urlsLike(tx, base);
    const own = await repo.itemById(tx, selfId);
    if (own) taken.delete(own.url);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** Runs a write; a unique index that another request won in the meantime answers 409, not 500. */
  async function write<T>(run: (tx: Tx) => Promise<T>, conflict: string): Promise<T> {
    try {
      const result = await db.transaction(run);
      await readModel.invalidate();
      return result;
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(conflict);
      throw err;
    }
  }

  /** One entry naming the fields an edit changed; an edit that changed nothing records nothing. */
  async function recordItemUpdate(tx: Tx, actor: Actor, before: AdminItem, after: AdminItem) {
    const { fields, changes } = itemChanges(before, after);
    if (fields.length === 0) return;
    await recordActivity(tx, actor, {
      kind: 'item.updated',
      summary: `Updated ${quoted(after.title)}: ${listed(fields)}`,
      detail: { itemId: after._id, title: after.title, fields, changes },
    });
  }

  return {
    async existingItems(search?: string, page = 0): Promise<AdminItem[]> {
      return toAdminItems(
        await repo.allItems(search || undefined, { limit: EXISTING_ITEMS_LIMIT, offset: page * EXISTING_ITEMS_LIMIT }),
      );
    },

    async itemByUrl(url: string): Promise<{ item: AdminItem; reviews: Review[] }> {
      const row = await repo.itemByUrl(db, url);
      if (!row) throw new NotFound('Item not found');
      return this.item(row.id);
    },

    async item(id: string): Promise<{ item: AdminItem; reviews: Review[] }> {
      const item = await loadOne(id);
      return { item, reviews: (await repo.reviewsOf(id)).map(toReview) };
    },

    async createItem(actor: Actor, input: ItemInput): Promise<AdminItem> {
      const id = hexId();
      const availability = availabilityOf(input.available_products);
      const description = descriptionOf(input.description);
      await write(async (tx) => {
        await checkCategory(tx, input.category);
        const row: NewItemRow = {
          id,
          url: await urlFor(tx, input.url, input.title, id),
          title: input.title,
          metaTitle: input.meta_title,
          metaDescription: input.meta_description,
          category: input.category,
          pictures: input.pictures,
          description,
          published: input.published,
          position: input.position,
          promotionPosition: input.promotion_position,
          isFinalSale: input.is_final_sale,
          relatedItems: await relatedOf(tx, input.related_items, id),
          landing: input.landing as Landing,
        };
        await repo.insertItem(tx, row);
        await repo.replaceAvailability(tx, id, availability);
        await recordActivity(tx, actor, {
          kind: 'item.created',
          summary: `Created ${quoted(input.title)}`,
          detail: { itemId: id, title: input.title, url: row.url, published: input.published },
        });
      }, 'Another item already uses this url');
      return loadOne(id);
    },

    async updateItem(actor: Actor, id: string, patch: ItemPatch): Promise<AdminItem> {
      if (patch.available_products) refuseUnsoldWithoutStock(patch.available_products);
      const availability = patch.available_products ? availabilityOf(patch.available_products) : undefined;
      const description = patch.description ? descriptionOf(patch.description) : undefined;
      await write(async (tx) => {
        const current = await repo.itemById(tx, id);
        if (!current) throw new NotFound('Item not found');
        const before = await loadOne(id, tx);
        const set: Partial<NewItemRow> = {};
        if (patch.title !== undefined) set.title = patch.title;
        if (patch.meta_title !== undefined) set.metaTitle = patch.meta_title;
        if (patch.meta_description !== undefined) set.metaDescription = patch.meta_description;
        if (patch.url !== undefined && patch.url !== current.url)
          set.url = await urlFor(tx, patch.url, patch.title ?? current.title, id);
        if (patch.category !== undefined) {
          await checkCategory(tx, patch.category);
          set.category = patch.category;
        }
        if (patch.pictures !== undefined) set.pictures = patch.pictures;
        if (description !== undefined) set.description = description;
        if (patch.published !== undefined) set.published = patch.published;
        if (patch.position !== undefined) set.position = patch.position;
        if (patch.promotion_position !== undefined) set.promotionPosition = patch.promotion_position;
        if (patch.is_final_sale !== undefined) set.isFinalSale = patch.is_final_sale;
        if (patch.related_items !== undefined) set.relatedItems = await relatedOf(tx, patch.related_items, id);
        if (patch.landing !== undefined) set.landing = patch.landing as Landing;
        await repo.updateItem(tx, id, set);
        if (set.title !== undefined && set.title !== current.title) await repo.relabelRelatedRefs(tx, id, set.title);
        if (availability) await repo.replaceAvailability(tx, id, availability);
        await recordItemUpdate(tx, actor, before, await loadOne(id, tx));
      }, 'Another item already uses this url');
      return loadOne(id);
    },

    async deleteItem(actor: Actor, id: string): Promise<void> {
      await write(async (tx) => {
        const item = await repo.itemById(tx, id);
        if (!item) throw new NotFound('Item not found');
        // Shoppers holding the piece in their bag are told it is no longer available, not left to find it gone.
        await noteRemovedLines(tx, sql`select cart_id, item_id, color, size from cart_lines where item_id = ${id}`);
        if (!(await repo.deleteItem(tx, id))) throw new NotFound('Item not found');
        await repo.removeRelatedRefs(tx, id);
        await recordActivity(tx, actor, {
          kind: 'item.deleted',
          summary: `Deleted ${quoted(item.title)}`,
          detail: { itemId: id, title: item.title, url: item.url },
        });
      }, 'The item could not be deleted');
    },

    async editLanding(actor: Actor, id: string, landing: Landing): Promise<Landing> {
      await write(async (tx) => {
        if (!(await repo.itemById(tx, id))) throw new NotFound('Item not found');
        const before = await loadOne(id, tx);
        await repo.updateItem(tx, id, { landing });
        await recordItemUpdate(tx, actor, before, await loadOne(id, tx));
      }, 'The landing tiles could not be saved');
      return landing;
    },

    /** Creates a review when `id` is absent, updates it when present. */
    async saveReview(
      actor: Actor,
      body: {
        id?: string;
        createId?: string;
        productId: string;
        title: string;
        description: string;
        rating?: number;
        authorName: string;
      },
    ): Promise<Review> {
      const fields = {
        title: body.title,
        description: body.description,
        rating: body.rating ?? DEFAULT_REVIEW_RATING,
        authorName: body.authorName,
      };
      const row = await db.transaction(async (tx) => {
        const item = await repo.itemById(tx, body.productId);
        if (!item) throw new NotFound('Item not found');
        const detail = {
          reviewId: '',
          itemId: item.id,
          item: item.title,
          title: fields.title,
          author: fields.authorName,
        };
        if (body.id) {
          const before = await repo.reviewOf(body.id, body.productId, tx);
          const updated = await repo.updateReview(body.id, body.productId, fields, tx);
          if (!before || !updated) throw new NotFound('Review not found');
          const changed = fieldChanges(before, updated, {
            title: 'title',
            description: 'text',
            rating: 'rating',
            authorName: 'author',
          });
          if (changed.fields.length > 0)
            await recordActivity(tx, actor, {
              kind: 'review.saved',
              summary: `Updated the review ${quoted(updated.title)} of ${quoted(item.title)}: ${listed(changed.fields)}`,
              detail: { ...detail, reviewId: updated.id, fields: changed.fields, changes: changed.changes },
            });
          return updated;
        }
        const id = body.createId ?? hexId();
        const inserted = await repo.insertReview({ id, itemId: body.productId, ...fields }, tx);
        if (inserted) {
          await recordActivity(tx, actor, {
            kind: 'review.saved',
            summary: `Added a review of ${quoted(item.title)} by ${fields.authorName}`,
            detail: { ...detail, reviewId: id, rating: fields.rating },
          });
          return inserted;
        }
        // The same new review sent again: the one it already made, not a second (and no second entry).
        const again = await repo.reviewOf(id, body.productId, tx);
        if (!again) throw new Conflict('This review id is already taken; reopen the reviews and add it again');
        return again;
      });
      await readModel.invalidate();
      return toReview(row);
    },

    async deleteReview(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await repo.deleteReview(id, tx);
        if (!deleted) throw new NotFound('Review not found');
        const item = await repo.itemById(tx, deleted.itemId);
        await recordActivity(tx, actor, {
          kind: 'review.deleted',
          summary: `Deleted the review ${quoted(deleted.title)} of ${item ? quoted(item.title) : 'a deleted item'}`,
          detail: { reviewId: id, itemId: deleted.itemId, title: deleted.title, author: deleted.authorName },
        });
      });
      await readModel.invalidate();
    },

    async createCategory(actor: Actor, title: string): Promise<Category> {
      const key = categoryKeyOf(title);
      if (key === '') throw new Invalid('title: Category title is required');
      await db.transaction(async (tx) => {
        if (!(await repo.insertCategory(key, title, tx)))
          throw new Conflict(`A category with the key "${key}" already exists`);
        await recordActivity(tx, actor, {
          kind: 'category.created',
          summary: `Created the category ${quoted(title)}`,
          detail: { key, title },
        });
      });
      await readModel.invalidate();
      return { key, title };
    },

    async deleteCategory(actor: Actor, key: string): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await repo.deleteCategory(key, tx);
        if (!deleted) throw new NotFound('Category not found');
        await recordActivity(tx, actor, {
          kind: 'category.deleted',
          summary: `Deleted the category ${quoted(deleted.title)}`,
          detail: { key, title: deleted.title },
        });
      });
      await readModel.invalidate();
    },
  };
}
export type AdminCatalogService = ReturnType<typeof adminCatalogService>;
