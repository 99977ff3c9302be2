// The database: every entity of spec §3. Money is integer cents; ids follow ARCHITECTURE.md.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------- catalog ----------

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
    relatedItems: jsonb('related_items')
      .$type<RelatedItems>()
      .notNull()
      .default({ completeSet: [], similarItems: [] }),
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

/** Stock is kept here: product type × colour × size. `stock` null means not tracked. */
export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    soldOut: boolean('sold_out').notNull().default(false),
    stock: integer('stock'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sizes_color_name_unique').on(t.colorId, t.name),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_item_idx').on(t.itemId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

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

// ---------- promotions ----------

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** 'dollarAmount': discountCents off; 'percentage': subtotal × rateBasisPoints/10000 (8500 = 0.85 = 15% off). */
    type: text('type', { enum: ['dollarAmount', 'percentage'] }).notNull(),
    discountCents: integer('discount_cents'),
    rateBasisPoints: integer('rate_basis_points'),
    /** 'campaign' is owner-made; the others are issued by the shop to one email. */
    kind: text('kind', { enum: ['campaign', 'newsletter', 'referral', 'referral_reward', 'store_credit'] })
      .notNull()
      .default('campaign'),
    passwordHash: text('password_hash'),
    payoutCents: integer('payout_cents').notNull().default(0),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** The email the code was issued to (newsletter, referral, store credit). */
    issuedTo: text('issued_to'),
    /** For referral codes: who referred, to reward once the friend orders. */
    referrerEmail: text('referrer_email'),
    /** For referral_reward codes: the friend's referral code whose first order earned it (one reward each). */
    rewardFor: integer('reward_for').references((): AnyPgColumn => promotions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_lower_unique').on(sql`lower(${t.code})`),
    // The shop issues one welcome code per email ever, and one referral gift per friend's email.
    uniqueIndex('promotions_newsletter_email_unique').on(sql`lower(${t.issuedTo})`).where(sql`${t.kind} = 'newsletter'`),
    uniqueIndex('promotions_referral_email_unique').on(sql`lower(${t.issuedTo})`).where(sql`${t.kind} = 'referral'`),
    uniqueIndex('promotions_reward_for_unique').on(t.rewardFor),
    check(
      'promotions_discount_shape',
      sql`(${t.type} = 'dollarAmount' AND ${t.discountCents} IS NOT NULL AND ${t.discountCents} >= 0)
       OR (${t.type} = 'percentage' AND ${t.rateBasisPoints} IS NOT NULL AND ${t.rateBasisPoints} BETWEEN 0 AND 10000)`,
    ),
  ],
);

// ---------- balances (store credit, gift cards) ----------

/**
 * A balance a shopper spends like a payment (ARCHITECTURE "Balances"), named by its code: store
 * credit from a refund, or a gift card bought in the shop. `remainingCents` is the sum of its
 * ledger (balance_entries), kept here so that spending is one conditional update that can never go
 * below zero or spend the same money twice.
 */
export const balances = pgTable(
  'balances',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['store_credit', 'gift_card'] }).notNull(),
    /** Store credit: the shopper it was refunded to. Gift card: its recipient. The code alone spends it. */
    issuedTo: text('issued_to'),
    remainingCents: integer('remaining_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('balances_code_lower_unique').on(sql`lower(${t.code})`),
    index('balances_issued_to_idx').on(sql`lower(${t.issuedTo})`, t.kind),
    check('balances_remaining_nonnegative', sql`${t.remainingCents} >= 0`),
  ],
);

/** The ledger of a balance: every amount issued to it, spent from it by an order, or restored to it. */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => balances.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['issued', 'spent', 'restored'] }).notNull(),
    /** Always positive; `kind` says which way it went. */
    amountCents: integer('amount_cents').notNull(),
    /** The order that spent it, bought it, or whose refund or failure restored it. */
    orderId: bigint('order_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('balance_entries_balance_idx').on(t.balanceId, t.id), check('balance_entries_amount_positive', sql`${t.amountCents} > 0`)],
);

