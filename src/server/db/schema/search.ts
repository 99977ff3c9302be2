// Search (issue 27, decision 033): one row per item holding its search document, derived from the
// item, its product types, colours and category by database triggers (custom migration search_sql),
// so every writer of the catalogue keeps it current; the application only reads it. Narrow on
// purpose: a search scans these rows, not the items' wide ones.
import { sql } from 'drizzle-orm';
import { boolean, char, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './catalog.js';

/** PostgreSQL's full-text search document. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const itemSearch = pgTable(
  'item_search',
  {
    itemId: char('item_id', { length: 24 })
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    // Copies of the item's, for filtering and ordering without touching items.
    published: boolean('published').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The title, lower-cased and unaccented. */
    title: text('title').notNull(),
    /** Title, product types and names, colours and category title, folded: short, typos forgiven here. */
    keys: text('keys').notNull(),
    /** Words (English stems) of the title. */
    titleVector: tsvector('title_vector').notNull(),
    /** Words of the keys and the descriptions, without positions (smaller: a search reads every row's). */
    vector: tsvector('vector').notNull(),
  },
  (t) => [
    index('item_search_vector_idx').using('gin', t.vector),
    index('item_search_order_idx').on(t.position, t.createdAt, t.itemId).where(sql`${t.published}`),
  ],
);

/**
 * The words of every item's keys (title, product types and names, colours, category title), folded,
 * each once: where a shopper's word with a typo finds the words it may mean ('balconete' →
 * 'balconette'), through a trigram index over a few thousand short words rather than over every
 * item's keys (decision 033). Kept by refresh_item_search; a word no item uses any more stays, and
 * leads to no item.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
