// The calls of the Staff tab, 'Change password' and the one-time link pages (issue 26 #4, #5),
// typed by their entries in the call table. No Zod: part of the admin chunk.
import { adminRoutes } from '../../../../contract/admin-routes.js';
import type { CallInput } from '../../../../contract/calls.js';
import { shopRoutes } from '../../../../contract/routes.js';
import { caller } from '../../../api/http-api.js';

const call = caller(adminRoutes, shopRoutes);

export const staffKey = ['admin', 'staff'] as const;

export const staffApi = {
  list: () => call('/admin/api/staff'),
  invite: (body: CallInput<'/admin/api/inviteStaff'>) => call('/admin/api/inviteStaff', body),
  resend: (email: string) => call('/admin/api/resendInvite', { email }),
  withdraw: (email: string) => call('/admin/api/withdrawInvite', { email }),
  remove: (id: number) => call('/admin/api/removeStaff', { id }),
  changeRole: (body: CallInput<'/admin/api/changeStaffRole'>) => call('/admin/api/changeStaffRole', body),
  changePassword: (body: CallInput<'/admin/api/changePassword'>) => call('/admin/api/changePassword', body),
  checkLink: (body: CallInput<'/admin/checkLink'>) => call('/admin/checkLink', body),
  acceptInvite: (body: CallInput<'/admin/acceptInvite'>) => call('/admin/acceptInvite', body),
  resetPassword: (body: CallInput<'/admin/resetPassword'>) => call('/admin/resetPassword', body),
  forgotPassword: (email: string) => call('/admin/forgotPassword', { email }),
};
