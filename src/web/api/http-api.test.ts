// The browser's calls as they go over the wire: method, path, query and body from the call table,
// as the server's routes (registered from the same table) expect them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../admin/admin-api.js';
import { ApiError, call, httpApi, placeOrder, signOut, takeBagNotices } from './http-api.js';

type Sent = { url: string; method: string; body: string | undefined; contentType: string | undefined };

/** Answers every fetch with `answer` (status `status`) and records what was sent. */
function fakeFetch(answer: unknown = {}, status = 200) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      url,
      method: init.method ?? 'GET',
      body: init.body as string | undefined,
      contentType: headers['content-type'],
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call(path, input)', () => {
  it('sends a GET without a body, its input as the query string (undefined values left out)', async () => {
    const sent = fakeFetch({ items: [] });
    await httpApi().listItems(undefined, 2);
    await httpApi().listItems('bras', 1);
    await adminApi.getPlacedOrders('  ');
    await adminApi.getPlacedOrders(' Smith Jones ');
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'GET', url: '/listItems?page=2', body: undefined },
      { method: 'GET', url: '/listItems?category=bras&page=1', body: undefined },
      { method: 'GET', url: '/admin/api/getPlacedOrders', body: undefined },
      { method: 'GET', url: '/admin/api/getPlacedOrders?search=Smith%20Jones', body: undefined },
    ]);
  });

  it('sends a POST with its input as a JSON body', async () => {
    const sent = fakeFetch({ success: true, orderId: 1 });
    await call('/getTaxRate', { zipCode: '10001' });
    await placeOrder({ shippingInfo: {} as never, shippingType: 'standard', additionalInfo: {} });
    expect(sent[0]).toEqual({
      url: '/getTaxRate',
      method: 'POST',
      body: '{"zipCode":"10001"}',
      contentType: 'application/json',
    });
    expect(sent[1]).toMatchObject({ url: '/placeOrder', method: 'POST', contentType: 'application/json' });
  });

  it('sends a POST with an empty object as `{}`, and one without input with no body and no JSON type', async () => {
    const sent = fakeFetch({ removed: [] });
    await takeBagNotices();
    await signOut();
    expect(sent).toEqual([
      { url: '/takeBagNotices', method: 'POST', body: '{}', contentType: 'application/json' },
      { url: '/signout', method: 'POST', body: undefined, contentType: undefined },
    ]);
  });

  it('throws an ApiError with the answer’s code and message, and reads not_found as null where a page may be missing', async () => {
    fakeFetch({ error: 'conflict', message: 'Your order total changed', requestId: 'r1' }, 409);
    const refused = await call('/getTaxRate', { zipCode: '1' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'conflict', message: 'Your order total changed' });

    fakeFetch({ error: 'not_found', message: 'No such product' }, 404);
    await expect(httpApi().getProduct('gone')).resolves.toBeNull();
  });
});
