// The Demand tab (issue 28 #3): what shoppers wait for, and what is about to run out.
// One call answers both lists, a page of DEMAND_LIST_LIMIT rows each with the full count beside it,
// optionally only the items whose title contains a search.
// The row's names (product_type, color, size as 'Brief M' for a set's piece) are the ones
// sendBackInStockNotification and getItemSubscriptions take, so a row can be acted on as it is.
import { z } from 'zod';

import { DEMAND_LIST_LIMIT } from './values/demand.js';

export { DEMAND_LIST_LIMIT };

const SizeRefSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  /** The storefront url (/product/{url}). */
  url: z.string(),
  /** The item's first picture, or the colour's, for the row's thumbnail. */
  picture: z.string().nullable(),
  product_type: z.string(),
  /** The product type's name ('Slip Dress'); the type itself when the item no longer offers it. */
  product_name: z.string(),
  color: z.string(),
  /** A set's piece ('Brief'), '' for a single item. */
  piece: z.string(),
  /** The size as the shop names it: 'M', or a set's 'Brief M'. */
  size: z.string(),
  /** The size's tracked stock, null when not counted (or when the size is no longer offered). */
  stock: z.number().int().nullable(),
  /** Sold out as shoppers see it: flagged sold out, or a tracked stock of 0. */
  soldOut: z.boolean(),
});

/** Open back-in-stock requests of one item × colour × size (× piece). */
export const WaitingRowSchema = SizeRefSchema.extend({
  /** Shoppers still waiting: requests not yet notified, of subscribers who have not unsubscribed. */
  waiting: z.number().int().min(1),
  /** False when the item no longer offers this size (the requests stay; a notice cannot be sent). */
  offered: z.boolean(),
});
export type WaitingRow = z.infer<typeof WaitingRowSchema>;

/** A size whose tracked stock is at or under the low-stock threshold. */
export const LowStockRowSchema = SizeRefSchema.extend({
  stock: z.number().int().min(0),
  /** Shoppers waiting for this size (0 when none). */
  waiting: z.number().int().min(0),
});
export type LowStockRow = z.infer<typeof LowStockRowSchema>;

/** GET /admin/api/demand[?search=&waitingPage=&lowPage=]: pages are 0-based. */
export const DemandQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  waitingPage: z.coerce.number().int().min(0).max(10_000).optional(),
  lowPage: z.coerce.number().int().min(0).max(10_000).optional(),
});
export type DemandQuery = z.infer<typeof DemandQuerySchema>;

/** GET /admin/api/demand */
export const DemandAnswerSchema = z.object({
  /** Sold-out sizes with shoppers waiting first, then the most wanted. */
  waiting: z.object({ rows: z.array(WaitingRowSchema), total: z.number().int().min(0) }),
  /** Published items' sizes at or under `threshold` (Settings › Reports and reminders), lowest stock first. */
  lowStock: z.object({
    threshold: z.number().int().min(0),
    rows: z.array(LowStockRowSchema),
    total: z.number().int().min(0),
  }),
});
export type DemandAnswer = z.infer<typeof DemandAnswerSchema>;

/**
 * POST /admin/api/setStock (issue 28 #3): one size's stock, set in place from the Demand tab. Only that
 * size is written, and only if its stock is still `expected` (what the owner saw): an order placed
 * meanwhile is never overwritten; the call answers 409 with the stock as it is now.
 */
export const SetStockBodySchema = z.object({
  itemId: z.string().trim().min(1, 'Choose an item'),
  product_type: z.string(),
  color: z.string(),
  /** A set's piece ('Brief'), '' for a single item. */
  piece: z.string().default(''),
  /** The size's own name ('M'; not a set's 'Brief M'). */
  name: z.string().min(1, 'Choose a size'),
  expected: z.number().int().min(0).nullable(),
  stock: z
    .number({ error: 'The stock must be a number' })
    .int('The stock is a whole number of pieces')
    .min(0, 'The stock cannot be negative')
    .max(1_000_000, 'The stock is at most 1,000,000 pieces'),
});
export type SetStockBody = z.infer<typeof SetStockBodySchema>;
export const SetStockAnswerSchema = z.object({ stock: z.number().int().min(0), soldOut: z.boolean() });
