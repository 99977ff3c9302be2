// The back office's calls (spec §7 Admin), typed by the shared contracts. Part of the admin chunk.
import type { NonEmptyCart } from '../../contract/cart.js';
import type { InfoPageEdit } from '../../contract/content.js';
import type { BackInStockDemand, Subscription } from '../../contract/marketing.js';
import type { AssignCustomTrackingBody, PlacedOrder } from '../../contract/orders.js';
import type { CreateNewsletterBody, EditNewsletterBody, Newsletter } from '../../contract/newsletters.js';
import type { AdminPromotion, CreatePromotionBody, UpdatePromotionBody } from '../../contract/promotions.js';
import { call } from '../api/http-api.js';

export const adminApi = {
  // ---- newsletters ----
  getNewsletters: () => call<Newsletter[]>('/admin/api/getNewsletters'),
  createNewsletter: (body: CreateNewsletterBody) => call<{ ok: true; newsletter: Newsletter }>('/admin/api/createNewsletter', body),
  editNewsletter: (body: EditNewsletterBody) => call<{ ok: true; newsletter: Newsletter }>('/admin/api/editNewsletter', body),
  sendTestNewsletter: (id: string, email: string) => call<{ success: true }>('/admin/api/sendTestNewsletter', { id, email }),
  cancelNewsletter: (id: string) => call<{ ok: true }>('/admin/api/cancelNewsletter', { id }),

  // ---- info pages ----
  getAllInfo: () => call<(InfoPageEdit & { updatedAt: string })[]>('/admin/api/getAllInfo'),
  createInfo: (page: InfoPageEdit) => call<{ ok: true; page: InfoPageEdit }>('/admin/api/createInfo', page),
  updateInfo: (page: InfoPageEdit) => call<{ ok: true; page: InfoPageEdit }>('/admin/api/updateInfo', page),

  // ---- orders ----
  getPlacedOrders: (search = '') => call<PlacedOrder[]>(`/admin/api/getPlacedOrders${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`),
  assignCustomTracking: (body: AssignCustomTrackingBody) => call<{ ok: true }>('/admin/api/assignCustomTracking', body),

  // ---- subscriptions ----
  getAllSubscriptions: (before?: string) =>
    call<Subscription[]>(`/admin/api/getAllSubscriptions${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  getBackInStockDemand: () => call<BackInStockDemand>('/admin/api/getBackInStockDemand'),

  // ---- promotions ----
  getAllPromotions: () => call<AdminPromotion[]>('/admin/api/getAllPromotions'),
  createPromotion: (body: CreatePromotionBody) => call<{ ok: true; promotion: AdminPromotion }>('/admin/api/createPromotions', body),
  updatePromotion: (body: UpdatePromotionBody) => call<{ ok: true; promotion: AdminPromotion }>('/admin/api/updatePromotions', body),
  deletePromotion: (_id: number) => call<{ ok: true }>('/admin/api/deletePromotions', { _id }),

  // ---- carts ----
  getNonEmptyCarts: (before?: string) =>
    call<NonEmptyCart[]>(`/admin/api/getNonEmptyCarts${before ? `?before=${encodeURIComponent(before)}` : ''}`),
};

/** The message of a failed call, for the alerts the spec asks for. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
