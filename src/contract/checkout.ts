// Checkout (spec §3 checkout shipping/billing info, promo; §5 rules; §7 Checkout calls).
// Money in answers is dollars, as the spec's calls carry it; the server computes every amount.
import { z } from 'zod';
import { EMAIL_PATTERN } from '../domain/validation.js';
import { EMAIL_EXAMPLE, notRead } from './common.js';
import {
  BAG_CHANGED,
  BAG_CHANGED_CODE,
  BALANCE_KINDS,
  CARD_PROVIDERS,
  CHECKOUT_STEPS,
  EXPRESS_PROVIDERS,
  SKIP_PAYMENT,
} from './values/checkout.js';
import { PROMO_TYPES } from './values/promotions.js';

// The values (steps, SKIP_PAYMENT, bag_changed) live in a Zod-free module the browser can load.
export { BAG_CHANGED, BAG_CHANGED_CODE, CHECKOUT_STEPS, SKIP_PAYMENT };

const text = (max: number) => z.string().trim().max(max);
const required = (name: string, max = 200) => z.string().trim().min(1, `${name} is required`).max(max);

/** Spec §3 "Checkout shipping info". `country` is an ISO code or a name such as 'United States'. */
export const ShippingInfoSchema = z.object({
  firstName: required('First name', 100),
  lastName: text(100).default(''),
  phone: text(40).default(''),
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'Invalid email address.').meta(EMAIL_EXAMPLE),
  emailConf: text(254).optional(),
  address: required('Address'),
  address2: text(200).default(''),
  country: text(60).default('US'),
  city: required('City', 100),
  state: required('State', 100),
  zip: required('Zip', 20),
});
export type ShippingInfo = z.infer<typeof ShippingInfoSchema>;

/** Spec §3 "Billing info". */
export const BillingInfoSchema = z.object({
  cardholderName: text(200).default(''),
  firstName: text(100).default(''),
  lastName: text(100).default(''),
  phone: text(40).default(''),
  address: text(200).default(''),
  address2: text(200).default(''),
  country: text(60).default(''),
  city: text(100).default(''),
  state: text(100).default(''),
  zip: text(20).default(''),
});
export type BillingInfo = z.infer<typeof BillingInfoSchema>;

/** Spec §3 "Promo (checkout)": discount is dollars for dollarAmount, a multiplier (0.9) for percentage. */
export const PromoSchema = z.object({
  code: z.string(),
  type: z.enum(PROMO_TYPES),
  discount: z.number(),
});
export type Promo = z.infer<typeof PromoSchema>;

export const CheckoutStepSchema = z.enum(CHECKOUT_STEPS);
export type CheckoutStep = z.infer<typeof CheckoutStepSchema>;

/** POST /stageCheck: the furthest step the session may be on, the last order placed, the applied promo. */
export const StageCheckBodySchema = z.object({ stage: z.string().max(40) });
export const StageCheckAnswerSchema = z.object({
  validStep: CheckoutStepSchema,
  orderId: z.number().nullable(),
  promo: PromoSchema.nullable(),
  /** Why the server removed the code applied earlier (e.g. it was sent to another email), when it did. */
  promoNotice: z.string().optional(),
});

/** POST /getTaxRate (US zips only; the first 5 digits count). */
export const GetTaxRateBodySchema = z.object({ zipCode: z.string().trim().min(1, 'zipCode is required').max(20) });
export const GetTaxRateAnswerSchema = z.object({ taxRate: z.number() });

/**
 * A gift card or store credit applied in the 'Gift Card or Promo' box: a balance spent like a
 * payment after tax and shipping (dollars). `applied` comes off this order's total; `remaining` stays
 * on the code for the next order.
 */
export const AppliedBalanceSchema = z.object({
  code: z.string(),
  kind: z.enum(BALANCE_KINDS),
  available: z.number(),
  applied: z.number(),
  remaining: z.number(),
});
export type AppliedBalance = z.infer<typeof AppliedBalanceSchema>;

/**
 * POST /applyPromo: `{ success: false }` is shown as 'Invalid Promo Code', or as `message` when the
 * server says why (a code sent to another email, a first-order code for an email that has ordered).
 * An empty code removes the promo. A gift card or store credit code is applied as a balance
 * (`balance`); `promo` is then the promo still applied beside it.
 */
export const ApplyPromoBodySchema = z.object({ promo: z.string().trim().max(60) });
export const ApplyPromoAnswerSchema = z.object({
  success: z.boolean(),
  promo: PromoSchema.nullable(),
  message: z.string().optional(),
  balance: AppliedBalanceSchema.optional(),
});

