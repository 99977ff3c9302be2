// The back office's catalog calls (spec §7 Admin, issue 6): items, pictures, availability and stock,
// back-in-stock notices, reviews, categories, landing tiles, and the bulk editor (/bulk/admin).
//
// One item shape: the admin reads the storefront's Item (catalog.ts) with each size's `stock` added,
// and writes the same fields. Prices are dollars in the calls (cents in the database).
// Every call needs an admin session (401 otherwise) and refuses cross-site requests (403).
// Failures answer ErrorAnswer ({error, message}) with 400 (invalid), 404 (unknown id), 409 (conflict),
// 413 (file too large) or 415 (wrong file type).
import { z } from 'zod';
import {
  DEFAULT_REVIEW_RATING,
  NEW_ITEM_DEFAULTS,
  ITEM_URL_MAX,
  ITEM_URL_PATTERN,
  SNAKE_LINK_PATTERN,
  camelKey,
  categoryKeyOf,
  isPictureRef,
} from '../domain/catalog-names.js';
import {
  AvailableProductSchema,
  ColorSchema,
  ItemSchema,
  LANDING_FIELDS,
  LandingLayoutSchema,
  ReviewSchema,
  SizeSchema,
} from './catalog.js';
import { MAX_PIECES } from '../domain/sets.js';
import { CategorySchema } from './content.js';
import { EmailSchema, ErrorAnswerSchema, HexIdSchema, notRead } from './common.js';
import {
  ADMIN_MESSAGES,
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  UPLOAD_FIELD,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_VIDEO_TYPES,
} from './values/admin.js';

// The values (messages, upload field and types, CSV columns) live in a Zod-free module (values/admin.ts).
export {
  ADMIN_MESSAGES,
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  UPLOAD_FIELD,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_VIDEO_TYPES,
};

// ---------- the item as the admin reads it ----------

/** A size with its stock: an integer, or null when not tracked. A tracked size at 0 is sold out. */
export const AdminSizeSchema = SizeSchema.extend({ stock: z.number().int().nullable() });
export const AdminColorSchema = ColorSchema.extend({
  available_sizes: z.array(AdminSizeSchema),
  pieces: z.array(z.object({ name: z.string(), available_sizes: z.array(AdminSizeSchema) })).optional(),
});
export const AdminAvailableProductSchema = AvailableProductSchema.extend({ colors: z.array(AdminColorSchema) });
/** Every item, published or not, with stock. */
export const AdminItemSchema = ItemSchema.extend({ available_products: z.array(AdminAvailableProductSchema) });
export type AdminItem = z.infer<typeof AdminItemSchema>;

// ---------- field rules for writes ----------

/** A picture: an uploaded file (/uploads/…, as /uploadPicture answers) or an http(s) image or video address. */
export const PictureRefSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(isPictureRef, 'must be an uploaded picture (/uploads/…) or an http(s) address');

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const required = (label: string, max: number) => text(max).min(1, `${label} is required`);
export const PriceSchema = z
  .number()
  .min(0, 'price cannot be negative')
  .max(100_000, 'price is at most 100000 dollars')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'price has at most 2 decimals');
export const PositionSchema = z.number().int().min(-1_000_000).max(1_000_000);
/** Above 0: promotional, shown in that order ('In a silky mood'). */
export const PromotionPositionSchema = z.number().int().min(0).max(1_000_000);

