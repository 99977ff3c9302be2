// The database: every entity of spec §3, one file per feature under schema/. Money is integer cents;
// ids follow ARCHITECTURE.md. drizzle.config.ts reads the tables from here.
export * from './schema/catalog.js';
export * from './schema/content.js';
export * from './schema/promotions.js';
export * from './schema/balances.js';
export * from './schema/marketing.js';
export * from './schema/admin.js';
export * from './schema/sessions.js';
export * from './schema/cart.js';
export * from './schema/orders.js';
export * from './schema/shipping-labels.js';
export * from './schema/email.js';
export * from './schema/rate-limits.js';
export * from './schema/payments.js';
export * from './schema/search.js';
// Issue 28 (funnel).
export * from './schema/funnel.js';
// Issue 28 (abandoned checkouts).
export * from './schema/abandoned.js';
export * from './schema/reports.js';
// Issue 29 (payment webhooks).
export * from './schema/payment-events.js';
