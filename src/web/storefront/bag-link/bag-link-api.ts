// A checkout reminder's pages' calls (issue 28 #4), typed by the call table.
import { shopRoutes } from '../../../contract/routes.js';
import { caller } from '../../api/http-api.js';

const call = caller(shopRoutes);

export const bagLinkApi = {
  /** The reminded bag into this browser's bag; 404 when the link is not valid or has expired. */
  restore: (t: string) => call('/restoreBag', { t }),
  /** No more checkout reminders to the reminder's address; 404 when the link is not valid. */
  stop: (t: string) => call('/stopReminders', { t }),
};
