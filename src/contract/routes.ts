// Every JSON call's method and path (spec §7 and the calls added since), by name: the part of the
// call table (calls.ts) the browser needs at run time, so it is plain data without Zod. calls.ts adds
// each call's schemas; the server registers routes from it (src/server/http/route.ts) and the browser
// types its calls from it (src/web/api/http-api.ts), so neither can drift from the other.
// Plain object literals; the back office's are in admin-routes.ts, so the storefront's bundle holds
// only its own.

export type Method = 'GET' | 'POST';
/**
 * A call's method and path. A path served both ways (GET reads, POST saves: /admin/api/home,
 * /admin/api/settings, issue 26) gives its POST a `key`, `POST /path`, that the browser's
 * `call(key, body)` names it by; every other call is named by its path.
 */
export type Route = { readonly method: Method; readonly path: string; readonly key?: string };

/** The storefront's calls (and the sign-in the back office shares with it). */
export const shopRoutes = {
  // ---- session and sign-in ----
  token: { method: 'GET', path: '/token' },
  authenticate: { method: 'POST', path: '/authenticate' },
  checkToken: { method: 'GET', path: '/checkToken' },
  signOut: { method: 'POST', path: '/signout' },
  // One-time links of the back office (issue 26): not behind the admin gate, the link is the key.
  checkLink: { method: 'POST', path: '/admin/checkLink' },
  acceptInvite: { method: 'POST', path: '/admin/acceptInvite' },
  forgotPassword: { method: 'POST', path: '/admin/forgotPassword' },
  resetPassword: { method: 'POST', path: '/admin/resetPassword' },

  // ---- content and catalog ----
  getCategories: { method: 'GET', path: '/getCategories' },
  getMenuCategories: { method: 'GET', path: '/getMenuCategories' },
  getHome: { method: 'GET', path: '/getHome' },
  /** Issue 26: the shop's name, support address, social links and marketing numbers. */
  shopInfo: { method: 'GET', path: '/shopInfo' },
  getAllItems: { method: 'GET', path: '/getAllItems' },
  getCategory: { method: 'POST', path: '/getCategory' },
  listItems: { method: 'GET', path: '/listItems' },
  product: { method: 'GET', path: '/product' },
  getPromotionalItems: { method: 'GET', path: '/getPromotionalItems' },
  getInfo: { method: 'GET', path: '/getInfo' },
  footerLinks: { method: 'GET', path: '/footerLinks' },
  listReviewsByProductId: { method: 'POST', path: '/listReviewsByProductId' },
  // Search (issue 27).
  searchItems: { method: 'GET', path: '/searchItems' },

  // ---- the bag ----
  getCart: { method: 'GET', path: '/getCart' },
  addToCart: { method: 'POST', path: '/addToCart' },
  addGiftCard: { method: 'POST', path: '/addGiftCard' },
  requestCheckout: { method: 'POST', path: '/requestCheckout' },
  takeBagNotices: { method: 'POST', path: '/takeBagNotices' },
  removeFromCart: { method: 'POST', path: '/removeFromCart' },

  // ---- checkout ----
  checkoutConfig: { method: 'GET', path: '/checkout/config' },
  checkoutSummary: { method: 'GET', path: '/checkout/summary' },
  removeBalance: { method: 'POST', path: '/checkout/removeBalance' },
  placedOrder: { method: 'GET', path: '/checkout/placed' },
  stageCheck: { method: 'POST', path: '/stageCheck' },
  getTaxRate: { method: 'POST', path: '/getTaxRate' },
  applyPromo: { method: 'POST', path: '/applyPromo' },
  getShippingOptions: { method: 'POST', path: '/order/getShippingOptions' },
  getClientSecret: { method: 'POST', path: '/api/getClientSecret' },
  placeOrder: { method: 'POST', path: '/placeOrder' },
  paypalCreateOrder: { method: 'POST', path: '/paypal/createOrder' },
  paypalAuthorizationDetails: { method: 'POST', path: '/paypal/getAuthorizationDetails' },
  paypalUpdateShippingAndTaxes: { method: 'POST', path: '/paypal/updateShippingAndTaxes' },
  paypalCapture: { method: 'POST', path: '/paypal/capture' },
  // The sandbox providers (registered only when no Stripe / PayPal keys are set).
  sandboxCardConfirm: { method: 'POST', path: '/sandbox/card/confirm' },
  sandboxCardRetrieve: { method: 'POST', path: '/sandbox/card/retrieve' },
  sandboxCardWallet: { method: 'POST', path: '/sandbox/card/wallet' },
  sandboxPaypalApprove: { method: 'POST', path: '/sandbox/paypal/approve' },

  // ---- marketing, returns, the promoter's report ----
  newsletterSub: { method: 'POST', path: '/newsletterSub' },
  referralPromo: { method: 'POST', path: '/referral-promo' },
  unsubscribe: { method: 'POST', path: '/unsubscribe' },
  orderDetailsById: { method: 'POST', path: '/orderDetailsById' },
  requestReturn: { method: 'POST', path: '/requestReturn' },
  promoPerformance: { method: 'POST', path: '/promoPerformance' },
  promoReport: { method: 'POST', path: '/promoReport' },

  // ---- reviews from shoppers (issue 27 #6): the signed link's page and its form ----
  reviewLink: { method: 'GET', path: '/reviewLink' },
  submitReview: { method: 'POST', path: '/submitReview' },

  // ---- order status (issue 27 item 5) ----
  orderStatus: { method: 'POST', path: '/orderStatus' },
  orderStatusByLink: { method: 'GET', path: '/orderStatusByLink' },

  // Issue 28 (abandoned checkouts): a reminder's links, the bag back and no more reminders.
  restoreBag: { method: 'POST', path: '/restoreBag' },
  stopReminders: { method: 'POST', path: '/stopReminders' },
} as const satisfies Record<string, Route>;