/** Spec §3 "Shipping option (checkout)": amt in dollars, 0 when the free-shipping rule applies. */
export const CheckoutShippingOptionSchema = z.object({ type: z.string(), description: z.string(), amt: z.number() });
export type CheckoutShippingOption = z.infer<typeof CheckoutShippingOptionSchema>;

/** POST /order/getShippingOptions: validates and keeps the shipping info for this checkout. */
export const GetShippingOptionsBodySchema = z.object({
  shippingInfo: ShippingInfoSchema,
  // Issue 28 (abandoned checkouts): 'Email me a reminder if I don't finish', sent by the contact step;
  // absent (an older page, a refresh of the options) keeps what the shopper chose before.
  remindMe: z.boolean().optional(),
});
export const GetShippingOptionsAnswerSchema = z.array(CheckoutShippingOptionSchema);

/**
 * POST /api/getClientSecret {taxRate, shippingFee}: the browser's view of tax rate and fee, checked
 * against the server's (409 'Your order total changed, please review it' when they differ).
 * `shippingType` (optional) names the chosen option; without it the option kept for this checkout
 * is used, else the offered option with that fee. Answers the card client secret, or 'SKIP_PAYMENT'
 * when the total is 0.
 */
export const GetClientSecretBodySchema = z.object({
  taxRate: z.number().min(0).max(1),
  shippingFee: z.number().min(0).max(100_000),
  shippingType: z.string().trim().min(1, 'Choose a shipping option').max(60).optional(),
  bagVersion: z.string().trim().max(80).optional(),
});
export const GetClientSecretAnswerSchema = z.string();

/** POST /placeOrder. additionalInfo: card `{ paymentIntentId }`, PayPal `{ paypalOrderId }`, total 0 `{}`. */
export const PlaceOrderBodySchema = z.object({
  shippingInfo: ShippingInfoSchema,
  billingInfo: BillingInfoSchema.optional(),
  shippingType: z.string().trim().min(1, 'Choose a shipping option').max(60),
  promo: z.unknown().optional().meta(notRead('the promo is the one applied to the bag (POST /applyPromo).')),
  additionalInfo: z
    .object({ paymentIntentId: z.string().max(200).optional(), paypalOrderId: z.string().max(200).optional() })
    .default({}),
  bagVersion: z.string().trim().max(80).optional(),
});
export const PlaceOrderAnswerSchema = z.object({ success: z.literal(true), orderId: z.number() });

/**
 * The totals the sidebar shows (dollars), computed by the shared src/domain/money.ts on both sides.
 * `balance` is paid from a gift card or store credit, `due` is what is left to pay (total − balance).
 */
export const CheckoutTotalsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  balance: z.number().optional(),
  due: z.number().optional(),
});
/** GET /checkout/summary: the totals and the balance applied, if any. */
export const CheckoutSummaryAnswerSchema = CheckoutTotalsSchema.extend({
  appliedBalance: AppliedBalanceSchema.nullable().optional(),
});

/** POST /checkout/removeBalance: takes the gift card or store credit off this checkout. */
export const RemoveBalanceAnswerSchema = z.object({ success: z.literal(true) });

// ---- sandbox providers (only when no Stripe / PayPal keys are configured) ----

/** POST /sandbox/card/confirm: what Stripe.js confirmCardPayment does, answered the same way. */
export const SandboxCardConfirmBodySchema = z.object({
  clientSecret: z.string().max(300),
  cardNumber: z.string().max(40),
  exp: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().max(200),
});

/**
 * POST /sandbox/card/wallet (issue 29): the sandbox wallet pays, as a wallet in Stripe's Payment
 * Element does on PLACE ORDER: it authorises the intent with the card it holds, for the billing name
 * from the form. Answered like /sandbox/card/confirm.
 */
export const SandboxCardWalletBodySchema = z.object({
  clientSecret: z.string().max(300),
  name: z.string().max(200),
});

/** POST /sandbox/paypal/approve: our approval dialog in place of PayPal's window. */
export const SandboxPaypalApproveBodySchema = z.object({
  orderID: z.string().max(100),
  payer: z.object({
    givenName: required('First name', 100),
    surname: text(100),
    email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'Invalid email address.').meta(EMAIL_EXAMPLE),
  }),
  shipping: z.object({
    name: text(200),
    address: required('Address'),
    address2: text(200).default(''),
    city: required('City', 100),
    state: text(100).default(''),
    zip: required('Zip', 20),
    country: required('Country', 2),
  }),
});
export type SandboxPaypalApproval = z.infer<typeof SandboxPaypalApproveBodySchema>;

