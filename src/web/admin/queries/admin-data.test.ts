import { describe, expect, it } from 'vitest';
import { PERCENT_RATE_RULE } from '../../../contract/promotions.js';
import { SUBSCRIPTIONS_PAGE } from '../../../contract/values/admin.js';
import { NON_EMPTY_CARTS_PAGE } from '../../../contract/values/cart.js';
import { EXISTING_ITEMS_LIMIT } from '../../../domain/catalog-names.js';
import { adminKeys, adminQueries } from './admin-queries.js';
import { checkBody } from './form-check.js';

describe('the forms check what the admin routes check, before sending', () => {
  it('names the first field the schema refuses, with its message', async () => {
    expect(await checkBody('createPromotion', { code: 'silk 15', type: 'percentage', discount: 0.9 })).toEqual({
      field: 'code',
      message: 'letters, digits, - and _ only',
    });
    expect(
      await checkBody('assignCustomTracking', {
        orderId: 1,
        trackingNumber: ' ',
        trackingUrlLink: 'https://a.example',
      }),
    ).toEqual({ field: 'trackingNumber', message: 'Tracking number is required' });
    expect(await checkBody('infoPage', { page_name: 'Care Guide', title: 'Care', text: 'x' })).toMatchObject({
      field: 'page_name',
    });
    expect(await checkBody('createCategory', { title: '   ' })).toEqual({
      field: 'title',
      message: 'Category title is required',
    });
  });

  it('refuses a percentage rate outside 0–1 as the server does, on the discount field', async () => {
    const issue = { field: 'discount', message: PERCENT_RATE_RULE };
    expect(await checkBody('createPromotion', { code: 'SILK', type: 'percentage', discount: 7 })).toEqual(issue);
    expect(await checkBody('updatePromotion', { code: 'SILK', type: 'percentage', discount: 1 })).toEqual(issue);
    expect(await checkBody('createPromotion', { code: 'SILK', type: 'dollarAmount', discount: 7 })).toBeNull();
  });

  it("names an update's field from within the body ('item.title' is the form's 'title')", async () => {
    const issue = await checkBody('updateItem', { _id: 'a'.repeat(24), item: { title: '' } }, 'item');
    expect(issue?.field).toBe('title');
  });

  it('lets through what the server takes', async () => {
    expect(await checkBody('infoPage', { page_name: 'care-guide', title: 'Care', text: 'Cold water.' })).toBeNull();
    expect(
      await checkBody('createNewsletter', {
        subject: 'Silk',
        emailContent: 'Hello',
        status: 'Draft',
        scheduledAt: new Date().toISOString(),
      }),
    ).toBeNull();
    expect(await checkBody('createItem', { title: 'Silk slip' })).toBeNull();
  });
});

describe('the back office queries', () => {
  const starts = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

  it('sit under the key a save invalidates', () => {
    expect(starts(adminQueries.orders('smith').queryKey, adminKeys.orders)).toBe(true);
    expect(starts(adminQueries.existingItems('silk').queryKey, adminKeys.items)).toBe(true);
    expect(starts(adminQueries.itemsPage('', 2).queryKey, adminKeys.items)).toBe(true);
    expect(starts(adminQueries.itemSearch('silk').queryKey, adminKeys.items)).toBe(true);
    expect(starts(adminQueries.item('a').queryKey, adminKeys.items)).toBe(true);
    expect(starts(adminQueries.itemByUrl('silk-slip').queryKey, adminKeys.items)).toBe(true);
    const body = { url: 'silk-slip', sizeName: 'M', product_type: 'slip', color: 'Ivory' };
    expect(starts(adminQueries.itemSubscriptions(body).queryKey, adminKeys.itemSubscriptions)).toBe(true);
    for (const key of Object.values(adminKeys)) expect(starts(key, adminKeys.all)).toBe(true);
  });

  it('ask for an older page only after a full one', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ createdAt: `2026-01-${i}` }));
    const subscriptions = adminQueries.subscriptions().getNextPageParam;
    const full = rows(SUBSCRIPTIONS_PAGE) as never[];
    expect(subscriptions(full, [full], undefined, [undefined])).toBe(`2026-01-${SUBSCRIPTIONS_PAGE - 1}`);
    expect(subscriptions(rows(3) as never[], [], undefined, [undefined])).toBeUndefined();
    const carts = adminQueries.carts().getNextPageParam;
    expect(carts(rows(NON_EMPTY_CARTS_PAGE) as never[], [], undefined, [undefined])).toBeDefined();
    const items = adminQueries.existingItems('').getNextPageParam;
    expect(items(rows(EXISTING_ITEMS_LIMIT) as never[], [], 2, [0, 1, 2])).toBe(3);
    expect(items(rows(1) as never[], [], 2, [0, 1, 2])).toBeUndefined();
  });
});
