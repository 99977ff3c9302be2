// The report's outcomes as rendered: the table with spec §9's discount percent and the campaign's
// totals from the server, Previous / Next over a long campaign, or spec §8's message when the code
// has no sales.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromoReportPage } from '../../../contract/promotions.js';
import { PromoReport } from './promo-report.js';

const page = (over: Partial<PromoReportPage>): PromoReportPage => ({
  orders: [],
  orderCount: 0,
  total: 0,
  payout: 0,
  page: 1,
  pages: 1,
  pageSize: 50,
  ...over,
});

describe('PromoReport', () => {
  it('says there were no sales when the campaign has no orders', () => {
    const html = renderToStaticMarkup(<PromoReport code="WELCOME10" report={page({})} onPage={() => {}} />);
    expect(html).toContain('There has been no sales with this promo yet...');
    expect(html).not.toContain('<table');
  });

  it("shows Order ID, Total, Discount as (discount − 1) × 100 % and Payout, with the campaign's totals", () => {
    const html = renderToStaticMarkup(
      <PromoReport
        code="WELCOME10"
        report={page({
          orders: [
            { orderId: 4821559031, total: 96.05, discount: 0.9, payout: 5 },
            { orderId: 1000000007, total: 120, discount: 0.7368, payout: 5 },
          ],
          orderCount: 2,
          total: 216.05,
          payout: 10,
        })}
        onPage={() => {}}
      />,
    );
    for (const header of ['Order ID', 'Total', 'Discount', 'Payout']) expect(html).toContain(`>${header}</th>`);
    expect(html).toContain('>4821559031</th>');
    expect(html).toContain('>$96.05</td>');
    expect(html).toContain('>-10%</td>');
    expect(html).toContain('>-26.32%</td>');
    expect(html).toContain('>$216.05</td>');
    expect(html).toContain('>$10</td>');
    expect(html).toContain('2 orders · $10 payout');
    // One page: no pager.
    expect(html).not.toContain('Report pages');
  });

  it("shows a dollar code's discount in dollars ('-$20'), not as a percent (issue 24 item 8)", () => {
    const html = renderToStaticMarkup(
      <PromoReport
        code="TWENTY"
        report={page({
          orders: [
            { orderId: 5, total: 80, discount: 0.8, payout: 5, discountAmount: 20 },
            { orderId: 4, total: 90, discount: 0.9, payout: 5, discountAmount: 12.5 },
          ],
          orderCount: 2,
          total: 170,
          payout: 10,
        })}
        onPage={() => {}}
      />,
    );
    expect(html).toContain('>-$20</td>');
    expect(html).toContain('>-$12.50</td>');
    expect(html).not.toContain('-20%');
  });

  it('totals every order of a long campaign, not only the page shown, and offers the pages around it', () => {
    const orders = Array.from({ length: 50 }, (_, i) => ({ orderId: 2000 - i, total: 10, discount: 0.9, payout: 5 }));
    const html = renderToStaticMarkup(
      <PromoReport
        code="WELCOME10"
        report={page({ orders, orderCount: 11_111, total: 543_210.5, payout: 55_555, page: 2, pages: 223 })}
        onPage={() => {}}
      />,
    );
    expect(html).toContain('11,111 orders · $55,555 payout');
    expect(html).toContain('>$543,210.50</td>');
    expect(html).toContain('Orders 51–100 of 11,111');
    expect(html.match(/<button[^>]*disabled/g)).toBeNull();
    const last = renderToStaticMarkup(
      <PromoReport
        code="WELCOME10"
        report={page({ orders: orders.slice(0, 11), orderCount: 11_111, total: 1, payout: 1, page: 223, pages: 223 })}
        onPage={() => {}}
      />,
    );
    expect(last).toContain('Orders 11,101–11,111 of 11,111');
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*>Next<\/button>/);
    expect(last).not.toMatch(/<button[^>]*disabled=""[^>]*>Previous<\/button>/);
  });

  it('holds both buttons while a page is on its way', () => {
    const orders = [{ orderId: 1, total: 10, discount: 0.9, payout: 5 }];
    const html = renderToStaticMarkup(
      <PromoReport
        code="WELCOME10"
        report={page({ orders, orderCount: 120, total: 1, payout: 1, page: 2, pages: 3 })}
      />,
    );
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
    expect(html).toContain('aria-busy="true"');
  });
});