// ---------- marketing ----------

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: char('id', { length: 24 }).primaryKey(),
    email: text('email').notNull(),
    /** Signed up for the newsletter (a back-in-stock request alone does not subscribe). */
    newsletter: boolean('newsletter').notNull().default(false),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscriptions_email_lower_unique').on(sql`lower(${t.email})`)],
);

export const requestedNotifications = pgTable(
  'requested_notifications',
  {
    id: serial('id').primaryKey(),
    subscriptionId: char('subscription_id', { length: 24 })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    itemId: char('item_id', { length: 24 })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('requested_notifications_unique').on(t.subscriptionId, t.itemId, t.productType, t.color, t.size),
    index('requested_notifications_item_idx').on(t.itemId, t.size),
  ],
);

export const newsletters = pgTable(
  'newsletters',
  {
    id: char('id', { length: 24 }).primaryKey(),
    subject: text('subject').notNull(),
    emailContent: text('email_content').notNull(),
    status: text('status', { enum: ['Draft', 'Approved', 'Needs review'] })
      .notNull()
      .default('Draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('newsletters_due_idx').on(t.status, t.scheduledAt)],
);

/** One row per newsletter × subscriber: the record that makes delivery exactly-once. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    newsletterId: char('newsletter_id', { length: 24 })
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriptionId: char('subscription_id', { length: 24 })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.subscriptionId] })],
);

// ---------- sessions, bag, orders ----------

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_email_lower_unique').on(sql`lower(${t.email})`)],
);

export type SessionData = {
  checkoutStage?: 'checkout' | 'shipping' | 'billing';
  /** Pieces taken out of the bag because they left the shop ('Title (Colour, size S)'), until the shopper is told. */
  bagNotices?: string[];
  promoCode?: string;
  orderId?: number;
  // ---- checkout (src/server/modules/checkout) ----
  /** The shipping info validated by /order/getShippingOptions (contract ShippingInfo). */
  shippingInfo?: {
    firstName: string;
    lastName: string;
    phone: string;
    email: string;
    emailConf?: string | undefined;
    address: string;
    address2: string;
    country: string;
    city: string;
    state: string;
    zip: string;
  };
  /** The chosen shipping option's type. */
  shippingType?: string;
  /** The order placed last from this session (the success page shows it). */
  lastOrderId?: number;
  /** The card intent made for this checkout by /api/getClientSecret. */
  paymentIntentId?: string;
  /** Bumped when an intent is canceled, so the next one gets a fresh idempotency key. */
  paymentAttempt?: number;
  /** The express (PayPal) order made for this checkout by /paypal/createOrder. */
  paypalOrderId?: string;
  /** A gift card or store credit code applied in the 'Gift Card or Promo' box (a balance, not a promo). */
  balanceCode?: string;
  /** Why the server removed the promo code applied earlier (shown once by /stageCheck). */
  promoNotice?: string;
};

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['shopper', 'admin'] }).notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<SessionData>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

