// The catalog as the calls of spec §7 carry it: snake_case fields, prices in dollars.
import { z } from 'zod';
import { FILTER_PRICE_MAX, FILTER_SIZES, FILTER_VALUES_MAX, SORTS } from '../domain/catalog-filters.js';
import { ITEMS_PAGE_MAX } from '../domain/storefront-paging.js';
import { REVIEW_FITS } from '../domain/review-fit.js';
import { LANDING_FIELDS, LANDING_LAYOUTS } from './values/catalog.js';

// The landing layouts and their fields live in a Zod-free module (values/catalog.ts).
export { LANDING_FIELDS, LANDING_LAYOUTS };

export const SizeSchema = z.object({ name: z.string(), sold_out: z.boolean() });
export type Size = z.infer<typeof SizeSchema>;

export const ColorSchema = z.object({
  color_name: z.string(),
  color_code: z.string(),
  color_picture: z.string().nullable(),
  alt: z.string(),
  link: z.string(),
  available_sizes: z.array(SizeSchema),
  /**
   * Added (issue 27 item 4), on a set's colours only: each piece's sizes, in the set's order. The
   * colour's `available_sizes` then sums them up for clients that know no pieces (every size of any
   * piece; sold out when sold out in each piece that has it).
   */
  pieces: z.array(z.object({ name: z.string(), available_sizes: z.array(SizeSchema) })).optional(),
});
export type Color = z.infer<typeof ColorSchema>;

export const AvailableProductSchema = z.object({
  type: z.string(),
  name: z.string(),
  /** Dollars, e.g. 68 or 74.5 */
  price: z.number(),
  colors: z.array(ColorSchema),
  /** Added (issue 27 item 4), on a set only: its pieces in order ('Bra', 'Brief'), each sized on its own. */
  pieces: z.array(z.string()).optional(),
});
export type AvailableProduct = z.infer<typeof AvailableProductSchema>;

export const DescriptionBlockSchema = z.object({ key: z.string(), title: z.string(), text: z.string() });
export const RelatedRefSchema = z.object({ label: z.string(), value: z.string() });
export const LandingLayoutSchema = z.enum(LANDING_LAYOUTS);
export type LandingLayout = z.infer<typeof LandingLayoutSchema>;
export const LandingTileSchema = z.object({ layout: LandingLayoutSchema, data: z.record(z.string(), z.string()) });
export type LandingTile = z.infer<typeof LandingTileSchema>;

