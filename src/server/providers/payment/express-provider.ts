// The express payment button (PayPal) behind one interface, shaped like PayPal's Orders v2 with
// intent CAPTURE: the shopper approves in PayPal's window; the server reads the payer's address,
// updates the amount once shipping and tax are known, and captures when the order is placed.
export type ExpressAddress = {
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  /** ISO 3166-1 alpha-2 (PayPal's own codes are mapped inside its adapter). */
  country: string;
};

export type ExpressOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amountCents: number;
  payer: { givenName: string; surname: string; email: string } | undefined;
  shipping: ExpressAddress | undefined;
  captureId: string | undefined;
};

export type ExpressAmount = {
  totalCents: number;
  itemsCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
};

export interface ExpressProvider {
  readonly name: 'sandbox' | 'paypal';
  /** What the browser's button needs (PayPal's client id; 'sandbox' for the sandbox). */
  readonly clientId: string;
  createOrder(input: { amount: ExpressAmount; idempotencyKey: string }): Promise<{ id: string }>;
  getOrder(id: string): Promise<ExpressOrder>;
  updateAmount(id: string, amount: ExpressAmount): Promise<void>;
  capture(id: string, idempotencyKey: string): Promise<{ captureId: string; amountCents: number }>;
  /** Gives up an order that will not be captured, so nothing stays held for the payer. */
  release(id: string): Promise<void>;
  refund(captureId: string, amountCents?: number): Promise<{ id: string; amountCents: number }>;
}
