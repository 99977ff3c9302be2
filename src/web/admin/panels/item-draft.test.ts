// The availability editor's body: each size loaded from the item carries the stock it showed
// (stock_shown), so the server moves the stock by the owner's change; a size added in the editor has none.
import { describe, expect, it } from 'vitest';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { newSize, productsBody, productsDraftOf } from './item-draft.js';

const item = {
  available_products: [
    {
      type: 'slip',
      name: 'Slip Dress',
      price: 148,
      colors: [
        {
          color_name: 'Black',
          color_code: '#1f1c1d',
          color_picture: null,
          alt: '',
          link: 'black',
          available_sizes: [
            { name: 'S', sold_out: true, stock: 0 },
            { name: 'M', sold_out: false, stock: 4 },
            { name: 'L', sold_out: false, stock: null },
          ],
        },
      ],
    },
  ],
} as unknown as AdminItem;

describe('productsBody', () => {
  it('sends the stock each loaded size showed, and none for a new size', () => {
    const [product] = productsDraftOf(item);
    const color = product!.colors[0]!;
    color.available_sizes[1] = { ...color.available_sizes[1]!, stock: '9' };
    color.available_sizes.push({ ...newSize(), name: 'XL', stock: '2' });
    const sizes = productsBody([product!])[0]!.colors[0]!.available_sizes;
    expect(sizes).toEqual([
      { name: 'S', sold_out: true, stock: 0, stock_shown: 0 },
      { name: 'M', sold_out: false, stock: 9, stock_shown: 4 },
      { name: 'L', sold_out: false, stock: null, stock_shown: null },
      { name: 'XL', sold_out: false, stock: 2 },
    ]);
  });
});
