import { describe, expect, it } from 'vitest';
import { asServedNow, type ShopState } from './shop-state.js';

describe('asServedNow', () => {
  it('counts every handed-over query as fetched when the page arrives', () => {
    const state = {
      assets: { entry: '/e.js', preload: [], styles: [] },
      publicUrl: 'https://shop.example',
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['categories'],
            queryHash: '["categories"]',
            state: { data: [], dataUpdatedAt: 1000, status: 'success' },
          },
          { queryKey: ['home'], queryHash: '["home"]', state: { data: {}, dataUpdatedAt: 2000, status: 'success' } },
        ],
      },
    } as unknown as ShopState;
    const served = asServedNow(state, 99_000);
    expect(served.queries.queries.map((q) => q.state.dataUpdatedAt)).toEqual([99_000, 99_000]);
  });
});
