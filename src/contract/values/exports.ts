// Exports and packing slips (issue 28 #5, #6): the CSVs' columns and the addresses the back office
// links to. Zod-free: the admin chunk builds its download links from these.

/** GET /admin/api/exports/orders.csv?from=&to=: one row per order placed in the days from–to (both included). */
export const ORDERS_CSV_COLUMNS = [
  'order_id',
  'date',
  'email',
  'name',
  'pieces',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'refunded',
  'payment_method',
  'status',
  'tracking',
] as const;

/** GET /admin/api/exports/customers.csv: one row per email that placed an order. */
export const CUSTOMERS_CSV_COLUMNS = [
  'email',
  'orders',
  'total_spent',
  'first_order',
  'last_order',
  'subscribed',
] as const;

export const ORDERS_CSV_PATH = '/admin/api/exports/orders.csv';
export const CUSTOMERS_CSV_PATH = '/admin/api/exports/customers.csv';
export const PACKING_SLIP_PATH = '/admin/api/packingSlip';
export const PACKING_SLIPS_PATH = '/admin/api/packingSlips';

/** The orders CSV of the days from–to (YYYY-MM-DD, in the shop's time zone). */
export const ordersCsvUrl = (from: string, to: string) =>
  `${ORDERS_CSV_PATH}?${new URLSearchParams({ from, to }).toString()}`;

/** The file names the downloads are saved under. */
export const ordersCsvFileName = (from: string, to: string) => `orders-${from}-to-${to}.csv`;
export const customersCsvFileName = (today: string) => `customers-${today}.csv`;

/** One order's packing slip (a PDF page). */
export const packingSlipUrl = (orderId: number) => `${PACKING_SLIP_PATH}?orderId=${orderId}`;
