// The catalogue: categories, items, their product types, colours and sizes (stock), and reviews.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REVIEW_FITS, REVIEW_SOURCES, REVIEW_STATUSES } from '../../../domain/review-fit.js';
import { createdAt, updatedAt } from './columns.js';

export const categories = pgTable('categories', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

export type DescriptionBlock = { key: string; title: string; text: string };
export type RelatedRef = { label: string; value: string };
export type RelatedItems = { completeSet: RelatedRef[]; similarItems: RelatedRef[] };
export type LandingLayout =
  | 'picLayout2L'
  | 'textDataLayout1'
  | 'tallWithSmallOverlayText'
  | 'wideHorizontalWithText'
  | 'fullscreenHero'
  | 'columnsLargeRight';
export type LandingTile = { layout: LandingLayout; data: Record<string, string> };

export const items = pgTable(
  'items',
  {
    id: char('id', { length: 24 }).primaryKey(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    category: text('category').references(() => categories.key, { onDelete: 'set null', onUpdate: 'cascade' }),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    description: jsonb('description').$type<DescriptionBlock[]>().notNull().default([]),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    promotionPosition: integer('promotion_position').notNull().default(0),
    isFinalSale: boolean('is_final_sale').notNull().default(false),
    relatedItems: jsonb('related_items').$type<RelatedItems>().notNull().default({ completeSet: [], similarItems: [] }),
    landing: jsonb('landing').$type<LandingTile[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('items_url_unique').on(t.url),
    index('items_category_idx').on(t.category, t.position),
    index('items_title_lower_idx').on(sql`lower(${t.title})`),
    // Existing Items and the bulk table page through items in this order.
    index('items_position_idx').on(t.position, t.createdAt, t.id),
  ],
);

/** "Available product": a product type of an item (e.g. bra vs set), with its own price. */
export const productTypes = pgTable(
  'product_types',
  {
    id: serial('id').primaryKey(),
    itemId: char('item_id', { length: 24 })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull().default(0),
    /** A set (issue 27 item 4): its pieces in order ('Bra', 'Brief'), each sized on its own; [] for a single item. */
    pieces: jsonb('pieces').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('product_types_item_type_unique').on(t.itemId, t.type),
    check('product_types_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

export const colors = pgTable(
  'colors',
  {
    id: serial('id').primaryKey(),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
    colorName: text('color_name').notNull(),
    colorCode: text('color_code').notNull(),
    colorPicture: text('color_picture'),
    alt: text('alt').notNull().default(''),
    link: text('link').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('colors_type_link_unique').on(t.productTypeId, t.link)],
);

/**
 * Stock is kept here: product type × colour × (piece) × size. `stock` null means not tracked.
 * `piece` names the set's piece the size belongs to ('Bra'); '' for a single item (issue 27 item 4).
 */
export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'cascade' }),
    piece: text('piece').notNull().default(''),
    name: text('name').notNull(),
    soldOut: boolean('sold_out').notNull().default(false),
    stock: integer('stock'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sizes_color_piece_name_unique').on(t.colorId, t.piece, t.name),
    check('sizes_stock_nonnegative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: char('id', { length: 24 }).primaryKey(),
    itemId: char('item_id', { length: 24 })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    rating: integer('rating').notNull().default(5),
    authorName: text('author_name').notNull(),
    // Issue 27: reviews from shoppers. A shopper's review waits for the owner ('pending'); only
    // 'approved' ones are shown and counted. The owner's own (/admin/review) are approved as written.
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('approved'),
    source: text('source', { enum: REVIEW_SOURCES }).notNull().default('owner'),
    /** How the piece fits, as the shopper said; null when not said (and on the owner's reviews). */
    fit: text('fit', { enum: REVIEW_FITS }),
    /** The order the shopper's review link came from (one review per item of an order), and its email. */
    orderId: bigint('order_id', { mode: 'number' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_item_idx').on(t.itemId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status_valid', sql`${t.status} in ('approved', 'pending', 'rejected')`),
    check('reviews_source_valid', sql`${t.source} in ('owner', 'shopper')`),
    check('reviews_fit_valid', sql`${t.fit} is null or ${t.fit} in ('runs-small', 'true-to-size', 'runs-large')`),
    // The owner's reviews have no order (nulls are distinct): the rule holds for shoppers' only.
    uniqueIndex('reviews_order_item_unique').on(t.orderId, t.itemId),
    // The back office's queue of reviews waiting, oldest first.
    index('reviews_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
