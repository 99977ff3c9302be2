// Staff, invitations and passwords (issue 26 #4, #5): the rules and messages both sides show. Zod-free,
// so the back office and the invite/reset pages read them without loading a schema library.

/** An admin password's least length (as `npm run admin` and ADMIN_PASSWORD ask). */
export const ADMIN_PASSWORD_MIN = 10;
export const ADMIN_PASSWORD_MAX = 200;
export const PASSWORD_TOO_SHORT = `The password must be at least ${ADMIN_PASSWORD_MIN} characters`;
export const PASSWORDS_DIFFER = 'The two passwords are not the same';

export const INVITE_LINK_GONE = 'This invitation has expired or was already used. Ask the shop owner for a new one.';
export const RESET_LINK_GONE = 'This link has expired or was already used. Ask for a new one from the sign-in page.';
export const FORGOT_ANSWER = 'If this email belongs to an account, a link to set a new password is on its way.';
export const WRONG_CURRENT_PASSWORD = 'The current password is not right';
export const ALREADY_AN_ACCOUNT = 'This email already has an account in the back office';
export const LAST_OWNER = 'The shop needs at least one owner: make someone else an owner first';
export const NOT_YOURSELF = 'You cannot remove yourself: ask another owner';
export const NO_SUCH_PERSON = 'No such person (they may have been removed already)';
export const NO_SUCH_INVITATION = 'No pending invitation for this email';

/** Forgot-password requests: per address and per email, in the window. */
export const FORGOT_LIMITS = { perAddress: 10, perEmail: 3, windowMs: 60 * 60_000 };
/** Tries at a one-time link (invite or reset) per address. */
export const LINK_LIMITS = { perAddress: 30, windowMs: 15 * 60_000 };

/** The page a one-time link opens. */
export const invitePath = (token: string) => `/admin/invite/${token}`;
export const resetPath = (token: string) => `/admin/reset/${token}`;
