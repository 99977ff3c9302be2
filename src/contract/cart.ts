// The bag (spec §3 cart line, §7 /getCart, /addToCart, /removeFromCart). The client never sends a
// price: lines carry the item's available products and the server's price for the chosen type.
import { z } from 'zod';
import { MAX_PIECES } from '../domain/sets.js';
import { AvailableProductSchema } from './catalog.js';
import {
  addDays,
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
  GIFT_CARD_PICTURE,
  GIFT_CARD_PRESET_DOLLARS,
  giftCardSentence,
  MAX_BAG_PIECES,
  MAX_LINE_QUANTITY,
  NON_EMPTY_CARTS_PAGE,
  sendDayText,
  sendOnProblem,
} from './values/cart.js';

// The values and gift card rules live in a Zod-free module the browser can load.
export {
  addDays,
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
  GIFT_CARD_PICTURE,
  GIFT_CARD_PRESET_DOLLARS,
  giftCardSentence,
  MAX_BAG_PIECES,
  MAX_LINE_QUANTITY,
  NON_EMPTY_CARTS_PAGE,
  sendDayText,
  sendOnProblem,
};

/** A set's piece and the size chosen for it (issue 27 item 4). */
export const PieceSizeSchema = z.object({
  piece: z.string().trim().min(1, 'piece is required').max(60),
  size: z.string().trim().max(20, 'size is at most 20 characters'),
});
export type PieceSize = z.infer<typeof PieceSizeSchema>;

/** Spec §3 "Selection per option", as the product page and the tile's quick add send it. */
export const SelectionSchema = z
  .object({
    url: z.string().trim().min(1, 'url is required').max(200),
    product_type: z.string().trim().min(1, 'product_type is required').max(100),
    product_name: z.string().max(200).default(''),
    color: z.string().trim().min(1, 'color is required').max(100),
    colorIndex: z.number().int().min(0).max(100).optional(),
    /** A set's selection leaves it empty: the server names the line's size from `piece_sizes`. */
    size: z.string().trim().max(20, 'size is at most 20 characters').default(''),
    sizeIndex: z.number().int().min(0).max(100).optional(),
    isSoldOut: z.boolean().optional(),
    /** Added (issue 27 item 4): a set's size per piece, [{piece: 'Bra', size: '34C'}, {piece: 'Brief', size: 'M'}]. */
    piece_sizes: z.array(PieceSizeSchema).max(MAX_PIECES, `a set has at most ${MAX_PIECES} pieces`).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.size === '' && !s.piece_sizes?.length)
      ctx.addIssue({ code: 'custom', path: ['size'], message: 'Please fill out the size' });
  });
export type Selection = z.infer<typeof SelectionSchema>;

/** POST /addToCart: a list with one selection (up to 10 are accepted, one piece each). */
export const AddToCartBodySchema = z.array(SelectionSchema).min(1, 'Nothing to add').max(10, 'Too many pieces at once');
export const AddToCartAnswerSchema = z.object({ ok: z.literal(true), count: z.number().int() });

/** POST /removeFromCart: one piece of the line at `index`; `all: true` removes the whole line. */
export const RemoveFromCartBodySchema = z.object({
  index: z.number().int().min(0).max(1000),
  all: z.boolean().optional(),
});
export const RemoveFromCartAnswerSchema = AddToCartAnswerSchema;

/**
 * A bag line: identical pieces (same item, product type, colour and size) merged with a quantity.
 * `index` is the line's position, used by /removeFromCart.
 */
