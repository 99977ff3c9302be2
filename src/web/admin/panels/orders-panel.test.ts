// What an order card in the Orders tab says about the refund of a return.
import { describe, expect, it } from 'vitest';
import type { PlacedOrder } from '../../../contract/orders.js';
import { ordersViewOf, refundDueNote } from './orders-panel.js';

const returnRequest: NonNullable<PlacedOrder['returnRequest']> = {
  creditSelected: false,
  items: [{ index: 0, quantity: 1 }],
  subtotal: 98,
  discount: 0,
  tax: 6.13,
  total_refund: 104.13,
  tracking_number: null,
  tracking_url_provider: null,
  international: false,
  requestedAt: '2025-03-01T10:00:00.000Z',
};
const order = (r: PlacedOrder['returnRequest']) => ({ id: 5219889308, returnRequest: r }) as PlacedOrder;

describe('refund due note', () => {
  it('shows the refund owed while a return waits for it', () => {
    expect(refundDueNote(order(returnRequest))).toBe('Refund due $104.13');
    expect(refundDueNote(order({ ...returnRequest, refundPending: true }))).toBe('Refund due $104.13');
  });

  it('says nothing once the return is refunded, or without a return', () => {
    expect(
      refundDueNote(
        order({ ...returnRequest, refundedAt: '2025-03-02T10:00:00.000Z', refundMethod: 'original_payment' }),
      ),
    ).toBeNull();
    expect(refundDueNote(order(null))).toBeNull();
  });
});

// Issue 28 #6: the Orders tab's filter and page come from the address.
describe('the Orders view the address asks for', () => {
  const view = (query: string) => ordersViewOf(new URLSearchParams(query));
  it("reads the filter and the page, 'All' and page 1 by default", () => {
    expect(view('tab=orders')).toEqual({ filter: 'all', page: 1 });
    expect(view('tab=orders&filter=to-ship&page=3')).toEqual({ filter: 'to-ship', page: 3 });
    expect(view('filter=returns')).toEqual({ filter: 'returns', page: 1 });
  });
  it('falls back to All and the first page for anything else', () => {
    expect(view('filter=shipped&page=0')).toEqual({ filter: 'all', page: 1 });
    expect(view('page=-2')).toEqual({ filter: 'all', page: 1 });
    expect(view('page=1.5')).toEqual({ filter: 'all', page: 1 });
  });
});
