// The back office's values (spec §2 admin panels, §8 messages), Zod-free so the admin chunk needs no
// schema library; the schemas are in ../admin-catalog.ts, ../marketing.ts, ../newsletters.ts, ….

// ---------- catalog ----------

/** Messages the admin UI shows (spec §8). */
export const ADMIN_MESSAGES = {
  updated: 'Successfully Updated Item',
  created: 'successfully created 1 item',
  notificationSent: 'Successfuly sent notification',
} as const;

/** POST /uploadPicture and /admin/api/bulk/import: the multipart field of the file. */
export const UPLOAD_FIELD = 'file';
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
] as const;
export const UPLOAD_VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;

/**
 * GET /admin/api/bulk/export.csv — text/csv, one line per item × product type × colour × size (an
 * item without availability has one line with those columns empty). POST /admin/api/bulk/import
 * takes the same columns (multipart field `file`); lines of one item are grouped by item_id, or by
 * url for new items. Item fields must agree on every line of an item. Import adds and updates, never
 * removes; pictures, description, related items and landing tiles are not in the CSV and are kept.
 */
export const CATALOG_CSV_COLUMNS = [
  'item_id',
  'url',
  'title',
  'category',
  'published',
  'position',
  'promotion_position',
  'is_final_sale',
  'meta_title',
  'meta_description',
  'product_type',
  'product_name',
  'price',
  'color_name',
  'color_code',
  'size',
  'sold_out',
  'stock',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

// ---------- orders, refunds, labels ----------

/** GET /admin/api/getPlacedOrders: orders a search answers at most. */
export const PLACED_ORDERS_LIMIT = 10;

export const REFUND_METHODS = ['store_credit', 'original_payment'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Where the admin downloads an order's label. */
export const labelPath = (orderId: number) => `/admin/api/label/${orderId}.pdf`;

// ---------- subscriptions, newsletters ----------

/** GET /admin/api/getAllSubscriptions: subscriptions a page. */
export const SUBSCRIPTIONS_PAGE = 200;

export const NEWSLETTER_STATUSES = ['Draft', 'Approved', 'Needs review'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** Spec §5: subject, body and date all required, else this alert. */
export const ALL_FIELDS_REQUIRED = 'All fields are required.';
/** Spec §2 "current time as minimum": an Approved newsletter cannot be set to go out in the past. */
export const SEND_AT_IN_THE_PAST = 'Send at is in the past: choose a time from now on.';

// ---------- info pages ----------

/** page_name is the page's address (/info/{page_name}): lowercase words joined by hyphens. */
export const PAGE_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---------- staff and activity (issue 26) ----------

/** 'owner' may do everything; 'staff' everything but Settings, Staff, Activity and promoter passes and payouts. */
export const ADMIN_ROLES = ['owner', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** What the server answers a staff member who asks for an owner's call (403, code 'forbidden'). */
export const OWNER_ONLY = 'Only the shop owner can do this';

/** How long a one-time link lasts. */
export const INVITE_HOURS = 48;
export const RESET_HOURS = 1;

/**
 * The kinds of Activity entries, with the words the Activity tab shows and filters by. Every
 * back-office write records one of these in the same transaction as the change.
 */
export const ACTIVITY_KINDS = {
  'item.created': 'Item created',
  'item.updated': 'Item updated',
  'item.deleted': 'Item deleted',
  // Issue 28: a size's stock set in place on the Demand tab.
  'stock.set': 'Stock set',
  'items.bulk': 'Items changed in bulk',
  'review.saved': 'Review saved',
  'review.deleted': 'Review deleted',
  // Issue 27 #6: a shopper's review approved or rejected.
  'review.approved': 'Review approved',
  'review.rejected': 'Review rejected',
  'category.created': 'Category created',
  'category.deleted': 'Category deleted',
  'backInStock.sent': 'Back-in-stock notice sent',
  'order.processed': 'Order marked processed',
  'label.bought': 'Label bought',
  'tracking.assigned': 'Custom tracking',
  'refund.made': 'Refund',
  'promotion.created': 'Promotion created',
  'promotion.updated': 'Promotion changed',
  'promotion.deleted': 'Promotion deleted',
  'newsletter.created': 'Newsletter created',
  'newsletter.updated': 'Newsletter changed',
  'newsletter.approved': 'Newsletter approved',
  'newsletter.testSent': 'Newsletter test sent',
  'newsletter.canceled': 'Newsletter canceled',
  'info.created': 'Info page created',
  'info.updated': 'Info page changed',
  'info.deleted': 'Info page deleted',
  'footer.changed': 'Footer links changed',
  'home.changed': 'Home page changed',
  'settings.changed': 'Settings changed',
  'staff.invited': 'Staff invited',
  'staff.joined': 'Invitation accepted',
  'staff.removed': 'Staff removed',
  'staff.roleChanged': 'Role changed',
  'staff.inviteWithdrawn': 'Invitation withdrawn',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  // Issue 28 (exports): who downloaded the shop's orders or customers.
  'orders.exported': 'Orders exported',
  'customers.exported': 'Customers exported',
  // Issue 29 (payment webhooks): what Stripe or PayPal reported, recorded as done by the provider.
  'payment.refunded': 'Refund at the payment provider',
  'payment.disputed': 'Payment dispute',
  'payment.failed': 'Payment not captured',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
