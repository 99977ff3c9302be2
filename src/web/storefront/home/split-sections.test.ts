import { describe, expect, it } from 'vitest';
import { splitSections } from './split-sections.js';

describe('splitSections', () => {
  it('keeps the text before the first h2 apart and cuts one chunk per h2', () => {
    expect(splitSections('<p>Intro</p>\n<h2>One</h2><p>a</p><h2 id="x">Two</h2><p>b</p>')).toEqual({
      intro: '<p>Intro</p>',
      sections: ['<h2>One</h2><p>a</p>', '<h2 id="x">Two</h2><p>b</p>'],
    });
  });

  it('has no intro when the text starts with a heading, and no sections without one', () => {
    expect(splitSections('<h2>Only</h2><p>a</p>')).toEqual({ intro: '', sections: ['<h2>Only</h2><p>a</p>'] });
    expect(splitSections('<p>Plain</p>')).toEqual({ intro: '<p>Plain</p>', sections: [] });
  });
});