export const carts = pgTable(
  'carts',
  {
    id: char('id', { length: 24 }).primaryKey(),
    sessionId: text('session_id').notNull(),
    /** Set once the bag became an order; the admin's Non-Empty Carts list shows it. */
    orderId: bigint('order_id', { mode: 'number' }),
    /** When the shopper last went to checkout with this bag (POST /requestCheckout); Non-Empty Carts shows it. */
    checkoutRequestedAt: timestamp('checkout_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_session_idx').on(t.sessionId), index('carts_created_idx').on(t.createdAt)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: char('cart_id', { length: 24 })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: char('item_id', { length: 24 })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    productType: text('product_type').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_unique').on(t.cartId, t.itemId, t.productType, t.color, t.size),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Gift cards in a bag (issue 24 item 3): money for a recipient, not goods, so no stock, size or item.
 * /getCart shows each after the bag's pieces, as a line with a `giftCard` field.
 */
export const cartGiftCards = pgTable(
  'cart_gift_cards',
  {
    id: serial('id').primaryKey(),
    cartId: char('cart_id', { length: 24 })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    /** The day the recipient gets it, YYYY-MM-DD. */
    sendOn: text('send_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cart_gift_cards_cart_idx').on(t.cartId), check('cart_gift_cards_amount', sql`${t.amountCents} between 5000 and 50000`)],
);

/** What an order keeps of a gift card it sold (OrderLine.giftCard). */
export type OrderGiftCard = {
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  sendOn: string;
};

export type OrderLine = {
  itemId: string;
  title: string;
  url: string;
  productType: string;
  productName: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  picture: string | null;
  /** Set on a gift card line: final sale, no stock, sent by email. */
  giftCard?: OrderGiftCard;
};
export type Address = {
  firstName: string;
  lastName: string;
  address: string;
  address2?: string;
  email?: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  country: string;
};
export type ReturnRequest = {
  creditSelected: boolean;
  items: { index: number; quantity: number }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalRefundCents: number;
  international: boolean;
  trackingNumber?: string;
  trackingUrlProvider?: string;
  requestedAt: string;
  refundedAt?: string;
  refundMethod?: 'store_credit' | 'original_payment';
  /** Set while the payment provider is asked for the refund, so a second refund waits for none (docs/decisions/013). */
  refundPendingAt?: string;
  /** The balance code a store-credit refund was credited to (a single-use promo code before balances). */
  giftCode?: string;
  /** The part of the refund that went back to the gift card or store credit the order was partly paid with. */
  balanceRestoredCents?: number;
  /** The payment provider's id of an original-payment refund. */
  providerRefundId?: string;
  /** Pieces put back into stock with the refund (0 when the owner did not restock). */
  restocked?: number;
};

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** Makes a repeated submission of the same checkout one order. */
    checkoutKey: text('checkout_key').notNull(),
    cartId: char('cart_id', { length: 24 }),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    email: text('email').notNull(),
    shippingInfo: jsonb('shipping_info').$type<Address>().notNull(),
    billingInfo: jsonb('billing_info').$type<Address & { cardholderName?: string }>(),
    shippingType: text('shipping_type').notNull(),
    /** The promo as applied (spec §3), and the code's payout to its promoter at the time (cents). */
    promo: jsonb('promo').$type<{ code: string; type: string; discount: number; payoutCents?: number } | null>(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** The part of the total paid from a gift card or store credit balance; the rest was charged. */
    balanceCents: integer('balance_cents').notNull().default(0),
    balanceCode: text('balance_code'),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference'),
    paymentMethodDetails: jsonb('payment_method_details').$type<{ paymentMethod: string; detail: string }>(),
    /**
     * The provider's payment (card intent / PayPal order) while it is authorised but not captured:
     * set with the order, cleared by the capture. One left behind by a crash is captured by the
     * capture-recovery job (docs/decisions/017-capture-recovery.md).
     */
    pendingCaptureId: text('pending_capture_id'),
    processed: boolean('processed').notNull().default(false),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    returnRequest: jsonb('return_request').$type<ReturnRequest>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_checkout_key_unique').on(t.checkoutKey),
    index('orders_created_idx').on(t.createdAt),
    index('orders_last_name_idx').on(sql`lower(${t.shippingInfo}->>'lastName')`),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    // The promoter's report reads a code's orders from `orders_promo_report_idx`, made by migration
    // 0006 and not declared here: it INCLUDEs the report's columns (an index-only scan, newest first),
    // which Drizzle's index builder cannot express.
    index('orders_pending_capture_idx').on(t.createdAt).where(sql`${t.pendingCaptureId} is not null`),
    // The payment-holds job asks, per open hold, whether an order took that payment.
    index('orders_payment_reference_idx').on(t.paymentReference).where(sql`${t.paymentReference} is not null`),
    index('orders_pending_capture_id_idx').on(t.pendingCaptureId).where(sql`${t.pendingCaptureId} is not null`),
  ],
);

/** Raw bytes (a PDF): Buffer from node-postgres, Uint8Array from PGlite; Uint8Array here. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The shipping label of an order (issue 7): one per order (the key), so a repeated or concurrent
 * purchase finds it instead of buying another. The row is claimed ('buying') before the carrier is
 * called, outside any transaction, and completed ('bought') with the tracking. The table provider's
 * PDF is kept here (it carries the shopper's address, so it is served only behind the admin gate);
 * Shippo keeps its own at `remoteUrl`.
 */
export const shippingLabels = pgTable('shipping_labels', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['buying', 'bought'] })
    .notNull()
    .default('buying'),
  provider: text('provider').notNull(),
  rateId: text('rate_id').notNull(),
  /** What was bought, in the provider's words, when known: carrier, service, amount in cents. */
  rate: jsonb('rate').$type<{ provider: string; service: string; amountCents: number; currency: string } | null>(),
  trackingNumber: text('tracking_number'),
  trackingUrl: text('tracking_url'),
  pdf: bytea('pdf'),
  remoteUrl: text('remote_url'),
  createdAt: createdAt(),
});

