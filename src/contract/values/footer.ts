// The footer's info links (issue 26 #5): which info pages the storefront footer lists is the owner's
// choice, kept in a settings row; never saved, it is the spec's four (spec §2 footer). Zod-free: the
// storefront footer and the admin chunk read these.

/** The settings key of the owner's choice (a list of page names, in the footer's order). */
export const FOOTER_LINKS_SETTING = 'footerLinks';

/** The spec's info links, with the spec's own short labels (a page's title is used for any other). */
export const SPEC_FOOTER_PAGES = [
  { page_name: 'shipping-returns', label: 'Shipping & Returns', column: 'help' },
  { page_name: 'faq', label: 'FAQ', column: 'help' },
  { page_name: 'terms', label: 'Terms', column: 'legal' },
  { page_name: 'privacy-policy', label: 'Privacy Policy', column: 'legal' },
] as const;

/** The footer column a page is listed in: the spec's legal pages under Legal, every other under Help. */
export type FooterColumn = 'help' | 'legal';

/** At most this many info pages in the footer. */
export const FOOTER_LINKS_MAX = 12;
