// The call table: every JSON call of the shop (spec §7 and the calls added since) with its method
// and path (routes.ts, Zod-free) and its schemas: `body` or `query` (what the caller sends) and
// `answer` (what a 200 carries). The server registers each route from its entry
// (src/server/http/route.ts: `route(app, calls.placeOrder, handler)`) and the browser types each call
// by its path from the same entry (src/web/api/http-api.ts: `call('/placeOrder', body)`), type-only,
// so the browser loads no Zod for it. Failures answer ErrorAnswer (common.ts) with an ErrorCode.
import type { z } from 'zod';
import { ShopInfoSchema } from './shop-info.js';
// Order status (issue 27 item 5).
import { OrderStatusAnswerSchema, OrderStatusBodySchema, OrderStatusLinkQuerySchema } from './order-status.js';
import {
  AdminItemAnswerSchema,
  AdminItemQuerySchema,
  AdminReviewAnswerSchema,
  AdminReviewBodySchema,
  BulkImportAnswerSchema,
  BulkImportQuerySchema,
  BulkUpdateAnswerSchema,
  BulkUpdateBodySchema,
  CreateCategoryAnswerSchema,
  CreateCategoryBodySchema,
  CreateItemBodySchema,
  DeleteCategoryBodySchema,
  DeleteItemBodySchema,
  DeleteReviewBodySchema,
  EditItemAnswerSchema,
  EditItemBodySchema,
  ExistingItemsAnswerSchema,
  ExistingItemsQuerySchema,
  GetItemSubscriptionsAnswerSchema,
  GetItemSubscriptionsBodySchema,
  ItemWrittenAnswerSchema,
  OkAnswerSchema,
  SendBackInStockAnswerSchema,
  SendBackInStockBodySchema,
  UpdateItemBodySchema,
  UploadPictureAnswerSchema,
} from './admin-catalog.js';
import { ActivityAnswerSchema, ActivityQuerySchema } from './activity.js';
import {
  AuthenticateAnswerSchema,
  AuthenticateBodySchema,
  CheckTokenAnswerSchema,
  MeAnswerSchema,
} from './admin-auth.js';
import { SaveSettingsAnswerSchema, ShopSettingsSchema } from './settings.js';
import {
  ChangePasswordBodySchema,
  ChangeStaffRoleBodySchema,
  CheckLinkAnswerSchema,
  CheckLinkBodySchema,
  ForgotPasswordAnswerSchema,
  ForgotPasswordBodySchema,
  InvitationAnswerSchema,
  InvitationRefSchema,
  InviteStaffBodySchema,
  RemoveStaffBodySchema,
  SetPasswordByLinkBodySchema,
  SignedInAnswerSchema,
  StaffAnswerSchema,
  StaffMemberAnswerSchema,
} from './staff.js';
import {
  AddToCartAnswerSchema,
  AddToCartBodySchema,
  BagNoticesAnswerSchema,
  GetCartAnswerSchema,
  GetNonEmptyCartsAnswerSchema,
  GiftCardBodySchema,
  NonEmptyCartsQuerySchema,
  RemoveFromCartAnswerSchema,
  RemoveFromCartBodySchema,
  RequestCheckoutAnswerSchema,
  RequestCheckoutBodySchema,
} from './cart.js';
import {
  GetAllItemsAnswerSchema,
  GetCategoryAnswerSchema,
  GetCategoryBodySchema,
  GetPromotionalItemsAnswerSchema,
  InfoAnswerSchema,
  InfoQuerySchema,
  ItemsPageSchema,
  ListItemsQuerySchema,
  ListReviewsAnswerSchema,
  ListReviewsBodySchema,
  ProductQuerySchema,
  ProductSchema,
} from './catalog.js';
// Search (issue 27).
import { SearchItemsAnswerSchema, SearchItemsQuerySchema } from './search.js';
import {
  ApplyPromoAnswerSchema,
  ApplyPromoBodySchema,
  CheckoutConfigAnswerSchema,
  CheckoutSummaryAnswerSchema,
  GetClientSecretAnswerSchema,
  GetClientSecretBodySchema,
  GetShippingOptionsAnswerSchema,
  GetShippingOptionsBodySchema,
  GetTaxRateAnswerSchema,
  GetTaxRateBodySchema,
  PaypalAuthorizationAnswerSchema,
  PaypalAuthorizationBodySchema,
  PaypalCaptureAnswerSchema,
  PaypalCaptureBodySchema,
  PaypalCreateOrderAnswerSchema,
  PaypalCreateOrderBodySchema,
  PaypalUpdateAnswerSchema,
  PaypalUpdateBodySchema,
  PlacedOrderAnswerSchema,
  PlaceOrderAnswerSchema,
  PlaceOrderBodySchema,
  RemoveBalanceAnswerSchema,
  SandboxCardConfirmAnswerSchema,
  SandboxCardConfirmBodySchema,
  SandboxCardRetrieveAnswerSchema,
  SandboxCardRetrieveBodySchema,
  SandboxCardWalletBodySchema,
  SandboxPaypalApproveAnswerSchema,
  SandboxPaypalApproveBodySchema,
  StageCheckAnswerSchema,
  StageCheckBodySchema,
} from './checkout.js';
import { OkSchema } from './common.js';
import {
  DeleteInfoBodySchema,
  FooterLinksAnswerSchema,
  GetAllInfoAnswerSchema,
  GetCategoriesAnswerSchema,
  GetMenuCategoriesAnswerSchema,
  HomeContentSchema,
  InfoPageEditSchema,
  InfoPageSavedSchema,
  SaveFooterLinksBodySchema,
  SaveHomeAnswerSchema,
} from './content.js';
import {
  BackInStockDemandSchema,
  GetAllSubscriptionsAnswerSchema,
  NewsletterSubAnswerSchema,
  NewsletterSubBodySchema,
  ReferralAnswerSchema,
  ReferralBodySchema,
  SubscriptionsQuerySchema,
  UnsubscribeAnswerSchema,
  UnsubscribeBodySchema,
} from './marketing.js';
import {
  CancelNewsletterBodySchema,
  CreateNewsletterBodySchema,
  EditNewsletterBodySchema,
  GetNewslettersAnswerSchema,
  NewsletterAnswerSchema,
  SendTestNewsletterAnswerSchema,
  SendTestNewsletterBodySchema,
} from './newsletters.js';
import {
  AssignCustomTrackingAnswerSchema,
  AssignCustomTrackingBodySchema,
  GetPlacedOrdersAnswerSchema,
  PlacedOrdersQuerySchema,
} from './orders.js';
import {
  CreatePromotionBodySchema,
  DeletePromotionBodySchema,
  GetAllPromotionsAnswerSchema,
  PromoPerformanceAnswerSchema,
  PromoPerformanceBodySchema,
  PromoReportAnswerSchema,
  PromoReportBodySchema,
  PromotionAnswerSchema,
  UpdatePromotionBodySchema,
} from './promotions.js';
import { RefundReturnAnswerSchema, RefundReturnBodySchema } from './refunds.js';
import {
  OrderDetailsAnswerSchema,
  OrderDetailsBodySchema,
  RequestReturnAnswerSchema,
  RequestReturnBodySchema,
} from './returns.js';
import { adminRoutes } from './admin-routes.js';
import { type Route, shopRoutes } from './routes.js';
import { TokenAnswerSchema } from './session.js';
import { SetupAnswerSchema, SetupBodySchema } from './setup.js';
import {
  GetShippingOptionsAnswerSchema as LabelShippingOptionsAnswerSchema,
  GetShippingOptionsBodySchema as LabelShippingOptionsBodySchema,
  MarkAsProcessedAnswerSchema,
  MarkAsProcessedBodySchema,
} from './shipping-labels.js';
import type { ErrorCode } from './values/errors.js';
// Reviews from shoppers (issue 27 #6).
import {
  AdminReviewsAnswerSchema,
  AdminReviewsQuerySchema,
  ModerateReviewAnswerSchema,
  ModerateReviewBodySchema,
  ReviewLinkAnswerSchema,
  ReviewLinkQuerySchema,
  SubmitReviewAnswerSchema,
  SubmitReviewBodySchema,
} from './reviews.js';
// Issue 28 (demand).
import { DemandAnswerSchema, DemandQuerySchema, SetStockAnswerSchema, SetStockBodySchema } from './demand.js';
// Issue 28 (abandoned checkouts).
import {
  AbandonedCheckoutsAnswerSchema,
  AbandonedCheckoutsQuerySchema,
  RestoreBagAnswerSchema,
  RestoreBagBodySchema,
  StopRemindersAnswerSchema,
  StopRemindersBodySchema,
} from './abandoned.js';
// Issue 28 (overview).
import { OverviewAnswerSchema, OverviewQuerySchema } from './overview.js';

