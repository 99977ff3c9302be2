// The owner's set-up checklist (issue 26 #1): GET /admin/api/setup answers each step and whether it is
// done; POST /admin/api/setupHidden hides or brings back the list. Owner only.
import { z } from 'zod';
import { SETUP_STEP_KEYS } from './values/setup.js';

export const SetupStepSchema = z.object({
  key: z.enum(SETUP_STEP_KEYS),
  label: z.string(),
  done: z.boolean(),
  /** What is in use now, or what to do: 'Sandbox (test payments): set STRIPE_SECRET_KEY …'. */
  detail: z.string(),
  /** Where in the back office it is done ('/admin?tab=categories'); null when it is done outside it (the environment). */
  href: z.string().nullable(),
});
export type SetupStep = z.infer<typeof SetupStepSchema>;

export const SetupAnswerSchema = z.object({ hidden: z.boolean(), steps: z.array(SetupStepSchema) });
export type SetupAnswer = z.infer<typeof SetupAnswerSchema>;

export const SetupBodySchema = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });
