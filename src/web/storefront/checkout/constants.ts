/** POST /api/getClientSecret's answer when the total is 0 (src/contract/checkout.ts SKIP_PAYMENT). */
export const SKIP_PAYMENT_SECRET = 'SKIP_PAYMENT';