export const ItemSchema = z.object({
  _id: z.string(),
  url: z.string(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  category: z.string().nullable(),
  pictures: z.array(z.string()),
  description: z.array(DescriptionBlockSchema),
  available_products: z.array(AvailableProductSchema),
  published: z.boolean(),
  position: z.number().int(),
  promotion_position: z.number().int(),
  is_final_sale: z.boolean(),
  related_items: z.object({ completeSet: z.array(RelatedRefSchema), similarItems: z.array(RelatedRefSchema) }),
  landing: z.array(LandingTileSchema),
});
export type Item = z.infer<typeof ItemSchema>;

/** GET /product?url — the item plus what its page shows beside it. */
export const ProductSchema = ItemSchema.extend({
  /** 'You may also like': up to 4 published items. */
  suggestedProducts: z.array(ItemSchema),
  /** 'Complete the look': the items of related_items.completeSet that are published. */
  completeSet: z.array(ItemSchema),
  /** Title of the item's category, for 'Back To {category title}'; null when the category is unknown. */
  category_title: z.string().nullable(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  /**
   * Issue 27 #6: what approved reviewers said of the fit, by fit, and the one most said (null when
   * none or no majority): 'Most say: true to size'.
   */
  fit: z
    .object({
      'runs-small': z.number().int(),
      'true-to-size': z.number().int(),
      'runs-large': z.number().int(),
      most: z.enum(REVIEW_FITS).nullable(),
    })
    .optional(),
});
export type Product = z.infer<typeof ProductSchema>;

export const GetAllItemsAnswerSchema = z.array(ItemSchema);
export const GetCategoryBodySchema = z.object({ category: z.string().trim().min(1, 'category is required').max(100) });
export const GetCategoryAnswerSchema = z.array(ItemSchema);

/** A filter given once (`?size=M`) or repeated (`?size=S&size=M`): always a list. */
const repeatable = <T extends z.ZodType>(name: string, value: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(value).max(FILTER_VALUES_MAX, `${name} is given at most ${FILTER_VALUES_MAX} times`).optional(),
  );
const priceBound = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number of dollars` })
    .min(0, `${name} must not be negative`)
    .max(FILTER_PRICE_MAX, `${name} is at most ${FILTER_PRICE_MAX}`)
    .optional();

/**
 * GET /listItems: one page of the storefront's lists (all published items, or one category's),
 * filtered and sorted (issue 27). Filters with several values repeat the parameter
 * (`?size=S&size=M&color=black`); colours and product types are matched whatever their case.
 */
export const ListItemsQuerySchema = z
  .object({
    category: z.string().trim().min(1, 'category must not be empty').max(100).optional(),
    page: z.coerce
      .number({ message: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(ITEMS_PAGE_MAX, `page is at most ${ITEMS_PAGE_MAX}`)
      .default(1),
    size: repeatable(
      'size',
      z
        .string()
        .trim()
        .transform((s) => s.toUpperCase())
        .pipe(z.enum(FILTER_SIZES, { message: `size must be one of ${FILTER_SIZES.join(', ')}` })),
    ),
    color: repeatable('color', z.string().trim().min(1, 'color must not be empty').max(60, 'color is too long')),
    type: repeatable('type', z.string().trim().min(1, 'type must not be empty').max(60, 'type is too long')),
    minPrice: priceBound('minPrice'),
    maxPrice: priceBound('maxPrice'),
    inStock: z
      .enum(['1', 'true', '0', 'false'], { message: 'inStock must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    sort: z.enum(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` }).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  });
export type ListItemsQuery = z.infer<typeof ListItemsQuerySchema>;

const FacetOptionSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
/** For each option of each filter, how many items it would leave given the other active filters. */
export const ListFacetsSchema = z.object({
  size: z.array(FacetOptionSchema),
  color: z.array(FacetOptionSchema.extend({ code: z.string() })),
  type: z.array(FacetOptionSchema),
  /** Items left with 'In stock only' on. */
  inStock: z.number().int(),
  /** Lowest and highest price in dollars of the items the other filters leave. */
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export const ItemsPageSchema = z.object({
  items: z.array(ItemSchema),
  /** Published items in the whole list (every page), once filtered. */
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
  /** Always sent by the server (issue 27); optional so a page answer made elsewhere (tests) may leave it out. */
  facets: ListFacetsSchema.optional(),
});
export type ItemsPage = z.infer<typeof ItemsPageSchema>;
export const ProductQuerySchema = z.object({ url: z.string().trim().min(1, 'url is required').max(200) });
export const GetPromotionalItemsAnswerSchema = z.array(ItemSchema);

export const InfoQuerySchema = z.object({
  requestedPage: z.string().trim().min(1, 'requestedPage is required').max(100),
});
/** `text` is the owner's markdown; `html` is it rendered and made safe by the server. */
export const InfoAnswerSchema = z.object({ title: z.string(), text: z.string(), html: z.string() });
export type InfoPage = z.infer<typeof InfoAnswerSchema>;

export const ReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  title: z.string(),
  description: z.string(),
  rating: z.number().int(),
  authorName: z.string(),
  /** Issue 27 #6: how the piece fits, as a shopper said; absent or null when not said. */
  fit: z.enum(REVIEW_FITS).nullable().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ListReviewsBodySchema = z.object({
  productId: z.string().regex(/^[0-9a-f]{24}$/, 'productId must be a 24-character id'),
});
export const ListReviewsAnswerSchema = z.object({ reviews: z.array(ReviewSchema) });

export { previewOf, smallOf } from '../domain/pictures.js';