/** POST /paypal/createOrder → the PayPal order id (a string). The bag and promo are the server's own. */
export const PaypalCreateOrderBodySchema = z.object({
  cart: z.unknown().optional().meta(notRead("the bag is the shopper's own, on the server.")),
  promo: z.unknown().optional().meta(notRead('the promo is the one applied to the bag (POST /applyPromo).')),
});
export const PaypalCreateOrderAnswerSchema = z.string();
/** POST /paypal/getAuthorizationDetails → PayPal's shape: purchase_units[0].shipping and payer. */
export const PaypalAuthorizationBodySchema = z.object({ orderID: z.string().min(1).max(100) });
export const PaypalAuthorizationAnswerSchema = z.object({
  purchase_units: z.array(
    z.object({
      shipping: z.object({
        name: z.object({ full_name: z.string() }),
        address: z.object({
          address_line_1: z.string(),
          address_line_2: z.string(),
          admin_area_2: z.string(),
          admin_area_1: z.string(),
          postal_code: z.string(),
          country_code: z.string(),
        }),
      }),
    }),
  ),
  payer: z.object({ name: z.object({ given_name: z.string(), surname: z.string() }), email_address: z.string() }),
});
/** POST /paypal/updateShippingAndTaxes: the chosen option and address set the PayPal order's amount. */
export const PaypalUpdateBodySchema = z.object({
  shippingInfo: ShippingInfoSchema,
  shippingOptionSelected: z.string().trim().min(1).max(60),
  orderId: z.string().min(1).max(100),
  promo: z.unknown().optional().meta(notRead('the promo is the one applied to the bag (POST /applyPromo).')),
});

// ---- answers and calls not named by the spec (added with the checkout server) ----

/** GET /checkout/config: which providers the browser talks to. */
export const CheckoutConfigAnswerSchema = z.object({
  card: z.enum(CARD_PROVIDERS),
  publishableKey: z.string(),
  express: z.enum(EXPRESS_PROVIDERS),
  paypalClientId: z.string(),
  /** PayPal's JS SDK address ('' with the sandbox). */
  paypalSdkUrl: z.string(),
  // Issue 28 (abandoned checkouts): the owner sends reminders (Settings), so the contact step offers one.
  reminders: z.boolean().optional(),
});

/**
 * GET /checkout/placed: the order this session has just placed, for /cart/success (issue 24 item
 * 15): its number and a short recap. null when the session placed none in the last day, and the
 * success page then sends the shopper on (spec §4).
 */
export const PlacedOrderAnswerSchema = z
  .object({
    orderId: z.number(),
    email: z.string(),
    pieces: z.array(
      z.object({
        title: z.string(),
        productName: z.string(),
        color: z.string(),
        size: z.string(),
        quantity: z.number(),
      }),
    ),
    shipTo: z.object({
      name: z.string(),
      address: z.string(),
      address2: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.string(),
    }),
    shippingType: z.string(),
    total: z.number(),
  })
  .nullable();
export type PlacedOrderAnswer = z.infer<typeof PlacedOrderAnswerSchema>;

/** POST /sandbox/card/confirm answers like Stripe.js: `{ paymentIntent }` or `{ error }`, both 200. */
export const SandboxCardConfirmAnswerSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.literal('requires_capture'), amount: z.number() }) }),
  z.object({ error: z.object({ type: z.string(), code: z.string(), message: z.string() }) }),
]);

/** POST /sandbox/card/retrieve: Stripe.js retrievePaymentIntent, by client secret. */
export const SandboxCardRetrieveBodySchema = z.object({ clientSecret: z.string().max(300) });
export const SandboxCardRetrieveAnswerSchema = z.union([
  z.object({
    paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number(), amount_received: z.number() }),
  }),
  z.object({ error: z.object({ type: z.string(), code: z.string(), message: z.string() }) }),
]);

/** POST /sandbox/paypal/approve → the approved order. */
export const SandboxPaypalApproveAnswerSchema = z.object({ id: z.string(), status: z.string() });

/** POST /paypal/updateShippingAndTaxes → the new totals (dollars). */
export const PaypalUpdateAnswerSchema = CheckoutTotalsSchema;

/** POST /paypal/capture: checks the PayPal order is approved; the capture itself happens in /placeOrder. */
export const PaypalCaptureBodySchema = z.object({ orderId: z.string().trim().min(1, 'orderId is required').max(100) });
export const PaypalCaptureAnswerSchema = z.object({ ok: z.literal(true) });