/**
 * The prepaid return label of a US return request (issue 24 item 4): bought from the shipping
 * provider when the return is requested, from the shopper's address to the ship-from address. Its
 * id is the unguessable key of the shopper's link (/return-label/<id>.pdf). 'pending' when the
 * purchase failed: opening the link tries again; 'buying' while one request holds the purchase.
 */
export const returnLabels = pgTable(
  'return_labels',
  {
    id: text('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'buying', 'bought'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    /** Pieces in the parcel (its weight follows). */
    pieces: integer('pieces').notNull(),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    pdf: bytea('pdf'),
    remoteUrl: text('remote_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('return_labels_order_idx').on(t.orderId)],
);

// ---------- infrastructure ----------

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** What caused the email (order_confirmation, newsletter, …), for the logs and the admin. */
    kind: text('kind').notNull(),
    /** Marketing mail: the recipient's one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The worker's order: the shop's own mail before marketing, oldest first (src/server/jobs/outbox.ts).
    index('email_outbox_claim_idx').on(sql`(${t.listUnsubscribe} is not null)`, t.id).where(sql`${t.status} = 'pending'`),
    // An address's own mail leaves in the order it was written: the earlier one still waiting is found here.
    index('email_outbox_pending_to_idx').on(t.to, t.id).where(sql`${t.status} = 'pending' and ${t.listUnsubscribe} is null`),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A job with a key exists once (e.g. one send job per newsletter). */
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_unique_key').on(t.uniqueKey)],
);

/** Fixed-window counters shared by every copy of the server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ---------- providers ----------

/**
 * The sandbox payment provider's own records, kept like a card network would: in the database, so
 * every server copy sees the same authorisations. Real providers (Stripe, PayPal) keep theirs.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['card', 'paypal'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', {
      enum: ['requires_payment_method', 'requires_capture', 'succeeded', 'canceled'],
    })
      .notNull()
      .default('requires_payment_method'),
    /** What the payer entered that a real provider would keep: last four digits, name, PayPal payer. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    amountCapturedCents: integer('amount_captured_cents').notNull().default(0),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_payments_idempotency_unique').on(t.idempotencyKey)],
);

/**
 * Every payment the checkout opened with a provider (a card intent, a PayPal order): an open hold
 * that no order took is released by the payment-holds job once it is old enough (issue 24 item 28:
 * a crash mid-checkout must not leave a shopper's funds held). `closedAt` ends its watch.
 */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    /** The provider's id: card intent id or PayPal order id. */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'paypal'] }).notNull(),
    method: text('method', { enum: ['card', 'paypal'] }).notNull(),
    /** The shopper session that opened it (no foreign key: sessions are purged, holds outlive them). */
    sessionId: text('session_id'),
    checkoutKey: text('checkout_key').notNull(),
    createdAt: createdAt(),
    /** Last time the checkout asked for this payment again (the job measures age from here). */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** released (by the job or the checkout), ordered (an order took it), captured (taken with no order: for the owner). */
    outcome: text('outcome', { enum: ['released', 'ordered', 'captured', 'missing'] }),
  },
  (t) => [index('payment_holds_open_idx').on(t.touchedAt).where(sql`${t.closedAt} is null`)],
);
