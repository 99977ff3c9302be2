/** POST /api/getClientSecret's answer when the total is 0 (the contract's SKIP_PAYMENT, Zod-free). */
export { SKIP_PAYMENT as SKIP_PAYMENT_SECRET } from '../../../contract/values/checkout.js';
