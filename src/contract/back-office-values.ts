// Plain values of the back office's contracts (page sizes, texts, statuses), without Zod: the admin
// chunk imports them from here so it does not carry Zod; the contract files re-export them.

/** GET /admin/api/getNonEmptyCarts answers 100 carts at most a page. */
export const NON_EMPTY_CARTS_PAGE = 100;
/** GET /admin/api/getAllSubscriptions answers 200 subscribers at most a page. */
export const SUBSCRIPTIONS_PAGE = 200;

export const NEWSLETTER_STATUSES = ['Draft', 'Approved', 'Needs review'] as const;
/** Spec §5: subject, body and date all required, else this alert. */
export const ALL_FIELDS_REQUIRED = 'All fields are required.';
/** Spec §2 "current time as minimum": an Approved newsletter cannot be set to go out in the past. */
export const SEND_AT_IN_THE_PAST = 'Send at is in the past: choose a time from now on.';
