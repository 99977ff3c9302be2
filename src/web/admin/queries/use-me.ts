// Who is signed in (GET /admin/api/me), read once per sign-in through the admin query client: the
// back office hides the owner's places from staff (the server refuses them too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../../contract/admin-auth.js';
import { adminRoutes } from '../../../contract/admin-routes.js';
import { caller } from '../../api/http-api.js';

const call = caller(adminRoutes);

export const meQuery = () =>
  queryOptions({ queryKey: ['admin', 'me'] as const, queryFn: () => call('/admin/api/me'), staleTime: Infinity });

export function useMe(): { me: Me | undefined; isOwner: boolean } {
  const { data } = useQuery(meQuery());
  return { me: data, isOwner: data?.role === 'owner' };
}