export const SizeInputSchema = z.object({
  name: required('size name', 20),
  sold_out: z.boolean().default(false),
  /** Omitted or null: not tracked. 0 makes the size sold out. */
  stock: z.number().int().min(0, 'stock cannot be negative').max(1_000_000).nullable().default(null),
  /**
   * Added: the stock the editor showed for this size when it was opened (null: not tracked). Given
   * for a size that exists, a tracked stock is changed by (stock − stock_shown) rather than set, so
   * the pieces orders took meanwhile stay taken; unchanged, it is left as it is. Omitted: set, as
   * spec §7 says.
   */
  stock_shown: z.number().int().min(0).max(1_000_000).nullable().optional(),
});
export const ColorInputSchema = z.object({
  color_name: required('colour name', 60),
  /** A hex colour such as #d9b8a8. */
  color_code: z
    .string()
    .trim()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'colour code must be a hex colour such as #d9b8a8'),
  color_picture: PictureRefSchema.nullable().default(null),
  alt: text(300).default(''),
  /** snake_case of color_name; derived when omitted or empty. */
  link: z
    .string()
    .trim()
    .max(80)
    .refine((v) => v === '' || SNAKE_LINK_PATTERN.test(v), 'link must be snake_case (e.g. dusty_rose)')
    .optional(),
  /** A set's colour may leave it empty: its sizes are each piece's (`pieces`). */
  available_sizes: z.array(SizeInputSchema).max(30).default([]),
  /** Added (issue 27 item 4), for a set: each piece's sizes; every piece of the set needs at least one. */
  pieces: z
    .array(z.object({ name: z.string().trim().max(60), available_sizes: z.array(SizeInputSchema).max(30) }))
    .max(MAX_PIECES)
    .optional(),
});
export const AvailableProductInputSchema = z
  .object({
    type: required('product type', 40),
    name: required('product name', 80),
    /** Dollars. */
    price: PriceSchema,
    colors: z.array(ColorInputSchema).min(1, 'each product type needs at least one colour').max(40),
    /** Added (issue 27 item 4): a set's pieces in order ('Bra', 'Brief'); empty or absent for a single item. */
    pieces: z.array(z.string().trim().max(60)).max(MAX_PIECES, `a set has at most ${MAX_PIECES} pieces`).default([]),
  })
  .superRefine((p, ctx) => {
    // A single item's colour needs a size; a set's sizes are checked per piece (availabilityOf names the piece).
    if (p.pieces.length > 0) return;
    for (const [i, c] of p.colors.entries())
      if (c.available_sizes.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['colors', i, 'available_sizes'],
          message: 'each colour needs at least one size',
        });
  });
export const DescriptionBlockInputSchema = z.object({
  /** Always the camelCase of the title; sent or not, the server sets it. */
  key: z.string().optional(),
  title: required('block title', 120).refine((t) => camelKey(t) !== '', 'block title needs a letter or digit'),
  text: text(10_000).default(''),
});
/** {label, value = id of another item}; the server keeps the label in step with that item's title. */
export const RelatedRefInputSchema = z.object({ label: z.string().max(300).default(''), value: HexIdSchema });
export const RelatedItemsInputSchema = z.object({
  completeSet: z.array(RelatedRefInputSchema).max(20).default([]),
  similarItems: z.array(RelatedRefInputSchema).max(20).default([]),
});

/** A landing tile: its layout and exactly that layout's fields, each non-empty (spec §2, §5). */
export const LandingTileInputSchema = z
  .object({ layout: LandingLayoutSchema, data: z.record(z.string(), z.string().max(2000)) })
  .transform((tile, ctx) => {
    const data: Record<string, string> = {};
    for (const field of LANDING_FIELDS[tile.layout]) {
      const value = (tile.data[field] ?? '').trim();
      if (value === '') {
        ctx.addIssue({ code: 'custom', path: ['data', field], message: `${field} is required for ${tile.layout}` });
      } else if (field.startsWith('img_') && !isPictureRef(value)) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', field],
          message: `${field} must be an uploaded picture or an http(s) address`,
        });
      }
      data[field] = value;
    }
    return { layout: tile.layout, data };
  });
export const LandingInputSchema = z.array(LandingTileInputSchema).max(40);

