// Who is signed in, and as what (GET /admin/api/me): the back office hides the owner's tabs and
// fields from staff with it. Hiding is never the only check: the server refuses those calls (403).
import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../../contract/admin-auth.js';
import { adminRoutes } from '../../../contract/admin-routes.js';
import { caller } from '../../api/http-api.js';

const call = caller(adminRoutes);

/** Under adminKeys.all: dropped with the rest of the back office's cache on sign-out. */
export const meKey = ['admin', 'me'] as const;

export const meQuery = {
  queryKey: meKey,
  queryFn: () => call('/admin/api/me'),
  // Who is signed in does not change while the page is open (a sign-out clears the cache).
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/**
 * The signed-in admin (undefined while loading or when the call failed) and whether they are the
 * owner. Until `me` is known, `isOwner` is false: owner-only controls appear once it is.
 */
export function useMe(): { me: Me | undefined; isOwner: boolean } {
  const { data } = useQuery(meQuery);
  return { me: data, isOwner: data?.role === 'owner' };
}
