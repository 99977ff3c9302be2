// Which step a page load reaches: /token is asked once per page load, and its Referer (same origin,
// so sent in full) names the page. A shopper landing on a product page has viewed a product, though
// the page came with its product inside and asked no /product. The back office's pages (/admin…,
// /bulk/admin, /edit/…) load the same client and ask /token too: the owner at work is not a visit.
import type { FunnelStep } from '../../../contract/funnel.js';

const PRODUCT_PAGE = /^https?:\/\/[^/?#]+\/product\/[^/?#]/;
const BACK_OFFICE_PAGE = /^https?:\/\/[^/?#]+\/(?:admin(?:[/?#]|$)|bulk\/admin|edit\/)/;

/** The step a page load reaches, or undefined for a back-office page (not counted). */
export const landingStep = (referer: string | undefined): FunnelStep | undefined => {
  if (!referer) return 'visited';
  if (BACK_OFFICE_PAGE.test(referer)) return undefined;
  return PRODUCT_PAGE.test(referer) ? 'viewedProduct' : 'visited';
};