/** Every writable field of an item with its default (spec §3, §9). `suggestedProducts` is computed, never written. */
const itemFields = {
  title: required('title', 200),
  meta_title: text(300).default(''),
  /** The form shows a 160-character hint (META_DESCRIPTION_HINT); longer is allowed. */
  meta_description: text(1000).default(''),
  /** Omitted or empty on create: derived from the title (and made unique). */
  url: z
    .string()
    .trim()
    .max(ITEM_URL_MAX)
    .refine(
      (v) => v === '' || ITEM_URL_PATTERN.test(v),
      'url may use lowercase letters, digits and single hyphens only',
    )
    .optional(),
  /** A category key, or null / '' for none. */
  category: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .transform((v) => (v ? v : null))
    .default(null),
  pictures: z.array(PictureRefSchema).max(40).default([]),
  description: z.array(DescriptionBlockInputSchema).max(30).default([]),
  available_products: z.array(AvailableProductInputSchema).max(20).default([]),
  published: z.boolean().default(NEW_ITEM_DEFAULTS.published),
  position: PositionSchema.default(NEW_ITEM_DEFAULTS.position),
  promotion_position: PromotionPositionSchema.default(NEW_ITEM_DEFAULTS.promotion_position),
  is_final_sale: z.boolean().default(NEW_ITEM_DEFAULTS.is_final_sale),
  related_items: RelatedItemsInputSchema.default({ completeSet: [], similarItems: [] }),
  landing: LandingInputSchema.default([]),
};
/** POST /admin/api/createItem — the item; answers 200 {message: 'successfully created 1 item', item}. */
export const CreateItemBodySchema = z.object(itemFields);
export type CreateItemBody = z.input<typeof CreateItemBodySchema>;
export type ItemInput = z.output<typeof CreateItemBodySchema>;

/**
 * The fields an update may carry: each one present replaces the stored value, each one absent is
 * kept (so a card's published toggle can send `{published}` alone). available_products, when
 * present, is the whole new list: types, colours and sizes not in it are removed.
 */
export const ItemPatchSchema = z
  .object({
    title: itemFields.title,
    meta_title: text(300),
    meta_description: text(1000),
    url: itemFields.url,
    category: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .transform((v) => (v ? v : null)),
    pictures: z.array(PictureRefSchema).max(40),
    description: z.array(DescriptionBlockInputSchema).max(30),
    available_products: z.array(AvailableProductInputSchema).max(20),
    published: z.boolean(),
    position: PositionSchema,
    promotion_position: PromotionPositionSchema,
    is_final_sale: z.boolean(),
    related_items: RelatedItemsInputSchema,
    landing: LandingInputSchema,
  })
  .partial();
export type ItemPatch = z.output<typeof ItemPatchSchema>;

/** POST /admin/api/updateItem — answers {ok, message: 'Successfully Updated Item', item}. */
export const UpdateItemBodySchema = z.object({ _id: HexIdSchema, item: ItemPatchSchema });
export const ItemWrittenAnswerSchema = z.object({ ok: z.literal(true), message: z.string(), item: AdminItemSchema });

/** POST /admin/api/deleteItem — `item` is what the spec's client sends along; it is not needed. */
export const DeleteItemBodySchema = z.object({
  _id: HexIdSchema,
  item: z.unknown().optional().meta(notRead('the item is found by `_id`.')),
});
export const OkAnswerSchema = z.object({ ok: z.literal(true) });

/** POST /admin/api/editItem — persists the landing tiles of one item. */
export const EditItemBodySchema = z.object({ _id: HexIdSchema, key: z.literal('landing'), value: LandingInputSchema });
export const EditItemAnswerSchema = z.object({
  ok: z.literal(true),
  landing: z.array(z.object({ layout: LandingLayoutSchema, data: z.record(z.string(), z.string()) })),
});

// ---------- reading items ----------

/** GET /admin/api/existingItems[?search=] — every item (published or not), whole, by position; search: title contains, case-insensitive. */
export { EXISTING_ITEMS_LIMIT } from '../domain/catalog-names.js';
export const ExistingItemsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** 0-based page of EXISTING_ITEMS_LIMIT items. */
  page: z.coerce.number().int().min(0).max(100_000).optional(),
});
export const ExistingItemsAnswerSchema = z.array(AdminItemSchema);

