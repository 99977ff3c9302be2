import { z } from 'zod';
import { ADMIN_ROLES } from './values/admin.js';

/** POST /authenticate */
export const AuthenticateBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1000),
});
export type AuthenticateBody = z.infer<typeof AuthenticateBodySchema>;
/** The spec's client reads an error flag. */
export const AuthenticateAnswerSchema = z.object({ error: z.boolean(), message: z.string().optional() });

/** GET /checkToken — truthy when signed in. */
export const CheckTokenAnswerSchema = z.boolean();

/** GET /admin/api/me: who is signed in, and as what (the back office hides the owner's tabs from staff). */
export const MeAnswerSchema = z.object({ id: z.number().int(), email: z.string(), role: z.enum(ADMIN_ROLES) });
export type Me = z.infer<typeof MeAnswerSchema>;
