import { describe, expect, it } from 'vitest';
import { bagChanges, bagVersion } from './bag-version.js';

const bra = {
  url: 'silk-balconette-bra',
  product_type: 'bra',
  color: 'Black',
  size: 'M',
  quantity: 1,
  price: 98,
  title: 'Silk Balconette Bra',
};
const robe = {
  url: 'silk-kimono-robe',
  product_type: 'robe',
  color: 'Mauve',
  size: 'XS',
  quantity: 1,
  price: 148,
  title: 'Silk Kimono Robe',
};

describe('bagVersion (issue 24 item 1)', () => {
  it('is the same for the same lines in any order, and changes with a line, a quantity or a price', () => {
    expect(bagVersion([bra, robe])).toBe(bagVersion([robe, bra]));
    expect(bagVersion([bra])).not.toBe(bagVersion([bra, robe]));
    expect(bagVersion([bra])).not.toBe(bagVersion([{ ...bra, quantity: 2 }]));
    expect(bagVersion([bra])).not.toBe(bagVersion([{ ...bra, price: 97.5 }]));
    expect(bagVersion([{ ...bra, price: 74.5 }])).toBe(bagVersion([{ ...bra, price: 74.50000000001 }]));
  });

  it('names what changed line by line', () => {
    expect(bagChanges([bra], [bra, robe])).toEqual([{ kind: 'added', line: robe }]);
    expect(bagChanges([bra, robe], [bra])).toEqual([{ kind: 'removed', line: robe }]);
    expect(bagChanges([bra], [{ ...bra, quantity: 3 }])).toEqual([
      { kind: 'quantity', line: { ...bra, quantity: 3 }, before: 1 },
    ]);
    expect(bagChanges([bra], [bra])).toEqual([]);
  });
});