/** GET /admin/api/item?id= — one item whole (published or not) and its reviews, for the edit modals. */
/** GET /admin/api/item?id= or ?url= — by id, or by its storefront url (the landing-tile editor's address). */
export const AdminItemQuerySchema = z.union([
  z.object({ id: HexIdSchema }),
  z.object({ url: z.string().trim().min(1).max(200) }),
]);
export const AdminItemAnswerSchema = z.object({ item: AdminItemSchema, reviews: z.array(ReviewSchema) });

// ---------- pictures ----------

/** POST /uploadPicture — multipart, one field `file` (UPLOAD_FIELD). Images are stored as JPEG with -preview.jpg and -small.jpg beside them. */
/**
 * POST /uploadPicture answers the stored picture's path (or address, with S3 storage) as a JSON
 * string: what item.pictures holds. An image's -preview.jpg and -small.jpg sit next to it (spec §9).
 */
export const UploadPictureAnswerSchema = z.string();

// ---------- back-in-stock ----------

export const RequestedNotificationSchema = z.object({
  product_type: z.string(),
  color: z.string(),
  size: z.string(),
  /** When the notice was sent; null while pending. */
  notified_at: z.string().nullable(),
});
export const ItemSubscriptionSchema = z.object({
  /** The subscription id (24 hex): the unsubscribe link's id. */
  _id: z.string(),
  email: z.string(),
  unsubscribed: z.boolean(),
  /** This item's requests of that subscriber. */
  requestedNotifications: z.array(RequestedNotificationSchema),
});
/** POST /admin/api/getItemSubscriptions — product_type and color (colour name) narrow to one colour's size editor. */
export const GetItemSubscriptionsBodySchema = z.object({
  url: required('url', 200),
  sizeName: required('sizeName', 20),
  product_type: z.string().trim().max(40).optional(),
  color: z.string().trim().max(60).optional(),
});
export const GetItemSubscriptionsAnswerSchema = z.object({
  /** Subscribers (not unsubscribed) with a pending request for this size: whom the send button can notify. */
  filteredSubscriptions: z.array(ItemSubscriptionSchema),
  /** Every subscriber with any request for this item, sent or pending. */
  allSubscriptions: z.array(ItemSubscriptionSchema),
});

/**
 * POST /admin/api/sendBackInStockNotification — one call per selected subscriber. The email's
 * picture, name and price come from the catalog (the sent ones are accepted and not trusted).
 * 409 when the size is still sold out, the subscriber unsubscribed or has no pending request.
 */
export const SendBackInStockBodySchema = z.object({
  url: required('url', 200),
  email: EmailSchema,
  size: required('size', 20),
  product_type: required('product_type', 40),
  /** The colour's name. */
  color: required('color', 60),
  picture: z.string().max(2048).optional(),
  product_name: z.string().max(80).optional(),
  price: z.number().optional(),
});
export const SendBackInStockAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });
export type ItemSubscription = z.infer<typeof ItemSubscriptionSchema>;
export type GetItemSubscriptionsBody = z.input<typeof GetItemSubscriptionsBodySchema>;
export type GetItemSubscriptionsAnswer = z.infer<typeof GetItemSubscriptionsAnswerSchema>;
export type SendBackInStockBody = z.input<typeof SendBackInStockBodySchema>;

// ---------- reviews ----------

