import { describe, expect, it } from 'vitest';
import {
  camelKey,
  categoryKeyOf,
  isBlankTitle,
  isPictureRef,
  ITEM_URL_PATTERN,
  SNAKE_LINK_PATTERN,
  snakeLink,
  urlFromTitle,
} from './catalog-names.js';

describe('catalog names', () => {
  it('keys a description block by the camelCase of its title', () => {
    expect(camelKey('Fabric & Care')).toBe('fabricCare');
    expect(camelKey('description')).toBe('description');
    expect(camelKey('SIZE and FIT')).toBe('sizeAndFit');
    expect(camelKey('¿?')).toBe('');
  });

  it('links a colour by the snake_case of its name', () => {
    expect(snakeLink('Dusty Rose')).toBe('dusty_rose');
    expect(snakeLink('  Midnight-Navy  ')).toBe('midnight_navy');
    expect(SNAKE_LINK_PATTERN.test(snakeLink('Black & Gold'))).toBe(true);
  });

  it('derives a URL-safe url from a title', () => {
    expect(urlFromTitle('Silk Balconette Bra')).toBe('silk-balconette-bra');
    expect(urlFromTitle('Crème Brûlée — Robe!')).toBe('creme-brulee-robe');
    expect(urlFromTitle('../../etc/passwd')).toBe('etc-passwd');
    expect(urlFromTitle('💖')).toBe('');
    expect(ITEM_URL_PATTERN.test(urlFromTitle(`${'Very long title '.repeat(20)}`))).toBe(true);
  });

  it('keys a category by its title without whitespace, lowercased (spec §5)', () => {
    expect(categoryKeyOf('Panties and Garters')).toBe('pantiesandgarters');
    expect(categoryKeyOf(' Night\tWear ')).toBe('nightwear');
    expect(isBlankTitle(' \n ')).toBe(true);
    expect(isBlankTitle('Bras')).toBe(false);
  });

  it('accepts uploaded pictures and http(s) addresses as pictures, nothing else', () => {
    for (const ok of [
      '/uploads/pictures/ab12.jpg',
      '/uploads/demo/x-1.jpg',
      'https://cdn.example.com/a.mp4',
      'http://x.example/p.jpg?v=2',
    ]) {
      expect(isPictureRef(ok)).toBe(true);
    }
    for (const bad of [
      '/etc/passwd',
      '/uploads/../secret',
      '/uploads//x.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,xx',
      '//evil.example/x.jpg',
      'https://x.example/"onerror=',
      '',
    ]) {
      expect(isPictureRef(bad)).toBe(false);
    }
  });
});
