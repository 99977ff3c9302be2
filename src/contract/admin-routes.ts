// The back office's JSON calls' method and path, by name: the Zod-free part of the call table
// (calls.ts) the admin chunk needs at run time; the storefront's are in routes.ts.
import type { Route } from './routes.js';

/** The back office's calls (behind the admin gate). */
export const adminRoutes = {
  // ---- who is signed in (issue 26) ----
  me: { method: 'GET', path: '/admin/api/me' },

  // ---- settings (issue 26, owner only): GET reads, POST saves ----
  getSettings: { method: 'GET', path: '/admin/api/settings' },
  saveSettings: { method: 'POST', path: '/admin/api/settings', key: 'POST /admin/api/settings' },
  // ---- staff and passwords (issue 26 #4, #5) ----
  staff: { method: 'GET', path: '/admin/api/staff' },
  inviteStaff: { method: 'POST', path: '/admin/api/inviteStaff' },
  resendInvite: { method: 'POST', path: '/admin/api/resendInvite' },
  withdrawInvite: { method: 'POST', path: '/admin/api/withdrawInvite' },
  removeStaff: { method: 'POST', path: '/admin/api/removeStaff' },
  changeStaffRole: { method: 'POST', path: '/admin/api/changeStaffRole' },
  changePassword: { method: 'POST', path: '/admin/api/changePassword' },
  // ---- activity: who changed what (issue 26, owner only) ----
  activity: { method: 'GET', path: '/admin/api/activity' },
  // ---- the owner's set-up checklist (issue 26, owner only) ----
  setup: { method: 'GET', path: '/admin/api/setup' },
  setSetupHidden: { method: 'POST', path: '/admin/api/setupHidden' },
  // ---- the home page editor (issue 26) ----
  adminHome: { method: 'GET', path: '/admin/api/home' },
  saveHome: { method: 'POST', path: '/admin/api/home', key: 'POST /admin/api/home' },

  // ---- catalog: items, pictures, reviews, categories, bulk editor ----
  uploadPicture: { method: 'POST', path: '/uploadPicture' },
  existingItems: { method: 'GET', path: '/admin/api/existingItems' },
  item: { method: 'GET', path: '/admin/api/item' },
  createItem: { method: 'POST', path: '/admin/api/createItem' },
  updateItem: { method: 'POST', path: '/admin/api/updateItem' },
  deleteItem: { method: 'POST', path: '/admin/api/deleteItem' },
  editItem: { method: 'POST', path: '/admin/api/editItem' },
  getItemSubscriptions: { method: 'POST', path: '/admin/api/getItemSubscriptions' },
  sendBackInStockNotification: { method: 'POST', path: '/admin/api/sendBackInStockNotification' },
  saveReview: { method: 'POST', path: '/admin/review' },
  deleteReview: { method: 'POST', path: '/admin/deleteReview' },
  createCategory: { method: 'POST', path: '/admin/api/createCategory' },
  deleteCategory: { method: 'POST', path: '/admin/api/deleteCategory' },
  bulkUpdate: { method: 'POST', path: '/admin/api/bulk/update' },
  bulkImport: { method: 'POST', path: '/admin/api/bulk/import' },

  // ---- newsletters, info pages, subscriptions, carts ----
  getNewsletters: { method: 'GET', path: '/admin/api/getNewsletters' },
  createNewsletter: { method: 'POST', path: '/admin/api/createNewsletter' },
  editNewsletter: { method: 'POST', path: '/admin/api/editNewsletter' },
  sendTestNewsletter: { method: 'POST', path: '/admin/api/sendTestNewsletter' },
  cancelNewsletter: { method: 'POST', path: '/admin/api/cancelNewsletter' },
  getAllInfo: { method: 'GET', path: '/admin/api/getAllInfo' },
  createInfo: { method: 'POST', path: '/admin/api/createInfo' },
  updateInfo: { method: 'POST', path: '/admin/api/updateInfo' },
  deleteInfo: { method: 'POST', path: '/admin/api/deleteInfo' },
  saveFooterLinks: { method: 'POST', path: '/admin/api/footerLinks' },
  getAllSubscriptions: { method: 'GET', path: '/admin/api/getAllSubscriptions' },
  getBackInStockDemand: { method: 'GET', path: '/admin/api/getBackInStockDemand' },
  getNonEmptyCarts: { method: 'GET', path: '/admin/api/getNonEmptyCarts' },

  // ---- promotions ----
  getAllPromotions: { method: 'GET', path: '/admin/api/getAllPromotions' },
  createPromotions: { method: 'POST', path: '/admin/api/createPromotions' },
  updatePromotions: { method: 'POST', path: '/admin/api/updatePromotions' },
  deletePromotions: { method: 'POST', path: '/admin/api/deletePromotions' },

  // ---- orders, labels, refunds ----
  getPlacedOrders: { method: 'GET', path: '/admin/api/getPlacedOrders' },
  assignCustomTracking: { method: 'POST', path: '/admin/api/assignCustomTracking' },
  labelShippingOptions: { method: 'POST', path: '/admin/api/getShippingOptions' },
  markAsProcessed: { method: 'POST', path: '/admin/api/markAsProcessed' },
  refundReturn: { method: 'POST', path: '/admin/api/refundReturn' },

  // ---- reviews from shoppers (issue 27 #6): the Reviews tab's queue, approve or reject ----
  shopperReviews: { method: 'GET', path: '/admin/api/reviews' },
  moderateReview: { method: 'POST', path: '/admin/api/moderateReview' },

  // Issue 28 (demand): what shoppers wait for and what runs low, staff and owner.
  demand: { method: 'GET', path: '/admin/api/demand' },
  setStock: { method: 'POST', path: '/admin/api/setStock' },
  // Issue 28 (abandoned checkouts): the Abandoned tab's list.
  abandonedCheckouts: { method: 'GET', path: '/admin/api/abandonedCheckouts' },
  // Issue 28 (overview): figures, charts and top items of a period against the one before.
  overview: { method: 'GET', path: '/admin/api/overview' },
} as const satisfies Record<string, Route>;
