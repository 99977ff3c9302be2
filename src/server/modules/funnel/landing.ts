// Which step a page load reaches: /token is asked once per page load, and its Referer (same origin,
// so sent in full) names the page. A shopper landing on a product page has viewed a product, though
// the page came with its product inside and asked no /product.
import type { FunnelStep } from '../../../contract/funnel.js';

const PRODUCT_PAGE = /^https?:\/\/[^/?#]+\/product\/[^/?#]/;

export const landingStep = (referer: string | undefined): FunnelStep =>
  referer && PRODUCT_PAGE.test(referer) ? 'viewedProduct' : 'visited';
