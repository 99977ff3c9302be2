// Owner-edited content: info pages and settings.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

export const infoPages = pgTable('info_pages', {
  pageName: text('page_name').primaryKey(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  updatedAt: updatedAt(),
});

/** Any owner-editable setting (shipping rate table, announcement messages, …) as JSON by key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
