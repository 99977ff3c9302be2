// The funnel on the Overview (issue 28 #2): each step's sessions, share of visits and of the step
// before, and the period before's figure, in bars and in a table with headers; an empty period says so.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Funnel } from '../../../../contract/funnel.js';
import { FunnelSection, funnelRows, share } from './funnel-section.js';

const NOW: Funnel = { visited: 2400, viewedProduct: 1320, addedToBag: 310, gaveShipping: 120, placedOrder: 84 };
const BEFORE: Funnel = { visited: 3000, viewedProduct: 1500, addedToBag: 280, gaveShipping: 100, placedOrder: 60 };
const ZERO: Funnel = { visited: 0, viewedProduct: 0, addedToBag: 0, gaveShipping: 0, placedOrder: 0 };

describe('funnel rows', () => {
  it('give each step its share of visits and of the step before, bars scaled to the longest period', () => {
    const rows = funnelRows(NOW, BEFORE);
    expect(rows.map((r) => [r.label, r.sessions, r.ofVisits, r.ofStepBefore, r.previous])).toEqual([
      ['Visited the shop', 2400, '100%', '', 3000],
      ['Viewed a product', 1320, '55%', '55%', 1500],
      ['Added to the bag', 310, '13%', '23%', 280],
      ['Gave shipping details', 120, '5%', '39%', 100],
      ['Placed an order', 84, '3.5%', '70%', 60],
    ]);
    expect(rows[0]!.width).toBe(80);
    expect(rows[0]!.previousWidth).toBe(100);
  });

  it('read — where there is nothing to divide by', () => {
    expect(share(0, 0)).toBe('—');
    expect(share(1, 3)).toBe('33%');
    expect(share(1, 300)).toBe('0.3%');
    expect(share(0, 10)).toBe('0%');
  });
});

describe('FunnelSection', () => {
  it('shows the five steps with their counts and the same figures in a table with headers', () => {
    const html = renderToStaticMarkup(<FunnelSection funnel={NOW} previous={BEFORE} />);
    expect(html).toContain('From visit to order');
    expect(html).toContain('<div class="funnel__chart" aria-hidden="true">');
    expect(html).toContain('3.5% of visits · 70% of the step before · period before 60');
    for (const th of ['Step', 'Sessions', 'Of visits', 'Of the step before', 'Period before'])
      expect(html).toContain(`<th scope="col">${th}</th>`);
    expect(html).toContain(
      '<th scope="row">Placed an order</th><td class="funnel__num">84</td><td class="funnel__num">3.5%</td><td class="funnel__num">70%</td><td class="funnel__num">60</td>',
    );
    expect(html).toContain('<td class="funnel__num">2,400</td>');
  });

  it('says so when no visit was counted in either period', () => {
    const html = renderToStaticMarkup(<FunnelSection funnel={ZERO} previous={ZERO} />);
    expect(html).toContain('No visits counted in this period yet.');
    expect(html).not.toContain('<table');
  });
});
