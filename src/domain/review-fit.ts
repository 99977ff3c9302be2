// Reviews from shoppers (issue 27): their states, the fit a shopper may tell, and the fit summary a
// product page shows ('Most say: true to size'). Pure, shared by the server and the pages.

export const REVIEW_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Who wrote a review: the owner in the back office (spec §7 /admin/review) or a shopper by a link. */
export const REVIEW_SOURCES = ['owner', 'shopper'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

export const REVIEW_FITS = ['runs-small', 'true-to-size', 'runs-large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** How a fit reads on the pages and in the form. */
export const FIT_LABELS: Record<ReviewFit, string> = {
  'runs-small': 'Runs small',
  'true-to-size': 'True to size',
  'runs-large': 'Runs large',
};

/** How many approved reviews said each fit. */
export type FitCounts = Record<ReviewFit, number>;

export const NO_FIT: FitCounts = { 'runs-small': 0, 'true-to-size': 0, 'runs-large': 0 };

/**
 * What most reviewers said of the fit, or null when nobody said or there is no 'most': a tie between
 * 'runs small' and 'runs large' says nothing honest; a tie that includes 'true to size' reads as true
 * to size (the two sides of it balance out).
 */
export function mostSaid(counts: FitCounts): ReviewFit | null {
  const top = Math.max(...REVIEW_FITS.map((f) => counts[f]));
  if (top <= 0) return null;
  const leaders = REVIEW_FITS.filter((f) => counts[f] === top);
  if (leaders.length === 1) return leaders[0]!;
  return leaders.includes('true-to-size') ? 'true-to-size' : null;
}

/** 'Most say: true to size', or null when there is nothing to say. */
export function fitSummaryText(most: ReviewFit | null): string | null {
  return most ? `Most say: ${FIT_LABELS[most].toLowerCase()}` : null;
}

// ---------- the review form: its limits and messages (the server's schema and the page share them) ----------

/** What a refused link says (forged, expired, for another purpose, or its piece gone). */
export const REVIEW_LINK_INVALID = 'This review link is not valid';
/** What a link already used says (one review per item of an order). */
export const ALREADY_REVIEWED = 'You have already reviewed this piece';

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 60;

export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5 stars',
  title: 'Please give your review a title',
  titleTooLong: `The title is at most ${REVIEW_TITLE_MAX} characters`,
  text: 'Please write your review',
  textTooLong: `The review is at most ${REVIEW_TEXT_MAX} characters`,
  name: 'Please enter your name',
  nameTooLong: `The name is at most ${REVIEW_NAME_MAX} characters`,
  fit: 'Please choose how it fits',
} as const;
