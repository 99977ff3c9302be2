import { describe, expect, it } from 'vitest';
import { foldText, searchPath, searchWords, SEARCH_WORDS_MAX } from './search.js';

describe('searchWords', () => {
  it('lower-cases and drops accents, as the search documents do', () => {
    expect(foldText('Crème BALCONETTE Négligé')).toBe('creme balconette neglige');
    expect(searchWords('Crème Négligé')).toEqual(['creme', 'neglige']);
  });

  it('splits on anything that is not a letter or a digit, so no query reaches the database as syntax', () => {
    expect(searchWords(`black & "bra" | !silk:* <script>`)).toEqual(['black', 'bra', 'silk', 'script']);
    expect(searchWords("d'amour 32B")).toEqual(['d', 'amour', '32b']);
  });

  it('keeps each word once and at most a few words', () => {
    expect(searchWords('bra bra BRA')).toEqual(['bra']);
    expect(searchWords('a b c d e f g h i')).toHaveLength(SEARCH_WORDS_MAX);
  });

  it('answers no words for punctuation or space only', () => {
    expect(searchWords('  -- !! ')).toEqual([]);
  });
});

describe('searchPath', () => {
  it('carries the query encoded, and the page from page 2 on', () => {
    expect(searchPath('silk & lace')).toBe('/search?q=silk+%26+lace');
    expect(searchPath('bra', 1)).toBe('/search?q=bra');
    expect(searchPath('bra', 3)).toBe('/search?q=bra&page=3');
  });
});