/** A call's schemas: what it takes (a JSON body, or a query string) and what a 200 answers. */
export type CallSchemas = {
  /** The JSON payload of a POST. */
  readonly body?: z.ZodType;
  /** The query string of a GET (or of a multipart POST). */
  readonly query?: z.ZodType;
  /** The 200 answer (JSON). */
  readonly answer: z.ZodType;
  /** Set for a multipart upload: the body is a form with one file, not JSON. */
  readonly consumes?: readonly ['multipart/form-data'];
  /** Codes of the error answers worth branching on, beside invalid, rate_limited, unavailable and internal (documentation; ErrorCodeSchema lists every code). */
  readonly errors?: readonly ErrorCode[];
};
export type Call = Route & CallSchemas;

/** Each route of `routes` with its schemas; `schemas` must name every route. */
const withSchemas = <R extends Record<string, Route>, S extends { readonly [K in keyof R]: CallSchemas }>(
  routes: R,
  schemas: S,
) =>
  Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, ...schemas[name] }])) as {
    readonly [K in keyof R]: R[K] & S[K];
  };

const multipart = ['multipart/form-data'] as const;

export const shopCalls = withSchemas(shopRoutes, {
  token: { answer: TokenAnswerSchema },
  authenticate: { body: AuthenticateBodySchema, answer: AuthenticateAnswerSchema },
  checkToken: { answer: CheckTokenAnswerSchema },
  signOut: { answer: OkSchema },
  checkLink: { body: CheckLinkBodySchema, answer: CheckLinkAnswerSchema, errors: ['not_found'] },
  acceptInvite: { body: SetPasswordByLinkBodySchema, answer: SignedInAnswerSchema, errors: ['not_found', 'conflict'] },
  forgotPassword: { body: ForgotPasswordBodySchema, answer: ForgotPasswordAnswerSchema },
  resetPassword: { body: SetPasswordByLinkBodySchema, answer: SignedInAnswerSchema, errors: ['not_found'] },

  getCategories: { answer: GetCategoriesAnswerSchema },
  getMenuCategories: { answer: GetMenuCategoriesAnswerSchema },
  getHome: { answer: HomeContentSchema },
  shopInfo: { answer: ShopInfoSchema },
  getAllItems: { answer: GetAllItemsAnswerSchema },
  getCategory: { body: GetCategoryBodySchema, answer: GetCategoryAnswerSchema },
  listItems: { query: ListItemsQuerySchema, answer: ItemsPageSchema },
  product: { query: ProductQuerySchema, answer: ProductSchema, errors: ['not_found'] },
  getPromotionalItems: { answer: GetPromotionalItemsAnswerSchema },
  getInfo: { query: InfoQuerySchema, answer: InfoAnswerSchema, errors: ['not_found'] },
  footerLinks: { answer: FooterLinksAnswerSchema },
  listReviewsByProductId: { body: ListReviewsBodySchema, answer: ListReviewsAnswerSchema },
  // Search (issue 27).
  searchItems: { query: SearchItemsQuerySchema, answer: SearchItemsAnswerSchema },

  getCart: { answer: GetCartAnswerSchema },
  addToCart: { body: AddToCartBodySchema, answer: AddToCartAnswerSchema, errors: ['conflict'] },
  addGiftCard: { body: GiftCardBodySchema, answer: AddToCartAnswerSchema, errors: ['conflict'] },
  requestCheckout: { body: RequestCheckoutBodySchema, answer: RequestCheckoutAnswerSchema, errors: ['conflict'] },
  takeBagNotices: { answer: BagNoticesAnswerSchema },
  removeFromCart: { body: RemoveFromCartBodySchema, answer: RemoveFromCartAnswerSchema },

  checkoutConfig: { answer: CheckoutConfigAnswerSchema },
  checkoutSummary: { answer: CheckoutSummaryAnswerSchema },
  removeBalance: { answer: RemoveBalanceAnswerSchema },
  placedOrder: { answer: PlacedOrderAnswerSchema },
  stageCheck: { body: StageCheckBodySchema, answer: StageCheckAnswerSchema },
  getTaxRate: { body: GetTaxRateBodySchema, answer: GetTaxRateAnswerSchema },
  applyPromo: { body: ApplyPromoBodySchema, answer: ApplyPromoAnswerSchema },
  getShippingOptions: { body: GetShippingOptionsBodySchema, answer: GetShippingOptionsAnswerSchema },
  getClientSecret: {
    body: GetClientSecretBodySchema,
    answer: GetClientSecretAnswerSchema,
    errors: ['conflict', 'bag_changed'],
  },
  placeOrder: {
    body: PlaceOrderBodySchema,
    answer: PlaceOrderAnswerSchema,
    errors: ['conflict', 'bag_changed', 'payment_required'],
  },
  paypalCreateOrder: { body: PaypalCreateOrderBodySchema, answer: PaypalCreateOrderAnswerSchema },
  paypalAuthorizationDetails: { body: PaypalAuthorizationBodySchema, answer: PaypalAuthorizationAnswerSchema },
  paypalUpdateShippingAndTaxes: { body: PaypalUpdateBodySchema, answer: PaypalUpdateAnswerSchema },
  paypalCapture: { body: PaypalCaptureBodySchema, answer: PaypalCaptureAnswerSchema },
  sandboxCardConfirm: { body: SandboxCardConfirmBodySchema, answer: SandboxCardConfirmAnswerSchema },
  sandboxCardRetrieve: { body: SandboxCardRetrieveBodySchema, answer: SandboxCardRetrieveAnswerSchema },
  sandboxCardWallet: { body: SandboxCardWalletBodySchema, answer: SandboxCardConfirmAnswerSchema },
  sandboxPaypalApprove: {
    body: SandboxPaypalApproveBodySchema,
    answer: SandboxPaypalApproveAnswerSchema,
    errors: ['conflict'],
  },

  newsletterSub: { body: NewsletterSubBodySchema, answer: NewsletterSubAnswerSchema },
  referralPromo: { body: ReferralBodySchema, answer: ReferralAnswerSchema },
  unsubscribe: { body: UnsubscribeBodySchema, answer: UnsubscribeAnswerSchema, errors: ['not_found'] },
  orderDetailsById: { body: OrderDetailsBodySchema, answer: OrderDetailsAnswerSchema },
  requestReturn: { body: RequestReturnBodySchema, answer: RequestReturnAnswerSchema, errors: ['conflict'] },
  promoPerformance: {
    body: PromoPerformanceBodySchema,
    answer: PromoPerformanceAnswerSchema,
    errors: ['unauthorized'],
  },
  promoReport: { body: PromoReportBodySchema, answer: PromoReportAnswerSchema, errors: ['unauthorized'] },

  // Reviews from shoppers (issue 27 #6): not_found for a link that is not valid, conflict once used.
  reviewLink: { query: ReviewLinkQuerySchema, answer: ReviewLinkAnswerSchema, errors: ['not_found', 'conflict'] },
  submitReview: { body: SubmitReviewBodySchema, answer: SubmitReviewAnswerSchema, errors: ['not_found', 'conflict'] },

  // Order status (issue 27 item 5).
  orderStatus: { body: OrderStatusBodySchema, answer: OrderStatusAnswerSchema, errors: ['not_found'] },
  orderStatusByLink: { query: OrderStatusLinkQuerySchema, answer: OrderStatusAnswerSchema, errors: ['not_found'] },

  // Issue 28 (abandoned checkouts): a reminder's links; not_found for a link that is not valid or expired.
  restoreBag: { body: RestoreBagBodySchema, answer: RestoreBagAnswerSchema, errors: ['not_found'] },
  stopReminders: { body: StopRemindersBodySchema, answer: StopRemindersAnswerSchema, errors: ['not_found'] },
});

