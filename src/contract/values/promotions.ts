// Promotions' values (spec §2 promotions editor, Campaign Performance page), Zod-free for the browser.

/** Spec §3 promo type: dollars off, or a multiplier (0.9 = 10% off). */
export const PROMO_TYPES = ['dollarAmount', 'percentage'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

/** Letters, digits, '-' and '_' only. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const PROMO_PASS_MIN = 8;

/** Orders a page of the promoter's report shows (POST /promoReport). */
export const PROMO_REPORT_PAGE_SIZE = 50;

export const PROMOTION_REF_REQUIRED = '_id or code is required: name the promotion by its _id or by its code';
