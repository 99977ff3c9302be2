// The report's two outcomes as rendered: the table with spec §9's discount percent and the sums, or
// spec §8's message when the code has no sales.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PromoReport } from './promo-report.js';

describe('PromoReport', () => {
  it("says there were no sales when there are no rows", () => {
    const html = renderToStaticMarkup(<PromoReport code="WELCOME10" rows={[]} />);
    expect(html).toContain('There has been no sales with this promo yet...');
    expect(html).not.toContain('<table');
  });

  it('shows Order ID, Total, Discount as (discount − 1) × 100 % and Payout, with the sums', () => {
    const html = renderToStaticMarkup(
      <PromoReport
        code="WELCOME10"
        rows={[
          { orderId: 4821559031, total: 96.05, discount: 0.9, payout: 5 },
          { orderId: 1000000007, total: 120, discount: 0.7368, payout: 5 },
        ]}
      />,
    );
    for (const header of ['Order ID', 'Total', 'Discount', 'Payout']) expect(html).toContain(`>${header}</th>`);
    expect(html).toContain('>4821559031</th>');
    expect(html).toContain('>$96.05</td>');
    expect(html).toContain('>-10%</td>');
    expect(html).toContain('>-26.32%</td>');
    expect(html).toContain('>$216.05</td>'); // the totals' sum
    expect(html).toContain('>$10</td>'); // the payouts' sum
    expect(html).toContain('2 orders · $10 payout');
  });
});
