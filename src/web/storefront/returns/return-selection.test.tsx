// The pieces of a found order on the return page: none can be chosen once the order's return was
// refunded (the server would refuse them), and the page says why.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { DEFAULT_SHOP_INFO } from '../../../contract/values/shop-info.js';
import { ApiProvider } from '../../api/api-context.js';
import type { ShopApi } from '../../api/shop-api.js';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderDetailsAnswer } from '../../../contract/returns.js';
import { RETURN_ALREADY_REFUNDED } from '../../../domain/returns.js';
import { ReturnSelection } from './return-selection.js';

const piece = (index: number) => ({
  index,
  piece: 0,
  product_type: 'bra',
  product_name: 'Bra',
  title: `Piece ${index}`,
  url: `piece-${index}`,
  picture: null,
  size: 'S',
  color: 'Ivory',
  price: 40,
  is_final_sale: false,
  return_requested: index === 0,
});
const order = (over: Partial<OrderDetailsAnswer>): OrderDetailsAnswer => ({
  status: 'success',
  country: 'US',
  international: false,
  shipped: true,
  refunded: false,
  orderData: [piece(0), piece(1)],
  ...over,
});
const checkboxes = (html: string) => html.match(/<input[^>]*type="checkbox"[^>]*>/g) ?? [];
const renderSelection = (answer: OrderDetailsAnswer) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider api={{ getShopInfo: async () => DEFAULT_SHOP_INFO } as unknown as ShopApi}>
        <MemoryRouter>
          <ReturnSelection orderId={123} order={answer} onRequested={() => {}} />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );

describe('ReturnSelection', () => {
  it('offers the pieces not asked back yet while the return is open', () => {
    const html = renderSelection(order({}));
    expect(checkboxes(html).filter((c) => !c.includes('disabled'))).toHaveLength(1);
    expect(html).not.toContain(RETURN_ALREADY_REFUNDED);
  });

  it('offers none once the return was refunded, and says so with the address to write to', () => {
    const html = renderSelection(order({ refunded: true }));
    expect(checkboxes(html)).toHaveLength(2);
    expect(checkboxes(html).every((c) => c.includes('disabled'))).toBe(true);
    expect(html).toContain(RETURN_ALREADY_REFUNDED);
    expect(html).toMatch(/href="mailto:[^"]+"/);
  });
});
