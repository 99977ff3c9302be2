// The back office's calls (spec §7 Admin), typed by the shared contracts. Part of the admin chunk.
import type {
  AdminItem,
  BulkImportAnswer,
  BulkRow,
  BulkUpdateAnswer,
  CreateItemBody,
  GetItemSubscriptionsAnswer,
  GetItemSubscriptionsBody,
  ItemSubscription,
  RowError,
  SendBackInStockBody,
} from '../../contract/admin-catalog.js';
import type { LandingTile } from '../../contract/catalog.js';
import type { NonEmptyCart } from '../../contract/cart.js';
import type { Review } from '../../contract/catalog.js';
import type { Category, InfoPageEdit } from '../../contract/content.js';
import type { BackInStockDemand, Subscription } from '../../contract/marketing.js';
import type { AssignCustomTrackingBody, PlacedOrder } from '../../contract/orders.js';
import type {
  GetShippingOptionsAnswer,
  MarkAsProcessedAnswer,
  MarkAsProcessedBody,
} from '../../contract/shipping-labels.js';
import type { CreateNewsletterBody, EditNewsletterBody, Newsletter } from '../../contract/newsletters.js';
import type { AdminPromotion, CreatePromotionBody, UpdatePromotionBody } from '../../contract/promotions.js';
import type { RefundReturnAnswer, RefundReturnBody } from '../../contract/refunds.js';
import { ApiError, call } from '../api/http-api.js';