export const CartLineSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  url: z.string(),
  size: z.string(),
  color: z.string(),
  product_type: z.string(),
  product_name: z.string(),
  pictures: z.array(z.string()),
  available_products: z.array(AvailableProductSchema),
  sizeIndex: z.number().int(),
  colorIndex: z.number().int(),
  quantity: z.number().int().min(1),
  /** Dollars, the server's price of this product type. */
  price: z.number(),
  /** Added (issue 27 item 4): on a set's line, the size of each piece; `size` then reads 'Bra 34C · Brief M'. */
  piece_sizes: z.array(PieceSizeSchema).optional(),
  /** Added: set on a gift card line (title 'Gift card', no stock, no size to choose). */
  giftCard: z.lazy(() => CartGiftCardSchema).optional(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** GET /getCart */
export const GetCartAnswerSchema = z.array(CartLineSchema);

/**
 * POST /takeBagNotices (added): the pieces taken out of the bag since the shopper was last told,
 * because they left the shop ('Silk Robe (Black, size M)'); each is answered once.
 */
export const BagNoticesAnswerSchema = z.object({ removed: z.array(z.string()) });
export type BagNotices = z.infer<typeof BagNoticesAnswerSchema>;

/** POST /requestCheckout (spec §7, payload and answer not shown): no payload, or an empty object. */
export const RequestCheckoutBodySchema = z.object({}).nullish();
export const RequestCheckoutAnswerSchema = z.object({ success: z.literal(true) });

// ---------- the owner's Non-Empty Carts tab (spec §2, §3 non-empty cart record, §7 getNonEmptyCarts) ----------

export const NonEmptyCartSchema = z.object({
  _id: z.string(),
  /** The bag's lines as the shopper left them (or as they were ordered). */
  cart: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      product_type: z.string(),
      color: z.string(),
      size: z.string(),
      quantity: z.number().int(),
    }),
  ),
  /** The order the bag became, or null while it is still a bag. */
  order: z.object({ orderId: z.number().int(), total: z.number(), processed: z.boolean() }).nullable(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  /** When the shopper last went to checkout with this bag (POST /requestCheckout), or null. */
  checkoutRequestedAt: z.string().nullable(),
});
export type NonEmptyCart = z.infer<typeof NonEmptyCartSchema>;

/** GET /admin/api/getNonEmptyCarts[?before=ISO]: newest first, 100 at most; `before` pages back. */
export const NonEmptyCartsQuerySchema = z.object({ before: z.iso.datetime({ offset: true }).optional() });
export const GetNonEmptyCartsAnswerSchema = z.array(NonEmptyCartSchema);

// ---------- gift cards (issue 24 item 3): sold on /gift-card, a bag line without stock or size ----------

/**
 * POST /addGiftCard (added). The page checks it with the same schema before sending; the send date's
 * range (today to a year ahead) depends on today, so it is checked by `sendOnProblem` on both sides.
 */
export const GiftCardBodySchema = z.object({
  amount: z
    .number({ error: 'Amount is required' })
    .int('Amount must be whole dollars')
    .min(GIFT_CARD_MIN_DOLLARS, `Amount must be at least $${GIFT_CARD_MIN_DOLLARS}`)
    .max(GIFT_CARD_MAX_DOLLARS, `Amount must be at most $${GIFT_CARD_MAX_DOLLARS}`),
  recipientName: z
    .string({ error: 'Recipient name is required' })
    .trim()
    .min(1, 'Recipient name is required')
    .max(100, 'Recipient name must be at most 100 characters'),
  recipientEmail: z
    .string({ error: 'Recipient email is required' })
    .trim()
    .min(1, 'Recipient email is required')
    .max(254, 'Recipient email is too long')
    .pipe(z.email('Recipient email is not a valid email address')),
  senderName: z
    .string({ error: 'From is required' })
    .trim()
    .min(1, 'From (your name) is required')
    .max(100, 'From must be at most 100 characters'),
  message: z
    .string()
    .trim()
    .max(GIFT_CARD_MESSAGE_MAX, `Message must be at most ${GIFT_CARD_MESSAGE_MAX} characters`)
    .default(''),
  sendOn: z.string({ error: 'Send date is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Send date must be a date'),
});
export type GiftCardBody = z.infer<typeof GiftCardBodySchema>;

/** A gift card line's own fields in /getCart (`giftCard`); absent on the bag's pieces. */
export const CartGiftCardSchema = z.object({
  amount: z.number(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  senderName: z.string(),
  message: z.string(),
  sendOn: z.string(),
});
export type CartGiftCard = z.infer<typeof CartGiftCardSchema>;
