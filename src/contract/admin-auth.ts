import { z } from 'zod';

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