export const adminApi = {
  // ---- newsletters ----
  getNewsletters: () => call<Newsletter[]>('/admin/api/getNewsletters'),
  createNewsletter: (body: CreateNewsletterBody) =>
    call<{ ok: true; newsletter: Newsletter }>('/admin/api/createNewsletter', body),
  editNewsletter: (body: EditNewsletterBody) =>
    call<{ ok: true; newsletter: Newsletter }>('/admin/api/editNewsletter', body),
  sendTestNewsletter: (id: string, email: string) =>
    call<{ success: true }>('/admin/api/sendTestNewsletter', { id, email }),
  cancelNewsletter: (id: string) => call<{ ok: true }>('/admin/api/cancelNewsletter', { id }),

  // ---- info pages ----
  getAllInfo: () => call<(InfoPageEdit & { updatedAt: string })[]>('/admin/api/getAllInfo'),
  createInfo: (page: InfoPageEdit) => call<{ ok: true; page: InfoPageEdit }>('/admin/api/createInfo', page),
  updateInfo: (page: InfoPageEdit) => call<{ ok: true; page: InfoPageEdit }>('/admin/api/updateInfo', page),

  // ---- orders ----
  getPlacedOrders: (search = '') =>
    call<PlacedOrder[]>(
      `/admin/api/getPlacedOrders${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`,
    ),
  assignCustomTracking: (body: AssignCustomTrackingBody) => call<{ ok: true }>('/admin/api/assignCustomTracking', body),
  getShippingOptions: (orderId: number) => call<GetShippingOptionsAnswer>('/admin/api/getShippingOptions', { orderId }),
  markAsProcessed: (body: MarkAsProcessedBody) => call<MarkAsProcessedAnswer>('/admin/api/markAsProcessed', body),

  // ---- subscriptions ----
  getAllSubscriptions: (before?: string) =>
    call<Subscription[]>(`/admin/api/getAllSubscriptions${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  getBackInStockDemand: () => call<BackInStockDemand>('/admin/api/getBackInStockDemand'),

  // ---- promotions ----
  getAllPromotions: () => call<AdminPromotion[]>('/admin/api/getAllPromotions'),
  createPromotion: (body: CreatePromotionBody) =>
    call<{ ok: true; promotion: AdminPromotion }>('/admin/api/createPromotions', body),
  updatePromotion: (body: UpdatePromotionBody) =>
    call<{ ok: true; promotion: AdminPromotion }>('/admin/api/updatePromotions', body),
  deletePromotion: (_id: number) => call<{ ok: true }>('/admin/api/deletePromotions', { _id }),

  // ---- carts ----
  getNonEmptyCarts: (before?: string) =>
    call<NonEmptyCart[]>(`/admin/api/getNonEmptyCarts${before ? `?before=${encodeURIComponent(before)}` : ''}`),

  // ---- returns ----
  refundReturn: (body: RefundReturnBody) => call<RefundReturnAnswer>('/admin/api/refundReturn', body),

  // ---- catalog: items ----
  existingItems: (search?: string, page = 0) => {
    const query = new URLSearchParams();
    if (search?.trim()) query.set('search', search.trim());
    if (page > 0) query.set('page', String(page));
    return call<AdminItem[]>(`/admin/api/existingItems${query.size ? `?${query}` : ''}`);
  },
  item: (id: string) => call<{ item: AdminItem; reviews: Review[] }>(`/admin/api/item?id=${encodeURIComponent(id)}`),
  itemByUrl: (url: string) =>
    call<{ item: AdminItem; reviews: Review[] }>(`/admin/api/item?url=${encodeURIComponent(url)}`),
  createItem: (item: CreateItemBody) => call<{ message: string; item: AdminItem }>('/admin/api/createItem', item),
  updateItem: (_id: string, item: Partial<CreateItemBody>) =>
    call<{ ok: true; message: string; item: AdminItem }>('/admin/api/updateItem', { _id, item }),
  deleteItem: (_id: string) => call<{ ok: true }>('/admin/api/deleteItem', { _id }),

  // ---- catalog: reviews ----
  saveReview: (body: {
    id?: string;
    createId?: string;
    productId: string;
    title: string;
    description: string;
    rating: number;
    authorName: string;
  }) => call<{ ok: true; review: Review }>('/admin/review', body),
  deleteReview: (id: string) => call<{ ok: true }>('/admin/deleteReview', { id }),

  // ---- catalog: categories ----
  getCategories: () => call<Category[]>('/getCategories'),
  createCategory: (title: string) => call<{ ok: true; category: Category }>('/admin/api/createCategory', { title }),
  deleteCategory: (key: string) => call<{ ok: true }>('/admin/api/deleteCategory', { key }),

  // ---- pictures ----
  /** POST /uploadPicture, multipart field `file`: the stored picture's path. */
  uploadPicture: async (file: File): Promise<string> => {
    const form = new FormData();
    form.append('file', file);
    const response = await fetch('/uploadPicture', {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok || typeof answer !== 'string') {
      const message = (answer as { message?: unknown } | undefined)?.message;
      throw new ApiError(response.status, typeof message === 'string' ? message : `Upload failed (${response.status})`);
    }
    return answer;
  },

  // ---- catalog: back-in-stock, landing tiles, bulk editor ----
  getItemSubscriptions: (body: GetItemSubscriptionsBody) =>
    call<GetItemSubscriptionsAnswer>('/admin/api/getItemSubscriptions', body),
  sendBackInStockNotification: (body: SendBackInStockBody) =>
    call<{ ok: true; message: string }>('/admin/api/sendBackInStockNotification', body),
  editLanding: (_id: string, value: LandingTile[]) =>
    call<{ ok: true; landing: LandingTile[] }>('/admin/api/editItem', { _id, key: 'landing', value }),
  /** All rows in one transaction; a refusal throws BulkRefused with each refused row and why. */
  bulkUpdate: async (items: BulkRow[]): Promise<BulkUpdateAnswer> => {
    const response = await fetch('/admin/api/bulk/update', {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    const answer = (await response.json().catch(() => undefined)) as
      | { message?: unknown; rows?: RowError[] }
      | undefined;
    if (!response.ok) {
      throw new BulkRefused(
        response.status,
        typeof answer?.message === 'string' ? answer.message : `Save failed (${response.status})`,
        answer?.rows ?? [],
      );
    }
    return answer as BulkUpdateAnswer;
  },
  bulkExportUrl: '/admin/api/bulk/export.csv',
  /** POST /admin/api/bulk/import, multipart field `file`; dryRun reports without saving. */
  bulkImport: async (file: File, dryRun: boolean): Promise<BulkImportAnswer> => {
    const form = new FormData();
    form.append('file', file);
    const response = await fetch(`/admin/api/bulk/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    const answer = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
    if (!response.ok)
      throw new ApiError(
        response.status,
        typeof answer?.message === 'string' ? answer.message : `Import failed (${response.status})`,
      );
    return answer as BulkImportAnswer;
  },
};

export type { ItemSubscription };

/** A bulk save the server refused: nothing was saved; `rows` says which rows and why. */
export class BulkRefused extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly rows: RowError[],
  ) {
    super(status, message);
  }
}

/** The message of a failed call, for the alerts the spec asks for. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
