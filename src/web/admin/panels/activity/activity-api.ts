// The Activity tab's calls: a page of entries (typed by the call table) and the CSV's address.
// Types only from the contract: the admin chunk loads no Zod.
import type { ActivityAnswer } from '../../../../contract/activity.js';
import { adminRoutes } from '../../../../contract/admin-routes.js';
import { shopRoutes } from '../../../../contract/routes.js';
import { caller } from '../../../api/http-api.js';

const call = caller(adminRoutes, shopRoutes);

/** What the list is filtered by; '' is everyone, every kind. */
export type ActivityFilters = { person: string; kind: string };

const filterQuery = ({ person, kind }: ActivityFilters) => ({
  person: person || undefined,
  kind: kind || undefined,
});

export const activityPage = (filters: ActivityFilters, page: number): Promise<ActivityAnswer> =>
  call('/admin/api/activity', {
    ...filterQuery(filters),
    page: page > 0 ? page : undefined,
  }) as Promise<ActivityAnswer>;

/** GET /admin/api/activity.csv with the filters shown. */
export function activityCsvUrl(filters: ActivityFilters): string {
  const query = new URLSearchParams();
  if (filters.person) query.set('person', filters.person);
  if (filters.kind) query.set('kind', filters.kind);
  const text = query.toString();
  return `/admin/api/activity.csv${text ? `?${text}` : ''}`;
}
