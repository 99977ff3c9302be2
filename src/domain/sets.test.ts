import { describe, expect, it } from 'vitest';
import { parseSetSize, pieceWithoutSize, piecesProblem, setSizeText, summarySizes } from './sets.js';

describe('a set size text', () => {
  const choice = [
    { piece: 'Bra', size: '34C' },
    { piece: 'Brief', size: 'M' },
  ];
  it('names each piece and its size in the set order, and reads back', () => {
    expect(setSizeText(choice)).toBe('Bra 34C · Brief M');
    expect(parseSetSize(['Bra', 'Brief'], 'Bra 34C · Brief M')).toEqual(choice);
  });
  it('does not read a text that fits other pieces', () => {
    expect(parseSetSize(['Bra', 'Brief'], 'Bra 34C')).toBeUndefined();
    expect(parseSetSize(['Bralette', 'Brief'], 'Bra 34C · Brief M')).toBeUndefined();
    expect(parseSetSize(['Bra', 'Brief'], 'Bra 34C · Brief ')).toBeUndefined();
    expect(parseSetSize([], 'M')).toBeUndefined();
  });
  it('finds the first piece without a size', () => {
    expect(pieceWithoutSize(['Bra', 'Brief'], [{ piece: 'Bra', size: 'S' }])).toBe('Brief');
    expect(pieceWithoutSize(['Bra', 'Brief'], [{ piece: 'Brief', size: 'S' }])).toBe('Bra');
    expect(pieceWithoutSize(['Bra', 'Brief'], choice)).toBeUndefined();
  });
});

describe('piece names', () => {
  it('a single item has none; a set two to four, distinct, without the separator', () => {
    expect(piecesProblem([])).toBeUndefined();
    expect(piecesProblem(['Bra', 'Brief'])).toBeUndefined();
    expect(piecesProblem(['Bra'])).toMatch(/at least two/);
    expect(piecesProblem(['A', 'B', 'C', 'D', 'E'])).toMatch(/at most 4/);
    expect(piecesProblem(['Bra', 'BRA'])).toMatch(/twice/);
    expect(piecesProblem(['Bra', ''])).toMatch(/needs a name/);
    expect(piecesProblem(['Bra', 'Bri·ef'])).toMatch(/·/);
  });
});

describe("a set colour's summary sizes", () => {
  it('lists every size of any piece, sold out only when sold out in each piece that has it', () => {
    expect(
      summarySizes([
        {
          available_sizes: [
            { name: 'S', sold_out: true },
            { name: 'M', sold_out: false },
          ],
        },
        {
          available_sizes: [
            { name: 'S', sold_out: false },
            { name: 'L', sold_out: true },
          ],
        },
      ]),
    ).toEqual([
      { name: 'S', sold_out: false },
      { name: 'M', sold_out: false },
      { name: 'L', sold_out: true },
    ]);
  });
});
