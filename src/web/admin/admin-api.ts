// The back office's calls (spec §7 Admin), each typed by its entry in the call table
// (src/contract/calls.ts) through `call(path, input)`. Part of the admin chunk.
import type { BulkRow, ItemSubscription, RowError } from '../../contract/admin-catalog.js';
import type { CallAnswer, CallInput } from '../../contract/calls.js';
import type { LandingTile } from '../../contract/catalog.js';
import type { InfoPageEdit } from '../../contract/content.js';
import { adminRoutes } from '../../contract/admin-routes.js';
import { shopRoutes } from '../../contract/routes.js';
import { ApiError, caller } from '../api/http-api.js';
// Issue 28 (orders to act on).
import type { OrderFilter } from '../../contract/orders-to-act.js';

/** The back office's calls, and the storefront's it reads (/getCategories). */
const call = caller(adminRoutes, shopRoutes);

export const adminApi = {
  // ---- newsletters ----
  getNewsletters: () => call('/admin/api/getNewsletters'),
  createNewsletter: (body: CallInput<'/admin/api/createNewsletter'>) => call('/admin/api/createNewsletter', body),
  editNewsletter: (body: CallInput<'/admin/api/editNewsletter'>) => call('/admin/api/editNewsletter', body),
  sendTestNewsletter: (id: string, email: string) => call('/admin/api/sendTestNewsletter', { id, email }),
  cancelNewsletter: (id: string) => call('/admin/api/cancelNewsletter', { id }),

  // ---- settings (issue 26, owner only) ----
  getSettings: () => call('/admin/api/settings'),
  saveSettings: (body: CallInput<'POST /admin/api/settings'>) => call('POST /admin/api/settings', body),
  // ---- the home page (issue 26) ----
  getHome: () => call('/admin/api/home'),
  saveHome: (home: CallInput<'POST /admin/api/home'>) => call('POST /admin/api/home', home),

  // ---- info pages ----
  getAllInfo: () => call('/admin/api/getAllInfo'),
  createInfo: (page: InfoPageEdit) => call('/admin/api/createInfo', page),
  updateInfo: (page: InfoPageEdit) => call('/admin/api/updateInfo', page),
  deleteInfo: (page_name: string) => call('/admin/api/deleteInfo', { page_name }),
  /** The info pages the storefront footer lists now (GET /footerLinks), and the owner's new choice. */
  getFooterLinks: () => call('/footerLinks'),
  saveFooterLinks: (pages: string[]) => call('/admin/api/footerLinks', { pages }),

  // ---- orders ----
  getPlacedOrders: (search = '') => call('/admin/api/getPlacedOrders', { search: search.trim() || undefined }),
  assignCustomTracking: (body: CallInput<'/admin/api/assignCustomTracking'>) =>
    call('/admin/api/assignCustomTracking', body),
  getShippingOptions: (orderId: number) => call('/admin/api/getShippingOptions', { orderId }),
  markAsProcessed: (body: CallInput<'/admin/api/markAsProcessed'>) => call('/admin/api/markAsProcessed', body),

  // ---- subscriptions ----
  getAllSubscriptions: (before?: string) => call('/admin/api/getAllSubscriptions', { before: before || undefined }),
  getBackInStockDemand: () => call('/admin/api/getBackInStockDemand'),

  // ---- promotions ----
  getAllPromotions: () => call('/admin/api/getAllPromotions'),
  createPromotion: (body: CallInput<'/admin/api/createPromotions'>) => call('/admin/api/createPromotions', body),
  updatePromotion: (body: CallInput<'/admin/api/updatePromotions'>) => call('/admin/api/updatePromotions', body),
  deletePromotion: (_id: number) => call('/admin/api/deletePromotions', { _id }),

  // ---- carts ----
  getNonEmptyCarts: (before?: string) => call('/admin/api/getNonEmptyCarts', { before: before || undefined }),

  // ---- returns ----
  refundReturn: (body: CallInput<'/admin/api/refundReturn'>) => call('/admin/api/refundReturn', body),

  // ---- catalog: items ----
  existingItems: (search?: string, page = 0) =>
    call('/admin/api/existingItems', { search: search?.trim() || undefined, page: page > 0 ? page : undefined }),
  item: (id: string) => call('/admin/api/item', { id }),
  itemByUrl: (url: string) => call('/admin/api/item', { url }),
  createItem: (item: CallInput<'/admin/api/createItem'>) => call('/admin/api/createItem', item),
  updateItem: (_id: string, item: CallInput<'/admin/api/updateItem'>['item']) =>
    call('/admin/api/updateItem', { _id, item }),
  deleteItem: (_id: string) => call('/admin/api/deleteItem', { _id }),

  // ---- catalog: reviews ----
  saveReview: (body: CallInput<'/admin/review'>) => call('/admin/review', body),
  deleteReview: (id: string) => call('/admin/deleteReview', { id }),

  // ---- catalog: categories ----
  getCategories: () => call('/getCategories'),
  createCategory: (title: string) => call('/admin/api/createCategory', { title }),
  deleteCategory: (key: string) => call('/admin/api/deleteCategory', { key }),

  // ---- pictures ----
  /** POST /uploadPicture, multipart field `file`: the stored picture's path. */
  uploadPicture: async (file: File): Promise<CallAnswer<'/uploadPicture'>> => {
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
  getItemSubscriptions: (body: CallInput<'/admin/api/getItemSubscriptions'>) =>
    call('/admin/api/getItemSubscriptions', body),
  sendBackInStockNotification: (body: CallInput<'/admin/api/sendBackInStockNotification'>) =>
    call('/admin/api/sendBackInStockNotification', body),
  editLanding: (_id: string, value: LandingTile[]) => call('/admin/api/editItem', { _id, key: 'landing', value }),
  /** All rows in one transaction; a refusal throws BulkRefused with each refused row and why. */
  bulkUpdate: async (items: BulkRow[]): Promise<CallAnswer<'/admin/api/bulk/update'>> => {
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
    return answer as CallAnswer<'/admin/api/bulk/update'>;
  },
  bulkExportUrl: '/admin/api/bulk/export.csv',
  /** POST /admin/api/bulk/import, multipart field `file`; dryRun reports without saving. */
  bulkImport: async (file: File, dryRun: boolean): Promise<CallAnswer<'/admin/api/bulk/import'>> => {
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
    return answer as CallAnswer<'/admin/api/bulk/import'>;
  },

  // Issue 28 (orders to act on): one page of 10 orders of a filter, with the search.
  placedOrdersPage: (search: string, filter: OrderFilter, page: number) =>
    call('/admin/api/getPlacedOrders', {
      search: search.trim() || undefined,
      filter: filter === 'all' ? undefined : filter,
      page: page > 0 ? page : undefined,
    }),
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
