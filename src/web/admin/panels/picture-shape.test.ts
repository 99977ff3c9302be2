import { describe, expect, it } from 'vitest';
import { isTwoByThree, pictureShapeNote } from './picture-shape.js';

describe('the 2:3 picture shape told at upload (issue 24 #16)', () => {
  it('accepts 2:3 pictures, within a pixel or so', () => {
    expect(isTwoByThree(1200, 1800)).toBe(true);
    expect(isTwoByThree(2000, 3000)).toBe(true);
    expect(isTwoByThree(1199, 1800)).toBe(true);
    expect(pictureShapeNote('look.jpg', 1200, 1800)).toBeNull();
  });

  it('names a picture of another shape, its size and the expected one', () => {
    expect(isTwoByThree(1200, 1200)).toBe(false);
    expect(isTwoByThree(1800, 1200)).toBe(false);
    expect(isTwoByThree(1200, 1600)).toBe(false);
    expect(pictureShapeNote('square.jpg', 1200, 1200)).toBe(
      'square.jpg is 1200 × 1200 px, not 2:3: the shop crops it to fit its frames, centred. For the whole picture, upload it 2:3, e.g. 1200 × 1800 px.',
    );
  });
});
