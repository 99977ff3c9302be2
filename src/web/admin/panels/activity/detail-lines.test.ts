import { describe, expect, it } from 'vitest';
import { detailLines } from './detail-lines.js';

describe('detailLines', () => {
  it('reads an item update as before → after, availability by what moved, then what it names', () => {
    expect(
      detailLines({
        itemId: 'abc',
        fields: ['title', 'price', 'sizes'],
        changes: {
          title: { from: 'Silk slip', to: 'Silk slip dress' },
          available_products: {
            prices: [{ type: 'slip', from: 148, to: 158 }],
            sizesAdded: [{ type: 'slip', color: 'Ivory', size: 'L' }],
          },
        },
      }),
    ).toEqual([
      { label: 'title', value: 'Silk slip → Silk slip dress' },
      { label: 'prices (slip)', value: '148 → 158' },
      { label: 'sizes added', value: 'slip, Ivory, L' },
      { label: 'item id', value: 'abc' },
    ]);
  });

  it('shows empty and missing values in words, and cuts long ones', () => {
    const lines = detailLines({
      changes: { usageLimit: { from: null, to: 10 }, metaTitle: { from: '', to: 'x'.repeat(300) } },
    });
    expect(lines[0]).toEqual({ label: 'usage limit', value: '— → 10' });
    expect(lines[1]!.value.startsWith('(empty) → xxx')).toBe(true);
    expect(lines[1]!.value.length).toBeLessThan(140);
  });
});
