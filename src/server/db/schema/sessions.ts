// Sessions of shoppers and admins, with the checkout's state.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { admins } from './admin.js';

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