export const adminCalls = withSchemas(adminRoutes, {
  me: { answer: MeAnswerSchema },
  getSettings: { answer: ShopSettingsSchema, errors: ['forbidden'] },
  saveSettings: { body: ShopSettingsSchema, answer: SaveSettingsAnswerSchema, errors: ['forbidden'] },

  staff: { answer: StaffAnswerSchema, errors: ['forbidden'] },
  inviteStaff: { body: InviteStaffBodySchema, answer: InvitationAnswerSchema, errors: ['forbidden', 'conflict'] },
  resendInvite: { body: InvitationRefSchema, answer: InvitationAnswerSchema, errors: ['forbidden', 'not_found'] },
  withdrawInvite: { body: InvitationRefSchema, answer: OkSchema, errors: ['forbidden', 'not_found'] },
  removeStaff: { body: RemoveStaffBodySchema, answer: OkSchema, errors: ['forbidden', 'not_found', 'conflict'] },
  changeStaffRole: {
    body: ChangeStaffRoleBodySchema,
    answer: StaffMemberAnswerSchema,
    errors: ['forbidden', 'not_found', 'conflict'],
  },
  changePassword: { body: ChangePasswordBodySchema, answer: OkSchema },
  activity: { query: ActivityQuerySchema, answer: ActivityAnswerSchema, errors: ['forbidden'] },
  setup: { answer: SetupAnswerSchema, errors: ['forbidden'] },
  setSetupHidden: { body: SetupBodySchema, answer: SetupAnswerSchema, errors: ['forbidden'] },

  adminHome: { answer: HomeContentSchema },
  saveHome: { body: HomeContentSchema, answer: SaveHomeAnswerSchema },

  uploadPicture: { consumes: multipart, answer: UploadPictureAnswerSchema, errors: ['too_large', 'unsupported_type'] },
  existingItems: { query: ExistingItemsQuerySchema, answer: ExistingItemsAnswerSchema },
  item: { query: AdminItemQuerySchema, answer: AdminItemAnswerSchema, errors: ['not_found'] },
  createItem: { body: CreateItemBodySchema, answer: ItemWrittenAnswerSchema, errors: ['conflict'] },
  updateItem: { body: UpdateItemBodySchema, answer: ItemWrittenAnswerSchema, errors: ['not_found', 'conflict'] },
  deleteItem: { body: DeleteItemBodySchema, answer: OkAnswerSchema, errors: ['not_found'] },
  editItem: { body: EditItemBodySchema, answer: EditItemAnswerSchema, errors: ['not_found'] },
  getItemSubscriptions: { body: GetItemSubscriptionsBodySchema, answer: GetItemSubscriptionsAnswerSchema },
  sendBackInStockNotification: {
    body: SendBackInStockBodySchema,
    answer: SendBackInStockAnswerSchema,
    errors: ['conflict'],
  },
  saveReview: { body: AdminReviewBodySchema, answer: AdminReviewAnswerSchema, errors: ['not_found'] },
  deleteReview: { body: DeleteReviewBodySchema, answer: OkAnswerSchema, errors: ['not_found'] },
  createCategory: { body: CreateCategoryBodySchema, answer: CreateCategoryAnswerSchema, errors: ['conflict'] },
  deleteCategory: { body: DeleteCategoryBodySchema, answer: OkAnswerSchema, errors: ['not_found'] },
  /** A 400 carries `rows` (BulkRefusedAnswerSchema): each refused row and why. */
  bulkUpdate: { body: BulkUpdateBodySchema, answer: BulkUpdateAnswerSchema },
  bulkImport: { consumes: multipart, query: BulkImportQuerySchema, answer: BulkImportAnswerSchema },

  getNewsletters: { answer: GetNewslettersAnswerSchema },
  createNewsletter: { body: CreateNewsletterBodySchema, answer: NewsletterAnswerSchema },
  editNewsletter: { body: EditNewsletterBodySchema, answer: NewsletterAnswerSchema, errors: ['not_found', 'conflict'] },
  sendTestNewsletter: { body: SendTestNewsletterBodySchema, answer: SendTestNewsletterAnswerSchema },
  cancelNewsletter: { body: CancelNewsletterBodySchema, answer: OkSchema, errors: ['not_found'] },
  getAllInfo: { answer: GetAllInfoAnswerSchema },
  createInfo: { body: InfoPageEditSchema, answer: InfoPageSavedSchema, errors: ['conflict'] },
  updateInfo: { body: InfoPageEditSchema, answer: InfoPageSavedSchema, errors: ['not_found'] },
  deleteInfo: { body: DeleteInfoBodySchema, answer: OkSchema, errors: ['not_found'] },
  saveFooterLinks: { body: SaveFooterLinksBodySchema, answer: FooterLinksAnswerSchema },
  getAllSubscriptions: { query: SubscriptionsQuerySchema, answer: GetAllSubscriptionsAnswerSchema },
  getBackInStockDemand: { answer: BackInStockDemandSchema },
  getNonEmptyCarts: { query: NonEmptyCartsQuerySchema, answer: GetNonEmptyCartsAnswerSchema },

  getAllPromotions: { answer: GetAllPromotionsAnswerSchema },
  createPromotions: { body: CreatePromotionBodySchema, answer: PromotionAnswerSchema, errors: ['conflict'] },
  updatePromotions: { body: UpdatePromotionBodySchema, answer: PromotionAnswerSchema, errors: ['not_found'] },
  deletePromotions: { body: DeletePromotionBodySchema, answer: OkSchema, errors: ['not_found'] },

  getPlacedOrders: { query: PlacedOrdersQuerySchema, answer: GetPlacedOrdersAnswerSchema },
  assignCustomTracking: {
    body: AssignCustomTrackingBodySchema,
    answer: AssignCustomTrackingAnswerSchema,
    errors: ['not_found', 'conflict'],
  },
  labelShippingOptions: { body: LabelShippingOptionsBodySchema, answer: LabelShippingOptionsAnswerSchema },
  markAsProcessed: { body: MarkAsProcessedBodySchema, answer: MarkAsProcessedAnswerSchema },
  refundReturn: {
    body: RefundReturnBodySchema,
    answer: RefundReturnAnswerSchema,
    errors: ['not_found', 'conflict', 'refund_failed'],
  },

  // Reviews from shoppers (issue 27 #6): the owner or staff approve or reject.
  shopperReviews: { query: AdminReviewsQuerySchema, answer: AdminReviewsAnswerSchema },
  moderateReview: { body: ModerateReviewBodySchema, answer: ModerateReviewAnswerSchema, errors: ['not_found'] },

  // Issue 28 (demand): the Demand tab's two lists.
  demand: { query: DemandQuerySchema, answer: DemandAnswerSchema },
  setStock: { body: SetStockBodySchema, answer: SetStockAnswerSchema, errors: ['not_found', 'conflict'] },
  // Issue 28 (abandoned checkouts): the Abandoned tab (owner and staff).
  abandonedCheckouts: { query: AbandonedCheckoutsQuerySchema, answer: AbandonedCheckoutsAnswerSchema },
  // Issue 28 (overview): the owner and staff read how the shop is doing.
  overview: { query: OverviewQuerySchema, answer: OverviewAnswerSchema },
});

/** Every call by name. */
export const calls = { ...shopCalls, ...adminCalls };
export type Calls = typeof calls;
export type CallName = keyof Calls;

/** The name the browser's `call(…)` gives a call: its path, or its `key` for a path served both ways. */
export type CallKeyOf<C> = C extends { key: infer K extends string } ? K : C extends { path: infer P } ? P : never;

/** Every call by path (or key), for the browser's `call(path, …)`. */
export type CallsByPath = { [K in CallName as CallKeyOf<Calls[K]>]: Calls[K] };
export type CallPath = keyof CallsByPath;

/** What a call takes: its body (POST) or its query (GET), as the caller writes it (defaults may be left out). */
export type CallInput<P extends CallPath> = CallsByPath[P] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : CallsByPath[P] extends { query: infer Q extends z.ZodType }
    ? z.input<Q>
    : undefined;
/** What a call's 200 answers. */
export type CallAnswer<P extends CallPath> = z.output<CallsByPath[P]['answer']>;
