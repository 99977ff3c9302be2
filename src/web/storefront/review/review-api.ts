// The review page's calls (issue 27 #6), typed by the call table; only method and path come along.
import type { CallInput } from '../../../contract/calls.js';
import { shopRoutes } from '../../../contract/routes.js';
import { caller } from '../../api/http-api.js';

const call = caller(shopRoutes);

export const reviewApi = {
  /** The piece a review link is for; 404 when the link is not valid, 409 once used. */
  link: (t: string) => call('/reviewLink', { t }),
  submit: (body: CallInput<'/submitReview'>) => call('/submitReview', body),
};
