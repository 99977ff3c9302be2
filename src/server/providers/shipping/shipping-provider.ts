// Shipping behind one interface. Checkout asks for the options a shopper can choose (spec §3
// "Shipping option (checkout)": type, description, amt); the back office buys labels (issue 7).
export type ShippingDestination = { country: string; state: string; zip: string };

export type CheckoutShippingOption = {
  /** Stable key stored on the order, e.g. 'standard'. */
  type: string;
  description: string;
  /** The fee before the free-shipping rule, in cents. */
  feeCents: number;
};

export interface ShippingProvider {
  readonly name: 'table' | 'shippo';
  /** Options in display order; the first is the one the free-shipping rule makes free. */
  checkoutOptions(destination: ShippingDestination): Promise<CheckoutShippingOption[]>;
}
