import { PageMeta } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import './pages.css';

/** /promo-performance (optional ?promoCode) for promoters; the promotions feature adds the report. */
export function PromoPerformancePage() {
  return (
    <div className="content-page">
      <PageMeta title="Campaign Performance" path="/promo-performance" noIndex />
      <PageHeading eyebrow="Partners" title="Campaign Performance" />
    </div>
  );
}
