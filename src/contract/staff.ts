// Staff, invitations and passwords (issue 26 #4, #5): the calls' schemas. Rules and messages are in
// values/staff.ts (Zod-free, read by the browser).
import { z } from 'zod';
import { EmailSchema, OkSchema } from './common.js';
import { ADMIN_ROLES } from './values/admin.js';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, PASSWORD_TOO_SHORT } from './values/staff.js';

export * from './values/staff.js';

const RoleSchema = z.enum(ADMIN_ROLES, { error: 'Choose owner or staff' });
const PasswordSchema = z
  .string({ error: 'The password is required' })
  .min(ADMIN_PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(ADMIN_PASSWORD_MAX, `The password is at most ${ADMIN_PASSWORD_MAX} characters`);
/** A one-time link's token: 43 base64url characters (32 random bytes). */
const TokenSchema = z
  .string({ error: 'The link is incomplete' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is incomplete');
const AdminIdSchema = z.number({ error: 'Say who' }).int().positive().max(2_147_483_647, 'No such person');

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: RoleSchema,
  /** When the account was made (ISO). */
  since: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const PendingInvitationSchema = z.object({
  email: z.string(),
  role: RoleSchema,
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** GET /admin/api/staff: the people, oldest first, and the invitations not yet accepted (expired ones too, marked by their date). */
export const StaffAnswerSchema = z.object({
  people: z.array(StaffMemberSchema),
  invitations: z.array(PendingInvitationSchema),
});
export type StaffAnswer = z.infer<typeof StaffAnswerSchema>;

export const InviteStaffBodySchema = z.object({ email: EmailSchema, role: RoleSchema });
export type InviteStaffBody = z.infer<typeof InviteStaffBodySchema>;
/** POST /admin/api/resendInvite, /admin/api/withdrawInvite: the invitation by its email. */
export const InvitationRefSchema = z.object({ email: EmailSchema });
export const InvitationAnswerSchema = z.object({ ok: z.literal(true), invitation: PendingInvitationSchema });

export const RemoveStaffBodySchema = z.object({ id: AdminIdSchema });
export const ChangeStaffRoleBodySchema = z.object({ id: AdminIdSchema, role: RoleSchema });
export const StaffMemberAnswerSchema = z.object({ ok: z.literal(true), person: StaffMemberSchema });

export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'The current password is required' })
    .min(1, 'The current password is required')
    .max(ADMIN_PASSWORD_MAX),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** POST /admin/checkLink: what a one-time link is for, before its page asks a password. */
export const CheckLinkBodySchema = z.object({ token: TokenSchema, kind: z.enum(['invite', 'reset']) });
export const CheckLinkAnswerSchema = z.object({
  email: z.string(),
  /** The role an invitation gives; null for a reset. */
  role: RoleSchema.nullable(),
  expiresAt: z.string(),
});
export type CheckLinkAnswer = z.infer<typeof CheckLinkAnswerSchema>;

/** POST /admin/acceptInvite, /admin/resetPassword: the link's token and the new password; signs in. */
export const SetPasswordByLinkBodySchema = z.object({ token: TokenSchema, password: PasswordSchema });
export type SetPasswordByLinkBody = z.infer<typeof SetPasswordByLinkBodySchema>;
export const SignedInAnswerSchema = z.object({ ok: z.literal(true), email: z.string(), role: RoleSchema });

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ForgotPasswordAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

export { OkSchema };
