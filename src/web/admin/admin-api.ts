// The back office's calls (spec §7 Admin), typed by the shared contracts. Part of the admin chunk.
import type { AdminItem, CreateItemBody } from '../../contract/admin-catalog.js';
import type { NonEmptyCart } from '../../contract/cart.js';
import type { Review } from '../../contract/catalog.js';
import type { Category, InfoPageEdit } from '../../contract/content.js';
import type { BackInStockDemand, Subscription } from '../../contract/marketing.js';
import type { AssignCustomTrackingBody, PlacedOrder } from '../../contract/orders.js';
import type { CreateNewsletterBody, EditNewsletterBody, Newsletter } from '../../contract/newsletters.js';
import type { AdminPromotion, CreatePromotionBody, UpdatePromotionBody } from '../../contract/promotions.js';
import { ApiError, call } from '../api/http-api.js';

export type UploadedPicture = { path: string; kind: 'image' | 'video'; preview: string | null; small: string | null };

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

  // ---- catalog: items ----
  existingItems: (search?: string) =>
    call<AdminItem[]>(`/admin/api/existingItems${search?.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`),
  item: (id: string) => call<{ item: AdminItem; reviews: Review[] }>(`/admin/api/item?id=${encodeURIComponent(id)}`),
  createItem: (item: CreateItemBody) => call<{ message: string; item: AdminItem }>('/admin/api/createItem', item),
  updateItem: (_id: string, item: Partial<CreateItemBody>) => call<{ ok: true; message: string; item: AdminItem }>('/admin/api/updateItem', { _id, item }),
  deleteItem: (_id: string) => call<{ ok: true }>('/admin/api/deleteItem', { _id }),

  // ---- catalog: reviews ----
  saveReview: (body: { id?: string; productId: string; title: string; description: string; rating: number; authorName: string }) =>
    call<{ ok: true; review: Review }>('/admin/review', body),
  deleteReview: (id: string) => call<{ ok: true }>('/admin/deleteReview', { id }),

  // ---- catalog: categories ----
  getCategories: () => call<Category[]>('/getCategories'),
  createCategory: (title: string) => call<{ ok: true; category: Category }>('/admin/api/createCategory', { title }),
  deleteCategory: (key: string) => call<{ ok: true }>('/admin/api/deleteCategory', { key }),

  // ---- pictures ----
  /** POST /uploadPicture, multipart field `file`. */
  uploadPicture: async (file: File): Promise<UploadedPicture> => {
    const form = new FormData();
    form.append('file', file);
    const response = await fetch('/uploadPicture', { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } });
    const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    if (!response.ok) {
      throw new ApiError(response.status, typeof answer?.message === 'string' ? answer.message : `Upload failed (${response.status})`);
    }
    return answer as UploadedPicture;
  },
};

/** The message of a failed call, for the alerts the spec asks for. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