/** POST /admin/review — creates when `id` is absent, updates when present. Answers {ok, review}. */
export const AdminReviewBodySchema = z.object({
  /** Absent, null or '' for a new review. */
  id: z
    .union([HexIdSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
  /**
   * A new review's id, chosen by the form when the review is added: sending the same new review
   * again (a double click, a retry) answers the review already made instead of making a second.
   */
  createId: HexIdSchema.optional(),
  productId: HexIdSchema,
  title: required('title', 200),
  description: text(5000).default(''),
  rating: z.number().int().min(1, 'rating is 1 to 5').max(5, 'rating is 1 to 5').default(DEFAULT_REVIEW_RATING),
  authorName: required('authorName', 100),
});
export const AdminReviewAnswerSchema = z.object({ ok: z.literal(true), review: ReviewSchema });
/** POST /admin/deleteReview */
export const DeleteReviewBodySchema = z.object({ id: HexIdSchema });

// ---------- categories ----------

/** POST /admin/api/createCategory — key, if sent, must be the title without whitespace, lowercased. 409 on a duplicate. */
export const CreateCategoryBodySchema = z
  .object({ title: z.string().trim().max(60, 'at most 60 characters'), key: z.string().optional() })
  .superRefine((body, ctx) => {
    const key = categoryKeyOf(body.title);
    if (key === '') ctx.addIssue({ code: 'custom', path: ['title'], message: 'Category title is required' });
    else if (body.key !== undefined && body.key !== key) {
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: `key must be the title without whitespace, lowercased ("${key}")`,
      });
    }
  });
export const CreateCategoryAnswerSchema = z.object({ ok: z.literal(true), category: CategorySchema });
/** POST /admin/api/deleteCategory — its items fall back to no category. */
export const DeleteCategoryBodySchema = z.object({ key: z.string().trim().min(1, 'key is required').max(100) });

// ---------- bulk editor (/bulk/admin) ----------

/** One row of the bulk editor: the fields it edits inline; absent fields are kept. */
export const BulkRowSchema = z.object({
  _id: HexIdSchema,
  published: z.boolean().optional(),
  position: PositionSchema.optional(),
  promotion_position: PromotionPositionSchema.optional(),
  category: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .transform((v) => (v ? v : null))
    .optional(),
  /** New prices (dollars) of existing product types, by type. */
  prices: z
    .array(z.object({ type: z.string().trim().min(1), price: PriceSchema }))
    .max(20)
    .optional(),
});
/** POST /admin/api/bulk/update — all rows in one transaction: every row saved, or none. */
export const BulkUpdateBodySchema = z.object({ items: z.array(BulkRowSchema).min(1, 'no rows to save').max(1000) });
export const BulkUpdateAnswerSchema = z.object({ ok: z.literal(true), updated: z.number().int() });
export const RowErrorSchema = z.object({ index: z.number().int(), _id: z.string(), errors: z.array(z.string()) });
/** 400 of /admin/api/bulk/update: `rows` lists each refused row (index in `items`) and why; nothing was saved. */
export const BulkRefusedAnswerSchema = ErrorAnswerSchema.extend({ rows: z.array(RowErrorSchema).optional() });
export type BulkRow = z.input<typeof BulkRowSchema>;
export type BulkUpdateAnswer = z.infer<typeof BulkUpdateAnswerSchema>;
export type RowError = z.infer<typeof RowErrorSchema>;

// GET /admin/api/bulk/export.csv and POST /admin/api/bulk/import: the columns are CATALOG_CSV_COLUMNS (values/admin.ts).

/** POST /admin/api/bulk/import[?dryRun=true] — dryRun reports without saving. */
export const BulkImportQuerySchema = z.object({ dryRun: z.enum(['true', 'false']).optional() });
export const BulkImportAnswerSchema = z.object({
  dryRun: z.boolean(),
  /** Items created and updated (counting items, not lines). */
  created: z.number().int(),
  updated: z.number().int(),
  acceptedLines: z.number().int(),
  /** Each refused line (1 = the header) and why; accepted lines are saved together in one transaction. */
  refused: z.array(z.object({ line: z.number().int(), item: z.string(), errors: z.array(z.string()) })),
});
export type BulkImportAnswer = z.infer<typeof BulkImportAnswerSchema>;
